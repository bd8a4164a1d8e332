import { EXPIRED_REASON } from './booking-lifecycle.ts'
import type { BookingStatus } from './schemas/booking-status.ts'

/**
 * What to do when the payment provider reports that a payment for a booking succeeded
 * (docs/decisions/0015: exactly once, from whichever side arrives first). The decision is
 * pure; `server/services/payments.ts` reads the booking under a row lock, records the
 * payment, asks here, and applies the answer in the same transaction.
 */

export type SettlingBooking = {
  /** The stored status (a lapsed hold still reads 'pending' here). */
  status: BookingStatus | (string & {})
  cancellationReason: string | null
  paymentIntentId: string | null
  totalPrice: number
  currency: string
}

export type SucceededPayment = { id: string; amount: number; currency: string }

/** A payment pays its booking only for the booking's own amount and currency. */
export function paymentMatchesBooking(booking: Pick<SettlingBooking, 'totalPrice' | 'currency'>, payment: SucceededPayment): boolean {
  return payment.amount === booking.totalPrice && payment.currency.toLowerCase() === booking.currency.toLowerCase()
}

export type SettlementDecision =
  /** This payment paid the booking already (a retry, or the other path was first). */
  | { action: 'already-paid' }
  /** A second, different payment for a booking already paid: refund it, leave the booking. */
  | { action: 'refund-second-payment' }
  /** This payment was settled before and the booking is not paid now (refunded, cancelled since). */
  | { action: 'report-not-kept' }
  /** The guest or the admin cancelled while the payment was in flight: refund it in full. */
  | { action: 'refund-cancelled' }
  /**
   * Mark the booking paid, after claiming its slot for good when `claimSlot`. If the slot was taken meanwhile, the
   * booking is cancelled and the payment refunded in full.
   */
  | { action: 'pay'; claimSlot: boolean }

/**
 * `recordedFirst`: this call recorded the payment's success (the payments table's unique
 * key decides it), so no earlier call acted on it.
 */
export function decideSettlement(booking: SettlingBooking, payment: SucceededPayment, recordedFirst: boolean): SettlementDecision {
  if (booking.status === 'paid') {
    return booking.paymentIntentId === payment.id || !recordedFirst ? { action: 'already-paid' } : { action: 'refund-second-payment' }
  }
  if (!recordedFirst) return { action: 'report-not-kept' }
  if (booking.status === 'cancelled' && booking.cancellationReason !== EXPIRED_REASON) return { action: 'refund-cancelled' }
  // A confirmed booking holds its slot for good already; a pending one (live or lapsed) and
  // one cancelled for not paying in time claim it (again).
  return { action: 'pay', claimSlot: booking.status !== 'confirmed' }
}
