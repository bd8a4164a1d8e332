import { englishText } from '../i18n/refusals.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { sqlState, UNIQUE_VIOLATION } from '../db/client.ts'
import { bookings, channelBlocks, slotClaims, waitlistEntries } from '../db/schema.ts'
import { partsClaimedBy, type DayPart, type TourTime } from '../../core/slots.ts'
import { ServiceError } from './service-error.ts'

/**
 * One group per slot (docs/decisions/0002), held by the primary key of slot_claims (tour_date, part).
 *
 * A booking claims one row per half of the day it uses (full-day: both) in the same
 * transaction as the booking itself. A pending booking's claims carry its hold expiry
 * (docs/decisions/0005); confirmed and paid bookings' claims have none. A claim whose expiry has passed
 * is free: readers ignore it, and the next claim of that half expires the lapsed booking
 * (deleting its claims) before inserting its own row. Two racing claimers both trying to
 * expire the same lapsed booking serialise on its row lock, and the loser's INSERT then
 * hits the primary key: correctness never depends on the sweep having run.
 *
 * Lock order: a booking's row first, then its claims. The sweep (the lifecycle's lapse), settling
 * a payment, cancelling and the admin's status changes all lock the booking before touching
 * its claims; a claimer taking over a lapsed hold does the same (it only reads the lapsed
 * claims before locking their booking). Locking claims first and the booking second would
 * let a claimer and the sweep each hold what the other waits for: a deadlock (40P01), and
 * the guest's booking request would fail with a 500.
 *
 * A claim may also be an imported calendar's block (docs/decisions/0077): it has no booking and
 * no expiry, and closes its half for every booking path exactly as a booking's claim does.
 */

export const SLOT_TAKEN = refusal('errors.slotTaken')
/** errors.slotTaken in English, as the JSON API answers it. */
export const SLOT_TAKEN_MESSAGE = englishText(SLOT_TAKEN)
/** The slot is held by someone else: a conflict, which callers may also catch by class to reword it. */
export class SlotTakenError extends ServiceError {
  constructor() {
    super('conflict', SLOT_TAKEN)
  }
}

/** A claim counts when it has no expiry (confirmed, paid) or its hold has not run out yet. */
export function liveClaim(now: Date) {
  return or(isNull(slotClaims.expiresAt), gte(slotClaims.expiresAt, now))
}

/** A claim that is not this booking's: another booking's, or an imported calendar's block (which has no booking). */
export function notBookingsClaim(bookingId: number) {
  return or(isNull(slotClaims.bookingId), ne(slotClaims.bookingId, bookingId))
}

/**
 * The halves of each date held right now, for dates from `from` to `to`; a guest changing a
 * booking sees the halves of that booking as free (`exceptBookingId`).
 */
export async function claimedPartsBetween(db: Db | Tx, from: string, to: string, now: Date, exceptBookingId?: number): Promise<Map<string, Set<DayPart>>> {
  const rows = await db
    .select({ tourDate: slotClaims.tourDate, part: slotClaims.part })
    .from(slotClaims)
    .where(and(gte(slotClaims.tourDate, from), lte(slotClaims.tourDate, to), liveClaim(now), exceptBookingId === undefined ? undefined : notBookingsClaim(exceptBookingId)))
  const byDate = new Map<string, Set<DayPart>>()
  for (const row of rows) {
    const parts = byDate.get(row.tourDate) ?? new Set<DayPart>()
    parts.add(row.part as DayPart)
    byDate.set(row.tourDate, parts)
  }
  return byDate
}

/** A claim whose hold has run out (confirmed and paid claims, and blocks, have no expiry). */
const lapsedClaim = (now: Date) => and(isNotNull(slotClaims.expiresAt), lt(slotClaims.expiresAt, now))

/** Deletes only the booking's claims whose hold ran out: a payment that came late may have made the others permanent. */
export async function releaseLapsedClaims(tx: Tx, bookingId: number, now: Date): Promise<void> {
  await tx.delete(slotClaims).where(and(eq(slotClaims.bookingId, bookingId), lapsedClaim(now)))
}

/**
 * Records a booking whose hold ran out as lapsed, inside the claimer's transaction: the
 * lifecycle's `lapse` (server/services/booking-lifecycle.ts) locks the booking, cancels it, gives
 * back its promo and voucher parts and deletes its lapsed claims, once (a second caller finds it
 * cancelled already).
 */
export type ExpireLapsed = (tx: Tx, bookingId: number) => Promise<void>

/**
 * Claims the halves `tourTime` uses on `tourDate` for a booking, inside the caller's
 * transaction. Lapsed holds on those halves are expired first. Throws SlotTakenError when
 * a live claim exists (the caller's transaction is then unusable: let it roll back).
 */
export async function claimSlot(
  tx: Tx,
  expireLapsed: ExpireLapsed,
  claim: {
    bookingId: number
    tourDate: string
    tourTime: TourTime
    expiresAt: Date | null
    now: Date
  },
): Promise<void> {
  await claimParts(tx, expireLapsed, { ...claim, parts: partsClaimedBy(claim.tourTime) })
  // The booking's own visitor no longer waits for this slot (docs/decisions/0057): a later
  // opening must not e-mail them about the slot they hold.
  await tx
    .delete(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.tourDate, claim.tourDate),
        eq(waitlistEntries.tourTime, claim.tourTime),
        sql`${waitlistEntries.email} = (select lower(trim(${bookings.email})) from ${bookings} where ${bookings.id} = ${claim.bookingId})`,
      ),
    )
}

/**
 * Claims the given halves of a date, as claimSlot does for a slot's: a dearer change holds only
 * the halves its booking does not hold already (docs/decisions/0055).
 */
export async function claimParts(
  tx: Tx,
  expireLapsed: ExpireLapsed,
  claim: { bookingId: number; tourDate: string; parts: DayPart[]; expiresAt: Date | null; now: Date },
): Promise<void> {
  const { parts } = claim
  // Read, not lock: each lapsed booking is locked by its lapse before its claims go.
  // Ascending ids, so two claimers taking over the same lapsed bookings lock them in one order.
  const lapsed = await tx
    .selectDistinct({ bookingId: slotClaims.bookingId })
    .from(slotClaims)
    .where(and(eq(slotClaims.tourDate, claim.tourDate), inArray(slotClaims.part, parts), lapsedClaim(claim.now), isNotNull(slotClaims.bookingId)))
    .orderBy(slotClaims.bookingId)
  for (const { bookingId } of lapsed) {
    if (bookingId !== null && bookingId !== claim.bookingId) await expireLapsed(tx, bookingId)
  }
  try {
    await tx.insert(slotClaims).values(
      parts.map((part) => ({
        tourDate: claim.tourDate,
        part,
        bookingId: claim.bookingId,
        expiresAt: claim.expiresAt,
      })),
    )
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new SlotTakenError()
    throw error
  }
}

/**
 * Frees every half a booking holds (cancellation, deletion), a dearer change's hold on another
 * date included; returns the dates of the halves freed, for the waitlist (docs/decisions/0057).
 */
export async function releaseClaims(tx: Tx | Db, bookingId: number): Promise<string[]> {
  const freed = await tx.delete(slotClaims).where(eq(slotClaims.bookingId, bookingId)).returning({ tourDate: slotClaims.tourDate })
  return freed.map((c) => c.tourDate)
}

/**
 * The halves of these dates that nobody holds go to the imported calendars' blocks on them
 * (docs/decisions/0077), in the transaction that freed them: a block waiting behind one of our
 * bookings (a conflict) closes the slot the moment the booking lets it go, before any guest can
 * take it. A block whose booking no longer holds its slot has no conflict left.
 */
export async function blocksTakeFreeHalves(tx: Tx | Db, dates: readonly string[]): Promise<void> {
  const unique = [...new Set(dates)]
  if (unique.length === 0) return
  const listed = sql.join(
    unique.map((d) => sql`${d}::date`),
    sql`, `,
  )
  await tx.execute(sql`
    insert into ${slotClaims} (tour_date, part, channel_block_id)
    select distinct on (b.tour_date, b.part) b.tour_date, b.part, b.id
    from ${channelBlocks} b
    where b.tour_date in (${listed})
      and not exists (select 1 from ${slotClaims} c where c.tour_date = b.tour_date and c.part = b.part)
    order by b.tour_date, b.part, b.id
    on conflict do nothing`)
  await tx.execute(sql`
    update ${channelBlocks} b set conflict_booking_id = null
    where b.tour_date in (${listed}) and b.conflict_booking_id is not null
      and not exists (select 1 from ${slotClaims} c where c.tour_date = b.tour_date and c.part = b.part and c.booking_id = b.conflict_booking_id)`)
}

/**
 * A claim of the booking's own slot (its date, and the halves its time uses), as opposed to the
 * hold of a dearer change waiting for its difference (docs/decisions/0055).
 */
export const ownSlotClaim = sql`exists (select 1 from ${bookings} b where b.id = ${slotClaims.bookingId} and b.tour_date = ${slotClaims.tourDate} and (b.tour_time = 'full-day' or b.tour_time = ${slotClaims.part}))`

/** A paid or confirmed booking keeps the claims of its own slot for good (no expiry); a waiting change's hold still runs out. */
export async function makeClaimsPermanent(tx: Tx | Db, bookingId: number): Promise<void> {
  await tx.update(slotClaims).set({ expiresAt: null }).where(and(eq(slotClaims.bookingId, bookingId), ownSlotClaim))
}
