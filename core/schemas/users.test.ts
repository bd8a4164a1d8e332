import { describe, expect, it } from 'vitest'
import { fieldErrors } from './field-errors.ts'
import { englishOfEach } from '../i18n/refusal-english.test-support.ts'
import { userCreateSchema, userUpdateSchema } from './users.ts'

function createErrors(input: Record<string, unknown>): Record<string, string> {
  const result = userCreateSchema.safeParse(input)
  return result.success ? {} : englishOfEach(fieldErrors(result.error))
}

function updateErrors(input: Record<string, unknown>): Record<string, string> {
  const result = userUpdateSchema.safeParse(input)
  return result.success ? {} : englishOfEach(fieldErrors(result.error))
}

describe('userCreateSchema', () => {
  it('applies the defaults: not admin, e-mail notifications, enabled', () => {
    expect(userCreateSchema.parse({ username: ' guide ', password: 'secret1' })).toEqual({
      username: 'guide',
      password: 'secret1',
      isAdmin: false,
      notificationPreference: 'email',
      notificationsEnabled: true,
    })
  })

  it('keeps every given field', () => {
    expect(
      userCreateSchema.parse({
        username: 'guide',
        password: 'secret1',
        email: ' guide@example.com ',
        name: ' Aiko ',
        isAdmin: true,
        notificationPreference: 'whatsapp',
        whatsappNumber: '+81 90-0000-0000',
        notificationsEnabled: false,
      }),
    ).toEqual({
      username: 'guide',
      password: 'secret1',
      email: 'guide@example.com',
      name: 'Aiko',
      isAdmin: true,
      notificationPreference: 'whatsapp',
      whatsappNumber: '+81 90-0000-0000',
      notificationsEnabled: false,
    })
  })

  it('reads HTML checkbox values', () => {
    const parsed = userCreateSchema.parse({ username: 'guide', password: 'secret1', isAdmin: 'on', notificationsEnabled: 'false' })
    expect(parsed.isAdmin).toBe(true)
    expect(parsed.notificationsEnabled).toBe(false)
  })

  it('requires a username of 3–50 and a password of 6+ characters', () => {
    expect(createErrors({})).toEqual({
      username: 'Username must be at least 3 characters.',
      password: 'Password must be at least 6 characters.',
    })
    expect(createErrors({ username: 'ab', password: '' })).toEqual({
      username: 'Username must be at least 3 characters.',
      password: 'Password must be at least 6 characters.',
    })
    expect(createErrors({ username: 'a'.repeat(50), password: 'secret' })).toEqual({})
    expect(createErrors({ username: 'a'.repeat(51), password: 'secret' })).toEqual({
      username: 'Username must be at most 50 characters.',
    })
  })

  it('treats blank optional fields as not given', () => {
    const parsed = userCreateSchema.parse({ username: 'guide', password: 'secret1', email: '', name: ' ', whatsappNumber: null })
    expect(parsed.email).toBeUndefined()
    expect(parsed.name).toBeUndefined()
    expect(parsed.whatsappNumber).toBeUndefined()
  })

  it('checks e-mail, preference and WhatsApp number when given', () => {
    expect(createErrors({ username: 'guide', password: 'secret1', email: 'guide@' })).toEqual({
      email: 'Please enter a valid email address',
    })
    expect(createErrors({ username: 'guide', password: 'secret1', notificationPreference: 'sms' })).toEqual({
      notificationPreference: 'Notification preference must be email, WhatsApp or none',
    })
    expect(createErrors({ username: 'guide', password: 'secret1', whatsappNumber: 'not a number' })).toEqual({
      whatsappNumber: 'Please enter a valid WhatsApp number',
    })
  })

  it('needs a WhatsApp number to notify by WhatsApp', () => {
    expect(createErrors({ username: 'guide', password: 'secret1', notificationPreference: 'whatsapp' })).toEqual({
      whatsappNumber: 'Please enter a WhatsApp number to receive WhatsApp notifications',
    })
  })
})

describe('userUpdateSchema', () => {
  it('keeps the current password when the field is blank or absent', () => {
    expect(userUpdateSchema.parse({ username: 'guide', password: '' }).password).toBeUndefined()
    expect(userUpdateSchema.parse({ username: 'guide' }).password).toBeUndefined()
    expect(userUpdateSchema.parse({ username: 'guide', password: 'newpass' }).password).toBe('newpass')
  })

  it('still requires 6 characters for a new password', () => {
    expect(updateErrors({ username: 'guide', password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters.',
    })
  })

  it('requires the username with the login message', () => {
    expect(updateErrors({ username: 'ab' })).toEqual({ username: 'Username must be at least 3 characters.' })
    expect(updateErrors({})).toEqual({ username: 'Username must be at least 3 characters.' })
  })

  it('clears blank texts and leaves absent fields unchanged', () => {
    const parsed = userUpdateSchema.parse({ username: 'guide', email: '', name: '  ' })
    expect(parsed.email).toBeNull()
    expect(parsed.name).toBeNull()
    expect(parsed.whatsappNumber).toBeUndefined()
    // No defaults on edit: a missing flag must not reset a stored one.
    expect(parsed.isAdmin).toBeUndefined()
    expect(parsed.notificationsEnabled).toBeUndefined()
    expect(parsed.notificationPreference).toBeUndefined()
  })

  it('validates given values like create', () => {
    expect(updateErrors({ username: 'guide', email: 'nope' })).toEqual({ email: 'Please enter a valid email address' })
    expect(userUpdateSchema.parse({ username: 'guide', isAdmin: false, email: ' a@example.com ' })).toEqual({
      username: 'guide',
      isAdmin: false,
      email: 'a@example.com',
    })
  })

  it('refuses WhatsApp notifications with the number explicitly cleared', () => {
    expect(updateErrors({ username: 'guide', notificationPreference: 'whatsapp', whatsappNumber: '' })).toEqual({
      whatsappNumber: 'Please enter a WhatsApp number to receive WhatsApp notifications',
    })
    expect(updateErrors({ username: 'guide', notificationPreference: 'whatsapp' })).toEqual({})
  })
})

// docs/decisions/0027: usernames, names and numbers are shown on one line.
describe('user one-line fields', () => {
  it('refuse control characters on create and on edit', () => {
    expect(createErrors({ username: 'evil\nadmin', password: 'secret1' }).username).toBe('Username must be on one line, without control characters')
    expect(createErrors({ username: 'guide', password: 'secret1', name: 'A\r\nB' }).name).toBe('Name must be on one line, without control characters')
    expect(updateErrors({ username: 'guide', name: 'A\tB' }).name).toBe('Name must be on one line, without control characters')
    expect(updateErrors({ username: 'guide', whatsappNumber: '+81 90\n1234 5678' }).whatsappNumber).toBe('WhatsApp number must be on one line, without control characters')
  })
})

