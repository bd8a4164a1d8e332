import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { slotLabel } from '../../../core/slots.ts'
import { languageLabel } from '../../../core/i18n/locales.ts'
import type { Meeting } from '../../../core/meeting-points.ts'
import { answersForGuide } from '../../../core/booking-questions.ts'
import type { EmailDetail, EmailModel } from './layout.tsx'
import { bookingDetails, type BookingMailFacts } from './booking.ts'
import type { PreviousSlot } from './changes.ts'

/**
 * The guide's own e-mails, in English as the dashboard: the notification of each booking event
 * and the dashboard's test e-mail. The guide's e-mails of an inquiry, a review or a voucher live
 * with their domain's.
 */

/** Where the guide meets the guest, in one line of the guide's e-mail. */
function guideMeetingText(meeting: Meeting | null): string {
  if (!meeting) return 'Not chosen'
  return meeting.kind === 'pickup' ? `Hotel pickup: ${meeting.hotel}` : meeting.name
}

/** The guide reads English, with the language the guest booked in. */
function adminBookingDetails(b: BookingMailFacts): EmailDetail[] {
  return [
    ['Guest', b.name],
    ['E-mail', b.email],
    ['Phone', b.phone],
    ['Language', languageLabel(b.locale)],
    ...bookingDetails(b, 'en'),
    ['Meeting', guideMeetingText(b.guideMeeting)],
    ...(b.specialRequests ? ([['Special requests', b.specialRequests, 'multi-line']] as EmailDetail[]) : []),
    // The guide reads the answers in English, each under its question (docs/decisions/0053).
    ...answersForGuide(b.answers).map(([label, text]): EmailDetail => [label, text, 'multi-line']),
  ]
}

export type AdminBookingMailKind = 'new-booking' | 'reseller-booking' | 'payment-received' | 'booking-cancelled' | 'booking-expired' | 'booking-moved'

export function adminBookingEmail(
  site: SiteIdentity,
  kind: AdminBookingMailKind,
  b: BookingMailFacts,
  dashboardUrl: string,
  extra?: { reason?: string; refund?: number; from?: PreviousSlot; by?: string },
): EmailModel {
  const date = formatLongDate(b.tourDate)
  const from = extra?.from ? `${formatLongDate(extra.from.tourDate)} (${slotLabel(extra.from.tourTime)})` : 'its earlier slot'
  const texts = {
    'new-booking': { subject: `New booking: ${b.name}, ${date}`, heading: 'New booking', line: `${b.name} booked ${date} (${slotLabel(b.tourTime)}). It holds its slot until paid.` },
    // docs/decisions/0074: the reseller took the guest's payment and owes the guide its net.
    'reseller-booking': {
      subject: `New booking through ${extra?.by ?? 'a reseller'}: ${b.name}, ${date}`,
      heading: 'New booking through a reseller',
      line: `${b.name} booked ${date} (${slotLabel(b.tourTime)}) through ${extra?.by ?? 'a reseller'}. The reseller collected the payment; changes and cancellations come through them.`,
    },
    'payment-received': { subject: `Payment received: ${formatYen(b.totalPrice)} from ${b.name}`, heading: 'Payment received', line: `${b.name} paid ${formatYen(b.totalPrice)} for ${date} (${slotLabel(b.tourTime)}).` },
    'booking-cancelled': {
      subject: `Booking cancelled: ${b.name}, ${date}`,
      heading: 'Booking cancelled',
      line: `${b.name}'s booking for ${date} was cancelled (${extra?.reason ?? 'no reason given'}). Refund: ${formatYen(extra?.refund ?? 0)}.`,
    },
    'booking-expired': { subject: `Booking expired: ${b.name}, ${date}`, heading: 'Unpaid booking expired', line: `${b.name}'s unpaid booking for ${date} expired and the slot is free again.` },
    'booking-moved': {
      subject: `Booking moved: ${b.name}, now ${date}`,
      heading: 'Booking moved',
      line: `${b.name}'s booking moved from ${from} to ${date} (${slotLabel(b.tourTime)}), ${extra?.by ?? 'by the guest'}. The earlier slot is free again.`,
    },
  }[kind]
  return {
    subject: texts.subject,
    preheader: texts.line,
    heading: texts.heading,
    paragraphs: [texts.line],
    details: adminBookingDetails(b),
    action: { label: 'Open in the dashboard', url: dashboardUrl },
    closing: [`You receive this because your ${site.businessName} account has e-mail notifications switched on.`],
  }
}

export function testEmail(site: SiteIdentity, sentAt: Date, transportDescription: string): EmailModel {
  return {
    subject: `Test e-mail from ${site.businessName}`,
    preheader: 'E-mail delivery works.',
    heading: 'E-mail delivery works',
    paragraphs: [`This is a test message sent from the admin dashboard at ${sentAt.toISOString()} through ${transportDescription}.`, 'If you can read this, guests and admins will receive their e-mails.'],
  }
}
