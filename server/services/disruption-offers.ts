import { and, desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { disruptionOffers, disruptions } from '../db/schema.ts'
import type { DisruptionCause, OfferState } from '../../core/disruptions.ts'
import type { TourTime } from '../../core/slots.ts'

/** A booking's open call-off offer as the guest's pages and the move need it (docs/decisions/0056). */
export type OpenOffer = { id: number; deadline: Date; cause: DisruptionCause; note: string | null; tourDate: string; tourTime: TourTime | null }

/** The booking's offer still waiting for an answer, if any (the newest, should the guide have called off twice). */
export async function openOfferOf(reader: Db | Tx, bookingId: number): Promise<OpenOffer | null> {
  const [row] = await reader
    .select({ id: disruptionOffers.id, deadline: disruptionOffers.deadline, cause: disruptions.cause, note: disruptions.note, tourDate: disruptions.tourDate, tourTime: disruptions.tourTime })
    .from(disruptionOffers)
    .innerJoin(disruptions, eq(disruptionOffers.disruptionId, disruptions.id))
    .where(and(eq(disruptionOffers.bookingId, bookingId), eq(disruptionOffers.state, 'open')))
    .orderBy(desc(disruptionOffers.id))
    .limit(1)
  return row ? { ...row, cause: row.cause as DisruptionCause, tourTime: row.tourTime as TourTime | null } : null
}

/**
 * Closes a booking's open offers with the answer, inside the caller's transaction (which holds
 * the booking's row lock). Returns whether there was one to close: of two answers racing,
 * the second finds none.
 */
export async function closeOffers(tx: Tx, bookingId: number, state: Exclude<OfferState, 'open'>, at: Date): Promise<boolean> {
  const closed = await tx
    .update(disruptionOffers)
    .set({ state, answeredAt: at })
    .where(and(eq(disruptionOffers.bookingId, bookingId), eq(disruptionOffers.state, 'open')))
    .returning({ id: disruptionOffers.id })
  return closed.length > 0
}
