import { guideNameOr, siteIn, type SiteIdentity } from '../../../core/site.ts'
import { formatJapanDateTime, formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { SLOT_MESSAGE_IDS, formatClockTime, localizeClockText, slotLabel, type TourTime } from '../../../core/slots.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import type { Meeting } from '../../../core/meeting-points.ts'
import type { AnswerSnapshot } from '../../../core/booking-questions.ts'
import type { EmailModel, EmailSection } from './layout.tsx'
import { guestClosing, translatorFor } from './parts.ts'

/**
 * The guest's e-mails of a booking that goes as planned: received, paid, confirmed by the guide,
 * the reminder. Also the booking's facts and their details table, which the e-mails of a change
 * (./changes.ts) and the guide's (./guide.ts) show too.
 */

/** What every booking e-mail needs to know about the booking. */
export type BookingMailFacts = {
  reference: string
  name: string
  email: string
  phone: string
  tourDate: string
  tourTime: TourTime
  /** 'HH:mm' in Japan (config.booking.startTimes). */
  startTime: string
  numberOfPeople: number
  totalPrice: number
  /** The tour's name in English, for the guide, and in the guest's language (docs/decisions/0045). */
  packageName: string
  guestPackageName: string
  specialRequests?: string | null
  /** The language the guest booked in: their e-mails are written in it. */
  locale: Locale
  /** Where the tour starts, in the guest's language and in the guide's English (docs/decisions/0052). */
  meeting: Meeting | null
  guideMeeting: Meeting | null
  /** The season's "what to bring", in the guest's language (or the guide's English, marked). */
  whatToBring: { text: string; lang?: 'en' }
  /** The guide's WhatsApp with a message naming the booking, in the guest's language. */
  whatsappUrl: string
  /** The guest's answers to the booking questions (docs/decisions/0053). */
  answers?: AnswerSnapshot[]
  /** What a custom price is for, as the guide wrote it for the guest (docs/decisions/0059). */
  priceNote?: string | null
  /** A promo code and the yen it took off the catalogue's price; totalPrice is after it (docs/decisions/0062). */
  promoCode?: string | null
  discount?: number
  /** What a gift voucher paid of it; totalPrice is what the card pays after it (docs/decisions/0065). */
  voucherAmount?: number
}

/**
 * What the guest needs on the day (docs/decisions/0052): where to meet with its map links, what to
 * bring, and the guide's WhatsApp. The same facts the trip page shows, so the two cannot disagree.
 */
export function tripSections(site: SiteIdentity, b: BookingMailFacts): EmailSection[] {
  const t = translatorFor(b.locale)
  const sections: EmailSection[] = []
  const meeting = b.meeting
  if (meeting?.kind === 'pickup') sections.push({ heading: t('trip.meeting.title'), lines: [t('trip.pickup.text', { hotel: meeting.hotel })] })
  else if (meeting) {
    sections.push({
      heading: t('trip.meeting.title'),
      lines: [
        meeting.name,
        meeting.address,
        ...(meeting.address === meeting.addressJa ? [] : [`${t('trip.meeting.taxi')}: ${meeting.addressJa}`]),
        ...(meeting.instructions ? [meeting.instructions] : []),
      ],
      links: [
        { label: t('trip.meeting.google'), url: meeting.links.google },
        { label: t('trip.meeting.apple'), url: meeting.links.apple },
      ],
    })
  }
  sections.push({ heading: t('trip.bring.title'), lines: [b.whatToBring.text], ...(b.whatToBring.lang ? { lang: b.whatToBring.lang } : {}) })
  sections.push({
    heading: t('trip.whatsapp.title'),
    lines: [t('trip.whatsapp.text', { who: guideNameOr(siteIn(site, b.locale), t('trip.whatsapp.us')) })],
    links: [{ label: t('trip.whatsapp.link'), url: b.whatsappUrl }],
  })
  return sections
}

/** The facts of the e-mail in a language: dates, the slot and its start time in that language's forms. */
export function inLanguage(b: BookingMailFacts, locale: Locale) {
  const t = translatorFor(locale)
  const time = localizeClockText(formatClockTime(b.startTime), locale)
  return { t, date: formatLongDate(b.tourDate, locale), slot: locale === 'en' ? slotLabel(b.tourTime) : t(SLOT_MESSAGE_IDS[b.tourTime]), time }
}

export function bookingDetails(b: BookingMailFacts, locale: Locale = b.locale): Array<[string, string]> {
  const { t, date, slot, time } = inLanguage(b, locale)
  return [
    [t('email.detail.tour'), locale === b.locale ? b.guestPackageName : b.packageName],
    [t('email.detail.date'), date],
    [t('email.detail.time'), t('email.detail.timeValue', { slot, time })],
    [t('email.detail.group'), t('email.detail.people', { count: b.numberOfPeople })],
    ...((b.promoCode && b.discount) || b.voucherAmount
      ? ([[t('email.detail.cataloguePrice'), formatYen(b.totalPrice + (b.discount ?? 0) + (b.voucherAmount ?? 0))]] satisfies Array<[string, string]>)
      : []),
    ...(b.promoCode && b.discount ? ([[t('email.detail.promoCode', { code: b.promoCode }), `−${formatYen(b.discount)}`]] satisfies Array<[string, string]>) : []),
    ...(b.voucherAmount ? ([[t('email.detail.voucher'), `−${formatYen(b.voucherAmount)}`]] satisfies Array<[string, string]>) : []),
    [t('email.detail.total'), t('email.detail.totalValue', { amount: formatYen(b.totalPrice) })],
    ...(b.priceNote ? [[t('email.detail.priceNote'), b.priceNote] satisfies [string, string]] : []),
    [t('email.detail.reference'), b.reference],
  ]
}

/**
 * How long an unpaid booking waits for its payment: the site's hold in minutes, or the guide's
 * longer one until a moment, told in Japan time (docs/decisions/0059).
 */
export type PaymentHold = { minutes: number } | { until: Date }

export function bookingReceivedEmail(site: SiteIdentity, b: BookingMailFacts, payUrl: string, hold: PaymentHold): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  const deadline = 'until' in hold ? formatJapanDateTime(hold.until, b.locale) : null
  const minutes = 'minutes' in hold ? hold.minutes : 0
  return {
    locale: b.locale,
    subject: t('email.received.subject', { date }),
    preheader: deadline ? t('email.received.preheaderUntil', { date, deadline }) : t('email.received.preheader', { date, minutes }),
    heading: t('email.received.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [deadline ? t('email.received.textUntil', { businessName: site.businessName, deadline }) : t('email.received.text', { businessName: site.businessName, minutes })],
    details: bookingDetails(b),
    action: { label: t('email.received.action'), url: payUrl, spellOut: true },
    closing: guestClosing(site, b.locale),
  }
}

export function paymentConfirmedEmail(site: SiteIdentity, b: BookingMailFacts, confirmationUrl: string): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  const amount = formatYen(b.totalPrice)
  return {
    locale: b.locale,
    subject: t('email.paid.subject', { date }),
    preheader: t('email.paid.preheader', { amount }),
    heading: t('email.paid.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [t('email.paid.text', { amount }), t('email.calendarFile')],
    details: bookingDetails(b),
    sections: tripSections(site, b),
    action: { label: t('email.viewBooking'), url: confirmationUrl },
    closing: [t('email.policy'), ...guestClosing(site, b.locale)],
  }
}

export function reminderEmail(site: SiteIdentity, b: BookingMailFacts, confirmationUrl: string): EmailModel {
  const { t, date, time } = inLanguage(b, b.locale)
  return {
    locale: b.locale,
    subject: t('email.reminder.subject', { date }),
    preheader: t('email.reminder.preheader', { date, time }),
    heading: t('email.reminder.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [t('email.reminder.text', { date, time })],
    details: bookingDetails(b),
    sections: tripSections(site, b),
    action: { label: t('email.viewBooking'), url: confirmationUrl },
    closing: guestClosing(site, b.locale),
  }
}

/** The admin confirmed a booking (arranged by message, docs/decisions/0005): the slot is the guest's. */
export function bookingConfirmedEmail(site: SiteIdentity, b: BookingMailFacts, confirmationUrl: string, paid: boolean): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  return {
    locale: b.locale,
    subject: t('email.confirmed.subject', { date }),
    preheader: t('email.confirmed.preheader', { date }),
    heading: t('email.paid.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [t('email.confirmed.text'), paid ? t('email.confirmed.paid', { amount: formatYen(b.totalPrice) }) : t('email.confirmed.unpaid'), t('email.calendarFile')],
    details: bookingDetails(b),
    sections: tripSections(site, b),
    action: { label: t('email.viewBooking'), url: confirmationUrl },
    closing: guestClosing(site, b.locale),
  }
}
