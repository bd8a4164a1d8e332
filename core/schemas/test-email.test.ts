import { describe, expect, it } from 'vitest'
import { fieldErrors } from './field-errors.ts'
import { englishOf, englishOfEach } from '../i18n/refusal-english.test-support.ts'
import { EMAIL_REQUIRED_MESSAGE, testEmailSchema } from './test-email.ts'

function errors(input: Record<string, unknown>): Record<string, string> {
  const result = testEmailSchema.safeParse(input)
  return result.success ? {} : englishOfEach(fieldErrors(result.error))
}

describe('testEmailSchema', () => {
  it('asks for an address when it is empty or missing', () => {
    expect(englishOf(EMAIL_REQUIRED_MESSAGE)).toBe('Please enter an email address')
    expect(errors({ email: '' })).toEqual({ email: 'Please enter an email address' })
    expect(errors({ email: '   ' })).toEqual({ email: 'Please enter an email address' })
    expect(errors({})).toEqual({ email: 'Please enter an email address' })
  })

  it('asks for a valid address when it is malformed', () => {
    expect(errors({ email: 'guide' })).toEqual({ email: 'Please enter a valid email address' })
    expect(errors({ email: 'guide@localhost' })).toEqual({ email: 'Please enter a valid email address' })
  })

  it('accepts and trims a valid address', () => {
    expect(testEmailSchema.parse({ email: ' guide@example.com ' })).toEqual({ email: 'guide@example.com' })
  })
})
