import type { Db } from '../server/db/client.ts'
import { bookings, moneyMovements, type BookingRow } from '../server/db/schema.ts'

/**
 * Bookings written straight into a test's database, with the ledger rows their status means
 * (docs/decisions/0067), for tests that need a booking in a state without walking it there: its
 * price; taken by the guide outside the card flow when it is paid (or `paidAt` is set, as the
 * status menu's "paid" does); its price released when it is cancelled, the money kept as its fee.
 * Tests of the lifecycle itself make their bookings through the services instead.
 */
export type BookingFixture = Omit<typeof bookings.$inferInsert, 'currency'> & { totalPrice?: number }

export async function insertBookings(db: Db, values: BookingFixture | BookingFixture[]): Promise<BookingRow[]> {
  const list = Array.isArray(values) ? values : [values]
  if (list.length === 0) return []
  const rows = await db
    .insert(bookings)
    .values(list.map(({ totalPrice: _price, ...row }) => row))
    .returning()
  const movements = rows.flatMap((row, i) => {
    const price = list[i]!.totalPrice ?? 14_300
    const paid = row.status === 'paid' || row.paidAt !== null
    const at = row.createdAt
    if (price === 0) return []
    return [
      { bookingId: row.id, kind: 'price', amount: price, transition: 'create', createdAt: at },
      ...(paid ? [{ bookingId: row.id, kind: 'cash', amount: price, transition: 'mark-paid', createdAt: at }] : []),
      ...(row.status === 'cancelled'
        ? [
            { bookingId: row.id, kind: 'price', amount: -price, transition: 'cancel', createdAt: at },
            ...(paid ? [{ bookingId: row.id, kind: 'cancellation-fee', amount: price, transition: 'cancel', createdAt: at }] : []),
          ]
        : []),
    ]
  })
  if (movements.length > 0) await db.insert(moneyMovements).values(movements)
  return rows
}
