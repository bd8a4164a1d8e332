import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { SLOT_MESSAGE_IDS, slotLabel, type TourTime } from '../../../core/slots.ts'
import { localizePath } from '../../../core/i18n/locales.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import type { CancellationCause } from '../../../core/cancellation-policy.ts'
import type { EmailModel } from './layout.tsx'
import { guestClosing } from './parts.ts'
import { bookingDetails, inLanguage, tripSections, type BookingMailFacts } from './booking.ts'

/** The guest's e-mails when a booking changes after it is made: cancelled, moved, or its day called off. */

/**
 * Who cancelled, as the guest's e-mail tells it: the guest, the guide for a reason the
 * cancellation policy names (core/cancellation-policy.ts), or the system (a lapsed hold,
 * an admin's status switch), which states its reason.
 */
export type CancelledBy = CancellationCause | 'system'

export function bookingCancelledEmail(
  site: SiteIdentity,
  b: BookingMailFacts,
  details: { reason: string; refund: number; voucherBack?: number; wasPaid: boolean; by: CancelledBy },
): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  // What a gift voucher paid goes back onto it (docs/decisions/0065): said beside the card's refund, or
  // instead of "no refund" when the voucher paid it all.
  const moneyBack = [
    ...(details.refund > 0 ? [t('email.cancelled.refund', { amount: formatYen(details.refund) })] : []),
    ...(details.voucherBack ? [t('email.voucherBack', { amount: formatYen(details.voucherBack) })] : []),
  ]
  const refundLines = moneyBack.length > 0 ? moneyBack : [details.wasPaid ? t('email.cancelled.noRefund') : t('email.cancelled.noPayment')]
  const refundLine = refundLines[0]!
  const byGuide = details.by === 'guide-weather' || details.by === 'guide-transport' || details.by === 'guide-other'
  const opening = {
    guest: t('email.cancelled.byGuest', { date }),
    'guide-weather': t('email.cancelled.byWeather', { date }),
    'guide-transport': t('email.cancelled.byTransport', { date }),
    'guide-other': t('email.cancelled.byGuide', { date }),
    system: t('email.cancelled.bySystem', { date, reason: details.reason }),
  }[details.by]
  // What the guide typed, when it is more than the cause's default wording (server/services/refunds.ts).
  const guideNote = byGuide && !details.reason.startsWith('cancelled by the guide') ? [t('email.cancelled.note', { reason: details.reason })] : []
  const nextSteps = byGuide ? [t('email.cancelled.next')] : []
  return {
    locale: b.locale,
    subject: byGuide ? t('email.cancelled.subjectGuide', { date }) : t('email.cancelled.subject', { date }),
    preheader: byGuide ? t('email.cancelled.preheaderGuide', { date, refund: refundLine }) : t('email.cancelled.preheader', { date }),
    heading: byGuide ? t('email.cancelled.headingGuide') : t('email.cancelled.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [opening, ...guideNote, ...refundLines, ...nextSteps],
    details: [...bookingDetails(b), [t('email.detail.refund'), formatYen(details.refund)]],
    action: { label: t('email.cancelled.action'), url: `${site.baseUrl}${localizePath('/booking', b.locale)}` },
    closing: guestClosing(site, b.locale),
  }
}

/** Where the booking was before a move: its date and slot, for the guest's e-mail in their language. */
export type PreviousSlot = { tourDate: string; tourTime: TourTime }

/**
 * The booking was moved (docs/decisions/0055): the new details, where it was before,
 * what of a gift voucher's part went back onto it (docs/decisions/0065) and, for a guest whose
 * calendar has the tour, the calendar file that moves it there.
 */
export function bookingMovedEmail(
  site: SiteIdentity,
  b: BookingMailFacts,
  { from, voucherBack = 0 }: { from: PreviousSlot; voucherBack?: number },
  confirmationUrl: string,
  withCalendarFile: boolean,
): EmailModel {
  const { t, date, slot } = inLanguage(b, b.locale)
  const fromSlot = b.locale === 'en' ? slotLabel(from.tourTime) : t(SLOT_MESSAGE_IDS[from.tourTime])
  return {
    locale: b.locale,
    subject: t('email.moved.subject', { date }),
    preheader: t('email.moved.preheader', { date, slot }),
    heading: t('email.moved.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [
      t('email.moved.text', { fromDate: formatLongDate(from.tourDate, b.locale), fromSlot }),
      ...(voucherBack > 0 ? [t('email.voucherBack', { amount: formatYen(voucherBack) })] : []),
      ...(withCalendarFile ? [t('email.moved.calendarFile')] : []),
    ],
    details: bookingDetails(b),
    sections: tripSections(site, b),
    action: { label: t('email.viewBooking'), url: confirmationUrl },
    closing: guestClosing(site, b.locale),
  }
}

/**
 * The guide called off the booking's day or slot (docs/decisions/0056): why, the two
 * choices (a new date free of charge or a full refund), and the deadline after which the refund
 * is automatic, with the link to the page where the guest chooses.
 */
export function bookingDisruptedEmail(site: SiteIdentity, b: BookingMailFacts, details: { causeId: MessageId; note: string | null; deadline: string; paid: boolean }, choiceUrl: string): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  return {
    locale: b.locale,
    subject: t('email.disrupted.subject', { date }),
    preheader: t(details.paid ? 'email.disrupted.preheader' : 'email.disrupted.preheaderUnpaid'),
    heading: t('email.disrupted.heading'),
    greeting: t('email.greeting', { name: b.name }),
    // Nothing paid yet: nothing to refund, and nothing to pay for the called-off date (docs/decisions/0067).
    paragraphs: [
      t(details.paid ? 'email.disrupted.text' : 'email.disrupted.textUnpaid', { cause: t(details.causeId), date }),
      ...(details.note ? [t('email.cancelled.note', { reason: details.note })] : []),
      t(details.paid ? 'email.disrupted.deadline' : 'email.disrupted.deadlineUnpaid', { deadline: details.deadline }),
    ],
    details: bookingDetails(b),
    action: { label: t(details.paid ? 'email.disrupted.action' : 'email.disrupted.actionUnpaid'), url: choiceUrl, spellOut: true },
    closing: guestClosing(site, b.locale),
  }
}
