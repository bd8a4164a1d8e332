import { englishText } from '../i18n/refusals.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import { and, asc, desc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm'
import { onTheSite } from './bookings.ts'
import type { BookingLifecycle } from './booking-lifecycle.ts'
import type { Db, Tx } from '../db/client.ts'
import { bookings, disruptionOffers, disruptions, octoWebhooks, resellers, slotClaims } from '../db/schema.ts'
import { oneWithMoney, type Booking } from './ledger.ts'
import type { Config } from '../config/index.ts'
import type { Logger } from '../logger.ts'
import { answerDeadline, cancellationCauseOf, disruptedSlots, DISRUPTION_CAUSE_LABELS, type DisruptionCause, type OfferState } from '../../core/disruptions.ts'
import { effectiveStatus } from '../../core/booking-lifecycle.ts'
import { isWeekend, todayInTokyo } from '../../core/dates.ts'
import { normaliseReference } from '../../core/reference.ts'
import { partsClaimedBy, slotInstants, type TourTime } from '../../core/slots.ts'
import type { AvailabilityService } from './availability.ts'
import type { BookingEvents } from './booking-events.ts'
import type { NotificationService } from './notifications.ts'
import type { RefundOutcome, RefundService } from './refunds.ts'
import { closeOffers, openOfferOf } from './disruption-offers.ts'
import { liveClaim } from './slot-claims.ts'
import { ServiceError } from './service-error.ts'

/** A call-off of a weekday or a day gone by, which the dashboard's calendar may still offer once the day turns (docs/decisions/0087). */
export const CALL_OFF_DATE = refusal('adminErrors.callOffWeekendFromToday')
/** adminErrors.callOffWeekendFromToday in English, as the JSON API answers it. */
export const CALL_OFF_DATE_MESSAGE = englishText(CALL_OFF_DATE)
export const NO_OPEN_OFFER = refusal('errors.noOpenOffer')
/** errors.noOpenOffer in English, as the JSON API answers it. */
export const NO_OPEN_OFFER_MESSAGE = englishText(NO_OPEN_OFFER)
/** A call-off as the dashboard lists it, with each booking it reached and the guest's answer. */
export type DisruptionView = {
  id: number
  tourDate: string
  tourTime: TourTime | null
  cause: DisruptionCause
  causeLabel: string
  note: string | null
  by: string | null
  at: string
  offers: { bookingId: number; name: string; reference: string; state: OfferState; deadline: string; answeredAt: string | null; tourDate: string; tourTime: string }[]
}

export type CallOff = { tourDate: string; tourTime: TourTime | null; cause: DisruptionCause; note?: string }

/**
 * Calling off a day or a slot (docs/decisions/0056). One transaction closes the
 * slots, records the call-off and gives every live booking on them an offer with the guest's
 * e-mail: a new date free of charge (the change page, with the rules waived) or a full refund.
 * An offer nobody answers is refunded in full at its deadline by a job; every answer and that
 * refund claim the offer under the booking's row lock, so exactly one of them happens.
 */
export function createDisruptionService(deps: {
  db: Db
  config: Config
  events: BookingEvents
  notifications: NotificationService
  availability: AvailabilityService
  refunds: RefundService
  lifecycle: BookingLifecycle
  logger: Logger
  now: () => Date
}) {
  const { db, events } = deps

  /** The live bookings whose halves the called-off slots use, in id order (the lock order). */
  async function bookingsOn(tx: Tx, tourDate: string, tourTime: TourTime | null, now: Date): Promise<Booking[]> {
    const parts = [...new Set(disruptedSlots(tourTime).flatMap(partsClaimedBy))]
    const claims = await tx
      .selectDistinct({ bookingId: slotClaims.bookingId })
      .from(slotClaims)
      // An imported calendar's block (docs/decisions/0077) is no booking to offer anything.
      .where(and(eq(slotClaims.tourDate, tourDate), inArray(slotClaims.part, parts), liveClaim(now), isNotNull(slotClaims.bookingId)))
      .orderBy(asc(slotClaims.bookingId))
    const found: Booking[] = []
    for (const { bookingId } of claims) {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId!)).for('update')
      if (row && effectiveStatus(row, now) !== 'cancelled') found.push(await oneWithMoney(tx, row))
    }
    return found
  }

  async function refundForOffer(bookingId: number, cause: DisruptionCause, state: 'refunded' | 'auto-refunded'): Promise<{ booking: Booking; refund: RefundOutcome }> {
    const now = deps.now()
    const { booking, refund } = await deps.refunds.cancel({
      bookingId,
      cause: cancellationCauseOf(cause),
      reason: state === 'refunded' ? 'cancelled by the guide (the guest chose a refund)' : 'cancelled by the guide (no answer by the deadline)',
      precondition: async (tx) => {
        if (!(await closeOffers(tx, bookingId, state, now))) throw new ServiceError('conflict', NO_OPEN_OFFER)
      },
    })
    return { booking, refund }
  }

  /** The dashboard's view of these call-offs, with each offer's booking and answer. */
  async function viewsOf(rows: (typeof disruptions.$inferSelect)[]): Promise<DisruptionView[]> {
    if (rows.length === 0) return []
    const offers = await db
      .select({ offer: disruptionOffers, booking: { id: bookings.id, name: bookings.name, reference: bookings.reference, tourDate: bookings.tourDate, tourTime: bookings.tourTime } })
      .from(disruptionOffers)
      .innerJoin(bookings, eq(disruptionOffers.bookingId, bookings.id))
      .where(inArray(disruptionOffers.disruptionId, rows.map((r) => r.id)))
      .orderBy(asc(disruptionOffers.id))
    return rows.map((r) => ({
      id: r.id,
      tourDate: r.tourDate,
      tourTime: r.tourTime as TourTime | null,
      cause: r.cause as DisruptionCause,
      causeLabel: DISRUPTION_CAUSE_LABELS[r.cause as DisruptionCause],
      note: r.note,
      by: r.actorUsername,
      at: r.createdAt.toISOString(),
      offers: offers
        .filter((o) => o.offer.disruptionId === r.id)
        .map((o) => ({
          bookingId: o.booking.id,
          name: o.booking.name,
          reference: o.booking.reference,
          state: o.offer.state as OfferState,
          deadline: o.offer.deadline.toISOString(),
          answeredAt: o.offer.answeredAt?.toISOString() ?? null,
          tourDate: o.booking.tourDate,
          tourTime: o.booking.tourTime,
        })),
    }))
  }

  return {
    /** The guide calls off a date or one slot of it. */
    async callOff(input: CallOff, user: { id: number; username: string }): Promise<DisruptionView> {
      const now = deps.now()
      if (!isWeekend(input.tourDate) || input.tourDate < todayInTokyo(now)) throw new ServiceError('invalid', CALL_OFF_DATE, { field: 'tourDate' })
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(disruptions)
          .values({ tourDate: input.tourDate, tourTime: input.tourTime, cause: input.cause, note: input.note?.trim() || null, actorUserId: user.id, actorUsername: user.username, createdAt: now })
          .returning()
        // The slots leave sale: the whole day, or the slot with what shares its halves (docs/decisions/0029).
        const closed =
          input.tourTime === null
            ? { morningAvailable: false, afternoonAvailable: false, fullDayAvailable: false }
            : input.tourTime === 'morning'
              ? { morningAvailable: false }
              : input.tourTime === 'afternoon'
                ? { afternoonAvailable: false }
                : { fullDayAvailable: false }
        await deps.availability.upsert({ date: input.tourDate, ...closed }, tx)
        const found = await bookingsOn(tx, input.tourDate, input.tourTime, now)
        // A reseller's booking cannot be offered a new date here (docs/decisions/0074): it is cancelled at
        // once, as OCTO cancels, and the guide is told which reseller to tell (its notification names it).
        const resold = found.filter((b) => b.resellerId !== null)
        for (const booking of resold) {
          await deps.lifecycle.applyInTx(tx, booking.id, { type: 'cancel', cause: cancellationCauseOf(input.cause), today: todayInTokyo(now), reason: `the guide called the tour off (${DISRUPTION_CAUSE_LABELS[input.cause]})` })
        }
        const affected = found.filter((b) => b.resellerId === null)
        for (const booking of affected) {
          const deadline = answerDeadline(slotInstants(booking.tourDate, booking.tourTime as TourTime, deps.config.booking.startTimes).start, now)
          await tx.insert(disruptionOffers).values({ disruptionId: row!.id, bookingId: booking.id, deadline, createdAt: now })
          await events.disrupted(tx, booking, { cause: input.cause, note: row!.note, deadline })
        }
        // Who tells each reseller: its webhook when it has one (docs/decisions/0081), else the guide.
        const resellerIds = [...new Set(resold.map((b) => b.resellerId!))]
        const named = resellerIds.length === 0 ? [] : await tx.select({ id: resellers.id, name: resellers.name }).from(resellers).where(inArray(resellers.id, resellerIds))
        const hooked = new Set(resellerIds.length === 0 ? [] : (await tx.selectDistinct({ id: octoWebhooks.resellerId }).from(octoWebhooks).where(inArray(octoWebhooks.resellerId, resellerIds))).map((r) => r.id))
        const told = named.filter((r) => hooked.has(r.id)).map((r) => r.name)
        const untold = named.filter((r) => !hooked.has(r.id)).map((r) => r.name)
        const tells = { resold: resold.length, hooked: told.join(', '), hookedCount: told.length, unhooked: untold.join(', '), unhookedCount: untold.length }
        const when = { date: input.tourDate, cause: input.cause, bookings: affected.length, ...tells }
        await deps.notifications.create(tx, {
          type: 'booking',
          notice: input.tourTime ? { kind: 'slotCalledOff', values: { ...when, slot: input.tourTime } } : { kind: 'dayCalledOff', values: when },
          actionLink: `/admin/dashboard?tab=calendar&month=${input.tourDate.slice(0, 7)}`,
        })
        return row!.id
      })
      const [view] = await viewsOf(await db.select().from(disruptions).where(eq(disruptions.id, id)))
      return view!
    },

    /** Call-offs from a month ago on, newest first, each with its offers. */
    async list(): Promise<DisruptionView[]> {
      const since = todayInTokyo(new Date(deps.now().getTime() - 31 * 86_400_000))
      return viewsOf(await db.select().from(disruptions).where(gte(disruptions.tourDate, since)).orderBy(desc(disruptions.tourDate), desc(disruptions.id)))
    },

    /** The booking's offer waiting for an answer (the guest's pages), or null. */
    openOffer: (bookingId: number) => openOfferOf(db, bookingId),

    /** The guest answers "refund me in full": the booking is cancelled by the guide's cause and refunded. */
    async answerRefund(reference: unknown): Promise<{ booking: Booking; refund: RefundOutcome }> {
      const ref = normaliseReference(reference)
      const [booking] = ref ? await db.select().from(bookings).where(and(eq(bookings.reference, ref), onTheSite)) : []
      if (!booking || booking.anonymizedAt) throw new ServiceError('not-found', refusal('errors.bookingNotFound'))
      const offer = await openOfferOf(db, booking.id)
      if (!offer) throw new ServiceError('conflict', NO_OPEN_OFFER)
      return refundForOffer(booking.id, offer.cause, 'refunded')
    },

    /**
     * The job (every minute, any instance): each offer past its deadline is refunded in full and
     * the guide is told. A booking cancelled meanwhile some other way just closes its offer.
     */
    async refundUnanswered(): Promise<number> {
      const now = deps.now()
      const due = await db
        .select({ bookingId: disruptionOffers.bookingId, cause: disruptions.cause })
        .from(disruptionOffers)
        .innerJoin(disruptions, eq(disruptionOffers.disruptionId, disruptions.id))
        .where(and(eq(disruptionOffers.state, 'open'), lt(disruptionOffers.deadline, now)))
      let refunded = 0
      for (const { bookingId, cause } of due) {
        try {
          const { booking, refund } = await refundForOffer(bookingId, cause as DisruptionCause, 'auto-refunded')
          refunded++
          await deps.notifications.create(db, {
            type: 'booking',
            notice:
              refund.amount > 0
                ? { kind: 'refundedAfterNoAnswer', values: { name: booking.name, date: booking.tourDate, amount: refund.amount, status: refund.status } }
                : { kind: 'cancelledAfterNoAnswer', values: { name: booking.name, date: booking.tourDate } },
            actionLink: `/admin/dashboard?tab=bookings&bookingId=${booking.id}`,
          })
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error
          // Cancelled meanwhile (by the guide, the guest or a lapsed hold), or answered: nothing to refund here.
          await db.transaction((tx) => closeOffers(tx, bookingId, 'closed', now))
        }
      }
      if (refunded > 0) deps.logger.info({ refunded }, 'refunded unanswered call-offs')
      return refunded
    },
  }
}

export type DisruptionService = ReturnType<typeof createDisruptionService>
