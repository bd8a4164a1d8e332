import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { outgoingEmails, resellers, reviewRequests, tourPackages } from '../db/schema.ts'
import type { Booking } from './ledger.ts'
import type { Config } from '../config/index.ts'
import { EXPIRED_REASON, somethingPaid } from '../../core/booking-lifecycle.ts'
import { formatJapanDateTime } from '../../core/dates.ts'
import { SLOT_MESSAGE_IDS, isTourTime, slotInstants, slotLabel, type TourTime } from '../../core/slots.ts'
import { localizePath, toLocale, type Locale } from '../../core/i18n/locales.ts'
import type { Meeting } from '../../core/meeting-points.ts'
import { localizeTour } from '../../core/i18n/tour-text.ts'
import { translate } from '../i18n/catalog.ts'
import { bookingActionLink, type NotificationService } from './notifications.ts'
import type { MailOutbox } from './mail-outbox.ts'
import type { TripService } from './trip.ts'
import { siteIn, whatsappLink } from '../../core/site.ts'
import { buildCancellationIcs, buildIcs, type IcsEvent, type IcsLocation } from '../email/ics.ts'
import type { CancellationCause } from '../../core/cancellation-policy.ts'
import { renderEmail } from '../email/templates/layout.tsx'
import { bookingConfirmedEmail, bookingReceivedEmail, paymentConfirmedEmail, type BookingMailFacts } from '../email/templates/booking.ts'
import { bookingCancelledEmail, bookingDisruptedEmail, bookingMovedEmail } from '../email/templates/changes.ts'
import { adminBookingEmail, type AdminBookingMailKind } from '../email/templates/guide.ts'
import type { ChangeActor } from '../../core/booking-changes.ts'
import { DISRUPTION_CAUSE_MESSAGE_IDS, type DisruptionCause } from '../../core/disruptions.ts'

/** The waitlist's one function (server/services/waitlist.ts reconcile, docs/decisions/0057). */
export type WaitlistReconciler = { reconcile(tx: Tx, dates: readonly string[]): Promise<number> }

/** What the booking e-mails need besides the outbox: the identity, links and slot times. */
export type BookingMailDeps = { outbox: MailOutbox; config: Config; now: () => Date; trip: TripService }

/** The guest's pay link (docs/decisions/0006: the public reference, never the id). */
/** A booking's pages, in the language the guest booked in (docs/decisions/0044). */
export const payLink = (config: Pick<Config, 'baseUrl'>, facts: Pick<BookingMailFacts, 'reference' | 'locale'>) =>
  `${config.baseUrl}${localizePath(`/checkout/${facts.reference}`, facts.locale)}`
export const confirmationLink = (config: Pick<Config, 'baseUrl'>, facts: Pick<BookingMailFacts, 'reference' | 'locale'>) =>
  `${config.baseUrl}${localizePath(`/booking-confirmation/${facts.reference}`, facts.locale)}`
/** The page where the guest changes their booking, or answers a call-off (docs/decisions/0055, 0056). */
export const changeLink = (config: Pick<Config, 'baseUrl'>, facts: Pick<BookingMailFacts, 'reference' | 'locale'>) =>
  `${config.baseUrl}${localizePath(`/booking-confirmation/${facts.reference}/change`, facts.locale)}`

/** The calendar event of a booking: start = tour date + slot start in Asia/Tokyo, end by duration (half-day 5 h, full-day 9 h). */
function bookingEvent(config: Config, facts: BookingMailFacts, stamp: Date, sequence: number): IcsEvent {
  const { start, end } = slotInstants(facts.tourDate, facts.tourTime, config.booking.startTimes)
  return {
    // One UID per booking for its whole life: the cancellation names the event it removes.
    uid: `booking-${facts.reference}@${new URL(config.baseUrl).hostname}`,
    start,
    end,
    stamp,
    sequence,
    summary: translate(facts.locale, 'email.ics.summary', { tour: facts.guestPackageName, businessName: config.site.businessName }),
    description: translate(facts.locale, 'email.ics.description', {
      slot: facts.locale === 'en' ? slotLabel(facts.tourTime) : translate(facts.locale, SLOT_MESSAGE_IDS[facts.tourTime]),
      count: facts.numberOfPeople,
      reference: facts.reference,
      url: confirmationLink(config, facts),
    }),
    location: calendarLocation(facts.meeting, facts.locale, siteIn(config.site, facts.locale).city),
    url: confirmationLink(config, facts),
    organizer: { name: config.site.businessName, email: config.site.email },
  }
}

/**
 * A calendar event's LOCATION: the meeting point's name and address with its coordinates as GEO,
 * or the guest's hotel for a pickup, in the reader's language; without either, the city.
 */
export function calendarLocation(meeting: Meeting | null, locale: Locale, city: string): IcsLocation {
  if (!meeting) return { title: city }
  if (meeting.kind === 'pickup') return { title: translate(locale, 'trip.pickup.text', { hotel: meeting.hotel }), address: city }
  const address = meeting.address === meeting.addressJa ? meeting.address : `${meeting.address} (${meeting.addressJa})`
  return { title: meeting.name, address, geo: { lat: meeting.latitude, lon: meeting.longitude } }
}

/** The e-mails that gave the guest the tour's calendar event (the reminder carries it too, docs/decisions/0073). */
const INVITATION_KINDS = ['payment-confirmed', 'booking-confirmed', 'reminder'] as const

/**
 * What the guest's calendar already knows of a booking, read from the outbox: whether an
 * invitation was queued, and how many calendar files were (each later file gets a higher
 * SEQUENCE, so a calendar app applies them in order).
 */
async function calendarHistory(tx: Tx, bookingId: number): Promise<{ invited: boolean; sent: number }> {
  const [row] = await tx
    .select({
      sent: sql<number>`count(*)::int`,
      invited: sql<number>`count(*) filter (where ${inArray(outgoingEmails.kind, [...INVITATION_KINDS])})::int`,
    })
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.bookingId, bookingId), isNotNull(outgoingEmails.attachments)))
  return { invited: (row?.invited ?? 0) > 0, sent: row?.sent ?? 0 }
}

const calendarAttachment = (ics: string, method: 'PUBLISH' | 'CANCEL') => ({
  filename: method === 'CANCEL' ? 'tour-cancelled.ics' : 'tour.ics',
  contentType: `text/calendar; charset=utf-8; method=${method}`,
  content: Buffer.from(ics, 'utf8').toString('base64'),
})

/**
 * The tour's calendar event as an e-mail's file: one UID for the booking's whole life, and a
 * SEQUENCE above every calendar file queued for it before, so a calendar app takes the newest
 * (docs/decisions/0009, 0050). The confirmations and the reminder carry it.
 */
export async function calendarFile(tx: Tx, mail: BookingMailDeps, booking: Pick<Booking, 'id'>, facts: BookingMailFacts) {
  return calendarAttachment(buildIcs(bookingEvent(mail.config, facts, mail.now(), (await calendarHistory(tx, booking.id)).sent)), 'PUBLISH')
}

/** The facts of a booking as the e-mails show them, read inside the caller's transaction. */
export async function bookingMailFacts(tx: Tx, { config, trip }: Pick<BookingMailDeps, 'config' | 'trip'>, booking: Booking): Promise<BookingMailFacts> {
  const [pkg] = await tx
    .select({ name: tourPackages.name, translations: tourPackages.translations })
    .from(tourPackages)
    .where(eq(tourPackages.id, booking.tourPackageId))
  const tourTime: TourTime = isTourTime(booking.tourTime) ? booking.tourTime : 'morning'
  const locale = toLocale(booking.locale)
  // One query after the other: a transaction's client runs one at a time.
  const meeting = await trip.meetingOf(booking, locale, tx)
  const guideMeeting = await trip.meetingOf(booking, 'en', tx)
  const whatToBring = await trip.whatToBring(booking.tourDate, locale, tx)
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
    guestPackageName: pkg ? localizeTour(pkg, locale).name : translate(locale, 'checkout.row.customTour'),
    specialRequests: booking.specialRequests,
    locale,
    meeting,
    guideMeeting,
    whatToBring,
    whatsappUrl: whatsappLink(config.site, translate(locale, 'trip.whatsapp.message', { reference: booking.reference })),
    answers: booking.answers,
    priceNote: booking.priceNote,
    promoCode: booking.promoCode,
    discount: booking.discount,
    voucherAmount: booking.voucherAmount,
  }
}

/**
 * What happens around a booking besides the booking itself: the admins' notification and
 * the e-mails (docs/decisions/0041, 0008). The booking and payment services call these inside their own
 * transaction, so a notification or queued e-mail exists exactly when the change does
 * (the outbox job sends the e-mails after the commit). Without `mail` only notifications
 * are made (unit uses).
 */
export function createBookingEvents(deps: { notifications: NotificationService; mail?: BookingMailDeps; waitlist?: WaitlistReconciler }) {
  /** A booking's name and slot as a notice's values (core/admin-notices.ts). */
  const slotOf = (b: Booking) => ({ name: b.name, date: b.tourDate, slot: b.tourTime })
  const mail = deps.mail

  async function adminMail(
    tx: Tx,
    kind: AdminBookingMailKind,
    booking: Booking,
    facts: BookingMailFacts,
    dedupeBase: string,
    extra?: Parameters<typeof adminBookingEmail>[5],
  ) {
    if (!mail) return
    const dashboardUrl = `${mail.config.baseUrl}${bookingActionLink(booking.id)}`
    await mail.outbox.enqueueForAdmins(tx, {
      kind: `admin-${kind}`,
      email: (locale) => renderEmail(mail.config.site, adminBookingEmail(mail.config.site, kind, facts, dashboardUrl, locale, extra)),
      replyTo: booking.email,
      bookingId: booking.id,
      dedupeBase,
    })
  }

  return {
    /**
     * The slots of these dates changed in `tx` (claims made or released): the waitlist tells
     * whoever waits for a slot that can now be booked (docs/decisions/0057). Every transaction
     * that changes a date's claims calls this last, once they are as they will commit.
     */
    async slotsChanged(tx: Tx, dates: readonly string[]) {
      await deps.waitlist?.reconcile(tx, dates)
    },

    async created(tx: Tx, booking: Booking) {
      await deps.notifications.create(tx, {
        type: 'booking',
        notice: { kind: 'newBooking', values: { ...slotOf(booking), people: booking.numberOfPeople, amount: booking.totalPrice } },
        actionLink: bookingActionLink(booking.id),
      })
      if (!mail) return
      const facts = await bookingMailFacts(tx, mail, booking)
      const { config } = mail
      // A booking that needs no payment (total 0, or confirmed by the admin) gets no pay link.
      if (booking.status === 'pending' && booking.totalPrice > 0) {
        await mail.outbox.enqueue(tx, {
          kind: 'booking-received',
          to: booking.email,
          // The guide's bookings wait longer, until a moment the guest is told (docs/decisions/0059).
          email: renderEmail(config.site, bookingReceivedEmail(config.site, facts, payLink(config, facts), booking.arrangedBy && booking.holdExpiresAt ? { until: booking.holdExpiresAt } : { minutes: config.booking.holdMinutes })),
          dedupeKey: `booking-received:${booking.id}`,
          bookingId: booking.id,
        })
      }
      await adminMail(tx, 'new-booking', booking, facts, `admin-new-booking:${booking.id}`)
    },

    async paid(tx: Tx, booking: Booking) {
      await deps.notifications.create(tx, {
        type: 'booking',
        notice: { kind: 'paymentReceived', values: { ...slotOf(booking), amount: booking.totalPrice } },
        actionLink: bookingActionLink(booking.id),
      })
      if (!mail) return
      const { config } = mail
      const facts = await bookingMailFacts(tx, mail, booking)
      const calendar = await calendarFile(tx, mail, booking, facts)
      await mail.outbox.enqueue(tx, {
        kind: 'payment-confirmed',
        to: booking.email,
        email: renderEmail(config.site, paymentConfirmedEmail(config.site, facts, confirmationLink(config, facts))),
        // Paid once: a webhook and the payment-success call both reporting it send one e-mail.
        dedupeKey: `payment-confirmed:${booking.id}`,
        attachments: [calendar],
        bookingId: booking.id,
      })
      await adminMail(tx, 'payment-received', booking, facts, `admin-payment-received:${booking.id}`)
    },

    /**
     * The admin confirmed a booking (arranged by message, docs/decisions/0005): its slot is held for good,
     * so the guest is told, with the calendar file, as a payment would tell them.
     */
    async confirmed(tx: Tx, booking: Booking) {
      if (!mail) return
      const { config } = mail
      const facts = await bookingMailFacts(tx, mail, booking)
      const calendar = await calendarFile(tx, mail, booking, facts)
      await mail.outbox.enqueue(tx, {
        kind: 'booking-confirmed',
        to: booking.email,
        email: renderEmail(config.site, bookingConfirmedEmail(config.site, facts, confirmationLink(config, facts), booking.paidAt !== null)),
        // Confirmed again after a cancellation is news again; one status change, one e-mail.
        dedupeKey: `booking-confirmed:${booking.id}:${booking.updatedAt.getTime()}`,
        attachments: [calendar],
        bookingId: booking.id,
      })
    },

    /**
     * reason: the cancellation reason stored on the booking; refund in yen (0 when none);
     * voucherBack: yen that went back onto a gift voucher (docs/decisions/0065);
     * cause: who cancelled, as the cancellation policy names it (none: the system or a
     * status switch, which the reason explains).
     */
    async cancelled(tx: Tx, booking: Booking, details: { reason: string; refund: number; voucherBack?: number; cause?: CancellationCause }) {
      await deps.notifications.create(tx, {
        type: 'booking',
        notice:
          details.refund > 0
            ? { kind: 'bookingCancelledRefund', values: { ...slotOf(booking), reason: details.reason, amount: details.refund } }
            : { kind: 'bookingCancelled', values: { ...slotOf(booking), reason: details.reason } },
        actionLink: bookingActionLink(booking.id),
      })
      // A cancelled tour is not reviewed: its pending request goes, and with it the link (docs/decisions/0063).
      await tx.delete(reviewRequests).where(eq(reviewRequests.bookingId, booking.id))
      if (!mail) return
      const { config } = mail
      const facts = await bookingMailFacts(tx, mail, booking)
      // A booking can be revived and cancelled again: each cancellation is its own notice.
      const stamp = (booking.cancelledAt ?? mail.now()).getTime()
      // A guest who got the calendar event gets its cancellation, so it leaves their calendar.
      const calendar = await calendarHistory(tx, booking.id)
      const cancellationIcs = calendar.invited
        ? buildCancellationIcs({ ...bookingEvent(config, facts, mail.now(), calendar.sent), attendee: { name: booking.name, email: booking.email } })
        : null
      await mail.outbox.enqueue(tx, {
        kind: 'booking-cancelled',
        to: booking.email,
        email: renderEmail(
          config.site,
          bookingCancelledEmail(config.site, facts, {
            reason: details.reason,
            refund: details.refund,
            voucherBack: details.voucherBack ?? 0,
            wasPaid: booking.paidAt !== null,
            by: details.cause ?? 'system',
          }),
        ),
        dedupeKey: `booking-cancelled:${booking.id}:${stamp}`,
        ...(cancellationIcs ? { attachments: [calendarAttachment(cancellationIcs, 'CANCEL')] } : {}),
        bookingId: booking.id,
      })
      await adminMail(tx, 'booking-cancelled', booking, facts, `admin-booking-cancelled:${booking.id}:${stamp}`, details)
    },

    /**
     * A booking moved to another slot (docs/decisions/0055). The admins always hear
     * of it; the guest when the mover chose to tell them, with the calendar event moved (same
     * UID, a higher SEQUENCE) when their calendar has it.
     */
    /** voucherBack: yen of a gift voucher part the new tour did not need, gone back onto the voucher. */
    async moved(tx: Tx, before: Booking, after: Booking, details: { changeId: number; actor: ChangeActor; tellGuest: boolean; voucherBack?: number }) {
      const kind = details.actor === 'guide' ? 'bookingMovedByGuide' : details.actor === 'disruption' ? 'bookingMovedAfterDisruption' : 'bookingMovedByGuest'
      await deps.notifications.create(tx, {
        type: 'booking',
        notice: { kind, values: { ...slotOf(after), dateFrom: before.tourDate, slotFrom: before.tourTime } },
        actionLink: bookingActionLink(after.id),
      })
      if (!mail) return
      const { config } = mail
      const facts = await bookingMailFacts(tx, mail, after)
      const from = { tourDate: before.tourDate, tourTime: isTourTime(before.tourTime) ? before.tourTime : facts.tourTime }
      if (details.tellGuest) {
        const calendar = await calendarHistory(tx, after.id)
        const ics = calendar.invited ? buildIcs(bookingEvent(config, facts, mail.now(), calendar.sent)) : null
        await mail.outbox.enqueue(tx, {
          kind: 'booking-moved',
          to: after.email,
          email: renderEmail(config.site, bookingMovedEmail(config.site, facts, { from, voucherBack: details.voucherBack }, confirmationLink(config, facts), ics !== null)),
          dedupeKey: `booking-moved:${details.changeId}`,
          ...(ics ? { attachments: [calendarAttachment(ics, 'PUBLISH')] } : {}),
          bookingId: after.id,
        })
      }
      await adminMail(tx, 'booking-moved', after, facts, `admin-booking-moved:${details.changeId}`, { from, movedBy: details.actor === 'guide' ? 'guide' : details.actor === 'disruption' ? 'disruption' : 'guest' })
    },

    /**
     * The guide called off the booking's day or slot (docs/decisions/0056): the guest chooses a
     * new date or a full refund on their booking's change page, before the deadline (in Japan time).
     */
    async disrupted(tx: Tx, booking: Booking, details: { cause: DisruptionCause; note: string | null; deadline: Date }) {
      if (!mail) return
      const { config } = mail
      const facts = await bookingMailFacts(tx, mail, booking)
      const deadline = formatJapanDateTime(details.deadline, facts.locale)
      // What the answers do depends on whether anything was paid: a refund, or a cancellation that charges nothing.
      const paid = somethingPaid(booking.status, booking.money)
      await mail.outbox.enqueue(tx, {
        kind: 'booking-disrupted',
        to: booking.email,
        email: renderEmail(config.site, bookingDisruptedEmail(config.site, facts, { causeId: DISRUPTION_CAUSE_MESSAGE_IDS[details.cause], note: details.note, deadline, paid }, changeLink(config, facts))),
        dedupeKey: `booking-disrupted:${booking.id}:${details.deadline.getTime()}`,
        bookingId: booking.id,
      })
    },

    /**
     * A reseller's booking (docs/decisions/0074) confirmed or ended: the guide hears it, naming the
     * reseller and its reference; the guest does not, as the reseller is who they booked with and
     * who tells them (a reservation made or lapsed on hold is no news for anyone).
     */
    async throughReseller(tx: Tx, booking: Booking, change: { kind: 'confirmed' } | { kind: 'cancelled'; reason: string; /** Deliveries written to the reseller's webhooks (docs/decisions/0081). */ webhooks: number }) {
      const [reseller] = await tx.select({ name: resellers.name }).from(resellers).where(eq(resellers.id, booking.resellerId!))
      const channel = `${reseller?.name ?? 'a reseller'}${booking.resellerReference ? `, reference ${booking.resellerReference}` : ''}`
      const confirmed = change.kind === 'confirmed'
      const through = { ...slotOf(booking), reseller: reseller?.name ?? 'a reseller', referenced: booking.resellerReference ? 'yes' : 'no', reference: booking.resellerReference ?? '' }
      await deps.notifications.create(tx, {
        type: 'booking',
        notice: confirmed
          ? { kind: 'resellerBooking', values: { ...through, people: booking.numberOfPeople, amount: booking.totalPrice } }
          : { kind: 'resellerBookingCancelled', values: { ...through, reason: change.reason, hooked: change.webhooks > 0 ? 'yes' : 'no' } },
        actionLink: bookingActionLink(booking.id),
      })
      if (!mail) return
      const facts = await bookingMailFacts(tx, mail, booking)
      if (confirmed) await adminMail(tx, 'reseller-booking', booking, facts, `admin-reseller-booking:${booking.id}`, { channel })
      else await adminMail(tx, 'booking-cancelled', booking, facts, `admin-booking-cancelled:${booking.id}:${(booking.cancelledAt ?? mail.now()).getTime()}`, { reason: `${change.reason}; booked through ${channel}`, refund: 0 })
    },

    /** An unpaid hold ran out (docs/decisions/0005); voucherBack: its gift voucher part, given back. */
    async expired(tx: Tx, booking: Booking, voucherBack = 0) {
      await deps.notifications.create(tx, {
        type: 'booking',
        notice: { kind: 'bookingExpired', values: slotOf(booking) },
        actionLink: bookingActionLink(booking.id),
      })
      if (!mail) return
      const { config } = mail
      const facts = await bookingMailFacts(tx, mail, booking)
      await mail.outbox.enqueue(tx, {
        kind: 'booking-cancelled',
        to: booking.email,
        email: renderEmail(config.site, bookingCancelledEmail(config.site, facts, { reason: EXPIRED_REASON, refund: 0, voucherBack, wasPaid: false, by: 'system' })),
        dedupeKey: `booking-expired:${booking.id}`,
        bookingId: booking.id,
      })
      await adminMail(tx, 'booking-expired', booking, facts, `admin-booking-expired:${booking.id}`)
    },
  }
}

export type BookingEvents = ReturnType<typeof createBookingEvents>
