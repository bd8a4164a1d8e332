import { refusal } from '../../core/i18n/refusal.ts'
import { and, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { bookings, moneyMovements, payments, promoCodes, promoRedemptions, slotClaims, vouchers } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { loggableError } from '../http/errors.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import { decide, type CardRefund, type Done, type LifecycleBooking, type LifecycleEvent, type VoucherFact } from '../../core/booking-lifecycle.ts'
import type { CancellationCause } from '../../core/cancellation-policy.ts'
import type { SlotChoice } from '../../core/booking-changes.ts'
import { todayInTokyo } from '../../core/dates.ts'
import { PROMO_USED_UP } from '../../core/promo-codes.ts'
import { newReference } from '../../core/reference.ts'
import { partsClaimedBy, type TourTime } from '../../core/slots.ts'
import { voucherState, type VoucherStatus } from '../../core/vouchers.ts'
import type { BookingEvents } from './booking-events.ts'
import { appendMovements, oneWithMoney, type Booking } from './ledger.ts'
import type { NotificationService } from './notifications.ts'
import { attentionColumns } from './attention.ts'
import { bookingActionLink } from './notifications.ts'
import { blocksTakeFreeHalves, claimParts, claimSlot, makeClaimsPermanent, notBookingsClaim, ownSlotClaim, releaseClaims, releaseLapsedClaims, type ExpireLapsed } from './slot-claims.ts'
import { ServiceError } from './service-error.ts'

/**
 * The booking lifecycle's writer (docs/decisions/0067): the one place that writes a booking's
 * status and its money. Each call locks the booking's row, reads its ledger and the facts its
 * event needs (is the slot free, what is left on the voucher, can the promo code take a use),
 * asks core/booking-lifecycle.ts `decide`, and writes what the decision says in the caller's
 * transaction: the status columns, the ledger rows (with the voucher balances they move), the
 * promo code's use, the slot's claims, and the notifications and e-mails of the change. Card
 * refunds the decision asks for are recorded in the ledger with it and made through the provider
 * after the commit (`afterCommit`); one the provider refuses is flagged for the guide to make in
 * the provider (the ledger says what is owed), and one lost to a crash between the two is made
 * by the `make-recorded-refunds` job.
 *
 * Services (bookings, payments, cancellations, moves, the dashboard) only load, call this, and act
 * on the outcome; a test (server/services/booking-writes.unit.test.ts) keeps it so.
 */

/** An event as services ask for it; the facts the database knows are read here. */
export type LifecycleRequest =
  | Exclude<LifecycleEvent, { type: 'pay' | 'change-paid' | 'move' | 'status' }>
  | { type: 'pay'; intentId: string; amount: number; currency: string }
  | { type: 'change-paid'; intentId: string; amount: number; currency: string; target: SlotChoice; price: number; difference: number }
  | Omit<Extract<LifecycleEvent, { type: 'move' }>, 'voucher' | 'changeHoldExpiresAt'>
  | Pick<Extract<LifecycleEvent, { type: 'status' }>, 'type' | 'to' | 'paidBy'>

/**
 * What a new booking is made of, whoever makes it: the guest on the site (bookings.ts) or the
 * guide in the dashboard (guide-bookings.ts). The reference, the currency, the status and the
 * timestamps are the lifecycle's. A reference drawn twice fails its unique key; callers wrap
 * their transaction in withFreshReference (booking-reference.ts), which runs it again.
 */
export type NewBooking = Omit<typeof bookings.$inferInsert, 'id' | 'reference' | 'currency' | 'status' | 'holdExpiresAt' | 'createdAt' | 'updatedAt'>

export const ANONYMISED_NAME = 'Anonymised guest'

/** What one applied event did: the booking before and after, and the decision. */
export type Applied = { before: Booking; booking: Booking; done: Done; freed: string[] }

export type ApplyOptions = {
  /** For the e-mails: who cancelled, as the policy names it. */
  cause?: CancellationCause
  /**
   * The caller tells the waitlist itself once its own claims are made (a claimer taking over a
   * lapsed hold: the freed half may be the one it takes, docs/decisions/0057).
   */
  callerTellsWaitlist?: boolean
}

export type LifecycleDeps = {
  db: Db
  events: BookingEvents
  notifications: NotificationService
  provider: PaymentProvider
  logger: Logger
  now: () => Date
  holdMinutes: number
  /** A reseller's booking changed: its webhooks' deliveries, written in the change's transaction (docs/decisions/0081). */
  resellerWebhooks: { bookingChanged(tx: Tx, booking: Booking): Promise<number> }
}

const view = (b: Booking): LifecycleBooking => ({
  status: b.status as LifecycleBooking['status'],
  holdExpiresAt: b.holdExpiresAt,
  cancellationReason: b.cancellationReason,
  cancelledAt: b.cancelledAt,
  paidAt: b.paidAt,
  tourDate: b.tourDate,
  tourTime: b.tourTime as TourTime,
  tourPackageId: b.tourPackageId,
  numberOfPeople: b.numberOfPeople,
  ledger: b.ledger,
  resellerId: b.resellerId,
})

export function createBookingLifecycle(deps: LifecycleDeps) {
  const { db, events } = deps

  /** The booking, locked for the rest of the transaction, with its ledger. */
  async function lock(tx: Tx, bookingId: number): Promise<Booking> {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
    if (!row) throw new ServiceError('not-found', refusal('errors.bookingNotFound'))
    return oneWithMoney(tx, row)
  }

  /** The booking's voucher, locked, and whether it can pay more today; null when the booking has none. */
  async function voucherFact(tx: Tx, b: Booking, now: Date): Promise<VoucherFact | null> {
    if (b.voucherId === null) return null
    const [v] = await tx.select().from(vouchers).where(eq(vouchers.id, b.voucherId)).for('update')
    if (!v) return null
    return { id: v.id, balance: v.balance, usable: voucherState({ status: v.status as VoucherStatus, balance: v.balance, validUntil: v.validUntil }, todayInTokyo(now)) === 'active' }
  }

  /** Whether the booking's promo code can take its use again (a lapsed hold paid late, a booking revived). */
  async function promoUsable(tx: Tx, b: Booking): Promise<boolean> {
    if (b.promoCode === null || b.money.discount === b.money.promo) return true
    const [code] = await tx.select().from(promoCodes).where(eq(promoCodes.code, b.promoCode)).for('update')
    return !!code && code.active && (code.maxUses === null || code.uses < code.maxUses)
  }

  /** Whether the halves of `slot` are free of every other booking's live claim. */
  async function slotFree(tx: Tx, bookingId: number, slot: { tourDate: string; tourTime: TourTime }, now: Date): Promise<boolean> {
    const taken = await tx
      .select({ bookingId: slotClaims.bookingId })
      .from(slotClaims)
      .where(
        and(
          eq(slotClaims.tourDate, slot.tourDate),
          inArray(slotClaims.part, partsClaimedBy(slot.tourTime)),
          notBookingsClaim(bookingId),
          or(isNull(slotClaims.expiresAt), gte(slotClaims.expiresAt, now)),
        ),
      )
    return taken.length === 0
  }

  /** The event with the facts `decide` needs, read inside `tx` with the booking locked. */
  async function withFacts(tx: Tx, b: Booking, request: LifecycleRequest, now: Date): Promise<LifecycleEvent> {
    switch (request.type) {
      case 'pay':
        return { ...request, slotFree: await slotFree(tx, b.id, { tourDate: b.tourDate, tourTime: b.tourTime as TourTime }, now), voucher: await voucherFact(tx, b, now), promoUsable: await promoUsable(tx, b) }
      case 'change-paid':
        return { ...request, slotFree: await slotFree(tx, b.id, request.target, now), voucher: await voucherFact(tx, b, now) }
      case 'move':
        return { ...request, voucher: await voucherFact(tx, b, now), changeHoldExpiresAt: new Date(now.getTime() + deps.holdMinutes * 60_000) }
      case 'status':
        return { ...request, holdExpiresAt: new Date(now.getTime() + deps.holdMinutes * 60_000), voucher: await voucherFact(tx, b, now), promoUsable: await promoUsable(tx, b) }
      default:
        return request
    }
  }

  /** A promo code's use taken or given back with the booking (docs/decisions/0062). */
  async function promoUse(tx: Tx, b: Booking, use: Done['promoUse']) {
    if (use === 'keep' || b.promoCode === null) return
    const [code] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, b.promoCode))
    if (!code) return
    if (use === 'release') {
      const [released] = await tx.delete(promoRedemptions).where(eq(promoRedemptions.bookingId, b.id)).returning()
      if (released) await tx.update(promoCodes).set({ uses: sql`${promoCodes.uses} - 1` }).where(eq(promoCodes.id, released.promoCodeId))
      return
    }
    const [taken] = await tx
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} + 1` })
      .where(and(eq(promoCodes.id, code.id), eq(promoCodes.active, true), or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses))))
      .returning({ id: promoCodes.id })
    if (!taken) throw new ServiceError('invalid', PROMO_USED_UP, { field: 'promoCode' })
    await tx.insert(promoRedemptions).values({ bookingId: b.id, promoCodeId: code.id }).onConflictDoNothing()
  }

  /** The lapsed holds a claim takes over are recorded as lapsed first (docs/decisions/0005). */
  const expireLapsed: ExpireLapsed = async (tx, bookingId) => {
    await applyInTx(tx, bookingId, { type: 'lapse' }, { callerTellsWaitlist: true })
    // A live booking's lapsed claims are a dearer change's hold that ran out (docs/decisions/0055): they go too.
    await releaseLapsedClaims(tx, bookingId, deps.now())
  }

  /** What the decision does to the slot; returns the dates whose claims changed. */
  async function slotEffect(tx: Tx, b: Booking, done: Done, now: Date): Promise<string[]> {
    const slot = done.slot
    const own = { tourDate: b.tourDate, tourTime: b.tourTime as TourTime }
    switch (slot.kind) {
      case 'keep':
        return []
      case 'claim':
        await releaseClaims(tx, b.id)
        await claimSlot(tx, expireLapsed, { bookingId: b.id, ...own, expiresAt: slot.expiresAt, now })
        return [b.tourDate]
      case 'hold':
        await tx.update(slotClaims).set({ expiresAt: slot.expiresAt }).where(and(eq(slotClaims.bookingId, b.id), ownSlotClaim))
        return []
      case 'permanent':
        await makeClaimsPermanent(tx, b.id)
        return []
      case 'release':
        return [b.tourDate, ...(await releaseClaims(tx, b.id))]
      case 'release-lapsed':
        await releaseLapsedClaims(tx, b.id, now)
        return [b.tourDate]
      case 'move': {
        const freed = await releaseClaims(tx, b.id)
        await claimSlot(tx, expireLapsed, { bookingId: b.id, tourDate: slot.target.tourDate, tourTime: slot.target.tourTime, expiresAt: slot.expiresAt, now })
        return [b.tourDate, slot.target.tourDate, ...freed]
      }
      case 'hold-target': {
        const mine = slot.target.tourDate === b.tourDate ? new Set<string>(partsClaimedBy(own.tourTime)) : new Set<string>()
        const parts = partsClaimedBy(slot.target.tourTime).filter((part) => !mine.has(part))
        if (parts.length > 0) await claimParts(tx, expireLapsed, { bookingId: b.id, tourDate: slot.target.tourDate, parts, expiresAt: slot.expiresAt, now })
        return [slot.target.tourDate]
      }
    }
  }

  /** The booking's columns as the decision leaves them. */
  async function writeRow(tx: Tx, b: Booking, done: Done, now: Date) {
    const target = done.slot.kind === 'move' ? done.slot.target : null
    if (!done.patch && done.attention === undefined && !target) return
    await tx
      .update(bookings)
      .set({
        ...(done.patch ?? {}),
        // Paid with nothing left for a provider to take (docs/decisions/0019, 0065).
        ...(done.outcome === 'settled' && b.paymentProvider === null ? { paymentProvider: 'none' } : {}),
        ...(done.attention !== undefined ? attentionColumns(done.attention) : {}),
        ...(target
          ? {
              tourDate: target.tourDate,
              tourTime: target.tourTime,
              tourPackageId: target.tourPackageId,
              numberOfPeople: target.numberOfPeople,
              // The reminder is for a date: the new one gets its own.
              reminderSentAt: target.tourDate === b.tourDate ? b.reminderSentAt : null,
            }
          : {}),
        updatedAt: now,
      })
      .where(eq(bookings.id, b.id))
  }

  /** The notifications and e-mails of the outcome (docs/decisions/0041), in the same transaction. */
  async function tell(tx: Tx, before: Booking, after: Booking, done: Done, dates: string[], options: ApplyOptions) {
    const was = before.status
    if (after.resellerId !== null) await tellReseller(tx, before, after, done)
    else await tellGuest(tx, was, after, done, options)
    if (dates.length > 0 && !options.callerTellsWaitlist) await events.slotsChanged(tx, [...new Set(dates)])
  }

  /**
   * A reseller's booking (docs/decisions/0074): the guide hears of it once confirmed, and when it
   * ends after. Its status changing (confirmed, cancelled by anyone, expired) is delivered to the
   * reseller's webhooks (docs/decisions/0081); the guide's note says whether a webhook tells it.
   */
  async function tellReseller(tx: Tx, before: Booking, after: Booking, done: Done) {
    const changed = before !== after && before.status !== after.status
    const hooks = changed ? await deps.resellerWebhooks.bookingChanged(tx, after) : 0
    if (done.outcome === 'confirmed' && before.status === 'pending') await events.throughReseller(tx, after, { kind: 'confirmed' })
    if (after.status === 'cancelled' && before.status !== 'cancelled' && before.status !== 'pending') {
      await events.throughReseller(tx, after, { kind: 'cancelled', reason: after.cancellationReason ?? 'cancelled', webhooks: hooks })
    }
  }

  async function tellGuest(tx: Tx, was: string, after: Booking, done: Done, options: ApplyOptions) {
    switch (done.outcome) {
      case 'created':
        await events.created(tx, after)
        if (after.status === 'confirmed') await events.confirmed(tx, after)
        break
      case 'lapsed':
        if (done.patch) await events.expired(tx, after, done.voucherBack)
        break
      case 'paid':
      case 'settled':
        await events.paid(tx, after)
        break
      case 'payment-refused':
        if (done.patch) await events.cancelled(tx, after, { reason: done.reason!, refund: done.cardBack, voucherBack: done.voucherBack })
        if (done.notice) await deps.notifications.create(tx, { type: 'system', notice: { kind: done.notice.kind, values: { name: after.name, ...done.notice.values } }, actionLink: bookingActionLink(after.id) })
        break
      case 'cancelled':
        await events.cancelled(tx, after, { reason: after.cancellationReason!, refund: done.cardBack, voucherBack: done.voucherBack, cause: options.cause })
        break
      case 'status-changed':
        if (after.status === 'cancelled' && was !== 'cancelled' && done.patch) await events.cancelled(tx, after, { reason: after.cancellationReason!, refund: 0, voucherBack: done.voucherBack })
        if (after.status === 'paid' && was !== 'paid') await events.paid(tx, after)
        // A booking the guide confirms is held for good: the guest hears it (a paid one already has).
        if (after.status === 'confirmed' && was !== 'confirmed' && was !== 'paid') await events.confirmed(tx, after)
        break
      default:
        break
    }
  }

  /**
   * Applies `request` to the booking inside `tx` (the caller's transaction). A refusal throws a
   * ServiceError of its kind and changes nothing; the caller's transaction should roll back.
   */
  async function applyInTx(tx: Tx, bookingId: number, request: LifecycleRequest, options: ApplyOptions = {}): Promise<Applied> {
    const now = deps.now()
    const before = await lock(tx, bookingId)
    const event = await withFacts(tx, before, request, now)
    const decision = decide(view(before), event, now)
    if (!decision.ok) throw new ServiceError(decision.kind, decision.message, decision.field ? { field: decision.field } : {})
    await writeRow(tx, before, decision, now)
    await appendMovements(tx, before.id, decision.transition, decision.movements, now)
    await promoUse(tx, before, decision.promoUse)
    const dates = await slotEffect(tx, before, decision, now)
    // An imported calendar's block waiting on a half this freed closes it now (docs/decisions/0077).
    await blocksTakeFreeHalves(tx, dates)
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId))
    const after = await oneWithMoney(tx, row!)
    await tell(tx, before, after, decision, dates, options)
    return { before, booking: after, done: decision, freed: dates }
  }

  /**
   * Makes the card refunds of committed decisions through the provider (docs/decisions/0016):
   * each with the idempotency key its ledger row carries, so a retry refunds once. A refusal is
   * on the provider's trail and flagged for the guide, who makes it in the provider's dashboard
   * (the ledger already says it is owed); never thrown.
   */
  async function afterCommit(applied: Pick<Applied, 'booking' | 'done'> | null | undefined, reason?: string): Promise<RefundOutcome> {
    if (!applied || applied.done.refunds.length === 0) return { amount: 0, status: 'none' }
    const outcomes: RefundOutcome[] = []
    for (const refund of applied.done.refunds) outcomes.push(await issueRefund(applied.booking.id, refund, reason ?? applied.done.reason ?? applied.booking.cancellationReason ?? 'refund'))
    const failed = outcomes.find((o) => o.status === 'failed')
    if (failed) return { amount: outcomes.reduce((s, o) => s + o.amount, 0), status: 'failed', message: failed.message }
    return { amount: outcomes.reduce((s, o) => s + o.amount, 0), status: outcomes.some((o) => o.status === 'pending') ? 'pending' : 'succeeded' }
  }

  async function issueRefund(bookingId: number, refund: CardRefund, reason: string): Promise<RefundOutcome> {
    const detail = JSON.stringify({ intentId: refund.intentId, key: refund.idempotencyKey, reason })
    try {
      const made = await deps.provider.refund({ intentId: refund.intentId, amount: refund.amount, idempotencyKey: refund.idempotencyKey, reason })
      await db.transaction(async (tx) => {
        await tx.insert(payments).values({ bookingId, provider: deps.provider.name, providerId: made.id, kind: 'refund', amount: made.amount, status: made.status, detail }).onConflictDoNothing()
        // The note that the refund is being issued has done its work.
        await tx.update(bookings).set(attentionColumns(null)).where(and(eq(bookings.id, bookingId), sql`${bookings.attention}->>'kind' = 'refundIssuing'`))
      })
      return { amount: made.amount, status: made.status }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      deps.logger.error({ bookingId, error: loggableError(error) }, 'refund failed')
      await db.transaction(async (tx) => {
        await tx
          .insert(payments)
          .values({ bookingId, provider: deps.provider.name, providerId: `failed:${refund.idempotencyKey}`, kind: 'refund', amount: refund.amount, status: 'failed', detail: JSON.stringify({ intentId: refund.intentId, key: refund.idempotencyKey, message: message.slice(0, 500) }) })
          .onConflictDoNothing()
        // The money stays on the card, owed to the guest, until it is refunded in the provider.
        await applyInTx(tx, bookingId, { type: 'refund-failed', intentId: refund.intentId, amount: refund.amount, reference: refund.idempotencyKey })
        await tx
          .update(bookings)
          .set({ ...attentionColumns({ kind: 'refundFailed', values: { amount: refund.amount, detail: message.slice(0, 200) } }), updatedAt: deps.now() })
          .where(eq(bookings.id, bookingId))
      })
      return { amount: refund.amount, status: 'failed', message: 'The refund could not be issued automatically. We have been notified and will refund you by hand.' }
    }
  }

  return {
    lock,

    /** The booking with its ledger, unlocked (pages and previews). */
    async read(reader: Db | Tx, bookingId: number): Promise<Booking> {
      const [row] = await reader.select().from(bookings).where(eq(bookings.id, bookingId))
      if (!row) throw new ServiceError('not-found', refusal('errors.bookingNotFound'))
      return oneWithMoney(reader, row)
    },

    /** What `request` would do now, without doing it (the change page's review step); a refusal throws. */
    async preview(booking: Booking, request: LifecycleRequest): Promise<Done> {
      const now = deps.now()
      const decision = decide(view(booking), await withFacts(db as unknown as Tx, booking, request, now), now)
      if (!decision.ok) throw new ServiceError(decision.kind, decision.message, decision.field ? { field: decision.field } : {})
      return decision
    },

    applyInTx,
    afterCommit,

    /** One event in its own transaction, then its card refunds. */
    async apply(bookingId: number, request: LifecycleRequest, options: ApplyOptions = {}): Promise<Applied & { refund: RefundOutcome }> {
      const applied = await db.transaction((tx) => applyInTx(tx, bookingId, request, options))
      return { ...applied, refund: await afterCommit(applied) }
    },

    /**
     * A new booking (docs/decisions/0002, 0005): the row is inserted with the creation's status,
     * its price and parts written to the ledger, its slot claimed (a taken slot throws
     * SlotTakenError and the caller's transaction rolls back), and the guest and the guide told.
     */
    async createInTx(tx: Tx, values: NewBooking, event: Extract<LifecycleEvent, { type: 'create' }>): Promise<Booking> {
      const now = deps.now()
      const decision = decide({ status: 'pending', holdExpiresAt: null, cancellationReason: null, cancelledAt: null, paidAt: null, tourDate: values.tourDate, tourTime: values.tourTime as TourTime, tourPackageId: values.tourPackageId, numberOfPeople: values.numberOfPeople, ledger: [] }, event, now)
      if (!decision.ok) throw new ServiceError(decision.kind, decision.message, decision.field ? { field: decision.field } : {})
      const [row] = await tx
        .insert(bookings)
        .values({ ...values, reference: newReference(), currency: 'JPY', status: decision.patch!.status, holdExpiresAt: decision.patch!.holdExpiresAt, createdAt: now, updatedAt: now })
        .returning()
      await appendMovements(tx, row!.id, decision.transition, decision.movements, now)
      const created = await oneWithMoney(tx, row!)
      await promoUse(tx, created, decision.promoUse)
      const dates = await slotEffect(tx, created, decision, now)
      await tell(tx, created, created, decision, dates, {})
      return created
    },

    /**
     * Erasure (docs/decisions/0020, 0026): the bookings `where` selects lose the guest's personal
     * data; their status and money stay, as the books need them. The caller checked that nothing
     * is under way (core/booking-lifecycle.ts `erasureRefusal`) or that retention has run out.
     */
    async eraseInTx(tx: Tx | Db, where: SQL | undefined): Promise<number[]> {
      const at = deps.now()
      const rows = await tx
        .update(bookings)
        .set({
          name: ANONYMISED_NAME,
          email: sql`'booking-' || ${bookings.id} || '@anonymised.invalid'`,
          phone: '',
          specialRequests: null,
          // Where the guest stays is theirs too (docs/decisions/0052).
          pickupHotel: null,
          adminNotes: null,
          // Answers to the booking questions (dietary and access needs are health data): all of them go.
          answers: [],
          anonymizedAt: at,
          updatedAt: at,
        })
        .where(and(isNull(bookings.anonymizedAt), where))
        .returning({ id: bookings.id })
      return rows.map((r) => r.id)
    },

    /** Deletes a booking the lifecycle let go (`delete`): its ledger rows follow it (they net to nothing). */
    async deleteInTx(tx: Tx, bookingId: number): Promise<void> {
      await tx.delete(bookings).where(eq(bookings.id, bookingId))
    },

    /**
     * The guest's details as a reseller gives them (docs/decisions/0074): contact, notes and the
     * reseller's reference. Never the status, the slot or the money.
     */
    async updateDetailsInTx(tx: Tx, bookingId: number, details: Partial<Pick<Booking, 'name' | 'email' | 'phone' | 'locale' | 'specialRequests' | 'resellerReference'>>, options: { tellWebhooks: boolean }): Promise<void> {
      if (Object.keys(details).length === 0) return
      const [row] = await tx.update(bookings).set({ ...details, updatedAt: deps.now() }).where(eq(bookings.id, bookingId)).returning()
      // An update by PATCH reaches the reseller's webhooks (docs/decisions/0081); details sent with a
      // confirmation go with the confirmation's own delivery.
      if (options.tellWebhooks && row) await deps.resellerWebhooks.bookingChanged(tx, await oneWithMoney(tx, row))
    },

    /** When a reseller's reservation was confirmed: its confirmation's first ledger row. */
    /** When each of these bookings was first confirmed (its first `confirm` movement), in one query. */
    async confirmedAtOf(bookingIds: readonly number[]): Promise<Map<number, Date>> {
      const confirmed = new Map<number, Date>()
      if (bookingIds.length === 0) return confirmed
      const rows = await db
        .select({ bookingId: moneyMovements.bookingId, at: moneyMovements.createdAt })
        .from(moneyMovements)
        .where(and(inArray(moneyMovements.bookingId, [...new Set(bookingIds)]), eq(moneyMovements.transition, 'confirm')))
        .orderBy(moneyMovements.id)
      for (const row of rows) if (!confirmed.has(row.bookingId!)) confirmed.set(row.bookingId!, row.at)
      return confirmed
    },

    /** The checkout's intent for an unpaid booking, so a retried checkout reuses it and the webhook finds its booking. False once paid. */
    async attachIntent(bookingId: number, intentId: string, providerName: string): Promise<boolean> {
      const [updated] = await db
        .update(bookings)
        .set({ paymentIntentId: intentId, paymentProvider: providerName, updatedAt: deps.now() })
        .where(and(eq(bookings.id, bookingId), ne(bookings.status, 'paid')))
        .returning({ id: bookings.id })
      return updated !== undefined
    },

    /** The lapsed holds recorded as lapsed, for the sweep and for claimers (docs/decisions/0005). */
    expireLapsed,

    /** Card refunds recorded more than `olderThanMs` ago that the provider never heard of (a crash between the two): made now. */
    async issueRecordedRefunds(olderThanMs = 120_000): Promise<number> {
      const before = new Date(deps.now().getTime() - olderThanMs)
      const due = await db
        .select({ bookingId: moneyMovements.bookingId, intentId: moneyMovements.intentId, amount: moneyMovements.amount, reference: moneyMovements.reference })
        .from(moneyMovements)
        .where(
          and(
            eq(moneyMovements.kind, 'card'),
            lt(moneyMovements.amount, 0),
            sql`${moneyMovements.reference} like 'refund-%'`,
            lt(moneyMovements.createdAt, before),
            // Made (or refused) refunds are on the provider's trail with their key.
            sql`not exists (select 1 from ${payments} p where p.kind = 'refund' and p.detail like '%"key":"' || ${moneyMovements.reference} || '"%')`,
          ),
        )
      for (const r of due) await issueRefund(r.bookingId!, { intentId: r.intentId!, amount: -r.amount, idempotencyKey: r.reference! }, 'refund recorded before a restart')
      return due.length
    },
  }
}

export type RefundOutcome = { amount: number; status: 'none' | 'pending' | 'succeeded' | 'failed'; message?: string }
export type BookingLifecycle = ReturnType<typeof createBookingLifecycle>
