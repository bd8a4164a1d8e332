import { and, desc, eq, isNotNull, ne } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { auditLog, bookingChanges, bookings, payments, type Booking } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { loggableError } from '../http/errors.ts'
import { ServiceError } from './service-error.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import { type CancellationCause, type Refund, refundChoiceProblem, refundFor, refundPreview } from '../../core/cancellation-policy.ts'
import { todayInTokyo } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import type { BookingEvents } from './booking-events.ts'
import { amountPaid, effectiveStatus } from '../../core/booking-lifecycle.ts'
import { releaseClaims } from './slot-claims.ts'
import { releasePromoUse } from './promo-codes.ts'
import { releaseVoucherUse, returnVoucherShare } from './voucher-spending.ts'
import { splitRefund } from '../../core/vouchers.ts'

/** One key per booking, intent and amount: the same refund asked twice is issued once. */
const refundKey = (bookingId: number, intentId: string, amount: number) => `refund-cancel-${bookingId}-${intentId}-${amount}`

export const ALREADY_CANCELLED_MESSAGE = 'This booking is already cancelled.'

/** The reason stored on the booking when none is given. */
export const DEFAULT_REASONS: Record<CancellationCause, string> = {
  guest: 'cancelled at the guest’s request',
  'guide-weather': 'cancelled by the guide because of the weather',
  'guide-transport': 'cancelled by the guide because of a transport disruption',
  'guide-other': 'cancelled by the guide',
}

export type CancellationQuote = {
  /** False when the booking is already cancelled (or its hold lapsed). */
  canCancel: boolean
  status: string
  /** Yen paid by card and not yet refunded. */
  amountPaid: number
  /** The policy's refund; its amount is the card's share of it (docs/decisions/0065). */
  refund: Refund
  /** Yen a gift voucher paid of a paid booking: counted by the policy with the card's (docs/decisions/0065). */
  voucherPaid: number
  /** The policy's share of a gift voucher's part, which goes back onto the voucher (docs/decisions/0065). */
  voucherReturn: number
  /** What cancelling now would do, for the dialogs shown before cancelling (issue 14). */
  preview: string
}

export type RefundOutcome = { amount: number; status: 'none' | 'pending' | 'succeeded' | 'failed'; message?: string }

export type CancelInput = {
  bookingId: number
  cause: CancellationCause
  reason?: string
  /** Admin only: the amount to refund instead of the policy's (0 .. amount paid). */
  refundAmount?: number
  actor?: { id: number; username: string } | null
  /**
   * Runs inside the cancellation's transaction with the booking locked, before anything
   * changes; a throw refuses the cancellation. A call-off's answer claims its offer here, so
   * the guest's answer and the deadline's refund cannot both happen (docs/decisions/0056).
   */
  precondition?: (tx: Tx, current: Booking) => Promise<void>
}

/**
 * Cancellation and refunds (docs/decisions/0016). The policy (core/cancellation-policy.ts) proposes the
 * refund; the admin may override it; the provider issues it with an idempotency key, and
 * the booking records what was refunded. The cancellation itself (status, released slot,
 * 'Booking cancelled' event) commits first and exactly once; the refund follows, and a
 * refund the provider refuses leaves the booking flagged for the admin, never silently lost.
 */
export function createRefundService(deps: { db: Db; provider: PaymentProvider; events: BookingEvents; logger: Logger; now: () => Date }) {
  const { db, provider, events } = deps

  function quote(booking: Booking, cause: CancellationCause): CancellationQuote {
    const now = deps.now()
    const status = effectiveStatus(booking, now)
    const paid = amountPaid(booking)
    // A paid booking's voucher part was paid too: the policy applies to everything paid, and its
    // refund is shared between the card and the voucher (docs/decisions/0065).
    const voucherPaid = booking.paidAt !== null ? booking.voucherAmount : 0
    const policyInput = { amountPaid: paid + voucherPaid, tourDate: booking.tourDate, today: todayInTokyo(now), cause }
    const policy = refundFor(policyInput)
    const split = splitRefund(policy.amount, { card: paid, voucher: voucherPaid })
    return {
      canCancel: status !== 'cancelled',
      status,
      amountPaid: paid,
      refund: { ...policy, amount: split.card },
      voucherPaid,
      voucherReturn: split.voucher,
      preview: refundPreview(policyInput),
    }
  }

  /**
   * The refunds issued on a booking's payments and not failed, one per provider refund, with the
   * intent each was made on and whether it counts against the booking (`extra:` when it does not:
   * a duplicate payment, or a cheaper change's difference).
   */
  async function refundsOf(reader: Db | Tx, bookingId: number): Promise<{ intentId: string; counts: boolean; amount: number }[]> {
    const rows = await reader.select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'refund')))
    const failed = new Set(rows.filter((r) => r.status === 'failed').map((r) => r.providerId))
    const byRefund = new Map<string, { intentId: string; counts: boolean; amount: number }>()
    for (const r of rows) {
      if (failed.has(r.providerId) || (r.status !== 'pending' && r.status !== 'succeeded')) continue
      const intentId = (() => {
        try {
          return (JSON.parse(r.detail ?? '{}') as { intentId?: string }).intentId
        } catch {
          return undefined
        }
      })()
      if (!intentId) continue
      const extra = intentId.startsWith('extra:')
      byRefund.set(r.providerId, { intentId: extra ? intentId.slice('extra:'.length) : intentId, counts: !extra, amount: r.amount })
    }
    return [...byRefund.values()]
  }

  /**
   * The payments a booking holds, newest first: the difference of each dearer change the guest
   * paid (docs/decisions/0055), then the booking's own payment; each with what it charged and what
   * was refunded on it, so a refund never asks the provider for more than a payment took.
   */
  async function paidIntents(reader: Db | Tx, booking: Booking): Promise<{ intentId: string; charged: number; refunded: number }[]> {
    if (!booking.paymentIntentId) return []
    const changes = await reader
      .select({ intentId: bookingChanges.intentId, difference: bookingChanges.difference })
      .from(bookingChanges)
      .where(and(eq(bookingChanges.bookingId, booking.id), eq(bookingChanges.state, 'done'), isNotNull(bookingChanges.intentId)))
      .orderBy(desc(bookingChanges.id))
    // What each payment took, as settling it recorded; a booking paid before those records has its total.
    const charges = await reader
      .select({ intentId: payments.providerId, amount: payments.amount })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'charge'), eq(payments.status, 'succeeded')))
    const chargedBy = (intentId: string, otherwise: number) => charges.find((c) => c.intentId === intentId)?.amount ?? otherwise
    const differences = changes.reduce((sum, c) => sum + c.difference, 0)
    const refunds = await refundsOf(reader, booking.id)
    // Every refund on a payment leaves less of it to refund, a change's difference given back included.
    const refundedOn = (intentId: string) => refunds.filter((r) => r.intentId === intentId).reduce((sum, r) => sum + r.amount, 0)
    return [
      ...changes.map((c) => ({ intentId: c.intentId!, charged: chargedBy(c.intentId!, c.difference), refunded: refundedOn(c.intentId!) })),
      { intentId: booking.paymentIntentId, charged: chargedBy(booking.paymentIntentId, booking.totalPrice - differences), refunded: refundedOn(booking.paymentIntentId) },
    ]
  }

  /**
   * Refunds `amount` of a booking through the provider, newest payment first, never more than a
   * payment has left. The key names the booking, each payment and its part, so a repeated call
   * refunds once.
   */
  async function refundAcrossPayments(booking: Booking, amount: number, reason: string): Promise<RefundOutcome> {
    let left = amount
    const outcomes: RefundOutcome[] = []
    for (const paid of await paidIntents(db, booking)) {
      const part = Math.min(left, Math.max(0, paid.charged - paid.refunded))
      if (part <= 0) continue
      outcomes.push(await issueRefund({ bookingId: booking.id, intentId: paid.intentId, amount: part, idempotencyKey: refundKey(booking.id, paid.intentId, part), reason, countsTowardBooking: true }))
      left -= part
      if (left === 0) break
    }
    const failed = outcomes.find((o) => o.status === 'failed')
    if (failed) return { amount, status: 'failed', message: failed.message }
    if (outcomes.length === 0) return { amount: 0, status: 'none' }
    return { amount: outcomes.reduce((sum, o) => sum + o.amount, 0), status: outcomes.some((o) => o.status === 'pending') ? 'pending' : 'succeeded' }
  }

  /**
   * Sets amountRefunded from what is known: our own refund rows for the booking's payments and
   * the provider's reported total (charge.refunded) for its own payment. Never decreases, never
   * above the total, so the order in which our call and the webhook land does not matter.
   */
  async function applyRefundedTotal(tx: Tx, booking: Booking, reportedTotal = 0) {
    const intents = new Set((await paidIntents(tx, booking)).map((p) => p.intentId))
    const refunds = await refundsOf(tx, booking.id)
    const extraRefunded = refunds.filter((r) => !r.counts && r.intentId === booking.paymentIntentId).reduce((sum, r) => sum + r.amount, 0)
    const ours = refunds.filter((r) => r.counts && intents.has(r.intentId)).reduce((sum, r) => sum + r.amount, 0)
    // The provider reports everything refunded on the charge, the difference of a move to a
    // cheaper tour included (docs/decisions/0055); that difference already left the booking's total.
    const reportedForBooking = Math.max(0, reportedTotal - extraRefunded)
    const next = Math.min(booking.totalPrice, Math.max(booking.amountRefunded, ours, reportedForBooking))
    if (next !== booking.amountRefunded) {
      await tx.update(bookings).set({ amountRefunded: next, updatedAt: deps.now() }).where(eq(bookings.id, booking.id))
    }
  }

  /** Issue a refund through the provider and record it. Never throws for a provider failure. */
  async function issueRefund(input: {
    bookingId: number
    intentId: string
    amount: number
    idempotencyKey: string
    reason: string
    countsTowardBooking: boolean
  }): Promise<RefundOutcome> {
    if (input.amount <= 0) return { amount: 0, status: 'none' }
    const detail = JSON.stringify({ intentId: input.countsTowardBooking ? input.intentId : `extra:${input.intentId}`, reason: input.reason })
    try {
      const refund = await provider.refund({ intentId: input.intentId, amount: input.amount, idempotencyKey: input.idempotencyKey, reason: input.reason })
      await db.transaction(async (tx) => {
        await tx
          .insert(payments)
          .values({ bookingId: input.bookingId, provider: provider.name, providerId: refund.id, kind: 'refund', amount: refund.amount, status: refund.status, detail })
          .onConflictDoNothing()
        const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for('update')
        if (booking && input.countsTowardBooking) await applyRefundedTotal(tx, booking)
        if (booking?.attentionReason?.startsWith('Refund of ')) {
          await tx.update(bookings).set({ attentionReason: null }).where(eq(bookings.id, booking.id))
        }
      })
      return { amount: refund.amount, status: refund.status }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      deps.logger.error({ bookingId: input.bookingId, error: loggableError(error) }, 'refund failed')
      await db.transaction(async (tx) => {
        await tx
          .insert(payments)
          .values({ bookingId: input.bookingId, provider: provider.name, providerId: `failed:${input.idempotencyKey}`, kind: 'refund', amount: input.amount, status: 'failed', detail: message.slice(0, 500) })
          .onConflictDoNothing()
        await tx
          .update(bookings)
          .set({ attentionReason: `Automatic refund of ${formatYen(input.amount)} failed (${message.slice(0, 200)}). Refund it in the payment provider.`, updatedAt: deps.now() })
          .where(eq(bookings.id, input.bookingId))
      })
      return { amount: input.amount, status: 'failed', message: 'The refund could not be issued automatically. We have been notified and will refund you by hand.' }
    }
  }

  async function load(bookingId: number): Promise<Booking> {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
    if (!booking) throw new ServiceError('not-found', 'Booking not found')
    return booking
  }

  /**
   * The admin dashboard's RefundIssuer (server/services/admin-bookings.ts): refund `amount`
   * of a booking's card payment. The idempotency key names the booking, its intent and the
   * amount, so a repeated call (double click, retry) refunds once.
   */
  async function refundBooking(bookingId: number, amount: number, reason: string): Promise<{ issued: boolean; message?: string }> {
    const booking = await load(bookingId)
    if (!booking.paymentIntentId) return { issued: false, message: 'This booking has no card payment to refund.' }
    const outcome = await refundAcrossPayments(booking, amount, reason)
    if (outcome.status === 'failed') return { issued: false, message: outcome.message }
    return { issued: true, message: outcome.status === 'pending' ? `Refund of ${formatYen(amount)} is on its way.` : `Refunded ${formatYen(amount)}.` }
  }

  return {
    quote,
    applyRefundedTotal,
    issueRefund,
    refundBooking,
    load,

    /**
     * Cancel a booking with the policy's refund (or the admin's override), release its slot,
     * fire 'Booking cancelled' once, then refund through the provider.
     */
    async cancel(input: CancelInput): Promise<{ booking: Booking; refund: RefundOutcome; policy: Refund }> {
      const now = deps.now()
      const result = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for('update')
        if (!current) throw new ServiceError('not-found', 'Booking not found')
        const q = quote(current, input.cause)
        if (!q.canCancel) throw new ServiceError('conflict', ALREADY_CANCELLED_MESSAGE)
        await input.precondition?.(tx, current)
        let amount = q.refund.amount
        if (input.refundAmount !== undefined) {
          const problem = refundChoiceProblem(input.refundAmount, q.amountPaid)
          if (problem) throw new ServiceError('invalid', problem, { field: 'refundAmount' })
          amount = input.refundAmount
        }
        if (amount > 0 && !current.paymentIntentId) throw new ServiceError('conflict', 'This booking has no card payment to refund.')
        const reason = input.reason?.trim() || DEFAULT_REASONS[input.cause]
        const [row] = await tx
          .update(bookings)
          .set({
            status: 'cancelled',
            cancellationReason: reason,
            cancelledAt: now,
            holdExpiresAt: null,
            attentionReason: amount > 0 ? `Refund of ${formatYen(amount)} is being issued.` : current.attentionReason,
            updatedAt: now,
          })
          .where(and(eq(bookings.id, current.id), ne(bookings.status, 'cancelled')))
          .returning()
        if (!row) throw new ServiceError('conflict', ALREADY_CANCELLED_MESSAGE)
        const freed = await releaseClaims(tx, row.id)
        await releasePromoUse(tx, row)
        // Unpaid: the whole voucher part goes back; paid: the policy's share of it.
        const voucherBack = row.paidAt !== null ? await returnVoucherShare(tx, row.id, q.voucherReturn) : await releaseVoucherUse(tx, row)
        await events.cancelled(tx, row, { reason, refund: amount, voucherBack, cause: input.cause })
        await events.slotsChanged(tx, [row.tourDate, ...freed])
        if (input.actor) {
          await tx.insert(auditLog).values({
            actorUserId: input.actor.id,
            actorUsername: input.actor.username,
            action: 'booking.cancel',
            subject: `booking:${row.id}`,
            details: { cause: input.cause, reason, refund: amount, policyRefund: q.refund.amount, voucherReturn: q.voucherReturn, overridden: input.refundAmount !== undefined },
          })
        }
        return { row, amount, policy: q.refund }
      })

      const refund: RefundOutcome = result.amount > 0 ? await refundAcrossPayments(result.row, result.amount, result.row.cancellationReason ?? 'cancelled') : { amount: 0, status: 'none' }
      return { booking: await load(result.row.id), refund, policy: result.policy }
    },
  }
}

export type RefundService = ReturnType<typeof createRefundService>
