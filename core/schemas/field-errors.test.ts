import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FORM_ERROR_KEY, fieldErrors, firstErrorMessage } from './field-errors.ts'

describe('fieldErrors', () => {
  const schema = z
    .object({
      name: z.string().min(3, 'too short').regex(/^[a-z]+$/, 'letters only'),
      guests: z.array(z.object({ age: z.number({ error: 'age needed' }) })),
      a: z.string(),
      b: z.string(),
    })
    .refine((v) => v.a === v.b, { message: 'a and b differ' })

  it('keeps the first message per field, keyed by dotted path', () => {
    const result = schema.safeParse({ name: 'A1', guests: [{ age: 3 }, {}], a: 'x', b: 'x' })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(fieldErrors(result.error)).toEqual({ name: 'too short', 'guests.1.age': 'age needed' })
  })

  it('files whole-payload problems under the form key', () => {
    const result = schema.safeParse({ name: 'abc', guests: [], a: 'x', b: 'y' })
    if (result.success) throw new Error('expected failure')
    expect(fieldErrors(result.error)).toEqual({ [FORM_ERROR_KEY]: 'a and b differ' })
    expect(FORM_ERROR_KEY).toBe('_form')
  })

  it('is empty for no issues', () => {
    expect(fieldErrors({ issues: [] })).toEqual({})
  })
})

describe('firstErrorMessage', () => {
  it('gives the first issue’s message, or the fallback', () => {
    expect(firstErrorMessage({ issues: [{ path: ['x'], message: 'first' }, { path: ['y'], message: 'second' }] })).toBe('first')
    expect(firstErrorMessage({ issues: [] })).toBe('Please check the form and try again.')
    expect(firstErrorMessage({ issues: [] }, 'Booking Failed')).toBe('Booking Failed')
  })
})
