import { addDays, todayInTokyo, type CalendarDate } from './dates.ts'
import { newWaitlistToken, waitlistTokenOf } from './waitlist.ts'

/**
 * Reviews from real guests (docs/decisions/0063): pure rules that the review service
 * (server/services/reviews.ts) applies to the database.
 */

/** The request goes out the day after the tour (Japan's calendar)… */
export const REQUEST_AFTER_DAYS = 1
/**
 * …and only for tours this recent: a request job that was down catches up for a week, and
 * switching the feature on never writes to guests of tours long past.
 */
export const REQUEST_LOOKBACK_DAYS = 7
/** One reminder, this long after the request; never a second. */
export const REMINDER_AFTER_DAYS = 5
/** The guest may change their review through the same link for this long after writing it. */
export const EDIT_DAYS = 14

const DAY_MS = 24 * 60 * 60_000

/** Tours whose request is due today: from `from` to `until`, both inclusive, in Japan's calendar. */
export function requestDueTourDates(now: Date): { from: CalendarDate; until: CalendarDate } {
  const today = todayInTokyo(now)
  return { from: addDays(today, -REQUEST_LOOKBACK_DAYS), until: addDays(today, -REQUEST_AFTER_DAYS) }
}

/** Requests sent at or before this instant are due their one reminder. */
export const reminderDueFor = (now: Date): Date => new Date(now.getTime() - REMINDER_AFTER_DAYS * DAY_MS)

/** Whether a review written at `writtenAt` may still be changed by its guest. */
export const canEditReview = (writtenAt: Date, now: Date): boolean => now.getTime() - writtenAt.getTime() < EDIT_DAYS * DAY_MS

/** The limits of the form, shown as the guest types and held by the schema and the database. */
export const REVIEW_LIMITS = {
  title: { min: 3, max: 100 },
  text: { min: 20, max: 2000 },
  displayName: { min: 1, max: 40 },
  country: { max: 56 },
} as const

/** The name shown by default: the first name and the initial of the last ("Aiko Tanaka" → "Aiko T."). */
export function defaultDisplayName(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/u)
  const last = rest.at(-1)
  const initial = last ? ` ${Array.from(last)[0]!.toLocaleUpperCase()}.` : ''
  return `${first}${initial}`.slice(0, REVIEW_LIMITS.displayName.max)
}

/** The secret of a review link: the same kind as a waitlist link (26 characters, 130 random bits). */
export const newReviewToken = newWaitlistToken
export const reviewTokenOf = waitlistTokenOf

/** Reviews on a page of /reviews; the home page and /packages show the latest few. */
export const PUBLIC_PAGE_SIZE = 10
export const LATEST_SHOWN = 3

export const REVIEW_STATES = ['new', 'approved', 'hidden'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/** A review for the average: its stars, and whether a booking on this site stands behind it (null source) or another site. */
export type RatedReview = { rating: number; source: string | null }
export type RatingSummary = { average: number; count: number; verified: number; elsewhere: number }

/** The average (one decimal) and the counts of each kind, or null when there is nothing to show. */
export function ratingSummary(reviews: readonly RatedReview[]): RatingSummary | null {
  if (reviews.length === 0) return null
  const sum = reviews.reduce((total, r) => total + r.rating, 0)
  const verified = reviews.filter((r) => r.source === null).length
  return { average: Math.round((sum / reviews.length) * 10) / 10, count: reviews.length, verified, elsewhere: reviews.length - verified }
}
