import { describe, expect, it } from 'vitest'
import { bookingRequestSchema, outsideWindowMessage } from './booking.ts'
import { fieldErrors } from './field-errors.ts'
import { englishOf, englishOfEach } from '../i18n/refusal-english.test-support.ts'

const valid = {
  name: 'Hanako Yamada',
  email: 'hanako@example.com',
  phone: '+81 90-1234-5678',
  numberOfPeople: 3,
  tourPackageId: 1,
  tourDate: '2025-06-07', // Saturday
  tourTime: 'morning',
  acceptPolicy: true,
}

function errors(input: Record<string, unknown>): Record<string, string> {
  const result = bookingRequestSchema.safeParse(input)
  return result.success ? {} : englishOfEach(fieldErrors(result.error))
}

function errorFor(field: string, value: unknown): string | undefined {
  return errors({ ...valid, [field]: value })[field]
}

describe('bookingRequestSchema', () => {
  it('accepts a complete request and returns clean values', () => {
    const parsed = bookingRequestSchema.parse({
      ...valid,
      name: '  Hanako Yamada ',
      email: ' hanako@example.com ',
      phone: ' +81 90-1234-5678 ',
      numberOfPeople: '3',
      tourPackageId: '2',
      specialRequests: '  Vegetarian lunch please ',
      interestTheme: 'kiddo',
      website: '',
    })
    expect(parsed).toEqual({
      name: 'Hanako Yamada',
      email: 'hanako@example.com',
      phone: '+81 90-1234-5678',
      numberOfPeople: 3,
      tourPackageId: 2,
      specialRequests: 'Vegetarian lunch please',
      interestTheme: 'kiddo',
      tourDate: '2025-06-07',
      tourTime: 'morning',
      acceptPolicy: true,
      website: '',
      // No language named: the guest's e-mails are English.
      locale: 'en',
    })
  })

  it('strips what the client must not decide (price, user, status, half-day flag, slot id)', () => {
    const parsed = bookingRequestSchema.parse({
      ...valid,
      totalPrice: 1,
      userId: 99,
      isHalfDay: false,
      paymentStatus: 'paid',
      timeSlotId: 7,
      status: 'paid',
    })
    expect(Object.keys(parsed).sort()).toEqual(
      ['acceptPolicy', 'email', 'locale', 'name', 'numberOfPeople', 'phone', 'tourDate', 'tourPackageId', 'tourTime'].sort(),
    )
  })

  it('keeps a language we speak and reads any other as English', () => {
    expect(bookingRequestSchema.parse({ ...valid, locale: 'ko' }).locale).toBe('ko')
    expect(bookingRequestSchema.parse({ ...valid, locale: 'zh-Hant' }).locale).toBe('zh-Hant')
    expect(bookingRequestSchema.parse({ ...valid, locale: 'fr' }).locale).toBe('en')
    expect(bookingRequestSchema.parse({ ...valid, locale: { evil: true } }).locale).toBe('en')
  })

  it('gives every missing field its message', () => {
    expect(errors({})).toEqual({
      name: 'Please enter your full name',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      numberOfPeople: 'At least 1 person required',
      tourPackageId: 'Please select a tour package',
      tourDate: 'Please select a date and time slot',
      tourTime: 'Please select a date and time slot',
      acceptPolicy: 'Please accept the cancellation policy and terms to book',
    })
  })

  describe('name', () => {
    it('needs a name that is not only spaces, up to 100 characters', () => {
      expect(errorFor('name', '')).toBe('Please enter your full name')
      expect(errorFor('name', '   ')).toBe('Please enter your full name')
      expect(errorFor('name', 'a'.repeat(100))).toBeUndefined()
      expect(errorFor('name', 'a'.repeat(101))).toBe('Name must be at most 100 characters')
    })
  })

  describe('email', () => {
    it('needs a valid address up to 254 characters', () => {
      expect(errorFor('email', '')).toBe('Please enter a valid email address')
      expect(errorFor('email', 'hanako')).toBe('Please enter a valid email address')
      expect(errorFor('email', 'hanako@example')).toBe('Please enter a valid email address')
      expect(errorFor('email', 'hana ko@example.com')).toBe('Please enter a valid email address')
      expect(errorFor('email', `${'a'.repeat(64)}@${'b'.repeat(185)}.com`)).toBeUndefined() // 254
      expect(errorFor('email', `${'a'.repeat(64)}@${'b'.repeat(186)}.com`)).toMatch(/at most 254/)
    })
  })

  describe('phone', () => {
    it('accepts international formats', () => {
      for (const phone of ['+81 90-1234-5678', '090-1234-5678', '(555) 123-4567', '+1.555.123.4567', '09012345678']) {
        expect(errorFor('phone', phone), phone).toBeUndefined()
      }
    })

    it('refuses short, lettered or digit-less numbers', () => {
      for (const phone of ['', '123456789', '   12345   ', 'call me please', '090-1234-567x', '----------', '81+90123456789']) {
        expect(errorFor('phone', phone), phone).toBe('Please enter a valid phone number')
      }
    })

    it('counts length after trimming and stops at 30 characters', () => {
      expect(errorFor('phone', ' 090123456 ')).toBe('Please enter a valid phone number') // 9 characters
      expect(errorFor('phone', '1'.repeat(30))).toBeUndefined()
      expect(errorFor('phone', '1'.repeat(31))).toBe('Phone number must be at most 30 characters')
    })
  })

  describe('numberOfPeople (docs/decisions/0019)', () => {
    it('takes 1 to 5 as a number or a numeric string', () => {
      for (const n of [1, 5, '1', '5', ' 4 ']) expect(errorFor('numberOfPeople', n), String(n)).toBeUndefined()
      expect(bookingRequestSchema.parse({ ...valid, numberOfPeople: '5' }).numberOfPeople).toBe(5)
    })

    it('says at least 1 below the minimum and maximum 5 above it', () => {
      expect(errorFor('numberOfPeople', 0)).toBe('At least 1 person required')
      expect(errorFor('numberOfPeople', '0')).toBe('At least 1 person required')
      expect(errorFor('numberOfPeople', -2)).toBe('At least 1 person required')
      expect(errorFor('numberOfPeople', '')).toBe('At least 1 person required')
      expect(errorFor('numberOfPeople', 6)).toBe('Maximum 5 people per group')
      expect(errorFor('numberOfPeople', '20')).toBe('Maximum 5 people per group')
    })

    it('refuses fractions and non-numbers', () => {
      expect(errorFor('numberOfPeople', 2.5)).toBe('Number of people must be a whole number')
      expect(errorFor('numberOfPeople', '2.5')).toBe('Number of people must be a whole number')
      expect(errorFor('numberOfPeople', 'three')).toBe('At least 1 person required')
      expect(errorFor('numberOfPeople', true)).toBe('At least 1 person required')
      expect(errorFor('numberOfPeople', '0x3')).toBeDefined()
    })
  })

  describe('tourPackageId', () => {
    it('needs a positive whole id', () => {
      expect(errorFor('tourPackageId', '3')).toBeUndefined()
      for (const id of [0, '0', '', 'abc', null, -1]) {
        expect(errorFor('tourPackageId', id), String(id)).toBe('Please select a tour package')
      }
    })

    // docs/decisions/0027: larger than PostgreSQL's integer is a 400, not a query that fails.
    it('is bounded to what an integer column holds', () => {
      expect(errorFor('tourPackageId', 2147483647)).toBeUndefined()
      for (const id of [2147483648, '2147483648', 99999999999, 9007199254740991, '9007199254740991']) {
        expect(errorFor('tourPackageId', id), String(id)).toBe('Please select a tour package')
      }
    })
  })

  // docs/decisions/0027: CR/LF in a name would forge lines in the plain-text e-mails.
  describe('one-line fields', () => {
    it('refuse control characters in the name and phone', () => {
      for (const bad of ['Evil\r\nBcc: x@evil.example', 'Evil\nName', 'Tab\there', 'Bell\u0007', 'C1\u0085next']) {
        expect(errorFor('name', bad), JSON.stringify(bad)).toBe('Name must be on one line, without control characters')
      }
      expect(errorFor('phone', '+81 90\r\n1234 5678')).toBe('Phone number must be on one line, without control characters')
      expect(errorFor('phone', '+81\t90 1234 5678')).toBe('Phone number must be on one line, without control characters')
    })

    it('special requests keep line breaks and tabs but refuse other control characters', () => {
      expect(errorFor('specialRequests', 'Line one\r\nLine two\tindented')).toBeUndefined()
      expect(errorFor('specialRequests', 'Escape \u001b[31m')).toBe('Special requests may not contain control characters other than line breaks and tabs')
    })
  })

  describe('tourDate (docs/decisions/0019)', () => {
    it('asks to select a date when missing or empty', () => {
      expect(errorFor('tourDate', undefined)).toBe('Please select a date and time slot')
      expect(errorFor('tourDate', '')).toBe('Please select a date and time slot')
      expect(errorFor('tourDate', null)).toBe('Please select a date and time slot')
    })

    it('refuses dates that do not exist or are not yyyy-MM-dd', () => {
      expect(errorFor('tourDate', '2025-02-30')).toBe('Please select a valid date')
      expect(errorFor('tourDate', '2025-06-07T00:00:00Z')).toBe('Please select a valid date')
      expect(errorFor('tourDate', '06/07/2025')).toBe('Please select a valid date')
    })

    it('accepts Saturdays and Sundays only', () => {
      expect(errorFor('tourDate', '2025-06-07')).toBeUndefined() // Saturday
      expect(errorFor('tourDate', '2025-06-08')).toBeUndefined() // Sunday
      expect(errorFor('tourDate', '2025-06-06')).toBe('Tours are only available on weekends (Saturday and Sunday)')
      expect(errorFor('tourDate', '2025-06-09')).toBe('Tours are only available on weekends (Saturday and Sunday)')
    })
  })

  describe('tourTime (docs/decisions/0039)', () => {
    it('asks to select a slot when missing or empty', () => {
      expect(errorFor('tourTime', undefined)).toBe('Please select a date and time slot')
      expect(errorFor('tourTime', '')).toBe('Please select a date and time slot')
    })

    it('accepts the three tour times only', () => {
      for (const t of ['morning', 'afternoon', 'full-day']) expect(errorFor('tourTime', t), t).toBeUndefined()
      for (const t of ['evening', 'Morning', 'full day', '10:00 AM']) {
        expect(errorFor('tourTime', t), t).toBe('Tour time must be morning, afternoon, or full-day')
      }
    })
  })

  describe('optional fields', () => {
    it('treats an empty special request as none and caps it at 2000 characters', () => {
      expect(bookingRequestSchema.parse({ ...valid, specialRequests: '' }).specialRequests).toBeUndefined()
      expect(bookingRequestSchema.parse({ ...valid, specialRequests: '   ' }).specialRequests).toBeUndefined()
      expect(bookingRequestSchema.parse({ ...valid, specialRequests: null }).specialRequests).toBeUndefined()
      expect(errorFor('specialRequests', 'x'.repeat(2000))).toBeUndefined()
      expect(errorFor('specialRequests', 'x'.repeat(2001))).toBe('Special requests must be at most 2000 characters')
    })

    it('takes an interest theme from the list, or none', () => {
      for (const theme of ['homemaker', 'hobbyist', 'kiddo', 'explorer', 'custom']) {
        expect(errorFor('interestTheme', theme), theme).toBeUndefined()
      }
      expect(bookingRequestSchema.parse({ ...valid, interestTheme: '' }).interestTheme).toBeUndefined()
      expect(errorFor('interestTheme', 'mom')).toBe('Please choose one of the listed interests')
    })

    it('requires the consent to the cancellation policy and terms: a tick, and nothing else', () => {
      for (const tick of [true, 'true', 'on']) expect(errorFor('acceptPolicy', tick), String(tick)).toBeUndefined()
      for (const refusal of [false, 'false', 'off', '', 'yes', 0, 1, null, undefined, ['on']]) {
        expect(errorFor('acceptPolicy', refusal), JSON.stringify(refusal)).toBe('Please accept the cancellation policy and terms to book')
      }
      const { acceptPolicy: _, ...withoutConsent } = valid
      expect(errors(withoutConsent)).toEqual({ acceptPolicy: 'Please accept the cancellation policy and terms to book' })
    })

    it('passes the honeypot through for the server to judge', () => {
      expect(bookingRequestSchema.parse({ ...valid, website: 'http://spam.example' }).website).toBe('http://spam.example')
      expect(bookingRequestSchema.parse(valid).website).toBeUndefined()
    })
  })
})

describe('outsideWindowMessage', () => {
  it('names the first and last bookable dates in long English form', () => {
    expect(englishOf(outsideWindowMessage({ first: '2025-06-08', last: '2025-12-03' }))).toBe(
      'Tours can be booked from Sunday, June 8, 2025 to Wednesday, December 3, 2025',
    )
  })

  // zod skips an object's rule after a fatal issue elsewhere; the guest must see every message at once.
  it.each([
    ['a missing e-mail', { email: undefined }, 'email'],
    ['an unknown tour time', { tourTime: 'noon' }, 'tourTime'],
    ['a group that is not a number', { numberOfPeople: 'x' }, 'numberOfPeople'],
    ['the policy not accepted', { acceptPolicy: undefined }, 'acceptPolicy'],
  ])('asks for the hotel of a pick-up alongside %s', (_, bad, field) => {
    const found = errors({ ...valid, ...bad, meetingPoint: 'pickup' })
    expect(Object.keys(found).sort()).toEqual([field, 'pickupHotel'].sort())
  })

  it('does not ask for a hotel when the meeting point itself is refused', () => {
    const found = errors({ ...valid, meetingPoint: 'x'.repeat(500) })
    expect(found.pickupHotel).toBeUndefined()
  })
})
