import { formatLongDate, formatShortDate, isCalendarDate } from './dates.ts'
import { parseClockText } from './slots.ts'
import { BOOKING_STATUSES, type BookingStatus } from './schemas/booking-status.ts'

/**
 * The admin's booking search and sort (docs/decisions/0013).
 * Pure, so the server's list endpoint and any client-side filter agree exactly.
 */

/** The fields search and sort look at. Dates are 'yyyy-MM-dd'; timeText is '9:00 AM'. */
export type SearchableBooking = {
  id: number
  name: string
  email: string
  phone: string
  tourDate: string
  timeText: string
  createdAt: string
  tourPackageId: number
  numberOfPeople: number
  totalPrice: number
  status: string
}

export const BOOKING_SORT_KEYS = ['name', 'tourDate', 'createdAt', 'tourPackageId', 'numberOfPeople', 'totalPrice', 'status'] as const
export type BookingSortKey = (typeof BOOKING_SORT_KEYS)[number]
export type SortDirection = 'asc' | 'desc'

export function isBookingSortKey(s: unknown): s is BookingSortKey {
  return typeof s === 'string' && (BOOKING_SORT_KEYS as readonly string[]).includes(s)
}

/** 'id:12' → 12; anything else (including 'id:abc') → null. */
export function exactIdQuery(query: string): number | null | 'invalid' {
  const m = /^id:\s*(.*)$/i.exec(query.trim())
  if (!m) return null
  return /^\d{1,9}$/.test(m[1]!.trim()) ? Number(m[1]!.trim()) : 'invalid'
}

/** Every text a booking can be found by: what the admin sees in the table. */
function haystack(b: SearchableBooking): string[] {
  const dates = isCalendarDate(b.tourDate) ? [b.tourDate, formatLongDate(b.tourDate), formatShortDate(b.tourDate)] : [b.tourDate]
  return [b.name, b.email, b.phone, ...dates, b.timeText, String(b.id)]
}

/**
 * Case-insensitive substring on name, e-mail, phone, formatted date, time and id;
 * 'id:n' matches only booking n exactly. An empty query matches everything.
 */
export function matchesBookingSearch(b: SearchableBooking, query: string): boolean {
  const q = query.trim()
  if (q === '') return true
  const exact = exactIdQuery(q)
  if (exact === 'invalid') return false
  if (exact !== null) return b.id === exact
  const needle = q.toLowerCase()
  return haystack(b).some((text) => text.toLowerCase().includes(needle))
}

/** Sort rank of a status: the order of the status filter (pending, confirmed, cancelled, paid). */
const STATUS_RANK = new Map<string, number>(BOOKING_STATUSES.map((s: BookingStatus, i) => [s, i]))

/** Minutes of the time text; unparseable text sorts after every real time. */
function minutesOf(timeText: string): number {
  return parseClockText(timeText) ?? Number.MAX_SAFE_INTEGER
}

function compareBy(key: BookingSortKey, a: SearchableBooking, b: SearchableBooking): number {
  switch (key) {
    case 'name':
      return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })
    case 'tourDate':
      // Same date: the earlier start first, reading '9:00 AM' / '2:00 PM' as a 12-hour clock.
      return a.tourDate < b.tourDate ? -1 : a.tourDate > b.tourDate ? 1 : minutesOf(a.timeText) - minutesOf(b.timeText)
    case 'createdAt':
      return Date.parse(a.createdAt) - Date.parse(b.createdAt)
    case 'status':
      return (STATUS_RANK.get(a.status) ?? 99) - (STATUS_RANK.get(b.status) ?? 99)
    default:
      return a[key] - b[key]
  }
}

/** A sorted copy; ties fall back to the id so the order is stable across pages. */
export function sortBookings<T extends SearchableBooking>(list: readonly T[], key: BookingSortKey = 'tourDate', direction: SortDirection = 'asc'): T[] {
  const sign = direction === 'desc' ? -1 : 1
  return [...list].sort((a, b) => sign * (compareBy(key, a, b) || a.id - b.id))
}

/** The bookingId query parameter of the dashboard: a positive whole number, or nothing. */
export function parseBookingIdParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null
  const n = Number(value)
  return n > 0 ? n : null
}

/** Messages, notifications and users searches: case-insensitive substring on the listed fields. */
export function matchesText(fields: ReadonlyArray<string | null | undefined>, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (q === '') return true
  return fields.some((f) => typeof f === 'string' && f.toLowerCase().includes(q))
}

/** The longest search the list looks for, as the JSON API bounds its `q`. */
export const BOOKING_SEARCH_MAX = 200

/** Bookings on one page of the dashboard's list. */
export const BOOKINGS_PAGE_SIZE = 20

/** The Bookings section's address (docs/decisions/0088): what the list shows, each choice read leniently (a stray value is no choice). */
export type BookingListChoice = {
  status: BookingStatus | null
  q: string
  bookingId: number | null
  sort: BookingSortKey
  dir: SortDirection
  page: number
}

/** `?status=&q=&bookingId=&sort=&dir=&page=` as the list reads them: by tour date, soonest first, unless told otherwise. */
export function bookingListChoice(params: URLSearchParams): BookingListChoice {
  const status = params.get('status')
  const sort = params.get('sort')
  const page = Number(params.get('page'))
  return {
    status: BOOKING_STATUSES.find((s) => s === status) ?? null,
    q: (params.get('q') ?? '').trim().slice(0, BOOKING_SEARCH_MAX),
    bookingId: parseBookingIdParam(params.get('bookingId')),
    sort: isBookingSortKey(sort) ? sort : 'tourDate',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  }
}
