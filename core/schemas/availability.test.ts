import { describe, expect, it } from 'vitest'
import { weekendAvailabilitySchema } from './availability.ts'
import { fieldErrors } from './field-errors.ts'
import { englishOfEach } from '../i18n/refusal-english.test-support.ts'

function errors(input: Record<string, unknown>): Record<string, string> {
  const result = weekendAvailabilitySchema.safeParse(input)
  return result.success ? {} : englishOfEach(fieldErrors(result.error))
}

describe('weekendAvailabilitySchema', () => {
  it('accepts a Saturday or Sunday with switches and a note', () => {
    expect(
      weekendAvailabilitySchema.parse({
        date: '2025-06-07',
        morningAvailable: false,
        afternoonAvailable: true,
        fullDayAvailable: 'on',
        adminNotes: ' Festival in town ',
      }),
    ).toEqual({
      date: '2025-06-07',
      morningAvailable: false,
      afternoonAvailable: true,
      fullDayAvailable: true,
      adminNotes: 'Festival in town',
    })
    expect(weekendAvailabilitySchema.parse({ date: '2025-06-08' })).toEqual({ date: '2025-06-08' })
  })

  it('refuses weekdays with the spec’s message', () => {
    for (const date of ['2025-06-02', '2025-06-04', '2025-06-06']) {
      expect(errors({ date }), date).toEqual({ date: 'Weekend availability can only be created for Saturday and Sunday' })
    }
  })

  it('refuses dates that do not exist or are missing', () => {
    expect(errors({ date: '2025-02-30' })).toEqual({ date: 'Please enter a valid date' })
    expect(errors({ date: '' })).toEqual({ date: 'Please enter a valid date' })
    expect(errors({})).toEqual({ date: 'Please enter a valid date' })
  })

  it('refuses switch values that are not booleans', () => {
    expect(errors({ date: '2025-06-07', morningAvailable: 'maybe' })).toEqual({ morningAvailable: 'Must be true or false' })
  })

  it('keeps absent switches absent so stored values are not overwritten', () => {
    const parsed = weekendAvailabilitySchema.parse({ date: '2025-06-07', morningAvailable: 'false' })
    expect(parsed).toEqual({ date: '2025-06-07', morningAvailable: false })
    expect('afternoonAvailable' in parsed).toBe(false)
  })

  it('clears a blank note and caps notes at 1000 characters', () => {
    expect(weekendAvailabilitySchema.parse({ date: '2025-06-07', adminNotes: '  ' }).adminNotes).toBeNull()
    expect(weekendAvailabilitySchema.parse({ date: '2025-06-07', adminNotes: null }).adminNotes).toBeNull()
    expect(errors({ date: '2025-06-07', adminNotes: 'x'.repeat(1000) })).toEqual({})
    expect(errors({ date: '2025-06-07', adminNotes: 'x'.repeat(1001) })).toEqual({
      adminNotes: 'Notes must be at most 1000 characters',
    })
  })
})
