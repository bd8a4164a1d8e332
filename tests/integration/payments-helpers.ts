import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { bookings, notifications, payments, slotClaims, tourPackages } from '../../server/db/schema.ts'
import { oneWithMoney, type Booking } from '../../server/services/ledger.ts'
import { partsClaimedBy, type TourTime } from '../../core/slots.ts'
import { REFERENCE_ALPHABET } from '../../core/reference.ts'
import type { TestApp } from './app.ts'
import { insertBookings } from '../booking-fixture.ts'

/**
 * A booking written straight into the database (bookings + slot_claims), so payment tests
 * control its date, status, hold and total exactly.
 */
export async function insertBooking(
  app: TestApp,
  opts: { tourDate: string; tourTime?: TourTime; status?: 'pending' | 'confirmed' | 'paid' | 'cancelled'; holdMinutes?: number; totalPrice?: number; name?: string },
): Promise<Booking> {
  const tourTime = opts.tourTime ?? 'morning'
  const status = opts.status ?? 'pending'
  const [pkg] = await app.db.select().from(tourPackages).where(eq(tourPackages.slug, tourTime === 'full-day' ? 'full-day' : 'half-day'))
  const reference = Array.from(crypto.randomBytes(12), (b) => REFERENCE_ALPHABET[b % 32]).join('')
  const holdExpiresAt = status === 'pending' ? new Date(app.clock.now().getTime() + (opts.holdMinutes ?? 30) * 60_000) : null
  const [booking] = await insertBookings(app.db, {
      reference,
      name: opts.name ?? 'Aiko Tanaka',
      email: 'aiko@example.com',
      phone: '+81 90 1234 5678',
      numberOfPeople: 2,
      tourPackageId: pkg!.id,
      tourDate: opts.tourDate,
      tourTime,
      status,
      holdExpiresAt,
      totalPrice: opts.totalPrice ?? 14300,
      paidAt: status === 'paid' ? app.clock.now() : null,
    })
  if (status !== 'cancelled') {
    await app.db.insert(slotClaims).values(partsClaimedBy(tourTime).map((part) => ({ tourDate: opts.tourDate, part, bookingId: booking!.id, expiresAt: holdExpiresAt })))
  }
  return oneWithMoney(app.db, booking!)
}

/** The booking as the services read it: its row with its ledger's figures. */
export async function reload(app: TestApp, id: number): Promise<Booking> {
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, id))
  return oneWithMoney(app.db, row!)
}

export async function notificationCount(app: TestApp, title: string): Promise<number> {
  return (await app.db.select().from(notifications).where(eq(notifications.title, title))).length
}

export async function claimsOf(app: TestApp, bookingId: number) {
  return app.db.select().from(slotClaims).where(eq(slotClaims.bookingId, bookingId))
}

export async function paymentRows(app: TestApp, bookingId: number, kind?: 'intent' | 'charge' | 'refund') {
  return app.db
    .select()
    .from(payments)
    .where(kind ? and(eq(payments.bookingId, bookingId), eq(payments.kind, kind)) : eq(payments.bookingId, bookingId))
}

const signer = new Stripe('sk_test_x')
let eventSeq = 0

/** A Stripe event as the webhook receives it, with a signature made by the SDK's own test helper. */
export function signedEvent(type: string, object: unknown, opts: { id?: string; secret?: string } = {}) {
  const event = { id: opts.id ?? `evt_test_${Date.now()}_${++eventSeq}`, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } }
  const payload = JSON.stringify(event)
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? 'whsec_test' })
  return { event, payload, signature }
}

export async function postWebhook(app: TestApp, signed: { payload: string; signature: string }) {
  return app.client().post('/api/webhooks/stripe', signed.payload, { 'stripe-signature': signed.signature })
}
