import { refusalMessage, yenValue, type AdminErrorMessageId } from './i18n/refusal.ts'
import { BOOKING_STATUSES, type BookingStatus } from './schemas/booking-status.ts'

/**
 * Which status the admin's status menu may give a booking, judged against the money
 * actually held (docs/decisions/0029). Money and status must never disagree: a booking
 * the guest paid for reads 'paid' until the Cancel action settles the refund, and a
 * booking whose money went back cannot be made paid, confirmed or pending again by a
 * menu: that would re-claim a slot nobody pays for and tell nobody.
 *
 * One table, in order, first match wins (from = the booking's effective status):
 * 1. the same status: allowed (nothing changes);
 * 2. to cancelled while money is held: refused, the Cancel action decides the refund;
 * 3. anything but cancelled once money was refunded: refused (the guest books again);
 * 4. money held and not refunded: only 'paid' (restoring a cancelled paid booking, or
 *    correcting a paid booking the admin had marked confirmed); pending and confirmed
 *    would ask the guest to pay again;
 * 5. nothing received: any status (confirmed by message, paid in cash on the day, ...).
 */

export type BookingMoney = {
  /** Yen received for the booking (its total once paid, by card or marked paid by hand; else 0). */
  received: number
  /** Yen refunded so far (never above received). */
  refunded: number
}

export type TransitionVerdict = { allowed: true } | { allowed: false; message: string }

// What the menu refuses, in the admin's language (docs/decisions/0087): one message per status it
// names, so each language writes the status as its dashboard does.
export const PAID_CANCEL_BY_STATUS_MESSAGE = refusalMessage('adminErrors.paidCancelByStatus')

const REFUNDED_REVIVE_IDS = {
  pending: 'adminErrors.refundedRevivePending',
  confirmed: 'adminErrors.refundedReviveConfirmed',
  paid: 'adminErrors.refundedRevivePaid',
} as const satisfies Record<Exclude<BookingStatus, 'cancelled'>, AdminErrorMessageId>

export const REFUNDED_REVIVE_MESSAGE = (refunded: number, to: keyof typeof REFUNDED_REVIVE_IDS) => refusalMessage(REFUNDED_REVIVE_IDS[to], { amount: yenValue(refunded) })

const PAID_STAYS_PAID_IDS = {
  pending: 'adminErrors.paidStaysPaidPending',
  confirmed: 'adminErrors.paidStaysPaidConfirmed',
} as const satisfies Partial<Record<BookingStatus, AdminErrorMessageId>>

export const PAID_STAYS_PAID_MESSAGE = (held: number, to: keyof typeof PAID_STAYS_PAID_IDS) => refusalMessage(PAID_STAYS_PAID_IDS[to], { amount: yenValue(held) })

export function statusTransition(from: BookingStatus, to: BookingStatus, money: BookingMoney): TransitionVerdict {
  const held = Math.max(0, money.received - money.refunded)
  if (from === to) return { allowed: true }
  if (to === 'cancelled') return held > 0 ? { allowed: false, message: PAID_CANCEL_BY_STATUS_MESSAGE } : { allowed: true }
  if (money.refunded > 0) return { allowed: false, message: REFUNDED_REVIVE_MESSAGE(money.refunded, to) }
  if (held > 0 && to !== 'paid') return { allowed: false, message: PAID_STAYS_PAID_MESSAGE(held, to) }
  return { allowed: true }
}

/** The statuses the menu offers for a booking: the current one and every allowed target, in the usual order. */
export function allowedStatuses(from: BookingStatus, money: BookingMoney): BookingStatus[] {
  return BOOKING_STATUSES.filter((to) => statusTransition(from, to, money).allowed)
}
