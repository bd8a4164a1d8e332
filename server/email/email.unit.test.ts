import { describe, expect, it } from 'vitest'
import ICAL from 'ical.js'
import { buildCancellationIcs, buildIcs } from './ics.ts'
import { renderEmail } from './templates/layout.tsx'
import { bookingConfirmedEmail, bookingReceivedEmail, paymentConfirmedEmail, reminderEmail, type BookingMailFacts } from './templates/booking.ts'
import { bookingCancelledEmail, bookingDisruptedEmail, bookingMovedEmail } from './templates/changes.ts'
import { adminBookingEmail } from './templates/guide.ts'
import { adminInquiryEmail } from './templates/contact.ts'
import { adminNewReviewEmail } from './templates/reviews.ts'
import { adminVoucherSoldEmail, voucherPurchasedEmail } from './templates/vouchers.ts'
import { waitlistConfirmEmail, waitlistOpenEmail } from './templates/waitlist.ts'
import { smtpOptionsFromUrl } from './transports.ts'
import { retryDelayMs, MAX_ATTEMPTS } from '../services/mail-outbox.ts'
import { tokyoInstant } from '../../core/dates.ts'
import type { SiteIdentity } from '../../core/site.ts'
import { meetingPlace, type MeetingPoint } from '../../core/meeting-points.ts'

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
  inLanguages: {},
}

const station: MeetingPoint = {
  id: 1,
  name: 'Joetsu-Myoko Station',
  address: 'Yamato 5-chome, Joetsu',
  addressJa: '新潟県上越市大和5丁目',
  latitude: 37.0785,
  longitude: 138.2483,
  instructions: 'By the Shinkansen ticket gates.',
  translations: { ja: { name: '上越妙高駅' } },
  photoMediaId: null,
  active: true,
  sortOrder: 1,
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
  guestPackageName: 'Half-Day Private Tour',
  locale: 'en',
  meeting: meetingPlace(station, 'en'),
  guideMeeting: meetingPlace(station, 'en'),
  whatToBring: { text: 'An umbrella or rain jacket.' },
  whatsappUrl: 'https://wa.me/819000000000?text=About%20ABCDEFGHJK12',
}

/** Reads a calendar file back with ical.js, as a calendar app would. */
function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent')
  expect(events).toHaveLength(1)
  const event = events[0]!
  const value = (name: string) => event.getFirstPropertyValue(name)
  return { method: calendar.getFirstPropertyValue('method'), event, value, utc: (name: string) => (value(name) as ICAL.Time).toJSDate().toISOString() }
}

const EVENT = {
  uid: 'booking-X@tours.example.jp',
  start: tokyoInstant('2025-06-07', '09:00'),
  end: tokyoInstant('2025-06-07', '18:00'),
  stamp: new Date('2025-05-01T10:20:30.456Z'),
  sequence: 0,
  summary: 'Full-Day Private Tour, Joetsu; 上越の旅',
  description: `${'上越の旅 '.repeat(30)}\nline two`,
  organizer: { name: 'Joetsu "Local" Tours', email: 'hello@example.com' },
}

describe('calendar files', () => {
  it('writes one VEVENT whose instants are in UTC: 09:00 in Japan on 2025-06-07 is 00:00Z', () => {
    const ics = buildIcs(EVENT)
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics.endsWith('\r\nEND:VCALENDAR\r\n')).toBe(true)
    expect(ics).toContain('DTSTART:20250607T000000Z')
    expect(ics).toContain('DTEND:20250607T090000Z')
    // Lines are folded at 75 octets without splitting a character.
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true)
    const { method, value, utc } = parseIcs(ics)
    expect(method).toBe('PUBLISH')
    expect(value('uid')).toBe(EVENT.uid)
    expect(utc('dtstart')).toBe('2025-06-07T00:00:00.000Z')
    expect(utc('dtend')).toBe('2025-06-07T09:00:00.000Z')
    expect(value('summary')).toBe(EVENT.summary)
    expect(value('description')).toBe(EVENT.description)
    expect(value('sequence')).toBe(0)
    expect(value('status')).toBe('CONFIRMED')
    // A double quote cannot stand in a quoted parameter: it is dropped from the name.
    expect(ics).toContain('ORGANIZER;CN="Joetsu Local Tours":mailto:hello@example.com')
  })

  it('cancels the same event: METHOD:CANCEL, the same UID, a higher SEQUENCE, the guest as attendee', () => {
    const invitation = parseIcs(buildIcs(EVENT))
    const cancellation = parseIcs(buildCancellationIcs({ ...EVENT, sequence: 1, attendee: { name: 'Kenji Tanaka', email: 'guest@example.net' } }))
    expect(cancellation.method).toBe('CANCEL')
    expect(cancellation.value('uid')).toBe(invitation.value('uid'))
    expect(Number(cancellation.value('sequence'))).toBeGreaterThan(Number(invitation.value('sequence')))
    expect(cancellation.value('status')).toBe('CANCELLED')
    expect(cancellation.value('attendee')).toBe('MAILTO:guest@example.net')
  })
})

describe('e-mail templates', () => {
  it('renders HTML and a plain-text part from the same content, with the pay link', () => {
    const mail = renderEmail(site, bookingReceivedEmail(site, booking, 'https://tours.example.jp/checkout/ABCDEFGHJK12', { minutes: 30 }))
    expect(mail.subject).toBe('Booking received: Saturday, June 7, 2025 – please complete payment')
    expect(mail.html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
    expect(mail.html).toContain('href="https://tours.example.jp/checkout/ABCDEFGHJK12"')
    expect(mail.text).toContain('Complete your payment: https://tours.example.jp/checkout/ABCDEFGHJK12')
    // The plain-text part gives the pay link once; the HTML spells it out under the button.
    expect(mail.text.split('https://tours.example.jp/checkout/ABCDEFGHJK12')).toHaveLength(2)
    expect(mail.html).toContain('If the button does not work, open this address')
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
      adminInquiryEmail(site, { name: '<script>alert(1)</script>', email: 'x@example.org', phone: null, visitDate: null, groupSize: null, packageLabel: null, message: 'Hi <img src=x onerror=alert(1)>', locale: 'en' }, 'https://tours.example.jp/admin', 'en'),
    )
    expect(mail.html).not.toContain('<script>alert(1)</script>')
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.text).toContain('Hi <img src=x onerror=alert(1)>')
  })

  it('tells the guest about the refund, or that none is due, or that nothing was paid', () => {
    const refund = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'cancelled by the guest', refund: 16500, wasPaid: true, by: 'guest' }))
    expect(refund.text).toContain('A refund of ¥16,500 is on its way')
    const none = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'cancelled by the guest', refund: 0, wasPaid: true, by: 'guest' }))
    expect(none.text).toContain('no refund is due')
    const unpaid = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'payment not completed in time', refund: 0, wasPaid: false, by: 'system' }))
    expect(unpaid.text).toContain('No payment was taken')
    expect(unpaid.text).toContain('has been cancelled (payment not completed in time).')
  })

  it('tells the guest what went back onto their gift voucher, beside the card refund or instead of "no refund"', () => {
    const both = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'cancelled by the guest', refund: 900, voucherBack: 20000, wasPaid: true, by: 'guest' }))
    expect(both.text).toContain('A refund of ¥900 is on its way')
    expect(both.text).toContain('¥20,000 has gone back onto your gift voucher')
    const voucherOnly = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'cancelled by the guest', refund: 0, voucherBack: 20900, wasPaid: true, by: 'guest' }))
    expect(voucherOnly.text).toContain('¥20,900 has gone back onto your gift voucher')
    expect(voucherOnly.text).not.toContain('no refund is due')
    const lapsed = renderEmail(site, bookingCancelledEmail(site, { ...booking, locale: 'ja' }, { reason: 'payment not completed in time', refund: 0, voucherBack: 5000, wasPaid: false, by: 'system' }))
    expect(lapsed.text).toContain('¥5,000はギフト券の残高に戻りました')
  })

  it('tells a guest who cancelled that it is done, without echoing "(cancelled by the guest)"', () => {
    const mail = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'cancelled by the guest', refund: 16500, wasPaid: true, by: 'guest' }))
    expect(mail.text).toContain('As you asked, your booking for Saturday, June 7, 2025 has been cancelled.')
    expect(mail.text).not.toContain('cancelled by the guest')
  })

  it('apologises for a weather cancellation and says what happens next', () => {
    const mail = renderEmail(
      site,
      bookingCancelledEmail(site, booking, { reason: 'cancelled by the guide because of the weather', refund: 16500, wasPaid: true, by: 'guide-weather' }),
    )
    expect(mail.subject).toBe('Sorry, your tour on Saturday, June 7, 2025 is cancelled')
    expect(mail.text).toContain('We are very sorry: because of the weather we have had to cancel your tour on Saturday, June 7, 2025.')
    expect(mail.text).toContain('A refund of ¥16,500 is on its way')
    expect(mail.text).toContain('You do not need to do anything for the refund.')
    expect(mail.text).toContain('book another date')
    // The guide's own words, when typed, are passed on.
    const noted = renderEmail(site, bookingCancelledEmail(site, booking, { reason: 'Typhoon warning for Niigata', refund: 16500, wasPaid: true, by: 'guide-weather' }))
    expect(noted.text).toContain('A note from your guide: Typhoon warning for Niigata')
  })

  it('tells the guest a confirmed booking is held, never that it will be released', () => {
    const mail = renderEmail(site, bookingConfirmedEmail(site, booking, 'https://tours.example.jp/booking-confirmation/ABCDEFGHJK12', false))
    expect(mail.subject).toBe('Booking confirmed: your tour on Saturday, June 7, 2025')
    expect(mail.text).toContain('The date and time are held for you')
    expect(mail.text).not.toMatch(/released after/)
  })
})

describe('the guest’s e-mails in the language they booked in (docs/decisions/0044)', () => {
  const korean: BookingMailFacts = { ...booking, locale: 'ko', guestPackageName: '반일 프라이빗 투어' }

  it('writes the booking e-mail in Korean, with Korean dates, the 24-hour clock and the Korean pay page', () => {
    const mail = renderEmail(site, bookingReceivedEmail(site, korean, 'https://tours.example.jp/ko/checkout/ABCDEFGHJK12', { minutes: 30 }))
    expect(mail.subject).toBe('예약 접수: 2025년 6월 7일 토요일 – 결제를 완료해 주세요')
    expect(mail.html).toContain('<html lang="ko">')
    expect(mail.text).toContain('오전, 09:00 시작 (일본 시간)')
    expect(mail.text).toContain('3명')
    expect(mail.text).toContain('반일 프라이빗 투어')
    expect(mail.text).toContain('결제 완료하기: https://tours.example.jp/ko/checkout/ABCDEFGHJK12')
    expect(mail.text).not.toMatch(/Hello|Total|Reference|Questions/)
  })

  it('names the business, the guide and the city in Korean where the deployment gives them (docs/decisions/0079)', () => {
    const inKorean = { ...site, guideName: 'Aya', inLanguages: { ko: { businessName: '조에쓰 로컬 투어', guideName: '아야', city: '일본 니가타현 조에쓰시' } } }
    const mail = renderEmail(inKorean, bookingReceivedEmail(inKorean, korean, 'https://tours.example.jp/ko/checkout/ABCDEFGHJK12', { minutes: 30 }))
    expect(mail.text).toContain('조에쓰 로컬 투어 · 일본 니가타현 조에쓰시')
    expect(mail.text).toContain('아야')
    expect(mail.text).not.toContain('Aya')
    expect(mail.html).toContain('조에쓰 로컬 투어')
  })

  it('tells a guide’s booking when its longer hold ends, in Japan time, and the note of its custom price', () => {
    const arranged: BookingMailFacts = { ...booking, locale: 'ja', guestPackageName: '半日プライベートツアー', priceNote: '撮影の特別な一日（8時間）' }
    const mail = renderEmail(site, bookingReceivedEmail(site, arranged, 'https://tours.example.jp/ja/checkout/ABCDEFGHJK12', { until: new Date('2025-06-03T03:00:00Z') }))
    expect(mail.text).toContain('2025年6月3日火曜日 12:00（日本時間）までお取り置き')
    expect(mail.text).not.toMatch(/分間/)
    expect(mail.text).toContain('料金について: 撮影の特別な一日（8時間）')
  })

  it('shows a promo code’s discount in the guest’s language, and the guide’s English', () => {
    const discounted: BookingMailFacts = { ...booking, locale: 'ja', guestPackageName: '半日プライベートツアー', totalPrice: 14_850, promoCode: 'SPRING-10', discount: 1_650 }
    const guest = renderEmail(site, bookingReceivedEmail(site, discounted, 'https://tours.example.jp/ja/checkout/ABCDEFGHJK12', { minutes: 30 }))
    expect(guest.text).toMatch(/ツアー料金: +¥16,500/)
    expect(guest.text).toContain('プロモーションコード SPRING-10: −¥1,650')
    expect(guest.text).toMatch(/合計: +¥14,850（税込）/)
    const guide = renderEmail(site, adminBookingEmail(site, 'new-booking', discounted, 'https://tours.example.jp/admin/dashboard', 'en'))
    expect(guide.text).toMatch(/Promo code SPRING-10: +−¥1,650/)
    // No code, no rows.
    expect(renderEmail(site, bookingReceivedEmail(site, booking, 'https://tours.example.jp/checkout/ABCDEFGHJK12', { minutes: 30 })).text).not.toMatch(/Promo code|Tour price/)
  })

  it('tells the guide in English which language the guest booked in', () => {
    const mail = renderEmail(site, adminBookingEmail(site, 'new-booking', korean, 'https://tours.example.jp/admin/dashboard', 'en'))
    expect(mail.subject).toBe('New booking: Kenji <b>Tanaka</b>, Saturday, June 7, 2025')
    expect(mail.text).toContain('Language:')
    expect(mail.text).toContain('한국어 (ko)')
    expect(mail.text).toContain('Time:')
    expect(mail.text).toContain('Half-Day Private Tour')
    expect(mail.text).not.toContain('반일 프라이빗 투어')
  })

  it('writes the cancellation in Japanese, with the way back to the Japanese booking page', () => {
    const mail = renderEmail(site, bookingCancelledEmail(site, { ...booking, locale: 'ja' }, { reason: 'cancelled by the guest', refund: 0, wasPaid: false, by: 'guest' }))
    expect(mail.subject).toBe('予約キャンセル：2025年6月7日土曜日')
    expect(mail.text).toContain('https://tours.example.jp/ja/booking')
  })
})

describe('a change of plans, in the guest’s language (docs/decisions/0055, 0056)', () => {
  it('tells a Korean guest where the booking moved from, with the calendar file when their calendar has the tour', () => {
    const mail = renderEmail(site, bookingMovedEmail(site, { ...booking, locale: 'ko' }, { from: { tourDate: '2025-05-31', tourTime: 'afternoon' } }, 'https://tours.example.jp/ko/booking-confirmation/ABCDEFGHJK12', true))
    expect(mail.subject).toBe('예약 변경: 2025년 6월 7일 토요일 투어')
    expect(mail.text).toContain('변경 전 일정은 2025년 5월 31일 토요일(오후)였습니다')
    expect(mail.text).toContain('tour.ics')
    expect(mail.text).not.toMatch(/Hello|It was for|calendar file/)
    const noCalendar = renderEmail(site, bookingMovedEmail(site, booking, { from: { tourDate: '2025-05-31', tourTime: 'afternoon' } }, 'https://tours.example.jp/booking-confirmation/ABCDEFGHJK12', false))
    expect(noCalendar.text).toContain('It was for Saturday, May 31, 2025 (Afternoon)')
    expect(noCalendar.text).not.toContain('tour.ics')
    expect(noCalendar.text).not.toContain('gift voucher')
  })

  it('tells a guest who moved to a cheaper tour what went back onto their gift voucher (docs/decisions/0065)', () => {
    const from = { tourDate: '2025-05-31', tourTime: 'afternoon' } as const
    const mail = renderEmail(site, bookingMovedEmail(site, booking, { from, voucherBack: 6_500 }, 'https://tours.example.jp/booking-confirmation/ABCDEFGHJK12', false))
    expect(mail.text).toContain('¥6,500 has gone back onto your gift voucher')
    const ja = renderEmail(site, bookingMovedEmail(site, { ...booking, locale: 'ja' }, { from, voucherBack: 6_500 }, 'https://tours.example.jp/ja/booking-confirmation/ABCDEFGHJK12', false))
    expect(ja.text).toContain('¥6,500はギフト券の残高に戻りました')
  })

  it('tells a Japanese guest their tour is called off, why, the guide’s note, the deadline and where to choose', () => {
    const mail = renderEmail(
      site,
      bookingDisruptedEmail(site, { ...booking, locale: 'ja' }, { causeId: 'disruption.cause.snow', note: '春日山への道が通行止めです', deadline: '2025年6月5日木曜日 9:00', paid: true }, 'https://tours.example.jp/ja/booking-confirmation/ABCDEFGHJK12/change'),
    )
    expect(mail.subject).toBe('2025年6月7日土曜日のツアーは催行できなくなりました：日程変更または返金をお選びください')
    expect(mail.text).toContain('大雪のため')
    expect(mail.text).toContain('春日山への道が通行止めです')
    expect(mail.text).toContain('2025年6月5日木曜日 9:00（日本時間）までにご回答がない場合は、自動的に全額返金いたします。')
    expect(mail.text).toContain('https://tours.example.jp/ja/booking-confirmation/ABCDEFGHJK12/change')
  })

  it('never promises a refund to a guest who has paid nothing: the booking is moved or cancelled at no charge (docs/decisions/0067)', () => {
    const mail = renderEmail(site, bookingDisruptedEmail(site, booking, { causeId: 'disruption.cause.snow', note: null, deadline: 'Thursday, June 5, 2025 at 9:00 AM', paid: false }, 'https://tours.example.jp/booking-confirmation/ABCDEFGHJK12/change'))
    expect(mail.text).toContain('Nothing has been paid yet, so please do not pay for this date.')
    expect(mail.text).toContain('the booking is cancelled and nothing is charged')
    expect(mail.text).not.toMatch(/refund/i)
  })

  it('tells the guide in English who moved a booking and from where', () => {
    const mail = renderEmail(site, adminBookingEmail(site, 'booking-moved', { ...booking, locale: 'ko' }, 'https://tours.example.jp/admin/dashboard', 'en', { from: { tourDate: '2025-05-31', tourTime: 'afternoon' }, movedBy: 'guest' }))
    expect(mail.subject).toBe('Booking moved: Kenji <b>Tanaka</b>, now Saturday, June 7, 2025')
    expect(mail.text).toContain('moved from Saturday, May 31, 2025 (Afternoon) to Saturday, June 7, 2025 (Morning), by the guest.')
  })

  it('writes to an admin who reads the dashboard in Japanese in Japanese: dates, slots, yen and who moved it (docs/decisions/0086)', () => {
    const mail = renderEmail(site, adminBookingEmail(site, 'booking-moved', { ...booking, locale: 'ko' }, 'https://tours.example.jp/admin/dashboard', 'ja', { from: { tourDate: '2025-05-31', tourTime: 'afternoon' }, movedBy: 'guide' }))
    expect(mail.subject).toBe('予約の変更：Kenji <b>Tanaka</b> 様、変更後2025年6月7日土曜日')
    expect(mail.html).toContain('<html lang="ja"')
    expect(mail.text).toContain('予約が2025年5月31日土曜日（午後）から2025年6月7日土曜日（午前）に変更されました（ガイドによる変更）')
    expect(mail.text).toMatch(/言語:\s+한국어 \(ko\)/)
    expect(mail.text).toContain('ダッシュボードで開く')
    expect(mail.text).not.toMatch(/Booking moved|Open in the dashboard|switched on/)

    const paid = renderEmail(site, adminBookingEmail(site, 'payment-received', booking, 'https://tours.example.jp/admin/dashboard', 'ja'))
    expect(paid.subject).toBe(`お支払いを受け取りました：${booking.totalPrice.toLocaleString('en')}円（Kenji <b>Tanaka</b> 様）`)

    const cancelled = renderEmail(site, adminBookingEmail(site, 'booking-cancelled', booking, 'https://tours.example.jp/admin/dashboard', 'ja', { refund: 7150 }))
    expect(cancelled.text).toContain('キャンセルされました（理由の記載なし）。返金：7,150円。')

    const review = renderEmail(site, adminNewReviewEmail(site, { rating: 5, title: 'Great', text: 'Lovely day', displayName: 'Kenji', country: null, guestName: 'Kenji', tourDate: '2025-06-07', changed: true }, 'https://tours.example.jp/admin', 'ja'))
    expect(review.subject).toBe('Kenji 様がレビューを変更しました：星5（5段階）')
    const sold = renderEmail(site, adminVoucherSoldEmail(site, { locale: 'en', buyerName: 'Mei', recipientName: 'Ana', code: 'GIFT-••••', amount: 20000, validUntil: '2026-06-30', buyerEmail: 'mei@example.com' }, 'https://tours.example.jp/admin', 'ja'))
    expect(sold.text).toContain('Mei 様が Ana 様あての20,000円のギフト券を購入しました。支払い済みで、2026年6月30日火曜日まで使えます。')
  })
})

describe('the waitlist e-mail (docs/decisions/0057)', () => {
  const book = 'https://tours.example.jp/ja/booking?date=2025-06-07&tourTime=afternoon'
  const leave = 'https://tours.example.jp/ja/waitlist/0123456789ABCDEFGHJKMNPQRS'

  it('tells the visitor in their language which slot is free, that the first to book gets it, with the booking link and the removal link', () => {
    const mail = renderEmail(
      site,
      waitlistOpenEmail(site, { locale: 'ja', tourDate: '2025-06-07', tourTime: 'afternoon', startTime: '14:00', numberOfPeople: 3, packageName: '半日プライベートツアー' }, book, leave),
    )
    expect(mail.subject).toBe('2025年6月7日土曜日の午後に空きが出ました')
    expect(mail.html).toContain('<html lang="ja">')
    expect(mail.text).toContain('先にご予約された方が優先')
    expect(mail.text).toContain('午後・14:00開始（日本時間）')
    expect(mail.text).toContain('3名')
    expect(mail.text).toContain('半日プライベートツアー')
    expect(mail.text).toContain(`この枠を予約する: ${book}`)
    expect(mail.text).toContain(leave)
    expect(mail.html).toContain(book.replace(/&/g, '&amp;'))
    expect(mail.html).toContain(leave)
    expect(mail.text).not.toMatch(/Book this slot|Leave the waitlist/)
  })

  it('in English names the slot as the booking page does', () => {
    const mail = renderEmail(site, waitlistOpenEmail(site, { locale: 'en', tourDate: '2025-06-07', tourTime: 'full-day', startTime: '09:00', numberOfPeople: 1, packageName: 'Full-Day Private Tour' }, book, leave))
    expect(mail.subject).toBe('Full Day on Saturday, June 7, 2025 is free again: book it now')
    expect(mail.text).toContain('1 person')
    expect(mail.text).toContain('Leave the waitlist')
  })
})

describe('the waitlist confirmation e-mail (docs/decisions/0070)', () => {
  const confirm = 'https://tours.example.jp/ko/waitlist/confirm/0123456789ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFGHJK'

  it('is short: the slot someone asked about, the link to confirm (spelt out), and that a stranger can ignore it, in the page’s language', () => {
    const mail = renderEmail(site, waitlistConfirmEmail(site, { locale: 'ko', tourDate: '2025-06-07', tourTime: 'morning' }, confirm, 24))
    expect(mail.subject).toBe('대기 명단 이메일 주소 확인')
    expect(mail.html).toContain('<html lang="ko">')
    expect(mail.text).toContain('2025년 6월 7일 토요일 오전 시간에 자리가 나면')
    expect(mail.text).toContain(`이메일 주소 확인하기: ${confirm}`)
    expect(mail.text).toContain('24시간 안에 삭제합니다')
    expect(mail.html).toContain(confirm)
    // No booking link, no removal link: nothing but the confirmation.
    expect(mail.text).not.toMatch(/\/booking\?|\/waitlist\/[0-9A-Z]{26}\b/)
  })

  it('in English', () => {
    const mail = renderEmail(site, waitlistConfirmEmail(site, { locale: 'en', tourDate: '2025-06-07', tourTime: 'full-day' }, confirm, 48))
    expect(mail.subject).toBe('Confirm your address for the waitlist')
    expect(mail.text).toContain('the Full Day slot on Saturday, June 7, 2025 frees up')
    expect(mail.text).toContain('we delete it within 48 hours')
  })
})

describe('the gift voucher e-mails (docs/decisions/0065)', () => {
  const url = 'https://tours.example.jp/ko/voucher/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'
  const facts = { locale: 'ko' as const, buyerName: '<script>alert(1)</script>Mei', recipientName: '<b>Lin</b>', code: 'GIFT-7KQ2-M9XA-4RTV-ZB31', amount: 20_000, validUntil: '2027-05-25' }

  it('gives the buyer the code, the value, the last day and the page in their language, their names as inert text', () => {
    const mail = renderEmail(site, voucherPurchasedEmail(site, facts, url))
    expect(mail.subject).toBe('¥20,000 상품권을 보내 드립니다')
    expect(mail.html).toContain('<html lang="ko">')
    expect(mail.text).toContain('GIFT-7KQ2-M9XA-4RTV-ZB31')
    expect(mail.text).toContain('¥20,000')
    expect(mail.text).toContain(url)
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<b>Lin</b>')
    expect(mail.html).toContain('&lt;b&gt;Lin&lt;/b&gt;')
  })

  it('tells the guide in English, with the code masked', () => {
    const mail = renderEmail(site, adminVoucherSoldEmail(site, { ...facts, buyerEmail: 'mei@example.com', code: 'GIFT-••••-••••-••••-ZB31' }, 'https://tours.example.jp/admin/dashboard?tab=vouchers', 'en'))
    expect(mail.subject).toBe('Voucher sold: ¥20,000 to <script>alert(1)</script>Mei')
    expect(mail.html).not.toContain('<script>')
    expect(mail.text).toContain('GIFT-••••-••••-••••-ZB31')
    expect(mail.text).not.toContain('7KQ2')
    expect(mail.text).toContain('May 25, 2027')
  })
})

describe('what the guest needs on the day (docs/decisions/0052)', () => {
  it('the payment confirmation and the reminder give the meeting point, its map links, what to bring and WhatsApp, in both parts', () => {
    for (const model of [paymentConfirmedEmail(site, booking, 'https://tours.example.jp/booking-confirmation/ABCDEFGHJK12'), reminderEmail(site, booking, 'https://tours.example.jp/booking-confirmation/ABCDEFGHJK12')]) {
      const { html, text } = renderEmail(site, model)
      for (const part of [html, text]) {
        expect(part).toContain('Where we meet')
        expect(part).toContain('Joetsu-Myoko Station')
        expect(part).toContain('新潟県上越市大和5丁目')
        expect(part).toContain('By the Shinkansen ticket gates.')
        expect(part).toContain('What to bring')
        expect(part).toContain('An umbrella or rain jacket.')
      }
      expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=37.0785,138.2483"')
      expect(html).toContain('href="https://maps.apple.com/?ll=37.0785,138.2483&amp;q=Joetsu-Myoko%20Station"')
      expect(html).toContain('href="https://wa.me/819000000000?text=About%20ABCDEFGHJK12"')
      expect(text).toContain('Google Maps: https://www.google.com/maps/search/?api=1&query=37.0785,138.2483')
    }
  })

  it('names the hotel for a pickup, in the guest’s language, and tells the guide in English', () => {
    const pickup: BookingMailFacts = { ...booking, locale: 'ja', meeting: { kind: 'pickup', hotel: 'Hotel Centraal' }, guideMeeting: { kind: 'pickup', hotel: 'Hotel Centraal' } }
    const { text } = renderEmail(site, reminderEmail(site, pickup, 'https://tours.example.jp/ja/booking-confirmation/ABCDEFGHJK12'))
    expect(text).toContain('ホテルのロビーまでお迎えに上がります：Hotel Centraal')
    expect(text).not.toContain('Google')
    const guide = renderEmail(site, adminBookingEmail(site, 'new-booking', pickup, 'https://tours.example.jp/admin', 'en'))
    expect(guide.text).toMatch(/Meeting:\s+Hotel pickup: Hotel Centraal/)
  })

  it('marks the guide’s English "what to bring" in a Japanese e-mail', () => {
    const japanese: BookingMailFacts = { ...booking, locale: 'ja', whatToBring: { text: 'Snow boots, please.', lang: 'en' } }
    expect(renderEmail(site, paymentConfirmedEmail(site, japanese, 'https://x')).html).toContain('<div lang="en"')
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

// docs/decisions/0027: a name stored before one-line fields were enforced forges no line.
describe('one-line values in e-mails', () => {
  it('show line breaks and control characters of a stored name as spaces; multi-line details keep their lines', () => {
    const forged = { ...booking, name: 'Evil\r\nBcc: x@evil.example', specialRequests: 'Line one\r\nLine two' }
    const guest = renderEmail(site, bookingReceivedEmail(site, forged, 'https://tours.example.jp/checkout/ABCDEFGHJK12', { minutes: 30 }))
    expect(guest.text).not.toMatch(/^\s*Bcc:/m)
    expect(guest.text).toContain('Hello Evil Bcc: x@evil.example,')
    const admin = renderEmail(site, adminBookingEmail(site, 'new-booking', forged, 'https://tours.example.jp/admin', 'en'))
    expect(admin.subject).not.toMatch(/[\r\n]/)
    expect(admin.text).not.toMatch(/^\s*Bcc:/m)
    expect(admin.text).toMatch(/Line one\n\s+Line two/)
    const inquiry = renderEmail(site, adminInquiryEmail(site, { name: 'Evil\nBcc: x@evil.example', email: 'x@example.org', phone: '+81\r\n90', visitDate: null, groupSize: null, packageLabel: null, message: 'Hi\nthere', locale: 'ko' }, 'https://tours.example.jp/admin', 'en'))
    expect(inquiry.subject).toBe('New inquiry from Evil Bcc: x@evil.example')
    expect(inquiry.text).not.toMatch(/^\s*Bcc:/m)
    expect(inquiry.text).toMatch(/Hi\n\s+there/)
    expect(inquiry.text).toContain('한국어 (ko)')
  })
})

