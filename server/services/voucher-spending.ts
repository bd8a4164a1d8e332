import { and, eq, gte, sql } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { voucherRedemptions, vouchers, type Booking } from '../db/schema.ts'
import { todayInTokyo } from '../../core/dates.ts'
import { normaliseVoucherCode, VOUCHER_UNKNOWN_MESSAGE, VOUCHER_USED_UP_MESSAGE, voucherPays, voucherRefusal, voucherState, type VoucherStatus } from '../../core/vouchers.ts'
import { ServiceError } from './service-error.ts'

/**
 * Spending a gift voucher on a booking and giving it back (docs/decisions/0065). Every function
 * runs inside the booking's own transaction (creation, cancellation, lapse, deletion), so a
 * booking and its voucher's balance never disagree.
 */

/** The form field a voucher's refusal belongs to: the booking form shows it there. */
export const VOUCHER_FIELD = 'voucherCode'

/** What a booking took from a voucher. */
export type VoucherSpent = { voucherId: number; amount: number }

/**
 * Spends what the voucher `input` names pays of `total` (the catalogue total after any promo
 * code), or throws a ServiceError on the voucherCode field. Null when there is nothing left to
 * pay, so a voucher is not tied to a booking it pays nothing of.
 *
 * The row is locked first, so of two bookings racing for one voucher the second reads the
 * balance the first left and pays from that (or is refused when nothing is left). The UPDATE's
 * conditions (active, enough balance, not expired today in Japan) and the table's check
 * (balance between 0 and the amount) are the guarantee behind the lock.
 */
export async function spendVoucher(tx: Tx, input: string, total: number, now: Date): Promise<VoucherSpent | null> {
  const code = normaliseVoucherCode(input)
  const [row] = code ? await tx.select().from(vouchers).where(eq(vouchers.code, code)).for('update') : []
  // An erased buyer's voucher still pays: the money is whoever holds the code's (docs/decisions/0065).
  if (!row) throw new ServiceError('invalid', VOUCHER_UNKNOWN_MESSAGE, { field: VOUCHER_FIELD })
  const today = todayInTokyo(now)
  const refusal = voucherRefusal(voucherState({ status: row.status as VoucherStatus, balance: row.balance, validUntil: row.validUntil }, today))
  if (refusal) throw new ServiceError('invalid', refusal, { field: VOUCHER_FIELD })
  const amount = voucherPays(row.balance, total)
  if (amount === 0) return null
  const [spent] = await tx
    .update(vouchers)
    .set({ balance: sql`${vouchers.balance} - ${amount}`, updatedAt: now })
    .where(and(eq(vouchers.id, row.id), eq(vouchers.status, 'active'), gte(vouchers.balance, amount), gte(vouchers.validUntil, today)))
    .returning({ id: vouchers.id })
  if (!spent) throw new ServiceError('invalid', VOUCHER_USED_UP_MESSAGE, { field: VOUCHER_FIELD })
  return { voucherId: row.id, amount }
}

/** Records which booking holds what `spendVoucher` took, in the same transaction. */
export async function recordVoucherUse(tx: Tx, spent: VoucherSpent, bookingId: number): Promise<void> {
  await tx.insert(voucherRedemptions).values({ bookingId, voucherId: spent.voucherId, amount: spent.amount })
}

/**
 * Gives an unpaid booking's voucher part back to the balance when the booking ends (a lapsed
 * hold, a cancellation before payment, the guide deleting it). Deleting the redemption first
 * makes it happen once, however many paths end the booking. A paid booking keeps its part: its
 * cancellation returns the policy's share (`returnVoucherShare`). The voucher's validity is not
 * extended: money given back to an expired voucher stays unusable, as the rest of it. Returns
 * the yen given back, for the guest's e-mail.
 */
export async function releaseVoucherUse(tx: Tx, booking: Pick<Booking, 'id' | 'paidAt' | 'voucherId'>): Promise<number> {
  if (booking.voucherId === null || booking.paidAt !== null) return 0
  const [released] = await tx.delete(voucherRedemptions).where(eq(voucherRedemptions.bookingId, booking.id)).returning()
  if (!released) return 0
  await tx.update(vouchers).set({ balance: sql`${vouchers.balance} + ${released.amount}` }).where(eq(vouchers.id, released.voucherId))
  return released.amount
}

/**
 * A paid booking cancelled: `amount` of its voucher part (the policy's refundable share,
 * core/vouchers.ts splitRefund) goes back onto the voucher, once: the redemption's `returned`
 * only grows up to what the booking took.
 */
export async function returnVoucherShare(tx: Tx, bookingId: number, amount: number): Promise<number> {
  if (amount <= 0) return 0
  const [row] = await tx
    .update(voucherRedemptions)
    .set({ returned: sql`${voucherRedemptions.returned} + ${amount}` })
    .where(and(eq(voucherRedemptions.bookingId, bookingId), sql`${voucherRedemptions.returned} + ${amount} <= ${voucherRedemptions.amount}`))
    .returning()
  if (!row) return 0
  await tx.update(vouchers).set({ balance: sql`${vouchers.balance} + ${amount}` }).where(eq(vouchers.id, row.voucherId))
  return amount
}

/**
 * A guest's move to a tour that costs less than the booking's voucher part: the booking keeps
 * what the new tour costs, and `amount` goes back onto the voucher, in the move's transaction.
 * The redemption shrinks with it (and goes when the new tour costs nothing), so a later
 * cancellation returns a share of what the booking still holds, never of what already went back.
 */
export async function shrinkVoucherUse(tx: Tx, bookingId: number, amount: number): Promise<void> {
  if (amount <= 0) return
  const [held] = await tx.select().from(voucherRedemptions).where(eq(voucherRedemptions.bookingId, bookingId)).for('update')
  if (!held || held.amount - held.returned < amount) throw new Error(`Booking ${bookingId} holds less of its voucher than the ${amount} its move gives back`)
  if (held.amount === amount) await tx.delete(voucherRedemptions).where(eq(voucherRedemptions.bookingId, bookingId))
  else await tx.update(voucherRedemptions).set({ amount: held.amount - amount }).where(eq(voucherRedemptions.bookingId, bookingId))
  await tx.update(vouchers).set({ balance: sql`${vouchers.balance} + ${amount}` }).where(eq(vouchers.id, held.voucherId))
}

/**
 * A booking that gave its voucher part back (its hold lapsed, or its cancellation returned a
 * share) and is brought back to life (a late payment, decision 0005, or the guide reviving it)
 * takes that part again, so no booking keeps a voucher part the voucher did not pay. False when
 * the voucher no longer has it (spent elsewhere, cancelled): the caller flags the booking or refuses.
 */
export async function retakeVoucherUse(tx: Tx, booking: Pick<Booking, 'id' | 'voucherId' | 'voucherAmount'>, now: Date): Promise<boolean> {
  if (booking.voucherId === null || booking.voucherAmount === 0) return true
  const [held] = await tx.select().from(voucherRedemptions).where(eq(voucherRedemptions.bookingId, booking.id)).for('update')
  const owed = held ? held.returned : booking.voucherAmount
  if (owed === 0) return true
  const [taken] = await tx
    .update(vouchers)
    .set({ balance: sql`${vouchers.balance} - ${owed}`, updatedAt: now })
    .where(and(eq(vouchers.id, booking.voucherId), eq(vouchers.status, 'active'), gte(vouchers.balance, owed)))
    .returning({ id: vouchers.id })
  if (!taken) return false
  if (held) await tx.update(voucherRedemptions).set({ returned: 0 }).where(eq(voucherRedemptions.bookingId, booking.id))
  else await recordVoucherUse(tx, { voucherId: booking.voucherId, amount: booking.voucherAmount }, booking.id)
  return true
}
