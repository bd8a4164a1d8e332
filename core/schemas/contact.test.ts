import { describe, expect, it } from 'vitest'
import { CONTACT_PACKAGE_OPTIONS, GROUP_SIZE_OPTIONS, contactInquirySchema, contactPackageFromQuery, contactPackageLabel } from './contact.ts'
import { fieldErrors } from './field-errors.ts'
import { englishOfEach } from '../i18n/refusal-english.test-support.ts'

const valid = { name: 'John Smith', email: 'john@example.com', message: 'Can we visit the sake brewery?' }

function errors(input: Record<string, unknown>): Record<string, string> {
  const result = contactInquirySchema.safeParse(input)
  return result.success ? {} : englishOfEach(fieldErrors(result.error))
}

describe('contactInquirySchema', () => {
  it('accepts the required fields alone, written in English unless a language is named', () => {
    expect(contactInquirySchema.parse(valid)).toEqual({ ...valid, locale: 'en' })
  })

  it('keeps the language a message was written in when it is one of the site’s, and reads anything else as English', () => {
    expect(contactInquirySchema.parse({ ...valid, locale: 'ko' }).locale).toBe('ko')
    expect(contactInquirySchema.parse({ ...valid, locale: 'fr' }).locale).toBe('en')
    expect(contactInquirySchema.parse({ ...valid, locale: ['ja'] }).locale).toBe('en')
  })

  it('accepts a full inquiry and trims it', () => {
    expect(
      contactInquirySchema.parse({
        name: ' John Smith ',
        email: 'john@example.com ',
        phone: ' +44 20 7946 0958 ',
        visitDate: '2025-08-13', // a Wednesday: an inquiry may be about any day
        groupSize: '5+',
        package: 'explorer',
        message: ' Hello ',
        website: '',
      }),
    ).toEqual({
      name: 'John Smith',
      email: 'john@example.com',
      phone: '+44 20 7946 0958',
      visitDate: '2025-08-13',
      groupSize: '5+',
      package: 'explorer',
      message: 'Hello',
      website: '',
      locale: 'en',
    })
  })

  it('gives every required field a message', () => {
    expect(errors({})).toEqual({
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      message: 'Please enter a message',
    })
    expect(errors({ name: '  ', email: 'john@', message: '   ' })).toEqual({
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      message: 'Please enter a message',
    })
  })

  it('limits lengths', () => {
    expect(errors({ ...valid, name: 'a'.repeat(101) })).toEqual({ name: 'Name must be at most 100 characters' })
    expect(errors({ ...valid, message: 'a'.repeat(5000) })).toEqual({})
    expect(errors({ ...valid, message: 'a'.repeat(5001) })).toEqual({ message: 'Message must be at most 5000 characters' })
    expect(errors({ ...valid, phone: '1'.repeat(31) })).toEqual({ phone: 'Phone number must be at most 30 characters' })
  })

  it('treats empty optional fields as not given', () => {
    const parsed = contactInquirySchema.parse({ ...valid, phone: '', visitDate: '', groupSize: '', package: '' })
    expect(parsed).toEqual({ ...valid, locale: 'en' })
    expect(contactInquirySchema.parse({ ...valid, visitDate: null, package: null })).toEqual({ ...valid, locale: 'en' })
  })

  it('needs a real visit date when one is given', () => {
    expect(errors({ ...valid, visitDate: '2025-02-30' })).toEqual({ visitDate: 'Please enter a valid date' })
    expect(errors({ ...valid, visitDate: 'next week' })).toEqual({ visitDate: 'Please enter a valid date' })
  })

  it('takes group size and package from their lists only', () => {
    for (const groupSize of GROUP_SIZE_OPTIONS) expect(errors({ ...valid, groupSize }), groupSize).toEqual({})
    expect(errors({ ...valid, groupSize: '6' })).toEqual({ groupSize: 'Please choose a group size from the list' })
    for (const { value } of CONTACT_PACKAGE_OPTIONS) expect(errors({ ...valid, package: value }), value).toEqual({})
    expect(errors({ ...valid, package: 'mom' })).toEqual({ package: 'Please choose a package from the list' })
  })
})

describe('CONTACT_PACKAGE_OPTIONS', () => {
  it('lists the five options with their labels (docs/decisions/0038)', () => {
    expect(CONTACT_PACKAGE_OPTIONS).toEqual([
      { value: 'homemaker', label: 'The Joetsu Homemaker' },
      { value: 'hobbyist', label: 'The Joetsu Hobbyist' },
      { value: 'kiddo', label: 'The Joetsu Kiddo' },
      { value: 'explorer', label: 'The Joetsu Explorer (Mix & Match)' },
      { value: 'custom', label: 'Custom' },
    ])
    expect(GROUP_SIZE_OPTIONS).toEqual(['1', '2', '3', '4', '5+'])
  })
})

describe('contactPackageFromQuery (docs/decisions/0038)', () => {
  it('maps the itinerary card keys to their option', () => {
    expect(contactPackageFromQuery('mom')).toBe('homemaker')
    expect(contactPackageFromQuery('dad')).toBe('hobbyist')
    expect(contactPackageFromQuery('kid')).toBe('kiddo')
    expect(contactPackageFromQuery('mix-match')).toBe('explorer')
  })

  it('maps option values to themselves', () => {
    for (const value of ['homemaker', 'hobbyist', 'kiddo', 'explorer', 'custom']) {
      expect(contactPackageFromQuery(value)).toBe(value)
    }
  })

  it('forgives case and spaces', () => {
    expect(contactPackageFromQuery(' Mom ')).toBe('homemaker')
    expect(contactPackageFromQuery('EXPLORER')).toBe('explorer')
  })

  it('leaves the select empty for anything else', () => {
    for (const q of [null, '', 'mix', 'mom-package', 'toString', '__proto__', 'constructor']) {
      expect(contactPackageFromQuery(q), String(q)).toBe('')
    }
  })
})

describe('contactPackageLabel', () => {
  it('shows the option the guest chose, and an unknown stored value as it is', () => {
    expect(contactPackageLabel('explorer')).toBe('The Joetsu Explorer (Mix & Match)')
    expect(contactPackageLabel('custom')).toBe('Custom')
    expect(contactPackageLabel('retired-package')).toBe('retired-package')
  })
})

// docs/decisions/0027: one-line fields are one line; the message keeps its line breaks.
describe('contactInquirySchema control characters', () => {
  it('refuses them in the name and phone', () => {
    expect(errors({ ...valid, name: 'Evil\r\nBcc: x@evil.example' }).name).toBe('Name must be on one line, without control characters')
    expect(errors({ ...valid, phone: '+44 20\n7946 0958' }).phone).toBe('Phone number must be on one line, without control characters')
  })

  it('keeps line breaks and tabs in the message and refuses other control characters there', () => {
    expect(errors({ ...valid, message: 'Hello,\r\n\tsee you' })).toEqual({})
    expect(errors({ ...valid, message: 'Hello \u0008\u0008' }).message).toBe('Message may not contain control characters other than line breaks and tabs')
  })
})
