import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { moneyMovements, vouchers, type BookingRow, type MoneyMovement } from '../db/schema.ts'
import { moneyOf, NO_MONEY, type BookingMoney, type Movement, type Transition } from '../../core/ledger.ts'
import type { NewMovement } from '../../core/booking-lifecycle.ts'
import type { LedgerRow } from '../../core/tax-document-points.ts'

/**
 * The ledger's one writer and its readers (docs/decisions/0067, core/ledger.ts). Rows are only
 * added, inside the transaction of the lifecycle decision that asks for them
 * (server/services/booking-lifecycle.ts) or of a voucher's sale or refund
 * (server/services/vouchers.ts). A voucher row moves its voucher's balance in the same statement
 * order, by a conditional UPDATE that cannot take it below 0 or above its amount: the table's
 * check is the guarantee behind the lifecycle's own reading of the balance.
 */

/** A booking as services, pages and e-mails read it: its row, with the figures its ledger gives. */
export type Booking = BookingRow & {
  /** Its ledger rows, oldest first. */
  ledger: readonly Movement[]
  money: BookingMoney
  /** What is left for the card (or cash) after promo code and voucher: the product description's total price. */
  totalPrice: number
  /** The promo code's part of the price, and its code (docs/decisions/0062). */
  discount: number
  promoCode: string | null
  /** The gift voucher's part (docs/decisions/0065), and which voucher. */
  voucherAmount: number
  voucherId: number | null
  /** Card and cash refunded over its life. */
  amountRefunded: number
}

export class VoucherBalanceError extends Error {
  constructor(voucherId: number, amount: number) {
    super(`Voucher ${voucherId} cannot move its balance by ${-amount} yen`)
  }
}

const toMovement = (r: MoneyMovement): Movement => ({
  kind: r.kind as Movement['kind'],
  amount: r.amount,
  transition: r.transition as Transition,
  voucherId: r.voucherId,
  intentId: r.intentId,
  reference: r.reference,
})

/** A booking row with its figures. */
export function withFigures(row: BookingRow, ledger: readonly Movement[]): Booking {
  const money = ledger.length ? moneyOf(ledger) : NO_MONEY
  return {
    ...row,
    ledger,
    money,
    totalPrice: money.toPay,
    discount: money.discount,
    promoCode: money.promoCode,
    voucherAmount: money.voucherPaid,
    voucherId: money.voucherId,
    amountRefunded: money.refunded,
  }
}

/** The rows of these bookings, oldest first, by booking. */
export async function ledgersOf(reader: Db | Tx, bookingIds: readonly number[]): Promise<Map<number, Movement[]>> {
  const byBooking = new Map<number, Movement[]>()
  if (bookingIds.length === 0) return byBooking
  const rows = await reader.select().from(moneyMovements).where(inArray(moneyMovements.bookingId, [...new Set(bookingIds)])).orderBy(asc(moneyMovements.id))
  for (const r of rows) byBooking.set(r.bookingId!, [...(byBooking.get(r.bookingId!) ?? []), toMovement(r)])
  return byBooking
}

/** One booking's rows with their ids and instants, oldest first: what its receipts state (core/tax-document-points.ts). */
export async function ledgerRowsOf(reader: Db | Tx, bookingId: number): Promise<LedgerRow[]> {
  const rows = await reader.select().from(moneyMovements).where(eq(moneyMovements.bookingId, bookingId)).orderBy(asc(moneyMovements.id))
  return rows.map((r) => ({ ...toMovement(r), id: r.id, at: r.createdAt }))
}

/** One booking's rows, oldest first. */
export async function ledgerOf(reader: Db | Tx, bookingId: number): Promise<Movement[]> {
  return (await ledgersOf(reader, [bookingId])).get(bookingId) ?? []
}

/** Booking rows with their figures, in the order given. */
export async function withMoney(reader: Db | Tx, rows: readonly BookingRow[]): Promise<Booking[]> {
  const ledgers = await ledgersOf(
    reader,
    rows.map((r) => r.id),
  )
  return rows.map((r) => withFigures(r, ledgers.get(r.id) ?? []))
}

/** One booking row with its figures. */
export async function oneWithMoney(reader: Db | Tx, row: BookingRow): Promise<Booking> {
  return withFigures(row, await ledgerOf(reader, row.id))
}

/**
 * Appends a decision's rows for a booking (or a voucher's sale, `bookingId` null), and moves each
 * voucher's balance by its rows. Throws VoucherBalanceError if a balance would leave its bounds:
 * the caller read and locked the voucher first, so this is a bug caught, never a race lost.
 */
export async function appendMovements(tx: Tx, bookingId: number | null, transition: Transition, rows: readonly NewMovement[], at: Date): Promise<void> {
  // Each row under its own transition when the decision names one (a revival inside a payment), else the decision's.
  if (rows.length === 0) return
  await tx.insert(moneyMovements).values(
    rows.map((r) => ({
      bookingId,
      kind: r.kind,
      amount: r.amount,
      transition: r.transition ?? transition,
      voucherId: r.voucherId ?? null,
      intentId: r.intentId ?? null,
      reference: r.reference ?? null,
      createdAt: at,
    })),
  )
  for (const r of rows) {
    if (r.kind !== 'voucher' || r.voucherId == null) continue
    const [moved] = await tx
      .update(vouchers)
      .set({ balance: sql`${vouchers.balance} - ${r.amount}`, updatedAt: at })
      .where(and(eq(vouchers.id, r.voucherId), gte(sql`${vouchers.balance} - ${r.amount}`, 0), lte(sql`${vouchers.balance} - ${r.amount}`, vouchers.amount)))
      .returning({ id: vouchers.id })
    if (!moved) throw new VoucherBalanceError(r.voucherId, r.amount)
  }
}

/** A voucher's sale and refunds (its `voucher-sale` rows): what was paid for it and refunded of it. */
export async function voucherSalesOf(reader: Db | Tx, voucherIds: readonly number[]): Promise<Map<number, { paid: number; refunded: number }>> {
  const byVoucher = new Map<number, { paid: number; refunded: number }>()
  if (voucherIds.length === 0) return byVoucher
  const rows = await reader
    .select()
    .from(moneyMovements)
    .where(and(eq(moneyMovements.kind, 'voucher-sale'), inArray(moneyMovements.voucherId, [...new Set(voucherIds)])))
  for (const r of rows) {
    const entry = byVoucher.get(r.voucherId!) ?? { paid: 0, refunded: 0 }
    // A refund the provider refused was not made after all.
    if (r.transition === 'refund-failed') entry.refunded -= r.amount
    else if (r.amount > 0) entry.paid += r.amount
    else entry.refunded -= r.amount
    byVoucher.set(r.voucherId!, entry)
  }
  return byVoucher
}

/** What each booking took from each of these vouchers and gave back, for the guide's voucher list. */
export async function voucherUsesOf(reader: Db | Tx, voucherIds: readonly number[]): Promise<{ voucherId: number; bookingId: number; amount: number; returned: number }[]> {
  if (voucherIds.length === 0) return []
  const rows = await reader
    .select()
    .from(moneyMovements)
    .where(and(eq(moneyMovements.kind, 'voucher'), inArray(moneyMovements.voucherId, [...new Set(voucherIds)]), isNotNull(moneyMovements.bookingId)))
    .orderBy(asc(moneyMovements.id))
  const uses = new Map<string, { voucherId: number; bookingId: number; amount: number; returned: number }>()
  for (const r of rows) {
    const key = `${r.voucherId}:${r.bookingId}`
    const use = uses.get(key) ?? { voucherId: r.voucherId!, bookingId: r.bookingId!, amount: 0, returned: 0 }
    if (r.amount > 0) use.amount += r.amount
    else use.returned -= r.amount
    uses.set(key, use)
  }
  return [...uses.values()]
}
