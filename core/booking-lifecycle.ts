import type { BookingMoney } from './booking-transitions.ts'
import type { BookingStatus } from './schemas/booking-status.ts'

/**
 * Where a booking stands in its life, from its stored fields and the time: every service,
 * page and e-mail reads these instead of its own copy (docs/decisions/0005: holds expire
 * without a timer, so a pending booking whose hold ran out is cancelled for everyone
 * before the sweep writes it down).
 */

/** Why a pending booking was cancelled when its hold ran out unpaid. */
export const EXPIRED_REASON = 'payment not completed in time'

type Hold = { status: string; holdExpiresAt: Date | null }
type Money = { status: string; paidAt: Date | null; totalPrice: number; amountRefunded: number }

/** A pending booking whose hold has run out: its slot is free, whatever the row still says. */
export function holdLapsed(booking: Hold, now: Date): boolean {
  return booking.status === 'pending' && booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() < now.getTime()
}

/** The status everyone should see at `now`: a lapsed hold reads as cancelled. */
export function effectiveStatus(booking: Hold, now: Date): BookingStatus {
  return holdLapsed(booking, now) ? 'cancelled' : (booking.status as BookingStatus)
}

/** Cancelled because nobody paid in time: lapsed now, or cancelled by the sweep for it. */
export function expiredUnpaid(booking: Hold & { cancellationReason: string | null }, now: Date): boolean {
  return holdLapsed(booking, now) || (booking.status === 'cancelled' && booking.cancellationReason === EXPIRED_REASON)
}

/** Whether money was received: a payment kept sets paidAt, and a booking the admin marks paid by hand counts too. */
const received = (booking: Money) => booking.paidAt !== null || booking.status === 'paid'

/**
 * Yen the guest paid and has not had back. The admin may move a paid booking to
 * 'confirmed': the money is still there to refund.
 */
export function amountPaid(booking: Money): number {
  return received(booking) ? Math.max(0, booking.totalPrice - booking.amountRefunded) : 0
}

/** What the booking's money is, for the status table (core/booking-transitions.ts). */
export function moneyOf(booking: Money): BookingMoney {
  return { received: received(booking) ? booking.totalPrice : 0, refunded: booking.amountRefunded }
}
