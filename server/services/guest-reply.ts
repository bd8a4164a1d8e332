import { formatLongDate, type CalendarDate } from '../../core/dates.ts'
import { toLocale } from '../../core/i18n/locales.ts'
import { translate } from '../i18n/catalog.ts'

/**
 * The start of the guide's e-mail to a guest, as the dashboard's "reply" link drafts it: written
 * in the guest's language (the one they booked or wrote in), whatever language the dashboard
 * speaks (docs/decisions/0086).
 */
export type GuestReply = { subject: string; greeting: string }

export function bookingReply(booking: { id: number; name: string; tourDate: CalendarDate; locale: string }): GuestReply {
  const locale = toLocale(booking.locale)
  return {
    subject: translate(locale, 'email.reply.bookingSubject', { date: formatLongDate(booking.tourDate, locale), id: booking.id }),
    greeting: translate(locale, 'email.greeting', { name: booking.name }),
  }
}

export function inquiryReply(message: { name: string; locale: string }): GuestReply {
  const locale = toLocale(message.locale)
  return { subject: translate(locale, 'email.reply.inquirySubject'), greeting: translate(locale, 'email.greeting', { name: message.name }) }
}
