import { REFERENCE_ALPHABET } from './reference.ts'
import type { SlotAvailability, SlotUnavailableReason, TourTime } from './slots.ts'

/**
 * The waitlist of a taken slot (docs/decisions/0057): pure rules that the
 * waitlist service (server/services/waitlist.ts) applies to the database.
 */

/**
 * The secret in a waitlist entry's removal link: 26 characters of the references' alphabet
 * (core/reference.ts), 130 random bits. It is the only key to the entry a visitor ever holds.
 */
export const WAITLIST_TOKEN_LENGTH = 26
/**
 * The secret in the link of an address's confirmation e-mail (docs/decisions/0070): 52 characters
 * of the same alphabet, 260 random bits. Whoever holds it can read the address's mailbox.
 */
export const CONFIRM_TOKEN_LENGTH = 52

type RandomBytes = (length: number) => Uint8Array
const webCryptoBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length))

function randomToken(length: number, randomBytes: RandomBytes): string {
  const bytes = randomBytes(length)
  if (bytes.length < length) throw new RangeError(`Need ${length} random bytes, got ${bytes.length}`)
  let out = ''
  // 256 % 32 = 0: every character equally likely.
  for (let i = 0; i < length; i++) out += REFERENCE_ALPHABET[bytes[i]! % 32]
  return out
}

/** The token of a link, or null when it cannot be one (so junk never reaches the database). */
function tokenReader(length: number) {
  const pattern = new RegExp(`^[${REFERENCE_ALPHABET}]{${length}}$`)
  return (input: unknown): string | null => {
    if (typeof input !== 'string') return null
    const s = input.trim().toUpperCase()
    return pattern.test(s) ? s : null
  }
}

export const newWaitlistToken = (randomBytes: RandomBytes = webCryptoBytes) => randomToken(WAITLIST_TOKEN_LENGTH, randomBytes)
export const waitlistTokenOf = tokenReader(WAITLIST_TOKEN_LENGTH)
export const newConfirmToken = (randomBytes: RandomBytes = webCryptoBytes) => randomToken(CONFIRM_TOKEN_LENGTH, randomBytes)
export const confirmTokenOf = tokenReader(CONFIRM_TOKEN_LENGTH)

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
/**
 * Whether the booking calendar lets a visitor open a day (docs/decisions/0070): it has a slot to
 * book, or a taken slot to wait for. A day whose every slot is booked stays open, so its slots'
 * "tell me" links can be reached; a day the guide closed, or outside the window, does not.
 */
export function dayOffersSomething(slots: readonly Pick<SlotAvailability, 'available' | 'reason'>[]): boolean {
  return slots.some((slot) => slot.available || canJoinWaitlist(slot).ok)
}

/**
 * Double opt-in (docs/decisions/0070). An address that has not confirmed gets a confirmation
 * e-mail when it signs up, unless one went to it within the last `windowHours`: however often
 * it is signed up, it gets at most one such e-mail per window. Its link works for that window.
 */
export function confirmationMayBeSent(lastSentAt: Date | null, now: Date, windowHours: number): boolean {
  return lastSentAt === null || !confirmationStillValid(lastSentAt, now, windowHours)
}

/** Whether a confirmation e-mail sent at `sentAt` still confirms: its link lasts `windowHours`. */
export function confirmationStillValid(sentAt: Date, now: Date, windowHours: number): boolean {
  return now.getTime() - sentAt.getTime() < windowHours * 3_600_000
}

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
