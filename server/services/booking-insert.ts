import type { Tx } from '../db/client.ts'
import { bookings, type Booking } from '../db/schema.ts'
import { newReference } from '../../core/reference.ts'

/**
 * What a new booking is made of, whoever makes it: the guest on the site (bookings.ts) or the
 * guide in the dashboard (guide-bookings.ts). The reference, the currency and the timestamps are
 * filled in here, so the two ways of making a booking cannot drift apart.
 */
export type NewBooking = Omit<typeof bookings.$inferInsert, 'id' | 'reference' | 'currency' | 'createdAt' | 'updatedAt'>

/**
 * Inserts one booking under a fresh reference, inside the caller's transaction. A reference
 * that was already drawn fails the unique key; callers wrap their transaction in
 * withFreshReference, which runs it again.
 */
export async function insertBooking(tx: Tx, fields: NewBooking, now: Date): Promise<Booking> {
  const [row] = await tx
    .insert(bookings)
    .values({ ...fields, reference: newReference(), currency: 'JPY', createdAt: now, updatedAt: now })
    .returning()
  return row!
}
