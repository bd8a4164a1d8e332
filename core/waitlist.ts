import { REFERENCE_ALPHABET } from './reference.ts'
import type { SlotAvailability, SlotUnavailableReason, TourTime } from './slots.ts'

/**
 * The waitlist of a taken slot (issue 19 point 4, docs/decisions/0057): pure rules that the
 * waitlist service (server/services/waitlist.ts) applies to the database.
 */

/**
 * The secret in a waitlist entry's removal link: 26 characters of the references' alphabet
 * (core/reference.ts), 130 random bits. It is the only key to the entry a visitor ever holds.
 */
export const WAITLIST_TOKEN_LENGTH = 26
const TOKEN_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${WAITLIST_TOKEN_LENGTH}}$`)

type RandomBytes = (length: number) => Uint8Array
const webCryptoBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length))

export function newWaitlistToken(randomBytes: RandomBytes = webCryptoBytes): string {
  const bytes = randomBytes(WAITLIST_TOKEN_LENGTH)
  if (bytes.length < WAITLIST_TOKEN_LENGTH) throw new RangeError(`Need ${WAITLIST_TOKEN_LENGTH} random bytes, got ${bytes.length}`)
  let out = ''
  // 256 % 32 = 0: every character equally likely.
  for (let i = 0; i < WAITLIST_TOKEN_LENGTH; i++) out += REFERENCE_ALPHABET[bytes[i]! % 32]
  return out
}

/** The token of a link, or null when it cannot be one (so junk never reaches the database). */
export function waitlistTokenOf(input: unknown): string | null {
  if (typeof input !== 'string') return null
  const s = input.trim().toUpperCase()
  return TOKEN_PATTERN.test(s) ? s : null
}

/**
 * Whether a visitor may wait for a slot, from what the booking page shows of it
 * (core/slots.ts deriveSlotAvailability): only a slot that a booking holds. A free slot is to
 * be booked instead; a slot the guide closed, outside the booking window or on a weekday has
 * nothing to wait for.
 */
export type JoinVerdict = { ok: true } | { ok: false; why: 'free' | 'not-bookable' }

export function canJoinWaitlist(slot: Pick<SlotAvailability, 'available' | 'reason'>): JoinVerdict {
  if (slot.available) return { ok: false, why: 'free' }
  return slot.reason === ('booked' satisfies SlotUnavailableReason) ? { ok: true } : { ok: false, why: 'not-bookable' }
}

/**
 * What a change to a date's slots does to the entries waiting on it. An entry is told once
 * each time its slot opens: `told` says it has been told about the present opening (its
 * `notified_at` is set). After any change (a booking made, cancelled, expired, moved, deleted;
 * the guide's switches):
 * - an entry not yet told whose slot can now be booked is told (an e-mail), and becomes told;
 * - an entry already told whose slot cannot be booked now (someone booked it, the guide closed
 *   it) waits again, so the next opening tells it again.
 * Every other entry is left as it is: one opening tells each entry once, however many times
 * this runs (the same change seen twice, another change on the same date).
 */
export type WaitingEntry = { id: number; tourTime: TourTime; told: boolean }

export function waitlistChanges(entries: readonly WaitingEntry[], slots: readonly Pick<SlotAvailability, 'tourTime' | 'available'>[]): { tell: number[]; rearm: number[] } {
  const open = new Set(slots.filter((s) => s.available).map((s) => s.tourTime))
  const tell: number[] = []
  const rearm: number[] = []
  for (const entry of entries) {
    const bookable = open.has(entry.tourTime)
    if (bookable && !entry.told) tell.push(entry.id)
    else if (!bookable && entry.told) rearm.push(entry.id)
  }
  return { tell: tell.sort((a, b) => a - b), rearm: rearm.sort((a, b) => a - b) }
}
