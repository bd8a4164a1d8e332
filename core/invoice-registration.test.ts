import { describe, expect, it } from 'vitest'
import { corporateCheckDigit, normaliseRegistrationNumber, registrationNumberProblem } from './invoice-registration.ts'

describe('registration numbers', () => {
  it('computes the corporate number check digit by the published rule', () => {
    // The National Tax Agency's own corporate number, 7000012050002, worked by hand: from the
    // right the base digits 2,0,0,0,5,0,2,1,0,0,0,0 weigh 1,2,1,2,…: 2+5+2+2 = 11; 11 mod 9 = 2; 9 − 2 = 7.
    expect(corporateCheckDigit('000012050002')).toBe(7)
    // The Japan Federation of Certified Public Tax Accountants' Associations: 7010705000725.
    expect(corporateCheckDigit('010705000725')).toBe(7)
  })

  it('checks a corporation by its check digit and a sole proprietor by the format only', () => {
    expect(registrationNumberProblem('T7000012050002', 'corporation')).toBeNull()
    expect(registrationNumberProblem('T6000012050002', 'corporation')).toBe('adminErrors.registrationNumberCheckDigit')
    expect(registrationNumberProblem('T6000012050002', 'sole-proprietor')).toBeNull()
    expect(registrationNumberProblem('7000012050002', 'sole-proprietor')).toBe('adminErrors.registrationNumberFormat')
    expect(registrationNumberProblem('T700001205000', 'sole-proprietor')).toBe('adminErrors.registrationNumberFormat')
  })

  it('reads the number as the guide may type it', () => {
    expect(normaliseRegistrationNumber(' t7000-0120-5000 2 ')).toBe('T7000012050002')
    expect(normaliseRegistrationNumber('Ｔ７００００１２０５０００２')).toBe('T7000012050002')
  })
})
