import { describe, expect, it } from 'vitest'
import { deriveSlotAvailability } from './slots.ts'
import {
  CONFIRM_TOKEN_LENGTH,
  WAITLIST_TOKEN_LENGTH,
  canJoinWaitlist,
  confirmTokenOf,
  confirmationMayBeSent,
  confirmationStillValid,
  dayOffersSomething,
  newConfirmToken,
  newWaitlistToken,
  waitlistChanges,
  waitlistTokenOf,
  type WaitingEntry,
} from './waitlist.ts'
import { waitlistRequestSchema } from './schemas/waitlist.ts'
import { englishOf } from './i18n/refusal-english.test-support.ts'

describe('waitlist removal tokens', () => {
  it('are 26 characters of the references alphabet, 130 random bits, and read back as they are', () => {
    const token = newWaitlistToken()
    expect(token).toHaveLength(WAITLIST_TOKEN_LENGTH)
    expect(token).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/)
    expect(waitlistTokenOf(token)).toBe(token)
    expect(waitlistTokenOf(token.toLowerCase())).toBe(token)
    expect(newWaitlistToken()).not.toBe(token)
  })

  it('refuses junk, references and too few random bytes', () => {
    expect(waitlistTokenOf('01ZZZ8JMRVM8')).toBeNull()
    expect(waitlistTokenOf(`${newWaitlistToken()}X`)).toBeNull()
    expect(waitlistTokenOf('U'.repeat(26))).toBeNull()
    expect(waitlistTokenOf(42)).toBeNull()
    expect(() => newWaitlistToken(() => new Uint8Array(25))).toThrow(RangeError)
  })
})

describe('confirmation tokens (docs/decisions/0070)', () => {
  it('are 52 characters of the same alphabet, 260 random bits, read in any case, and no removal token reads as one', () => {
    const token = newConfirmToken()
    expect(token).toHaveLength(CONFIRM_TOKEN_LENGTH)
    expect(CONFIRM_TOKEN_LENGTH * 5).toBeGreaterThanOrEqual(256)
    expect(token).toMatch(/^[0-9A-HJKMNP-TV-Z]{52}$/)
    expect(confirmTokenOf(` ${token.toLowerCase()} `)).toBe(token)
    expect(confirmTokenOf(newWaitlistToken())).toBeNull()
    expect(waitlistTokenOf(token)).toBeNull()
    expect(confirmTokenOf(`${token}0`)).toBeNull()
    expect(confirmTokenOf(null)).toBeNull()
    expect(() => newConfirmToken(() => new Uint8Array(51))).toThrow(RangeError)
  })
})

describe('when an address is sent a confirmation e-mail, and how long its link works (docs/decisions/0070)', () => {
  const sent = new Date('2026-03-02T01:00:00Z')
  const after = (minutes: number) => new Date(sent.getTime() + minutes * 60_000)
  it('one e-mail per window: never sent gets one; within 24 hours of the last, none; from then on, a new one', () => {
    expect(confirmationMayBeSent(null, sent, 24)).toBe(true)
    expect(confirmationMayBeSent(sent, after(0), 24)).toBe(false)
    expect(confirmationMayBeSent(sent, after(24 * 60 - 1), 24)).toBe(false)
    expect(confirmationMayBeSent(sent, after(24 * 60), 24)).toBe(true)
    expect(confirmationMayBeSent(sent, after(60), 1)).toBe(true)
  })
  it('the link confirms for the same window, and not a minute longer', () => {
    expect(confirmationStillValid(sent, after(24 * 60 - 1), 24)).toBe(true)
    expect(confirmationStillValid(sent, after(24 * 60), 24)).toBe(false)
  })
})

describe('which days the booking calendar opens (docs/decisions/0070)', () => {
  const now = new Date('2026-03-02T00:00:00Z')
  const day = (date: string, claimed: ('morning' | 'afternoon')[], override: { morningAvailable: boolean; afternoonAvailable: boolean; fullDayAvailable: boolean } | null = null) =>
    deriveSlotAvailability({ date, now, override, claimedParts: new Set(claimed) })
  const closed = { morningAvailable: false, afternoonAvailable: false, fullDayAvailable: false }
  it.each([
    ['a free day', day('2026-03-21', []), true],
    ['a day with one half booked', day('2026-03-21', ['morning']), true],
    ['a day a full-day booking fills: its slots can be waited for', day('2026-03-21', ['morning', 'afternoon']), true],
    ['a day the guide closed', day('2026-03-21', [], closed), false],
    ['a closed day that still has a booking: that slot can be waited for', day('2026-03-21', ['morning'], closed), true],
    ['a weekday', day('2026-03-18', []), false],
    ['a Saturday already past', day('2026-02-28', []), false],
    ['a Saturday beyond the booking window', day('2027-03-20', []), false],
  ] as const)('%s', (_name, slots, open) => {
    expect(dayOffersSomething(slots)).toBe(open)
  })
})

describe('who may join a waitlist', () => {
  it.each([
    [
      { available: true, reason: null },
      { ok: false, why: 'free' },
    ],
    [{ available: false, reason: 'booked' }, { ok: true }],
    [
      { available: false, reason: 'closed' },
      { ok: false, why: 'not-bookable' },
    ],
    [
      { available: false, reason: 'outside-window' },
      { ok: false, why: 'not-bookable' },
    ],
    [
      { available: false, reason: 'not-weekend' },
      { ok: false, why: 'not-bookable' },
    ],
  ] as const)('%o → %o', (slot, verdict) => {
    expect(canJoinWaitlist(slot)).toEqual(verdict)
  })
})

describe('what a change to a date does to its waitlist', () => {
  const now = new Date('2026-03-02T00:00:00Z')
  const date = '2026-03-21' // a Saturday inside the window
  const slots = (claimed: ('morning' | 'afternoon')[], override: { morningAvailable: boolean; afternoonAvailable: boolean; fullDayAvailable: boolean } | null = null) =>
    deriveSlotAvailability({ date, now, override, claimedParts: new Set(claimed) })
  const entries: WaitingEntry[] = [
    { id: 3, tourTime: 'morning', told: false },
    { id: 1, tourTime: 'afternoon', told: false },
    { id: 2, tourTime: 'full-day', told: false },
  ]

  it('a freed morning tells the morning only while the afternoon is still taken', () => {
    expect(waitlistChanges(entries, slots(['afternoon']))).toEqual({ tell: [3], rearm: [] })
  })

  it('a freed day tells every slot; the full day only when both halves are free', () => {
    expect(waitlistChanges(entries, slots([]))).toEqual({ tell: [1, 2, 3], rearm: [] })
  })

  it('a closed slot tells nobody, even when no booking holds it', () => {
    expect(waitlistChanges(entries, slots([], { morningAvailable: false, afternoonAvailable: true, fullDayAvailable: true }))).toEqual({ tell: [1], rearm: [] })
  })

  it('tells an entry once per opening: told entries of a free slot are left alone', () => {
    const told = entries.map((e) => ({ ...e, told: true }))
    expect(waitlistChanges(told, slots([]))).toEqual({ tell: [], rearm: [] })
  })

  it('a slot taken again puts its told entries back on the list for the next opening', () => {
    const told = entries.map((e) => ({ ...e, told: true }))
    expect(waitlistChanges(told, slots(['morning']))).toEqual({ tell: [], rearm: [2, 3] })
    expect(waitlistChanges(entries, slots(['morning', 'afternoon']))).toEqual({ tell: [], rearm: [] })
  })

  it('a date outside the booking window tells nobody', () => {
    const late = deriveSlotAvailability({ date: '2026-03-07', now: new Date('2026-03-06T00:00:00Z'), claimedParts: new Set() })
    expect(waitlistChanges(entries, late)).toEqual({ tell: [], rearm: [] })
  })
})

describe('the waitlist request', () => {
  const valid = { email: ' guest@example.com ', tourDate: '2026-03-21', tourTime: 'morning', numberOfPeople: '2', tourPackageId: '1' }

  it('accepts what the form posts, trimmed, numbers from text, the language defaulted', () => {
    const parsed = waitlistRequestSchema.parse(valid)
    expect(parsed).toMatchObject({ email: 'guest@example.com', numberOfPeople: 2, tourPackageId: 1, locale: 'en' })
  })

  it.each([
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ numberOfPeople: '6' }, 'numberOfPeople', 'Maximum 5 people per group'],
    [{ numberOfPeople: '0' }, 'numberOfPeople', 'At least 1 person required'],
    [{ tourDate: '2026-03-18' }, 'tourDate', 'Tours are only available on weekends (Saturday and Sunday)'],
    [{ tourTime: 'evening' }, 'tourTime', 'Tour time must be morning, afternoon, or full-day'],
    [{ tourPackageId: '' }, 'tourPackageId', 'Please select a tour package'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email address must be at most 254 characters'],
  ])('refuses %o on %s', (change, field, message) => {
    const parsed = waitlistRequestSchema.safeParse({ ...valid, ...change })
    expect(parsed.success).toBe(false)
    expect(englishOf(parsed.error?.issues.find((i) => i.path[0] === field)?.message ?? '')).toBe(message)
  })
})
