import { eq } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { tourPackages, type Booking } from '../db/schema.ts'
import type { Config } from '../config/index.ts'
import { formatYen } from '../../core/money.ts'
import { formatLongDate } from '../../core/dates.ts'
import { isTourTime, slotInstants, slotLabel, type TourTime } from '../../core/slots.ts'
import { bookingActionLink, type NotificationService } from './notifications.ts'
import type { MailOutbox } from './mail-outbox.ts'
import { buildIcs } from '../email/ics.ts'
import {
  adminBookingEmail,
  bookingCancelledEmail,
  bookingReceivedEmail,
  paymentConfirmedEmail,
  renderEmail,
  type BookingMailFacts,
} from '../email/templates.tsx'

/** What the booking e-mails need besides the outbox: the identity, links and slot times. */
export type BookingMailDeps = { outbox: MailOutbox; config: Config; now: () => Date }

/** The guest's pay link (D15: the public reference, never the id). */
export const payLink = (config: Pick<Config, 'baseUrl'>, reference: string) => `${config.baseUrl}/checkout/${reference}`
export const confirmationLink = (config: Pick<Config, 'baseUrl'>, reference: string) => `${config.baseUrl}/booking-confirmation/${reference}`

/** The .ics of a booking: start = tour date + slot start in Asia/Tokyo, end by duration (half-day 5 h, full-day 9 h). */
export function bookingIcs(config: Config, facts: BookingMailFacts, stamp: Date): string {
  const { start, end } = slotInstants(facts.tourDate, facts.tourTime, config.booking.startTimes)
  return buildIcs({
    uid: `booking-${facts.reference}@${new URL(config.baseUrl).hostname}`,
    start,
    end,
    stamp,
    summary: `${facts.packageName} with ${config.site.businessName}`,
    description: `${slotLabel(facts.tourTime)} private tour for ${facts.numberOfPeople} ${facts.numberOfPeople === 1 ? 'person' : 'people'}. Booking reference ${facts.reference}. ${confirmationLink(config, facts.reference)}`,
    location: config.site.city,
    url: confirmationLink(config, facts.reference),
    organizer: { name: config.site.businessName, email: config.site.email },
  })
}

/** The facts of a booking as the e-mails show them, read inside the caller's transaction. */
export async function bookingMailFacts(tx: Tx, config: Config, booking: Booking): Promise<BookingMailFacts> {
  const [pkg] = await tx.select({ name: tourPackages.name }).from(tourPackages).where(eq(tourPackages.id, booking.tourPackageId))
  const tourTime: TourTime = isTourTime(booking.tourTime) ? booking.tourTime : 'morning'
  return {
    reference: booking.reference,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    tourDate: booking.tourDate,
    tourTime,
    startTime: config.booking.startTimes[tourTime],
    numberOfPeople: booking.numberOfPeople,
    totalPrice: booking.totalPrice,
    packageName: pkg?.name ?? 'Custom Tour',
    specialRequests: booking.specialRequests,
  }
}

/**
 * What happens around a booking besides the booking itself: the admins' notification and
 * the e-mails (D20, D21). The booking and payment services call these inside their own
 * transaction, so a notification or queued e-mail exists exactly when the change does
 * (the outbox job sends the e-mails after the commit). Without `mail` only notifications
 * are made (unit uses).
 */
export function createBookingEvents(deps: { notifications: NotificationService; mail?: BookingMailDeps }) {
  const when = (b: Booking) => `${formatLongDate(b.tourDate)} (${b.tourTime})`
  const mail = deps.mail

  async function adminMail(
    tx: Tx,
    kind: 'new-booking' | 'payment-received' | 'booking-cancelled' | 'booking-expired',
    booking: Booking,
    facts: BookingMailFacts,
    dedupeBase: string,
    extra?: { reason?: string; refund?: number },
  ) {
    if (!mail) return
    const model = adminBookingEmail(mail.config.site, kind, facts, `${mail.config.baseUrl}${bookingActionLink(booking.id)}`, extra)
    await mail.outbox.enqueueForAdmins(tx, {
      kind: `admin-${kind}`,
      email: renderEmail(mail.config.site, model),
      replyTo: booking.email,
      bookingId: booking.id,
      dedupeBase,
    })
  }

  return {
    async created(tx: Tx, booking: Booking) {
      await deps.notifications.create(tx, {
        type: 'booking',
        title: 'New booking',
        message: `${booking.name} booked ${when(booking)} for ${booking.numberOfPeople} ${booking.numberOfPeople === 1 ? 'guest' : 'guests'} (${formatYen(booking.totalPrice)}).`,
        actionLink: bookingActionLink(booking.id),
      })
      if (!mail) return
      const facts = await bookingMailFacts(tx, mail.config, booking)
      const { config } = mail
      // A booking that needs no payment (total 0, or confirmed by the admin) gets no pay link.
      if (booking.status === 'pending' && booking.totalPrice > 0) {
        await mail.outbox.enqueue(tx, {
          kind: 'booking-received',
          to: booking.email,
          email: renderEmail(config.site, bookingReceivedEmail(config.site, facts, payLink(config, booking.reference), config.booking.holdMinutes)),
          dedupeKey: `booking-received:${booking.id}`,
          bookingId: booking.id,
        })
      }
      await adminMail(tx, 'new-booking', booking, facts, `admin-new-booking:${booking.id}`)
    },

    async paid(tx: Tx, booking: Booking) {
      await deps.notifications.create(tx, {
        type: 'booking',
        title: 'Payment received',
        message: `${booking.name} paid ${formatYen(booking.totalPrice)} for ${when(booking)}.`,
        actionLink: bookingActionLink(booking.id),
      })
      if (!mail) return
      const { config } = mail
      const facts = await bookingMailFacts(tx, config, booking)
      const ics = bookingIcs(config, facts, mail.now())
      await mail.outbox.enqueue(tx, {
        kind: 'payment-confirmed',
        to: booking.email,
        email: renderEmail(config.site, paymentConfirmedEmail(config.site, facts, confirmationLink(config, booking.reference))),
        // Paid once: a webhook and the payment-success call both reporting it send one e-mail.
        dedupeKey: `payment-confirmed:${booking.id}`,
        attachments: [{ filename: 'tour.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(ics, 'utf8').toString('base64') }],
        bookingId: booking.id,
      })
      await adminMail(tx, 'payment-received', booking, facts, `admin-payment-received:${booking.id}`)
    },

    /** reason: the cancellation reason stored on the booking; refund in yen (0 when none). */
    async cancelled(tx: Tx, booking: Booking, details: { reason: string; refund: number }) {
      await deps.notifications.create(tx, {
        type: 'booking',
        title: 'Booking cancelled',
        message: `${booking.name}'s booking for ${when(booking)} was cancelled: ${details.reason}.${details.refund > 0 ? ` Refund ${formatYen(details.refund)}.` : ''}`,
        actionLink: bookingActionLink(booking.id),
      })
      if (!mail) return
      const { config } = mail
      const facts = await bookingMailFacts(tx, config, booking)
      // A booking can be revived and cancelled again: each cancellation is its own notice.
      const stamp = (booking.cancelledAt ?? mail.now()).getTime()
      await mail.outbox.enqueue(tx, {
        kind: 'booking-cancelled',
        to: booking.email,
        email: renderEmail(config.site, bookingCancelledEmail(config.site, facts, { ...details, wasPaid: booking.paidAt !== null })),
        dedupeKey: `booking-cancelled:${booking.id}:${stamp}`,
        bookingId: booking.id,
      })
      await adminMail(tx, 'booking-cancelled', booking, facts, `admin-booking-cancelled:${booking.id}:${stamp}`, details)
    },

    /** An unpaid hold ran out (D13). */
    async expired(tx: Tx, booking: Booking) {
      await deps.notifications.create(tx, {
        type: 'booking',
        title: 'Booking expired',
        message: `${booking.name}'s unpaid booking for ${when(booking)} expired and the slot is free again.`,
        actionLink: bookingActionLink(booking.id),
      })
      if (!mail) return
      const { config } = mail
      const facts = await bookingMailFacts(tx, config, booking)
      await mail.outbox.enqueue(tx, {
        kind: 'booking-cancelled',
        to: booking.email,
        email: renderEmail(config.site, bookingCancelledEmail(config.site, facts, { reason: 'payment not completed in time', refund: 0, wasPaid: false })),
        dedupeKey: `booking-expired:${booking.id}`,
        bookingId: booking.id,
      })
      await adminMail(tx, 'booking-expired', booking, facts, `admin-booking-expired:${booking.id}`)
    },
  }
}

export type BookingEvents = ReturnType<typeof createBookingEvents>
