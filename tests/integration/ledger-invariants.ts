import { asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'
import { bookings, moneyMovements, slotClaims, vouchers } from '../../server/db/schema.ts'
import { effectiveStatus } from '../../core/booking-lifecycle.ts'
import { ledgerProblems, type Movement } from '../../core/ledger.ts'

/**
 * The ledger's invariants, checked on a whole database (docs/decisions/0067): after a race test or
 * any test that moves money, every booking's rows add up to what its status says, no refund
 * exceeds what came in that way, every voucher's balance is its value less what bookings took plus
 * what they gave back (never below 0), a cancelled booking holds no slot, and the money the ledger
 * holds is what its rows say. Returns what is wrong; an empty list means the books are right.
 */
export async function ledgerInvariantProblems(db: Db, now = new Date()): Promise<string[]> {
  const problems: string[] = []
  const rows = await db.select().from(moneyMovements).orderBy(asc(moneyMovements.id))
  const byBooking = new Map<number, Movement[]>()
  for (const r of rows) {
    if (r.bookingId === null) continue
    byBooking.set(r.bookingId, [
      ...(byBooking.get(r.bookingId) ?? []),
      { kind: r.kind as Movement['kind'], amount: r.amount, transition: r.transition as Movement['transition'], voucherId: r.voucherId, intentId: r.intentId, reference: r.reference },
    ])
  }
  for (const b of await db.select().from(bookings)) {
    // A lapsed hold not yet swept is cancelled for everyone but still holds its rows as made.
    const status = b.status === 'pending' && effectiveStatus(b, now) === 'cancelled' ? 'pending' : b.status
    for (const p of ledgerProblems(status, byBooking.get(b.id) ?? [])) problems.push(`booking ${b.id} (${b.reference}): ${p}`)
  }
  for (const v of await db.select().from(vouchers)) {
    const taken = rows.filter((r) => r.kind === 'voucher' && r.voucherId === v.id).reduce((sum, r) => sum + r.amount, 0)
    if (v.balance < 0) problems.push(`voucher ${v.id}: a balance of ${v.balance}`)
    if (v.balance !== v.amount - taken) problems.push(`voucher ${v.id}: a balance of ${v.balance}, but its value less what bookings hold is ${v.amount - taken}`)
  }
  const cancelledHolding = await db
    .select({ id: bookings.id })
    .from(slotClaims)
    .innerJoin(bookings, eq(bookings.id, slotClaims.bookingId))
    .where(eq(bookings.status, 'cancelled'))
  for (const c of cancelledHolding) problems.push(`booking ${c.id}: cancelled, but holds a slot`)
  const orphans = await db.select({ n: sql<number>`count(*)::int` }).from(moneyMovements).leftJoin(bookings, eq(bookings.id, moneyMovements.bookingId)).where(sql`${moneyMovements.bookingId} is not null and ${bookings.id} is null`)
  if ((orphans[0]?.n ?? 0) > 0) problems.push(`${orphans[0]!.n} money rows of bookings that do not exist`)
  const unowned = await db.select({ n: sql<number>`count(*)::int` }).from(moneyMovements).where(isNull(moneyMovements.bookingId))
  const sales = rows.filter((r) => r.bookingId === null && r.kind !== 'voucher-sale').length
  if (sales > 0) problems.push(`${sales} of ${unowned[0]!.n} rows without a booking are not voucher sales`)
  return problems
}
