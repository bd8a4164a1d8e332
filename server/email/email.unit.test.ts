import { describe, expect, it } from 'vitest'
import { buildIcs, foldLine, icsText, icsUtc } from './ics.ts'
import { adminBookingEmail, adminInquiryEmail, bookingCancelledEmail, bookingReceivedEmail, renderEmail, type BookingMailFacts } from './templates.tsx'
import { smtpOptionsFromUrl } from './transports.ts'
import { retryDelayMs, MAX_ATTEMPTS } from '../services/mail-outbox.ts'
import { tokyoInstant } from '../../core/dates.ts'
import type { SiteIdentity } from '../../core/site.ts'

const site: SiteIdentity = {
  businessName: 'Joetsu Local Tours',
  guideName: 'your local guide',
  email: 'hello@example.com',
  whatsappNumber: '+81 90-0000-0000',
  socialUrl: 'https://www.instagram.com/',
  socialLabel: 'Instagram',
  city: 'Joetsu City, Niigata Prefecture, Japan',
  baseUrl: 'https://tours.example.jp',
  seller: { name: null, manager: null, address: null, phone: null },
}

const booking: BookingMailFacts = {
  reference: 'ABCDEFGHJK12',
  name: 'Kenji <b>Tanaka</b>',
  email: 'guest@example.net',
  phone: '+81 90 1234 5678',
  tourDate: '2025-06-07',
  tourTime: 'morning',
  startTime: '09:00',
  numberOfPeople: 3,
  totalPrice: 16500,
  packageName: 'Half-Day Private Tour',
}

/** Undo RFC 5545 folding: CRLF + one space joins lines. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '')

describe('.ics builder', () => {
  it('writes instants in UTC: 09:00 in Japan on 2025-06-07 is 00:00Z', () => {
    expect(icsUtc(tokyoInstant('2025-06-07', '09:00'))).toBe('20250607T000000Z')
    expect(icsUtc(tokyoInstant('2025-06-07', '14:00'))).toBe('20250607T050000Z')
    // Just after midnight in Japan is still the previous day in UTC.
    expect(icsUtc(tokyoInstant('2025-06-07', '08:30'))).toBe('20250606T233000Z')
  })

  it('escapes TEXT values and folds long lines at 75 octets without splitting characters', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne')
    const long = `DESCRIPTION:${'上越の旅 '.repeat(30)}`
    const folded = foldLine(long)
    expect(folded.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe(long)
  })

  it('builds one VEVENT with CRLF line ends', () => {
    const ics = buildIcs({
      uid: 'booking-X@tours.example.jp',
      start: tokyoInstant('2025-06-07', '09:00'),
      end: tokyoInstant('2025-06-07', '18:00'),
      stamp: new Date('2025-05-01T10:20:30.456Z'),
      summary: 'Full-Day Private Tour, Joetsu',
      organizer: { name: 'Joetsu "Local" Tours', email: 'hello@example.com' },
    })
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    const lines = unfold(ics).split('\r\n')
    expect(lines).toContain('DTSTART:20250607T000000Z')
    expect(lines).toContain('DTEND:20250607T090000Z')
    expect(lines).toContain('DTSTAMP:20250501T102030Z')
    expect(lines).toContain('SUMMARY:Full-Day Private Tour\\, Joetsu')
    expect(lines).toContain('ORGANIZER;CN="Joetsu Local Tours":mailto:hello@example.com')
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1)
  })
})

describe('e-mail templates', () => {
  it('renders HTML and a plain-text part from the same content, with the pay link', () => {
    const mail = renderEmail(site, bookingReceivedEmail(site, booking, 'https://tours.example.jp/checkout/ABCDEFGHJK12', 30))
    expect(mail.subject).toBe('Booking received: Saturday, June 7, 2025 – please complete payment')
    expect(mail.html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
    expect(mail.html).toContain('href="https://tours.example.jp/checkout/ABCDEFGHJK12"')
    expect(mail.text).toContain('Complete your payment: https://tours.example.jp/checkout/ABCDEFGHJK12')
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Saturday, June 7, 2025')
      expect(part).toContain('9:00 AM (Japan time)')
      expect(part).toContain('¥16,500 (tax included)')
      expect(part).toContain('Joetsu City, Niigata Prefecture, Japan')
      expect(part).toContain('hello@example.com')
    }
  })

  it('escapes what guests typed in the HTML part', () => {
    const mail = renderEmail(
      site,
      adminInquiryEmail(site, { name: '<script>alert(1)</script>', email: 'x@example.org', phone: null, visitDate: null, groupSize: null, packageLabel: null, message: 'Hi <img src=x onerror=alert(1)>' }, 'https://tours.example.jp/admin'),
    )
    expect(mail.html).not.toContain('<script>alert(1)</script>')
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.text).toContain('Hi <img src=x onerror=alert(1)>')
  })

  it('tells the guest about the refund, or that none is due, or that nothing was paid', () => {
    const refund = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'cancelled by the guest', refund: 16500, wasPaid: true }))
    expect(refund.text).toContain('A refund of ¥16,500 is on its way')
    const none = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'cancelled by the guest', refund: 0, wasPaid: true }))
    expect(none.text).toContain('no refund is due')
    const unpaid = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'payment not completed in time', refund: 0, wasPaid: false }))
    expect(unpaid.text).toContain('No payment was taken')
  })
})

describe('SMTP_URL', () => {
  it('reads host, port, security, credentials and test switches', () => {
    expect(smtpOptionsFromUrl('smtps://user%40example.jp:p%40ss@mail.example.jp')).toMatchObject({
      host: 'mail.example.jp',
      port: 465,
      secure: true,
      auth: { user: 'user@example.jp', pass: 'p@ss' },
      ignoreTLS: false,
    })
    expect(smtpOptionsFromUrl('smtp://127.0.0.1:2525/?ignoreTLS=true&connectionTimeout=500')).toMatchObject({
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      auth: undefined,
      ignoreTLS: true,
      connectionTimeout: 500,
    })
    expect(() => smtpOptionsFromUrl('http://example.jp')).toThrow(/smtp/)
  })
})

describe('retry backoff', () => {
  it('doubles from one minute up to six hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000])
    expect(retryDelayMs(20)).toBe(6 * 60 * 60_000)
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0)
    // Retries cover a mail server outage of more than a day before a message is given up.
    expect(total).toBeGreaterThan(24 * 60 * 60_000)
  })
})

// Issue 13 point 9: a name stored before one-line fields were enforced forges no line.
describe('one-line values in e-mails', () => {
  it('show line breaks and control characters of a stored name as spaces; multi-line details keep their lines', () => {
    const forged = { ...booking, name: 'Evil\r\nBcc: x@evil.example', specialRequests: 'Line one\r\nLine two' }
    const guest = renderEmail(site, bookingReceivedEmail(site, forged, 'https://tours.example.jp/checkout/ABCDEFGHJK12', 30))
    expect(guest.text).not.toMatch(/^\s*Bcc:/m)
    expect(guest.text).toContain('Hello Evil Bcc: x@evil.example,')
    const admin = renderEmail(site, adminBookingEmail(site, 'new-booking', forged, 'https://tours.example.jp/admin'))
    expect(admin.subject).not.toMatch(/[\r\n]/)
    expect(admin.text).not.toMatch(/^\s*Bcc:/m)
    expect(admin.text).toMatch(/Line one\n\s+Line two/)
    const inquiry = renderEmail(site, adminInquiryEmail(site, { name: 'Evil\nBcc: x@evil.example', email: 'x@example.org', phone: '+81\r\n90', visitDate: null, groupSize: null, packageLabel: null, message: 'Hi\nthere' }, 'https://tours.example.jp/admin'))
    expect(inquiry.subject).toBe('New inquiry from Evil Bcc: x@evil.example')
    expect(inquiry.text).not.toMatch(/^\s*Bcc:/m)
    expect(inquiry.text).toMatch(/Hi\n\s+there/)
  })
})

