import { eq } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { vouchers } from '../db/schema.ts'
import { todayInTokyo } from '../../core/dates.ts'
import { normaliseVoucherCode, VOUCHER_UNKNOWN, voucherPays, voucherRefusal, voucherState, type VoucherStatus } from '../../core/vouchers.ts'
import { ServiceError } from './service-error.ts'

/**
 * Spending a gift voucher on a new booking (docs/decisions/0065): checked and locked inside the
 * booking's own transaction. What goes back later (a lapse, a cancellation, a cheaper move) is the
 * lifecycle's (core/booking-lifecycle.ts), written with the ledger.
 */

/** The form field a voucher's refusal belongs to: the booking form shows it there. */
export const VOUCHER_FIELD = 'voucherCode'

/** What a booking took from a voucher. */
export type VoucherSpent = { voucherId: number; amount: number }

/**
 * What the voucher `input` names pays of `total` (the catalogue total after any promo code), or
 * a ServiceError on the voucherCode field; null when there is nothing left to pay, so a voucher
 * is not tied to a booking it pays nothing of. The balance itself moves with the booking's ledger
 * row, in the same transaction (server/services/ledger.ts).
 *
 * The row is locked first, so of two bookings racing for one voucher the second reads the
 * balance the first left and pays from that (or is refused when nothing is left). The ledger's
 * conditional UPDATE and the table's check (balance between 0 and the amount) are the guarantee
 * behind the lock.
 */
export async function spendVoucher(tx: Tx, input: string, total: number, now: Date): Promise<VoucherSpent | null> {
  const code = normaliseVoucherCode(input)
  const [row] = code ? await tx.select().from(vouchers).where(eq(vouchers.code, code)).for('update') : []
  // An erased buyer's voucher still pays: the money is whoever holds the code's (docs/decisions/0065).
  if (!row) throw new ServiceError('invalid', VOUCHER_UNKNOWN, { field: VOUCHER_FIELD })
  const refusal = voucherRefusal(voucherState({ status: row.status as VoucherStatus, balance: row.balance, validUntil: row.validUntil }, todayInTokyo(now)))
  if (refusal) throw new ServiceError('invalid', refusal, { field: VOUCHER_FIELD })
  const amount = voucherPays(row.balance, total)
  return amount === 0 ? null : { voucherId: row.id, amount }
}
