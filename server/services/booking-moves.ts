import { and, asc, count, desc, eq, inArray, not } from 'drizzle-orm'
import { DEADLOCK_DETECTED, sqlState, type Db, type Tx } from '../db/client.ts'
import { bookingChanges, bookings, slotClaims, tourPackages, tripSettings, type Booking, type TourPackage } from '../db/schema.ts'
import {
  DEFAULT_GUEST_MOVE_LIMIT,
  guestMoveRefusal,
  guideMoveRefusal,
  guidePriceProblem,
  moveMoney,
  moveWindow,
  sameSlotChoice,
  type ChangeActor,
  type ChangeState,
  type GuestMoveRefusal,
  type MoveMoney,
  type SlotChoice,
} from '../../core/booking-changes.ts'
import { effectiveStatus, moneyOf } from '../../core/booking-lifecycle.ts'
import { bookingWindow, formatLongDate, todayInTokyo } from '../../core/dates.ts'
import { quote } from '../../core/pricing.ts'
import { arrangedOnly, DEFAULT_GUIDE_GROUP_LIMIT, DEFAULT_GUIDE_HOLD_HOURS, guideGroupProblem } from '../../core/guide-bookings.ts'
import type { GuideBookingRules } from '../../core/schemas/booking-move.ts'
import { normaliseReference } from '../../core/reference.ts'
import { packageFitsSlot, partsClaimedBy, type TourTime } from '../../core/slots.ts'
import { slotOn } from './availability.ts'
import type { BookingEvents } from './booking-events.ts'
import { claimParts, claimSlot, ownSlotClaim, releaseClaims, SlotTakenError } from './slot-claims.ts'
import { ServiceError } from './service-error.ts'
import { BOOKING_NOT_FOUND_MESSAGE } from './admin-bookings.ts'
import { GROUP_TOO_LARGE_MESSAGE, OUTSIDE_WINDOW_MESSAGE, PACKAGE_DOES_NOT_FIT_MESSAGE, PACKAGE_UNAVAILABLE_MESSAGE } from './bookings.ts'
import type { RefundOutcome, RefundService } from './refunds.ts'
import { closeOffers, openOfferOf, type OpenOffer } from './disruption-offers.ts'
import { shrinkVoucherUse } from './voucher-spending.ts'
import { voucherPays } from '../../core/vouchers.ts'

export const MOVE_CANCELLED_MESSAGE = 'A cancelled booking cannot be moved. Restore it first, or make a new booking.'
export const MOVE_NOTHING_MESSAGE = 'Choose another date, time, tour or group size to move this booking.'
export const moveOutsideWindowMessage = (last: string) => `A booking can be moved to a Saturday or Sunday from today until ${formatLongDate(last)}.`

/** What a guest reads when their own change is refused (translated as `errors.*`, docs/decisions/0044). */
export const GUEST_MOVE_MESSAGES: Record<GuestMoveRefusal, string> = {
  cancelled: 'This booking is cancelled, so it cannot be changed. You are welcome to make a new booking.',
  arranged: 'This booking was arranged with us personally, so it can be changed by message only. Please message us and we will do our best to help.',
  'too-late': 'Your tour is less than 7 days away, so it can no longer be changed online. Please message us and we will do our best to help.',
  limit: 'This booking has been changed online as many times as we allow. Please message us and we will do our best to help.',
}
export const GUEST_MOVE_NOTHING_MESSAGE = 'Choose another date, time, tour or group size to change your booking.'
export const GUEST_MOVE_PARTLY_REFUNDED_MESSAGE = 'Part of this booking has been refunded, so it can no longer be changed online. Please message us and we will do our best to help.'

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
 * Moving a booking to another slot (issue 19, docs/decisions/0055). A move is one transaction:
 * lock the booking, release its slot, claim the new one (the slot guarantee of docs/decisions/0002
 * decides a race: a taken slot rolls the whole move back, so the booking keeps its slot),
 * update the booking, write its history and tell the guest and the admins.
 */
export function createBookingMoveService(deps: {
  db: Db
  events: BookingEvents
  refunds: RefundService
  now: () => Date
  booking: { leadDays: number; horizonDays: number; holdMinutes: number }
}) {
  const { db, events } = deps

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
  async function checkTarget(tx: Db | Tx, actor: ChangeActor, target: SlotChoice, now: Date): Promise<TourPackage> {
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
      const message = actor === 'guide' ? moveOutsideWindowMessage(bookingWindow(now, window).last) : OUTSIDE_WINDOW_MESSAGE(window.leadDays, window.horizonDays)
      throw new ServiceError('invalid', message, { field: 'tourDate' })
    }
    // Closed by the guide's switches; a slot taken by another booking is found by the claim itself.
    if (!slot.available && slot.reason !== 'booked') throw new SlotTakenError()
    return pkg
  }

  /**
   * The booking takes its new slot, inside the caller's transaction, on a booking the caller has
   * locked: its claims go and the new slot's are made, then the booking row changes. The new
   * slot keeps the booking's kind of claim: an unpaid hold until the same expiry, a confirmed or
   * paid booking for good. A taken slot throws SlotTakenError (the caller's transaction or
   * savepoint rolls back, and the booking keeps its slot).
   */
  async function takeSlot(tx: Tx, current: Booking, target: SlotChoice, newTotal: number, now: Date, voucherBack = 0): Promise<Booking> {
    await releaseClaims(tx, current.id)
    const expiresAt = current.status === 'pending' ? current.holdExpiresAt : null
    await claimSlot(tx, events, { bookingId: current.id, tourDate: target.tourDate, tourTime: target.tourTime, expiresAt, now })
    const [moved] = await tx
      .update(bookings)
      .set({
        tourDate: target.tourDate,
        tourTime: target.tourTime,
        tourPackageId: target.tourPackageId,
        numberOfPeople: target.numberOfPeople,
        totalPrice: newTotal,
        voucherAmount: current.voucherAmount - voucherBack,
        // The reminder is for a date: the new one gets its own.
        reminderSentAt: current.tourDate === target.tourDate ? current.reminderSentAt : null,
        updatedAt: now,
      })
      .where(eq(bookings.id, current.id))
      .returning()
    return moved!
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
    fromTotal: current.totalPrice,
    toDate: target.tourDate,
    toTime: target.tourTime,
    toPackageId: target.tourPackageId,
    toPeople: target.numberOfPeople,
    toTotal: newTotal,
    guestTold: who.tellGuest,
    createdAt: now,
  })

  /** The move itself: the new slot, the history row, and the e-mails and notification. */
  async function applyMove(
    tx: Tx,
    current: Booking,
    target: SlotChoice,
    newTotal: number,
    who: { actor: ChangeActor; user?: { id: number; username: string } | null; tellGuest: boolean },
    now: Date,
    voucherBack = 0,
  ): Promise<{ moved: Booking; changeId: number }> {
    await shrinkVoucherUse(tx, current.id, voucherBack)
    const moved = await takeSlot(tx, current, target, newTotal, now, voucherBack)
    const [change] = await tx.insert(bookingChanges).values(changeValues(current, target, newTotal, who, now)).returning()
    await events.moved(tx, current, moved, { changeId: change!.id, actor: who.actor, tellGuest: who.tellGuest, voucherBack })
    // The old slot may be free now (docs/decisions/0057); the new one is taken.
    await events.slotsChanged(tx, [current.tourDate, target.tourDate])
    return { moved, changeId: change!.id }
  }

  /**
   * A dearer change of a paid booking waits for its difference (docs/decisions/0055): the new
   * slot's halves the booking does not hold already are held for it like any unpaid hold, and
   * the change is recorded as awaiting payment. The booking itself stays as it is until the
   * difference is paid. A change still waiting from before gives way to this one.
   */
  async function holdDearerChange(tx: Tx, current: Booking, plan: GuestMovePlan, now: Date): Promise<PendingChange> {
    const freed = await lapsePendingChanges(tx, current.id)
    const holdExpiresAt = new Date(now.getTime() + deps.booking.holdMinutes * 60_000)
    const own = plan.target.tourDate === current.tourDate ? new Set(partsClaimedBy(current.tourTime as TourTime)) : new Set<string>()
    const parts = partsClaimedBy(plan.target.tourTime).filter((part) => !own.has(part))
    if (parts.length > 0) await claimParts(tx, events, { bookingId: current.id, tourDate: plan.target.tourDate, parts, expiresAt: holdExpiresAt, now })
    const [change] = await tx
      .insert(bookingChanges)
      .values({ ...changeValues(current, plan.target, plan.money.newTotal, { actor: plan.actor, tellGuest: true }, now), state: 'awaiting-payment', difference: plan.money.kind === 'charge' ? plan.money.amount : 0, holdExpiresAt })
      .returning()
    // An earlier waiting change's hold may have freed a slot; the new hold takes one (docs/decisions/0057).
    await events.slotsChanged(tx, [...freed, plan.target.tourDate])
    return pendingOf(change!)
  }

  /** A change still waiting for its difference gives way: it lapses, and the hold it had goes. Returns the dates of the halves it freed. */
  async function lapsePendingChanges(tx: Tx, bookingId: number): Promise<string[]> {
    await tx.update(bookingChanges).set({ state: 'lapsed' }).where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.state, 'awaiting-payment')))
    const freed = await tx.delete(slotClaims).where(and(eq(slotClaims.bookingId, bookingId), not(ownSlotClaim))).returning({ tourDate: slotClaims.tourDate })
    return freed.map((c) => c.tourDate)
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
    return { refusal, message: refusal ? GUEST_MOVE_MESSAGES[refusal] : null, changesLeft: Math.max(0, limit - moves), offer }
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
   * window, and what does it do to the price (priced from the catalogue, docs/decisions/0019).
   * Whether the slot is still free is the claim's to say.
   */
  async function planGuestMove(reader: Db | Tx, current: Booking, target: SlotChoice, now: Date): Promise<GuestMovePlan> {
    const { refusal, offer } = await guestState(reader, current, now)
    if (refusal) throw new ServiceError('conflict', GUEST_MOVE_MESSAGES[refusal])
    if (sameSlotChoice(target, slotOf(current))) throw new ServiceError('invalid', GUEST_MOVE_NOTHING_MESSAGE, { field: 'tourDate' })
    const pkg = await checkTarget(reader, 'guest', target, now)
    const price = quote(pkg, target.numberOfPeople, target.tourDate)
    if (!price.ok) throw new ServiceError('invalid', price.message, { field: 'numberOfPeople' })
    const received = moneyOf(current).received > 0
    if (received && current.amountRefunded > 0) throw new ServiceError('conflict', GUEST_MOVE_PARTLY_REFUNDED_MESSAGE)
    // After a call-off a dearer choice costs the guest nothing more (core/booking-changes.ts).
    // A promo code's discount moves with the booking as the yen it took off, never below a total
    // of 0, and a gift voucher's part as the yen it paid, up to what the new tour costs: the rest
    // goes back onto the voucher (docs/decisions/0062, 0065).
    const due = Math.max(0, price.total - current.discount)
    const voucherKept = voucherPays(current.voucherAmount, due)
    const money = moveMoney({ received, currentTotal: current.totalPrice, newPrice: due - voucherKept, waived: offer !== null })
    return { target, money, currentTotal: current.totalPrice, actor: offer ? 'disruption' : 'guest', offer, voucherBack: current.voucherAmount - voucherKept }
  }

  const byReference = async (reader: Db | Tx, reference: unknown, lock: boolean): Promise<Booking> => {
    const ref = normaliseReference(reference)
    const query = ref ? reader.select().from(bookings).where(eq(bookings.reference, ref)) : null
    const [booking] = query ? await (lock ? query.for('update') : query) : []
    if (!booking || booking.anonymizedAt) throw new ServiceError('not-found', BOOKING_NOT_FOUND_MESSAGE)
    return booking
  }

  return {
    /**
     * The guide moves a booking (issue 19 point 2): any live booking, any open slot from today
     * to the window's end, as often as needed; the price stays unless the guide types
     * another, and a paid booking's price stays as paid (core/booking-changes.ts).
     */
    async moveByGuide(bookingId: number, move: GuideMove, user: { id: number; username: string }): Promise<Booking> {
      const now = deps.now()
      return inMoveTransaction(async (tx) => {
        const [current] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
        if (!current || current.anonymizedAt) throw new ServiceError('not-found', BOOKING_NOT_FOUND_MESSAGE)
        if (guideMoveRefusal(effectiveStatus(current, now))) throw new ServiceError('conflict', MOVE_CANCELLED_MESSAGE)
        const target: SlotChoice = { tourDate: move.tourDate, tourTime: move.tourTime, tourPackageId: move.tourPackageId, numberOfPeople: move.numberOfPeople }
        if (sameSlotChoice(target, slotOf(current))) throw new ServiceError('invalid', MOVE_NOTHING_MESSAGE, { field: 'tourDate' })
        const newTotal = move.totalPrice ?? current.totalPrice
        const priceProblem = guidePriceProblem({ received: moneyOf(current).received > 0, currentTotal: current.totalPrice, newTotal })
        if (priceProblem) throw new ServiceError('conflict', priceProblem, { field: 'totalPrice' })
        await checkTarget(tx, 'guide', target, now)
        return (await applyMove(tx, current, target, newTotal, { actor: 'guide', user, tellGuest: move.tellGuest }, now)).moved
      })
    },

    /** Whether the guest may change this booking now, and how many changes are left. */
    guestState: (booking: Booking) => guestState(db, booking, deps.now()),

    /** The review step: what the guest's change would do, or why it cannot be made (a ServiceError). */
    async previewGuestMove(reference: unknown, target: SlotChoice): Promise<GuestMovePlan> {
      return planGuestMove(db, await byReference(db, reference, false), target, deps.now())
    },

    /**
     * The guest changes their own booking (issue 19 point 1) through any way in: the same
     * checks as the review step inside the move's transaction, then the move; a cheaper
     * choice on a paid booking refunds the difference through the provider once the move
     * has committed (the refund never counts against what a later cancellation refunds:
     * the booking's total becomes the new price).
     */
    async moveByGuest(reference: unknown, target: SlotChoice): Promise<GuestMoveOutcome> {
      const now = deps.now()
      const outcome = await inMoveTransaction(async (tx) => {
        const current = await byReference(tx, reference, true)
        const plan = await planGuestMove(tx, current, target, now)
        // Dearer, on a paid booking: the new slot is held while the guest pays the difference.
        if (plan.money.kind === 'charge') return { kind: 'awaiting-payment' as const, booking: current, change: await holdDearerChange(tx, current, plan, now) }
        const freed = await lapsePendingChanges(tx, current.id)
        const { moved, changeId } = await applyMove(tx, current, target, plan.money.newTotal, { actor: plan.actor, tellGuest: true }, now, plan.voucherBack)
        // A dearer change the guest asked for before, and gave up for this one, held a slot.
        await events.slotsChanged(tx, freed)
        // The guest's answer to a call-off: the offer is settled, so its deadline refunds nothing.
        if (plan.offer) await closeOffers(tx, current.id, 'moved', now)
        return { kind: 'moved' as const, booking: moved, plan, changeId }
      })
      if (outcome.kind === 'awaiting-payment') return outcome
      const { booking, plan, changeId } = outcome
      const { voucherBack } = plan
      if (plan.money.kind !== 'refund' || !booking.paymentIntentId) return { kind: 'moved', booking, refund: { amount: 0, status: 'none' }, voucherBack }
      const refund = await deps.refunds.issueRefund({
        bookingId: booking.id,
        intentId: booking.paymentIntentId,
        amount: plan.money.amount,
        idempotencyKey: `move-refund-${booking.id}-${changeId}`,
        reason: 'the guest changed to a cheaper tour',
        countsTowardBooking: false,
      })
      return { kind: 'moved', booking, refund, voucherBack }
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

    /**
     * The difference of a waiting change is paid: the booking moves, inside the settling
     * transaction (the booking locked). The new slot is taken for good; if the hold lapsed and
     * someone else took it meanwhile, the change lapses and the caller refunds the difference.
     */
    async completePaidChange(tx: Tx, current: Booking, change: PendingChange, now: Date): Promise<'moved' | 'already' | 'slot-taken'> {
      if (change.state === 'done') return 'already'
      try {
        const moved = await tx.transaction(async (sp) => takeSlot(sp, current, change.target, change.newTotal, now))
        await tx.update(bookingChanges).set({ state: 'done' }).where(eq(bookingChanges.id, change.id))
        await events.moved(tx, current, moved, { changeId: change.id, actor: 'guest', tellGuest: true })
        await events.slotsChanged(tx, [current.tourDate, change.target.tourDate])
        return 'moved'
      } catch (error) {
        if (!(error instanceof SlotTakenError)) throw error
        const freed = await lapsePendingChanges(tx, current.id)
        await tx.update(bookingChanges).set({ state: 'lapsed' }).where(eq(bookingChanges.id, change.id))
        await events.slotsChanged(tx, freed)
        return 'slot-taken'
      }
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
    checkGuideTarget: (tx: Tx, target: SlotChoice, now: Date) => checkTarget(tx, 'guide', target, now),
  }
}

export type BookingMoveService = ReturnType<typeof createBookingMoveService>
