import { type BookingWindowOptions, type CalendarDate, daysBetween } from './dates.ts'
import { FREE_CANCELLATION_DAYS } from './cancellation-policy.ts'
import { formatYen } from './money.ts'
import { refusalMessage } from './i18n/refusal.ts'
import type { BookingStatus } from './schemas/booking-status.ts'
import type { TourTime } from './slots.ts'

/**
 * A change of plans (docs/decisions/0055): who may move a booking to another slot,
 * when, and what happens to its price. The server enforces every rule here; the pages use
 * the same functions to say so before the guest tries.
 *
 * - The guest moves a live booking free of charge while cancelling would still refund in full
 *   (until FREE_CANCELLATION_DAYS before the booked date, in Japan), at most `limit` times.
 * - A disruption (weather, transport, the guide) waives both: the guest may move at any time,
 *   and such a move is not counted.
 * - The guide moves any live booking at any time, as often as needed.
 */

/** How many times a guest may move a booking themselves, unless the guide sets another number. */
export const DEFAULT_GUEST_MOVE_LIMIT = 2
/** The setting's bounds: 0 turns the guest's own moves off. */
export const GUEST_MOVE_LIMIT_MAX = 10

/** Who moved a booking: the guest on their booking page, the guide in the dashboard, or the guest answering a disruption. */
export const CHANGE_ACTORS = ['guest', 'guide', 'disruption'] as const
export type ChangeActor = (typeof CHANGE_ACTORS)[number]

/** A change is done, waiting for the difference of a dearer choice to be paid, or lapsed unpaid. */
export const CHANGE_STATES = ['done', 'awaiting-payment', 'lapsed'] as const
export type ChangeState = (typeof CHANGE_STATES)[number]

/** Why a guest may not move a booking now. */
export type GuestMoveRefusal = 'cancelled' | 'arranged' | 'too-late' | 'limit'

export type GuestMoveInput = {
  /** The booking's effective status (a lapsed hold reads as cancelled). */
  status: BookingStatus
  tourDate: CalendarDate
  /** The day in Japan (todayInTokyo). */
  today: CalendarDate
  /** Moves the guest made themselves so far (disruption moves are not counted). */
  guestMoves: number
  limit: number
  /** The booking's slot was called off by the guide: the date and count rules are waived. */
  disrupted: boolean
  /**
   * The guide priced the booking by hand or booked a group the site does not sell
   * (arrangedOnly, core/guide-bookings.ts): the catalogue cannot price the guest's change, so
   * only the guide changes it, even after a call-off (docs/decisions/0059).
   */
  arranged: boolean
}

/** What a guest reads when their own change is refused: refusals (docs/decisions/0087). */
export const GUEST_MOVE_REFUSALS: Record<GuestMoveRefusal, string> = {
  cancelled: refusalMessage('errors.moveCancelled'),
  arranged: refusalMessage('errors.moveArranged'),
  'too-late': refusalMessage('errors.moveTooLate'),
  limit: refusalMessage('errors.moveLimit'),
}
export const GUEST_MOVE_NOTHING_REFUSAL = refusalMessage('errors.moveNothing')
export const GUEST_MOVE_PARTLY_REFUNDED_MESSAGE = refusalMessage('errors.movePartlyRefunded')
/** Their English, as the JSON API answers them (server/i18n/refusals.unit.test.ts holds each pair equal). */
export const GUEST_MOVE_MESSAGES: Record<GuestMoveRefusal, string> = {
  cancelled: 'This booking is cancelled, so it cannot be changed. You are welcome to make a new booking.',
  arranged: 'This booking was arranged with us personally, so it can be changed by message only. Please message us and we will do our best to help.',
  'too-late': 'Your tour is less than 7 days away, so it can no longer be changed online. Please message us and we will do our best to help.',
  limit: 'This booking has been changed online as many times as we allow. Please message us and we will do our best to help.',
}
export const GUEST_MOVE_NOTHING_MESSAGE = 'Choose another date, time, tour or group size to change your booking.'

export function guestMoveRefusal({ status, tourDate, today, guestMoves, limit, disrupted, arranged }: GuestMoveInput): GuestMoveRefusal | null {
  if (status === 'cancelled') return 'cancelled'
  if (arranged) return 'arranged'
  if (disrupted) return null
  if (daysBetween(today, tourDate) < FREE_CANCELLATION_DAYS) return 'too-late'
  if (guestMoves >= limit) return 'limit'
  return null
}

/** The guide may move any booking that is not cancelled, whenever. */
export function guideMoveRefusal(status: BookingStatus): 'cancelled' | null {
  return status === 'cancelled' ? 'cancelled' : null
}

/**
 * The dates a move may land on: a guest's move keeps to the booking window; the guide's may
 * land on any date from today to the window's end (a tour arranged for tomorrow is the
 * guide's call).
 */
export function moveWindow(actor: ChangeActor, window: Required<BookingWindowOptions>): Required<BookingWindowOptions> {
  return actor === 'guide' ? { leadDays: 0, horizonDays: window.horizonDays } : window
}

/** A booking's slot: what a move changes. */
export type SlotChoice = { tourDate: CalendarDate; tourTime: TourTime; tourPackageId: number; numberOfPeople: number }

export const sameSlotChoice = (a: SlotChoice, b: SlotChoice) =>
  a.tourDate === b.tourDate && a.tourTime === b.tourTime && a.tourPackageId === b.tourPackageId && a.numberOfPeople === b.numberOfPeople

/**
 * What a move does to the guest's money, as the change page's review step shows it (worked out by
 * the lifecycle's `move`, core/booking-lifecycle.ts): nothing more to pay, a difference to pay
 * before the move is final, or money going back.
 */
export type MoveMoney =
  | { kind: 'none'; newTotal: number }
  | { kind: 'charge'; newTotal: number; amount: number }
  | { kind: 'refund'; newTotal: number; amount: number }

/**
 * The guide keeps the price or types another one. The price of a booking whose money was received
 * stays as paid (the guide arranges a difference with the guest), so the booking never claims
 * money nobody paid.
 */
export const PAID_PRICE_FIXED = refusalMessage('adminErrors.paidPriceFixed')
/** Its English, as the JSON API answers it (server/i18n/refusals.unit.test.ts holds the pair equal). */
export const PAID_PRICE_FIXED_MESSAGE =
  'This booking is paid, so its price stays as paid. To change what the guest pays, refund part of it or arrange the difference with the guest.'

/** One move in the guide's words, as the dashboard's history and the CSV write it: '2030-05-11 morning → 2030-05-18 afternoon, 2 → 4 people, ¥14,300 → ¥30,000'. */
export function describeMove(from: SlotChoice & { total: number }, to: SlotChoice & { total: number }): string {
  const parts = [`${from.tourDate} ${from.tourTime} → ${to.tourDate} ${to.tourTime}`]
  if (from.numberOfPeople !== to.numberOfPeople) parts.push(`${from.numberOfPeople} → ${to.numberOfPeople} people`)
  if (from.total !== to.total) parts.push(`${formatYen(from.total)} → ${formatYen(to.total)}`)
  return parts.join(', ')
}
