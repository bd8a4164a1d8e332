import { refusal } from '../../core/i18n/refusal.ts'
import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { auditLog, bookings } from '../db/schema.ts'
import { ServiceError } from './service-error.ts'
import { type CancellationCause, type Refund, refundPreview } from '../../core/cancellation-policy.ts'
import { todayInTokyo } from '../../core/dates.ts'
import { cancellationQuote, effectiveStatus } from '../../core/booking-lifecycle.ts'
import type { BookingLifecycle, RefundOutcome } from './booking-lifecycle.ts'
import { oneWithMoney, type Booking } from './ledger.ts'

export { ALREADY_CANCELLED_MESSAGE } from '../../core/booking-lifecycle.ts'
export type { RefundOutcome }

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
  /** Yen paid by card (or cash) and not yet refunded. */
  amountPaid: number
  /** The policy's refund; its amount is the card's share of it (docs/decisions/0065). */
  refund: Refund
  /** Yen a gift voucher paid of a paid booking: counted by the policy with the card's (docs/decisions/0065). */
  voucherPaid: number
  /** The policy's share of a gift voucher's part, which goes back onto the voucher (docs/decisions/0065). */
  voucherReturn: number
  /** What cancelling now would do, for the dialogs shown before cancelling. */
  preview: string
}

export type CancelInput = {
  bookingId: number
  cause: CancellationCause
  reason?: string
  /** The guide only: the card's refund instead of the policy's (0 .. what the card holds). */
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
 * Cancellations (docs/decisions/0016): what the policy would refund (the quote the dialogs show),
 * and the cancellation itself, which is the lifecycle's `cancel` (core/booking-lifecycle.ts): the
 * booking, its slot, its voucher part and its ledger change in one transaction, and the card
 * refund is made after the commit, flagged for the guide when the provider refuses it.
 */
export function createRefundService(deps: { db: Db; lifecycle: BookingLifecycle; now: () => Date }) {
  const { db, lifecycle } = deps

  function quote(booking: Booking, cause: CancellationCause): CancellationQuote {
    const now = deps.now()
    const status = effectiveStatus(booking, now)
    const today = todayInTokyo(now)
    const q = cancellationQuote(booking, booking.money, cause, today)
    const policyInput = { amountPaid: q.cardPaid + q.voucherPaid, tourDate: booking.tourDate, today, cause }
    return {
      canCancel: status !== 'cancelled',
      status,
      amountPaid: q.cardPaid,
      refund: { amount: q.cardRefund, rule: q.rule, explanation: q.explanation },
      voucherPaid: q.voucherPaid,
      voucherReturn: q.voucherReturn,
      preview: refundPreview(policyInput),
    }
  }

  async function load(bookingId: number): Promise<Booking> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
    if (!row) throw new ServiceError('not-found', refusal('errors.bookingNotFound'))
    return oneWithMoney(db, row)
  }

  return {
    quote,
    load,

    /**
     * Cancels a booking with the policy's refund (or the guide's choice of the card's part),
     * releases its slot and tells the guest and the guide once, then refunds through the provider.
     */
    async cancel(input: CancelInput): Promise<{ booking: Booking; refund: RefundOutcome; policy: Refund }> {
      const applied = await db.transaction(async (tx) => {
        const current = await lifecycle.lock(tx, input.bookingId)
        await input.precondition?.(tx, current)
        const policy = quote(current, input.cause).refund
        const reason = input.reason?.trim() || DEFAULT_REASONS[input.cause]
        const result = await lifecycle.applyInTx(tx, input.bookingId, { type: 'cancel', cause: input.cause, today: todayInTokyo(deps.now()), reason, refund: input.refundAmount }, { cause: input.cause })
        if (input.actor) {
          await tx.insert(auditLog).values({
            actorUserId: input.actor.id,
            actorUsername: input.actor.username,
            action: 'booking.cancel',
            subject: `booking:${current.id}`,
            details: { cause: input.cause, reason, refund: result.done.cardBack, policyRefund: policy.amount, voucherReturn: result.done.voucherBack, overridden: input.refundAmount !== undefined },
          })
        }
        return { ...result, policy }
      })
      const refund = await lifecycle.afterCommit(applied)
      return { booking: await load(applied.booking.id), refund, policy: applied.policy }
    },
  }
}

export type RefundService = ReturnType<typeof createRefundService>
