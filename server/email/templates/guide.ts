import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { languageLabel } from '../../../core/i18n/locales.ts'
import type { AdminLocale } from '../../../core/i18n/admin-locales.ts'
import type { MessageId, MessageValues } from '../../../core/i18n/message-id.ts'
import { translate } from '../../i18n/catalog.ts'
import type { Meeting } from '../../../core/meeting-points.ts'
import { answersForGuide } from '../../../core/booking-questions.ts'
import type { EmailDetail, EmailModel } from './layout.tsx'
import { bookingDetails, inLanguage, type BookingMailFacts } from './booking.ts'
import type { PreviousSlot } from './changes.ts'

/**
 * The guide's own e-mails, in each admin's language as the dashboard (docs/decisions/0086): the
 * notification of each booking event and the dashboard's test e-mail. The guide's e-mails of an
 * inquiry, a review or a voucher live with their domain's.
 */

/** The closing line of every e-mail to an admin. */
export const adminClosing = (site: SiteIdentity, locale: AdminLocale) => [translate(locale, 'adminEmail.closing', { business: site.businessName })]

/** Where the guide meets the guest, in one line of the guide's e-mail. */
function guideMeetingText(meeting: Meeting | null, locale: AdminLocale): string {
  if (!meeting) return translate(locale, 'adminEmail.meeting.notChosen')
  return meeting.kind === 'pickup' ? translate(locale, 'adminEmail.meeting.pickup', { hotel: meeting.hotel }) : meeting.name
}

/** The guide reads the booking in their language, with the language the guest booked in. */
function adminBookingDetails(b: BookingMailFacts, locale: AdminLocale): EmailDetail[] {
  const t = (id: MessageId) => translate(locale, id)
  return [
    [t('adminEmail.detail.guest'), b.name],
    [t('adminEmail.detail.email'), b.email],
    [t('adminEmail.detail.phone'), b.phone],
    [t('adminEmail.detail.language'), languageLabel(b.locale)],
    ...bookingDetails(b, locale),
    [t('adminEmail.detail.meeting'), guideMeetingText(b.guideMeeting, locale)],
    ...(b.specialRequests ? ([[t('adminEmail.detail.specialRequests'), b.specialRequests, 'multi-line']] as EmailDetail[]) : []),
    // The guide reads the answers in English, each under its question (docs/decisions/0053).
    ...answersForGuide(b.answers).map(([label, text]): EmailDetail => [label, text, 'multi-line']),
  ]
}

export type AdminBookingMailKind = 'new-booking' | 'reseller-booking' | 'payment-received' | 'booking-cancelled' | 'booking-expired' | 'booking-moved'

/** Who moved a booking, as the guide's e-mail says it. */
export type MoveActor = 'guest' | 'guide' | 'disruption'

const MOVED_BY: Record<MoveActor, MessageId> = {
  guest: 'adminEmail.booking.moved.byGuest',
  guide: 'adminEmail.booking.moved.byGuide',
  disruption: 'adminEmail.booking.moved.byGuestAfterDisruption',
}

const BOOKING_MAIL: Record<AdminBookingMailKind, { subject: MessageId; heading: MessageId; line: MessageId }> = {
  'new-booking': { subject: 'adminEmail.booking.new.subject', heading: 'adminEmail.booking.new.heading', line: 'adminEmail.booking.new.line' },
  // docs/decisions/0074: the reseller took the guest's payment and owes the guide its net.
  'reseller-booking': { subject: 'adminEmail.booking.reseller.subject', heading: 'adminEmail.booking.reseller.heading', line: 'adminEmail.booking.reseller.line' },
  'payment-received': { subject: 'adminEmail.booking.paid.subject', heading: 'adminEmail.booking.paid.heading', line: 'adminEmail.booking.paid.line' },
  'booking-cancelled': { subject: 'adminEmail.booking.cancelled.subject', heading: 'adminEmail.booking.cancelled.heading', line: 'adminEmail.booking.cancelled.line' },
  'booking-expired': { subject: 'adminEmail.booking.expired.subject', heading: 'adminEmail.booking.expired.heading', line: 'adminEmail.booking.expired.line' },
  'booking-moved': { subject: 'adminEmail.booking.moved.subject', heading: 'adminEmail.booking.moved.heading', line: 'adminEmail.booking.moved.line' },
}

export function adminBookingEmail(
  site: SiteIdentity,
  kind: AdminBookingMailKind,
  b: BookingMailFacts,
  dashboardUrl: string,
  locale: AdminLocale,
  extra?: { reason?: string; refund?: number; from?: PreviousSlot; channel?: string; movedBy?: MoveActor },
): EmailModel {
  const t = (id: MessageId, values?: MessageValues) => translate(locale, id, values)
  const { date, slot } = inLanguage(b, locale)
  const from = extra?.from
    ? t('adminEmail.booking.moved.slot', { date: formatLongDate(extra.from.tourDate, locale), slot: inLanguage({ ...b, ...extra.from }, locale).slot })
    : t('adminEmail.booking.moved.earlierSlot')
  const values = {
    name: b.name,
    date,
    slot,
    amount: formatYen(b.totalPrice, locale),
    by: kind === 'booking-moved' ? t(MOVED_BY[extra?.movedBy ?? 'guest']) : (extra?.channel ?? t('adminEmail.booking.aReseller')),
    reason: extra?.reason ?? t('adminEmail.booking.cancelled.noReason'),
    refund: formatYen(extra?.refund ?? 0, locale),
    from,
  }
  const texts = BOOKING_MAIL[kind]
  const line = t(texts.line, values)
  return {
    locale,
    subject: t(texts.subject, values),
    preheader: line,
    heading: t(texts.heading),
    paragraphs: [line],
    details: adminBookingDetails(b, locale),
    action: { label: t('adminEmail.booking.open'), url: dashboardUrl },
    closing: adminClosing(site, locale),
  }
}

/** The dashboard's test e-mail, in the language of the admin who sent it. */
export function testEmail(site: SiteIdentity, sentAt: Date, transportDescription: string, locale: AdminLocale): EmailModel {
  const t = (id: MessageId, values?: MessageValues) => translate(locale, id, values)
  return {
    locale,
    subject: t('adminEmail.test.subject', { business: site.businessName }),
    preheader: t('adminEmail.test.preheader'),
    heading: t('adminEmail.test.heading'),
    paragraphs: [t('adminEmail.test.sent', { at: sentAt.toISOString(), transport: transportDescription }), t('adminEmail.test.works')],
  }
}
