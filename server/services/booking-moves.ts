import { and, asc, count, desc, eq, inArray, not } from 'drizzle-orm'
import { DEADLOCK_DETECTED, sqlState, type Db, type Tx } from '../db/client.ts'
import { bookingChanges, bookings, slotClaims, tourPackages, tripSettings, type TourPackage } from '../db/schema.ts'
import {
  DEFAULT_GUEST_MOVE_LIMIT,
  GUEST_MOVE_REFUSALS,
  GUEST_MOVE_NOTHING_REFUSAL,
  guestMoveRefusal,
  guideMoveRefusal,
  moveWindow,
  sameSlotChoice,
  type ChangeActor,
  type ChangeState,
  type GuestMoveRefusal,
  type MoveMoney,
  type SlotChoice,
} from '../../core/booking-changes.ts'
import { effectiveStatus, MOVE_CANCELLED, MOVE_CANCELLED_MESSAGE, type Done } from '../../core/booking-lifecycle.ts'
import { moneyOf } from '../../core/ledger.ts'
import { bookingWindow, todayInTokyo, type CalendarDate } from '../../core/dates.ts'
import { dateValue, refusal, refusalMessage } from '../../core/i18n/refusal.ts'
import { quote } from '../../core/pricing.ts'
import { arrangedOnly, DEFAULT_GUIDE_GROUP_LIMIT, DEFAULT_GUIDE_HOLD_HOURS, guideGroupProblem } from '../../core/guide-bookings.ts'
import type { GuideBookingRules } from '../../core/schemas/booking-move.ts'
import { normaliseReference } from '../../core/reference.ts'
import { packageFitsSlot, type TourTime } from '../../core/slots.ts'
import { slotOn } from './availability.ts'
import type { BookingEvents } from './booking-events.ts'
import type { Applied, BookingLifecycle, LifecycleRequest, RefundOutcome } from './booking-lifecycle.ts'
import type { Booking } from './ledger.ts'
import { blocksTakeFreeHalves, ownSlotClaim, SlotTakenError } from './slot-claims.ts'
import { ServiceError } from './service-error.ts'
import { BOOKING_NOT_FOUND_MESSAGE } from './admin-bookings.ts'
import { onTheSite, GROUP_TOO_LARGE_MESSAGE, OUTSIDE_WINDOW, PACKAGE_DOES_NOT_FIT_MESSAGE, PACKAGE_UNAVAILABLE_MESSAGE } from './bookings.ts'
import { closeOffers, openOfferOf, type OpenOffer } from './disruption-offers.ts'

export { MOVE_CANCELLED, MOVE_CANCELLED_MESSAGE }
export const MOVE_NOTHING = refusalMessage('adminErrors.moveNothing')
/** Its English, as the JSON API answers it (server/i18n/refusals.unit.test.ts holds the pair equal). */
export const MOVE_NOTHING_MESSAGE = 'Choose another date, time, tour or group size to move this booking.'
const moveOutsideWindow = (last: CalendarDate) => refusal('adminErrors.moveOutsideWindow', { last: dateValue(last) })
/** The same window when the guide makes a booking (docs/decisions/0059): said as making, not moving (docs/decisions/0075). */
const makeOutsideWindow = (last: CalendarDate) => refusal('adminErrors.makeOutsideWindow', { last: dateValue(last) })

/** What the guest's booking page needs to offer a change: whether they may (and if not, why, in the API's English), and how many changes are left. */
export type GuestChangeState = { refusal: GuestMoveRefusal | null; message: string | null; changesLeft: number; offer: OpenOffer | null }

/** A dearer change waiting for its difference to be paid (docs/decisions/0055). */
export type PendingChange = { id: number; bookingId: number; target: SlotChoice; newTotal: number; difference: number; holdExpiresAt: Date; intentId: string | null; state: ChangeState }

/** What the guest's change did: made, or waiting for the difference to be paid. */
export type GuestMoveOutcome = { kind: 'moved'; booking: Booking; refund: RefundOutcome; voucherBack: number } | { kind: 'awaiting-payment'; booking: Booking; change: PendingChange }

/**
 * A guest's change as the review step shows it, before it is made. `voucherBack`: the yen of the
 * booking's gift voucher part the new tour does not need, which go back onto the voucher.
 */
export type GuestMovePlan = { target: SlotChoice; money: MoveMoney; currentTotal: number; actor: ChangeActor; offer: OpenOffer | null; voucherBack: number }

const slotOf = (b: Booking): SlotChoice => ({ tourDate: b.tourDate, tourTime: b.tourTime as TourTime, tourPackageId: b.tourPackageId, numberOfPeople: b.numberOfPeople })

/** A move as the dashboard and the CSV show it. */
export type BookingChangeView = {
  at: string
  actor: ChangeActor
  /** The admin's username for the guide's moves. */
  by: string | null
  from: SlotChoice & { total: number }
  to: SlotChoice & { total: number }
  guestTold: boolean
}

export type GuideMove = SlotChoice & {
  /** The new price; the booking's own when not given (the guide keeps the price unless changing it). */
  totalPrice?: number
  /** Send the guest the new date with the updated calendar event. */
  tellGuest: boolean
}

/**
 * Moving a booking to another slot (docs/decisions/0055). A move is one transaction:
 * lock the booking, release its slot, claim the new one (the slot guarantee of docs/decisions/0002
 * decides a race: a taken slot rolls the whole move back, so the booking keeps its slot),
 * update the booking, write its history and tell the guest and the admins.
 */
export function createBookingMoveService(deps: {
  db: Db
  events: BookingEvents
  lifecycle: BookingLifecycle
  now: () => Date
  booking: { leadDays: number; horizonDays: number; holdMinutes: number }
}) {
  const { db, events, lifecycle } = deps

  const toView = (row: typeof bookingChanges.$inferSelect): BookingChangeView => ({
    at: row.createdAt.toISOString(),
    actor: row.actor as ChangeActor,
    by: row.actorUsername,
    from: { tourDate: row.fromDate, tourTime: row.fromTime as TourTime, tourPackageId: row.fromPackageId, numberOfPeople: row.fromPeople, total: row.fromTotal },
    to: { tourDate: row.toDate, tourTime: row.toTime as TourTime, tourPackageId: row.toPackageId, numberOfPeople: row.toPeople, total: row.toTotal },
    guestTold: row.guestTold,
  })

  /**
   * Runs a move's transaction, again if PostgreSQL broke a deadlock by aborting it: two
   * bookings swapping slots each release one and wait for the other's (40P01). The retry
   * sees the other move committed and either succeeds or finds the slot taken.
   */
  async function inMoveTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(work)
      } catch (error) {
        if (sqlState(error) !== DEADLOCK_DETECTED || attempt >= 3) throw error
      }
    }
  }

  /**
   * The tour, its slot and the group size are checked as a new booking's would be; the date
   * against the actor's window. The guide books groups up to their own limit (docs/decisions/0059).
   */
  async function checkTarget(tx: Db | Tx, actor: ChangeActor, target: SlotChoice, now: Date, purpose: 'move' | 'make' = 'move'): Promise<TourPackage> {
    const [pkg] = await tx.select().from(tourPackages).where(eq(tourPackages.id, target.tourPackageId))
    if (!pkg || !pkg.available) throw new ServiceError('invalid', PACKAGE_UNAVAILABLE_MESSAGE, { field: 'tourPackageId' })
    if (!packageFitsSlot(pkg.isHalfDay, target.tourTime)) throw new ServiceError('invalid', PACKAGE_DOES_NOT_FIT_MESSAGE, { field: 'tourTime' })
    if (actor === 'guide') {
      const problem = guideGroupProblem(target.numberOfPeople, (await guideRulesIn(tx)).groupLimit)
      if (problem) throw new ServiceError('invalid', problem, { field: 'numberOfPeople' })
    } else if (target.numberOfPeople > pkg.maxGroupSize) throw new ServiceError('invalid', GROUP_TOO_LARGE_MESSAGE(pkg.maxGroupSize), { field: 'numberOfPeople' })
    const window = moveWindow(actor, deps.booking)
    const slot = await slotOn(tx, target.tourDate, target.tourTime, { now, window, claims: false })
    if (slot.reason === 'not-weekend' || slot.reason === 'outside-window') {
      const guideMessage = purpose === 'make' ? makeOutsideWindow : moveOutsideWindow
      const message = actor === 'guide' ? guideMessage(bookingWindow(now, window).last) : OUTSIDE_WINDOW(window.leadDays, window.horizonDays)
      throw new ServiceError('invalid', message, { field: 'tourDate' })
    }
    // Closed by the guide's switches; a slot taken by another booking is found by the claim itself.
    if (!slot.available && slot.reason !== 'booked') throw new SlotTakenError()
    return pkg
  }

  /** The history row of a change, as it was asked for. */
  const changeValues = (current: Booking, target: SlotChoice, newTotal: number, who: { actor: ChangeActor; user?: { id: number; username: string } | null; tellGuest: boolean }, now: Date) => ({
    bookingId: current.id,
    actor: who.actor,
    actorUserId: who.user?.id ?? null,
    actorUsername: who.user?.username ?? null,
    fromDate: current.tourDate,
    fromTime: current.tourTime,
    fromPackageId: current.tourPackageId,
    fromPeople: current.numberOfPeople,
    fromTotal: current.money.price,
    toDate: target.tourDate,
    toTime: target.tourTime,
    toPackageId: target.tourPackageId,
    toPeople: target.numberOfPeople,
    toTotal: newTotal,
    guestTold: who.tellGuest,
    createdAt: now,
  })

  /**
   * A move the lifecycle made (docs/decisions/0055): its history row (the tour's price before and
   * after), and the guide and, when the mover says so, the guest told.
   */
  async function recordMove(tx: Tx, applied: Applied, who: { actor: ChangeActor; user?: { id: number; username: string } | null; tellGuest: boolean }, now: Date): Promise<number> {
    const { before, booking } = applied
    const [change] = await tx.insert(bookingChanges).values(changeValues(before, slotOf(booking), booking.money.price, who, now)).returning()
    await events.moved(tx, before, booking, { changeId: change!.id, actor: who.actor, tellGuest: who.tellGuest, voucherBack: applied.done.voucherBack })
    return change!.id
  }

  /** A change still waiting for its difference gives way: it lapses, and the hold it had goes. Returns the dates of the halves it freed. */
  async function lapsePendingChanges(tx: Tx, bookingId: number): Promise<string[]> {
    await tx.update(bookingChanges).set({ state: 'lapsed' }).where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.state, 'awaiting-payment')))
    const freed = (await tx.delete(slotClaims).where(and(eq(slotClaims.bookingId, bookingId), not(ownSlotClaim))).returning({ tourDate: slotClaims.tourDate })).map((c) => c.tourDate)
    // An imported calendar's block waiting on a half this freed closes it now (docs/decisions/0077).
    await blocksTakeFreeHalves(tx, freed)
    return freed
  }

  const pendingOf = (row: typeof bookingChanges.$inferSelect): PendingChange => ({
    id: row.id,
    bookingId: row.bookingId,
    target: { tourDate: row.toDate, tourTime: row.toTime as TourTime, tourPackageId: row.toPackageId, numberOfPeople: row.toPeople },
    newTotal: row.toTotal,
    difference: row.difference,
    holdExpiresAt: row.holdExpiresAt!,
    intentId: row.intentId,
    state: row.state as ChangeState,
  })

  /** The guest's own moves so far (a disruption's are not counted). */
  async function guestMovesOf(reader: Db | Tx, bookingId: number): Promise<number> {
    const [row] = await reader.select({ n: count() }).from(bookingChanges).where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.actor, 'guest'), eq(bookingChanges.state, 'done')))
    return row?.n ?? 0
  }

  /** A call-off waiting for the guest's answer waives the date and count rules (docs/decisions/0056). */
  async function guestState(reader: Db | Tx, booking: Booking, now: Date): Promise<GuestChangeState> {
    const moves = await guestMovesOf(reader, booking.id)
    const limit = await guestMoveLimitIn(reader)
    const offer = await openOfferOf(reader, booking.id)
    const refusal = guestMoveRefusal({ status: effectiveStatus(booking, now), tourDate: booking.tourDate, today: todayInTokyo(now), guestMoves: moves, limit, disrupted: offer !== null, arranged: arrangedOnly(booking) })
    return { refusal, message: refusal ? GUEST_MOVE_REFUSALS[refusal] : null, changesLeft: Math.max(0, limit - moves), offer }
  }

  /** The guide's own bookings' rules (docs/decisions/0059): the largest group, and the hours a payment is waited for. */
  async function guideRulesIn(reader: Db | Tx): Promise<GuideBookingRules> {
    const [row] = await reader.select({ groupLimit: tripSettings.guideGroupLimit, holdHours: tripSettings.guideHoldHours }).from(tripSettings).where(eq(tripSettings.id, 1))
    return row ?? { groupLimit: DEFAULT_GUIDE_GROUP_LIMIT, holdHours: DEFAULT_GUIDE_HOLD_HOURS }
  }

  async function guestMoveLimitIn(reader: Db | Tx): Promise<number> {
    const [row] = await reader.select({ limit: tripSettings.guestMoveLimit }).from(tripSettings).where(eq(tripSettings.id, 1))
    return row?.limit ?? DEFAULT_GUEST_MOVE_LIMIT
  }

  /**
   * Everything a guest's change must pass, in the order the guest can act on it: may this
   * booking be changed, is the choice a change, does the tour fit the slot and the date the
   * window, and its catalogue price (docs/decisions/0019). What it does to the money is the
   * lifecycle's (core/booking-lifecycle.ts, `move`); whether the slot is still free, the claim's.
   */
  async function guestMoveRequest(reader: Db | Tx, current: Booking, target: SlotChoice, now: Date): Promise<{ request: LifecycleRequest; offer: OpenOffer | null }> {
    const state = await guestState(reader, current, now)
    if (state.refusal) throw new ServiceError('conflict', GUEST_MOVE_REFUSALS[state.refusal])
    if (sameSlotChoice(target, slotOf(current))) throw new ServiceError('invalid', GUEST_MOVE_NOTHING_REFUSAL, { field: 'tourDate' })
    const pkg = await checkTarget(reader, 'guest', target, now)
    const price = quote(pkg, target.numberOfPeople, target.tourDate)
    if (!price.ok) throw new ServiceError('invalid', price.message, { field: 'numberOfPeople' })
    const guest = { today: todayInTokyo(now), guestMoves: await guestMovesOf(reader, current.id), limit: await guestMoveLimitIn(reader), disrupted: state.offer !== null, arranged: arrangedOnly(current) }
    return { request: { type: 'move', actor: state.offer ? 'disruption' : 'guest', target, price: price.total, guest }, offer: state.offer }
  }

  /** What a move's decision does to the guest's money, as the review step and the outcome say it. */
  function planOf(current: Booking, target: SlotChoice, done: Done, offer: OpenOffer | null, actor: ChangeActor): GuestMovePlan {
    const after = moneyOf([...current.ledger, ...done.movements.map((r) => ({ voucherId: null, intentId: null, reference: null, transition: done.transition, ...r }))])
    const back = done.cardBack + done.cashBack
    const money: MoveMoney =
      done.outcome === 'awaiting-difference'
        ? { kind: 'charge', newTotal: current.totalPrice + done.difference!, amount: done.difference! }
        : back > 0
          ? { kind: 'refund', newTotal: after.toPay, amount: back }
          : { kind: 'none', newTotal: after.toPay }
    return { target, money, currentTotal: current.totalPrice, actor, offer, voucherBack: done.voucherBack }
  }

  /** The booking a guest's link names, with its ledger; locked for the rest of `tx` when one is given. */
  const byReference = async (reader: Db | Tx, reference: unknown, tx?: Tx): Promise<Booking> => {
    const ref = normaliseReference(reference)
    const [row] = ref ? await reader.select({ id: bookings.id, anonymizedAt: bookings.anonymizedAt }).from(bookings).where(and(eq(bookings.reference, ref), onTheSite)) : []
    if (!row || row.anonymizedAt) throw new ServiceError('not-found', BOOKING_NOT_FOUND_MESSAGE)
    return tx ? lifecycle.lock(tx, row.id) : lifecycle.read(reader, row.id)
  }

  return {
    /**
     * The guide moves a booking (docs/decisions/0055): any live booking, any open slot from today
     * to the window's end, as often as needed; the price stays unless the guide types
     * another, and a paid booking's price stays as paid (core/booking-changes.ts).
     */
    async moveByGuide(bookingId: number, move: GuideMove, user: { id: number; username: string }): Promise<Booking> {
      const now = deps.now()
      const applied = await inMoveTransaction(async (tx) => {
        const current = await lifecycle.lock(tx, bookingId)
        if (current.anonymizedAt) throw new ServiceError('not-found', BOOKING_NOT_FOUND_MESSAGE)
        if (guideMoveRefusal(effectiveStatus(current, now))) throw new ServiceError('conflict', MOVE_CANCELLED)
        const target: SlotChoice = { tourDate: move.tourDate, tourTime: move.tourTime, tourPackageId: move.tourPackageId, numberOfPeople: move.numberOfPeople }
        if (sameSlotChoice(target, slotOf(current))) throw new ServiceError('invalid', MOVE_NOTHING, { field: 'tourDate' })
        await checkTarget(tx, 'guide', target, now)
        // The guide types what the guest pays (after any promo code and voucher), or keeps it.
        const price = (move.totalPrice ?? current.totalPrice) + current.discount + current.voucherAmount
        const applied = await lifecycle.applyInTx(tx, bookingId, { type: 'move', actor: 'guide', target, price })
        await recordMove(tx, applied, { actor: 'guide', user, tellGuest: move.tellGuest }, now)
        return applied
      })
      await lifecycle.afterCommit(applied, 'the guide moved the booking to a cheaper tour')
      return applied.booking
    },

    /** Whether the guest may change this booking now, and how many changes are left. */
    guestState: (booking: Booking) => guestState(db, booking, deps.now()),

    /** The review step: what the guest's change would do, or why it cannot be made (a ServiceError). */
    async previewGuestMove(reference: unknown, target: SlotChoice): Promise<GuestMovePlan> {
      const now = deps.now()
      const current = await byReference(db, reference)
      const { request, offer } = await guestMoveRequest(db, current, target, now)
      const done = await lifecycle.preview(current, request)
      return planOf(current, target, done, offer, offer ? 'disruption' : 'guest')
    },

    /**
     * The guest changes their own booking (docs/decisions/0055) through any way in: the same
     * checks as the review step inside the move's transaction, then the lifecycle's move. A
     * dearer change of a paid booking holds the new slot while the difference is paid; a cheaper
     * one gives the difference back the way it came, the card's after the commit.
     */
    async moveByGuest(reference: unknown, target: SlotChoice): Promise<GuestMoveOutcome> {
      const now = deps.now()
      const outcome = await inMoveTransaction(async (tx) => {
        const current = await byReference(tx, reference, tx)
        const { request, offer } = await guestMoveRequest(tx, current, target, now)
        // A dearer change the guest asked for before gives way to this one, and its hold goes.
        const freed = await lapsePendingChanges(tx, current.id)
        const applied = await lifecycle.applyInTx(tx, current.id, request)
        const plan = planOf(current, target, applied.done, offer, request.type === 'move' ? request.actor : 'guest')
        if (applied.done.outcome === 'awaiting-difference') {
          const slot = applied.done.slot
          const [change] = await tx
            .insert(bookingChanges)
            .values({ ...changeValues(current, target, applied.done.price!, { actor: plan.actor, tellGuest: true }, now), state: 'awaiting-payment', difference: applied.done.difference!, holdExpiresAt: slot.kind === 'hold-target' ? slot.expiresAt : now })
            .returning()
          await events.slotsChanged(tx, freed)
          return { kind: 'awaiting-payment' as const, booking: current, change: pendingOf(change!) }
        }
        await recordMove(tx, applied, { actor: plan.actor, tellGuest: true }, now)
        await events.slotsChanged(tx, freed)
        // The guest's answer to a call-off: the offer is settled, so its deadline refunds nothing.
        if (offer) await closeOffers(tx, current.id, 'moved', now)
        return { kind: 'moved' as const, applied, plan }
      })
      if (outcome.kind === 'awaiting-payment') return outcome
      const refund = await lifecycle.afterCommit(outcome.applied, 'the guest changed to a cheaper tour')
      return { kind: 'moved', booking: outcome.applied.booking, refund, voucherBack: outcome.plan.voucherBack }
    },

    /** The booking's dearer change waiting for its difference, if any (the checkout pays it). */
    async pendingChange(bookingId: number, reader: Db | Tx = db): Promise<PendingChange | null> {
      const [row] = await reader
        .select()
        .from(bookingChanges)
        .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.state, 'awaiting-payment')))
        .orderBy(desc(bookingChanges.id))
        .limit(1)
      return row ? pendingOf(row) : null
    },

    /** The change a difference payment belongs to, by its intent (settling a payment). */
    async changeOfIntent(tx: Tx, intentId: string): Promise<PendingChange | null> {
      const [row] = await tx.select().from(bookingChanges).where(eq(bookingChanges.intentId, intentId))
      return row ? pendingOf(row) : null
    },

    /** Records the intent that pays a waiting change's difference. */
    async attachIntent(changeId: number, intentId: string) {
      await db.update(bookingChanges).set({ intentId }).where(eq(bookingChanges.id, changeId))
    },

    /** The difference of a waiting change was paid and the lifecycle moved the booking: its history row is done, and the guest and guide told. */
    async finishPaidChange(tx: Tx, applied: Applied, change: PendingChange): Promise<void> {
      await tx.update(bookingChanges).set({ state: 'done' }).where(eq(bookingChanges.id, change.id))
      await events.moved(tx, applied.before, applied.booking, { changeId: change.id, actor: 'guest', tellGuest: true })
    },

    /** The difference of a waiting change came back unkept (the slot went, the booking was cancelled): the change lapses, and its hold goes. */
    async giveUpChange(tx: Tx, change: PendingChange): Promise<void> {
      const freed = await lapsePendingChanges(tx, change.bookingId)
      await tx.update(bookingChanges).set({ state: 'lapsed' }).where(eq(bookingChanges.id, change.id))
      await events.slotsChanged(tx, freed)
    },

    /** A booking's moves, oldest first. */
    async history(bookingId: number): Promise<BookingChangeView[]> {
      const rows = await db.select().from(bookingChanges).where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.state, 'done'))).orderBy(asc(bookingChanges.id))
      return rows.map(toView)
    },

    /** The moves of many bookings, for the CSV. */
    async historyOf(bookingIds: number[]): Promise<Map<number, BookingChangeView[]>> {
      const byBooking = new Map<number, BookingChangeView[]>()
      if (bookingIds.length === 0) return byBooking
      const rows = await db.select().from(bookingChanges).where(and(inArray(bookingChanges.bookingId, bookingIds), eq(bookingChanges.state, 'done'))).orderBy(asc(bookingChanges.id))
      for (const row of rows) byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), toView(row)])
      return byBooking
    },

    /** How many times a guest may move a booking themselves (the guide's setting). */
    guestMoveLimit: () => guestMoveLimitIn(db),

    async setGuestMoveLimit(limit: number): Promise<number> {
      await db.insert(tripSettings).values({ id: 1, guestMoveLimit: limit }).onConflictDoUpdate({ target: tripSettings.id, set: { guestMoveLimit: limit, updatedAt: deps.now() } })
      return limit
    },

    /** The largest group the guide books and the hours their bookings wait for payment (docs/decisions/0059). */
    guideRules: (reader: Db | Tx = db) => guideRulesIn(reader),

    async setGuideRules(rules: GuideBookingRules): Promise<GuideBookingRules> {
      const values = { guideGroupLimit: rules.groupLimit, guideHoldHours: rules.holdHours }
      await db.insert(tripSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: tripSettings.id, set: { ...values, updatedAt: deps.now() } })
      return rules
    },

    /** A guide's choice of slot, tour and group, checked as a guide's move is (docs/decisions/0059: a booking the guide makes). */
    /** The slot, tour and group of a booking the guide makes: checked as the guide's move is. */
    checkGuideTarget: (tx: Tx, target: SlotChoice, now: Date) => checkTarget(tx, 'guide', target, now, 'make'),
  }
}

export type BookingMoveService = ReturnType<typeof createBookingMoveService>
