import { describe, expect, it } from 'vitest'
import { loginSchema } from './auth.ts'
import { fieldErrors } from './field-errors.ts'
import { englishOfEach } from '../i18n/refusal-english.test-support.ts'

function errors(input: Record<string, unknown>): Record<string, string> {
  const result = loginSchema.safeParse(input)
  return result.success ? {} : englishOfEach(fieldErrors(result.error))
}

describe('loginSchema', () => {
  it('accepts a username of 3+ and a password of 6+ characters, trimming only the username', () => {
    expect(loginSchema.parse({ username: ' admin ', password: ' secret ' })).toEqual({
      username: 'admin',
      password: ' secret ',
    })
  })

  it('uses the spec’s messages for short or missing values', () => {
    expect(errors({})).toEqual({
      username: 'Username must be at least 3 characters.',
      password: 'Password must be at least 6 characters.',
    })
    expect(errors({ username: 'ab', password: '12345' })).toEqual({
      username: 'Username must be at least 3 characters.',
      password: 'Password must be at least 6 characters.',
    })
    // Spaces do not count towards a username.
    expect(errors({ username: ' ab ', password: '123456' })).toEqual({ username: 'Username must be at least 3 characters.' })
    expect(errors({ username: 'abc', password: '123456' })).toEqual({})
  })

  it('caps both at 200 characters', () => {
    expect(errors({ username: 'a'.repeat(201), password: 'b'.repeat(201) })).toEqual({
      username: 'Username must be at most 200 characters.',
      password: 'Password must be at most 200 characters.',
    })
    expect(errors({ username: 'a'.repeat(200), password: 'b'.repeat(200) })).toEqual({})
  })
})
