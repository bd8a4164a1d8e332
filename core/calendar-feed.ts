import { answersForGuide, type AnswerSnapshot } from './booking-questions.ts'
import { addDays, type CalendarDate, todayInTokyo } from './dates.ts'
import { effectiveStatus } from './booking-lifecycle.ts'
import { slotLabel, type TourTime } from './slots.ts'

/**
 * The guide's calendar feed (docs/decisions/0050): which bookings it lists
 * and how each one reads in the guide's calendar. Pure: the service reads the rows, the
 * iCalendar module writes the file.
 */

/** How far back the feed reaches: last month's tours stay in the guide's calendar. */
export const FEED_DAYS_BACK = 30

/** How often subscribing calendars are asked to fetch the feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL: PT1H). */
export const FEED_REFRESH_SECONDS = 60 * 60

/** The calendar's name in the guide's calendar app (X-WR-CALNAME). */
export const feedName = (businessName: string) => `${businessName}: bookings`

/** The tour dates the feed covers: 30 days back to the last day guests can book (the booking window's end). */
export function feedWindow(now: Date, horizonDays: number): { from: CalendarDate; to: CalendarDate } {
  const today = todayInTokyo(now)
  return { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, horizonDays) }
}

/** The statuses a live booking can have: its slot is taken (a hold counts until it runs out). */
export type LiveStatus = 'paid' | 'confirmed' | 'pending'

/** A booking's status for the feed at `now`, or null when it has no place there (cancelled, or a hold that ran out). */
export function feedStatus(booking: { status: string; holdExpiresAt: Date | null }, now: Date): LiveStatus | null {
  const status = effectiveStatus(booking, now)
  return status === 'paid' || status === 'confirmed' || status === 'pending' ? status : null
}

/** What the summary line says first, so an unpaid hold is told apart at a glance. */
const STATUS_PREFIX: Record<LiveStatus, string> = {
  paid: 'Paid',
  confirmed: 'Confirmed',
  pending: 'HOLD – unpaid',
}

export type FeedBooking = {
  name: string
  numberOfPeople: number
  phone: string
  tourTime: TourTime
  packageName: string
  specialRequests: string | null
  /** Where the tour starts: a meeting point's name or 'Hotel pickup: …'; null when none is known. */
  meeting: string | null
  /** The guest's answers to the booking questions (docs/decisions/0053). */
  answers?: readonly AnswerSnapshot[]
}

/** The event's one-line title: status, guest, group size, e.g. "HOLD – unpaid: Aiko Tanaka (3 people)". */
export function feedSummary(booking: Pick<FeedBooking, 'name' | 'numberOfPeople'>, status: LiveStatus): string {
  const people = booking.numberOfPeople === 1 ? '1 person' : `${booking.numberOfPeople} people`
  return `${STATUS_PREFIX[status]}: ${booking.name} (${people})`
}

/** The event's notes: the tour, the group, how to reach the guest, their note and the booking in the dashboard. */
export function feedDescription(booking: FeedBooking, status: LiveStatus, dashboardUrl: string, holdExpiresAt: Date | null): string {
  const lines = [
    `${booking.packageName}, ${slotLabel(booking.tourTime).toLowerCase()}`,
    `Guests: ${booking.numberOfPeople}`,
    `Phone: ${booking.phone}`,
    booking.meeting ? `Meeting: ${booking.meeting}` : null,
    status === 'pending'
      ? `Status: unpaid hold${holdExpiresAt ? ` until ${holdExpiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z')}` : ''}: the slot is free again if the guest does not pay`
      : `Status: ${STATUS_PREFIX[status].toLowerCase()}`,
    booking.specialRequests ? `Note: ${booking.specialRequests}` : null,
    ...answersForGuide(booking.answers).map(([question, answer]) => `${question}: ${answer}`),
    `Booking: ${dashboardUrl}`,
  ]
  return lines.filter((line) => line !== null).join('\n')
}

/** An event's SEQUENCE from the booking's last change: a later change has a higher one, within int32 until 2093. */
const SEQUENCE_EPOCH = Date.UTC(2025, 0, 1)
export function feedSequence(updatedAt: Date): number {
  return Math.max(0, Math.floor((updatedAt.getTime() - SEQUENCE_EPOCH) / 1000))
}
