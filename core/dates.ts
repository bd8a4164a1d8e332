import { TZDate, tzOffset } from '@date-fns/tz'
import type { Locale } from './i18n/locales.ts'

/**
 * Calendar dates of the business (docs/decisions/0019).
 *
 * A tour date is a plain date in Japan, written 'yyyy-MM-dd'. It is not an instant:
 * 2025-06-07 is a Saturday for the guide in Joetsu whatever zone the server or the
 * visitor's browser runs in. So calendar arithmetic here is done on whole day
 * numbers (days since 1970-01-01 in the proleptic Gregorian calendar) and never
 * goes through `new Date('yyyy-MM-dd')` (UTC midnight, which a browser in New York
 * shows as the day before) or any local-time Date method.
 *
 * Only two functions touch instants, and both take the instant as a parameter so
 * rules stay testable: `todayInTokyo(now)` and `tokyoInstant(date, time)`.
 */

export const BUSINESS_TIME_ZONE = 'Asia/Tokyo'

/** 'yyyy-MM-dd', a day in Japan. An alias for documentation; any string is checked at runtime. */
export type CalendarDate = string

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTH = /^(\d{4})-(\d{2})$/
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

type YMD = { year: number; month: number; day: number }

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

function parseYMD(s: string): YMD | null {
  const m = CALENDAR_DATE.exec(s)
  if (!m) return null
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

/**
 * Parses or throws. A wrong date reaching a rule is a programming error (input is
 * validated by the schemas first), so it fails loudly instead of drifting a day.
 */
function requireYMD(s: string): YMD {
  const ymd = parseYMD(s)
  if (!ymd) throw new RangeError(`Invalid calendar date: ${JSON.stringify(s)} (expected a real date as yyyy-MM-dd)`)
  return ymd
}

// Howard Hinnant's days_from_civil / civil_from_days: exact integer arithmetic,
// no Date object, so no time zone can creep in.
function toDayNumber({ year, month, day }: YMD): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const mp = (month + 9) % 12
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

function fromDayNumber(n: number): YMD {
  const z = n + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

function formatYMD({ year, month, day }: YMD): CalendarDate {
  if (year < 1 || year > 9999) throw new RangeError(`Date out of range: year ${year}`)
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** True for 'yyyy-MM-dd' strings naming a day that exists: '2024-02-29' yes, '2025-02-30' no. */
export function isCalendarDate(s: unknown): s is CalendarDate {
  return typeof s === 'string' && parseYMD(s) !== null
}

/** True for 'yyyy-MM' with a month 01–12. */
export function isMonth(s: unknown): s is string {
  if (typeof s !== 'string') return false
  const m = MONTH.exec(s)
  return m !== null && Number(m[1]) >= 1 && Number(m[2]) >= 1 && Number(m[2]) <= 12
}

/** The calendar date in Japan at the given instant; the host's own zone plays no part. */
export function todayInTokyo(now: Date): CalendarDate {
  if (Number.isNaN(now.getTime())) throw new RangeError('Invalid time value')
  const inTokyo = new TZDate(now.getTime(), BUSINESS_TIME_ZONE)
  return formatYMD({ year: inTokyo.getFullYear(), month: inTokyo.getMonth() + 1, day: inTokyo.getDate() })
}

/** The wall-clock time in Japan at `instant`, as 'HH:mm' (24-hour). */
export function clockInTokyo(instant: Date): string {
  const t = new TZDate(instant, BUSINESS_TIME_ZONE)
  return `${String(t.getHours()).padStart(2, '0')}:${String(t.getMinutes()).padStart(2, '0')}`
}

export function addDays(date: CalendarDate, n: number): CalendarDate {
  if (!Number.isInteger(n)) throw new RangeError(`addDays needs a whole number of days, got ${n}`)
  return formatYMD(fromDayNumber(toDayNumber(requireYMD(date)) + n))
}

/**
 * The same day n months later (or earlier, for negative n). A day that does not exist in
 * the target month becomes its last day: 2024-02-29 plus 12 months is 2025-02-28.
 */
export function addMonths(date: CalendarDate, n: number): CalendarDate {
  const { year, month, day } = requireYMD(date)
  const index = year * 12 + (month - 1) + n
  const targetYear = Math.floor(index / 12)
  const targetMonth = (index % 12) + 1
  return formatYMD({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) })
}

/** Whole calendar days from `from` to `to` (to minus from): ('2025-06-01', '2025-06-08') → 7. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toDayNumber(requireYMD(to)) - toDayNumber(requireYMD(from))
}

/** Negative, zero or positive like a sort comparator. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return Math.sign(daysBetween(b, a))
}

/** 0 = Sunday … 6 = Saturday, from the date itself (1970-01-01 was a Thursday). */
export function dayOfWeek(date: CalendarDate): number {
  return (((toDayNumber(requireYMD(date)) + 4) % 7) + 7) % 7
}

/**
 * The Monday that starts the week of `date` (weeks run Monday to Sunday, as Japanese calendars
 * print them): the dashboard's calendar starts there, so its first weekend is this week's
 * (docs/decisions/0075).
 */
export function mondayOf(date: CalendarDate): CalendarDate {
  return addDays(date, -((dayOfWeek(date) + 6) % 7))
}

/** The first Saturday or Sunday on or after `date`: the next day tours run. */
export function firstWeekendDayFrom(date: CalendarDate): CalendarDate {
  const d = dayOfWeek(date)
  return d === 0 || d === 6 ? date : addDays(date, 6 - d)
}

/** Saturday or Sunday: the only days tours run (docs/decisions/0039). */
export function isWeekend(date: CalendarDate): boolean {
  const d = dayOfWeek(date)
  return d === 0 || d === 6
}

/**
 * A calendar date or month in another language, by Intl at midnight UTC, so no zone can move it
 * by a day (docs/decisions/0044). English keeps its fixed names below.
 */
function intlFormat(ymd: YMD, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(Date.UTC(ymd.year, ymd.month - 1, ymd.day))
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * One Intl.DateTimeFormat per language and options, made when first asked for and kept: making
 * one costs far more than formatting with it, and the calendar of a page in another language
 * than English formats some sixty dates and names per render (in the browser, in the task that
 * hydrates the page).
 */
export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateTimeFormats.set(key, format)
  }
  return format
}

/**
 * 'Saturday, June 7, 2025': the long form visitors see (docs/decisions/0019); '2025年6月7日土曜日'
 * in Japanese. English is built from fixed names rather than Intl so the server render and the
 * browser's hydration produce the same text.
 */
export function formatLongDate(date: CalendarDate, locale: Locale = 'en'): string {
  const ymd = requireYMD(date)
  if (locale !== 'en') return intlFormat(ymd, locale, { dateStyle: 'full' })
  const weekday = WEEKDAY_NAMES[dayOfWeek(date)]
  return `${weekday}, ${MONTH_NAMES[ymd.month - 1]} ${ymd.day}, ${ymd.year}`
}

/** The seven weekday names from Sunday, short ('Sun', '日') and long ('Sunday', '日曜日'). */
export function weekdayNames(locale: Locale = 'en'): { short: string; long: string }[] {
  // 2023-01-01 was a Sunday.
  return [0, 1, 2, 3, 4, 5, 6].map((i) => {
    const ymd = { year: 2023, month: 1, day: 1 + i }
    if (locale === 'en') return { short: WEEKDAY_NAMES[i]!.slice(0, 3), long: WEEKDAY_NAMES[i]! }
    return { short: intlFormat(ymd, locale, { weekday: 'short' }), long: intlFormat(ymd, locale, { weekday: 'long' }) }
  })
}

/** 'yyyy-MM' moved by delta months: shiftMonth('2026-12', 1) → '2027-01'. */
export function shiftMonth(month: string, delta: number): string {
  return addMonths(`${month.slice(0, 7)}-01`, delta).slice(0, 7)
}

/** 'yyyy-MM' (or a 'yyyy-MM-dd' in that month) → 'June 2025', '2025年6月'. */
export function formatMonthTitle(month: string, locale: Locale = 'en'): string {
  const year = Number(month.slice(0, 4))
  const monthIndex = Number(month.slice(5, 7)) - 1
  const name = MONTH_NAMES[monthIndex]
  if (!name || !Number.isInteger(year)) throw new RangeError(`Invalid month: ${month}`)
  if (locale !== 'en') return intlFormat({ year, month: monthIndex + 1, day: 1 }, locale, { year: 'numeric', month: 'long' })
  return `${name} ${year}`
}

/** 'Jun 7, 2025', '2025/06/07' (ja): the compact form for tables and summaries. */
export function formatShortDate(date: CalendarDate, locale: Locale = 'en'): string {
  const ymd = requireYMD(date)
  if (locale !== 'en') return intlFormat(ymd, locale, { dateStyle: 'medium' })
  return `${MONTH_NAMES[ymd.month - 1]?.slice(0, 3)} ${ymd.day}, ${ymd.year}`
}

/** First and last day of a 'yyyy-MM' month: '2025-06' → { from: '2025-06-01', to: '2025-06-30' }. */
export function monthRange(month: string): { from: CalendarDate; to: CalendarDate } {
  if (!isMonth(month)) throw new RangeError(`Invalid month: ${JSON.stringify(month)} (expected yyyy-MM)`)
  const [y, m] = month.split('-').map(Number) as [number, number]
  return { from: formatYMD({ year: y, month: m, day: 1 }), to: formatYMD({ year: y, month: m, day: daysInMonth(y, m) }) }
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function datesBetween(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const start = toDayNumber(requireYMD(from))
  const end = toDayNumber(requireYMD(to))
  const dates: CalendarDate[] = []
  for (let n = start; n <= end; n++) dates.push(formatYMD(fromDayNumber(n)))
  return dates
}

/** The Saturdays and Sundays from `from` to `to`, both included. */
export function weekendDatesBetween(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  return datesBetween(from, to).filter(isWeekend)
}

/**
 * The instant at which the wall clock in Japan shows `time` ('HH:mm', 24-hour) on
 * `date`: tokyoInstant('2025-06-07', '09:00') is 2025-06-07T00:00:00Z. Used for
 * calendar files and reminders. Japan has kept +09:00 since 1951, but the offset
 * is read from the zone database rather than assumed.
 */
export function tokyoInstant(date: CalendarDate, time: string): Date {
  const clock = CLOCK.exec(time)
  if (!clock) throw new RangeError(`Invalid clock time: ${JSON.stringify(time)} (expected HH:mm)`)
  const wallClockAsUtc =
    toDayNumber(requireYMD(date)) * 86_400_000 + (Number(clock[1]) * 60 + Number(clock[2])) * 60_000
  // Guess with the usual offset, then correct with the zone's real offset at that instant.
  const guess = wallClockAsUtc - 9 * 3_600_000
  const offsetMinutes = tzOffset(BUSINESS_TIME_ZONE, new Date(guess))
  return new Date(wallClockAsUtc - offsetMinutes * 60_000)
}

export type BookingWindowOptions = {
  /** Days between today (Japan) and the first bookable date. docs/decisions/0039: 2. */
  leadDays?: number
  /** Days between today (Japan) and the last bookable date. docs/decisions/0039: 180. */
  horizonDays?: number
}

export const DEFAULT_LEAD_DAYS = 2
export const DEFAULT_HORIZON_DAYS = 180

/**
 * The dates a guest may book at instant `now` (docs/decisions/0039), both ends included: from
 * today + leadDays to today + horizonDays, with "today" taken in Japan. A visitor
 * in Los Angeles on Friday evening is already in Saturday in Joetsu, and the
 * window moves with Joetsu's calendar, not theirs.
 */
export function bookingWindow(
  now: Date,
  { leadDays = DEFAULT_LEAD_DAYS, horizonDays = DEFAULT_HORIZON_DAYS }: BookingWindowOptions = {},
): { first: CalendarDate; last: CalendarDate } {
  const today = todayInTokyo(now)
  return { first: addDays(today, leadDays), last: addDays(today, horizonDays) }
}

export function isWithinBookingWindow(date: CalendarDate, now: Date, opts: BookingWindowOptions = {}): boolean {
  const { first, last } = bookingWindow(now, opts)
  return daysBetween(first, date) >= 0 && daysBetween(date, last) >= 0
}

/**
 * An instant as a guest reads a deadline: its date and clock time in Japan, in their language
 * ('Thursday, December 17, 2026 at 9:00 AM', '2026年12月17日木曜日 9:00'). For e-mails and pages that
 * label it Japan time themselves.
 */
export function formatJapanDateTime(instant: Date, locale: Locale = 'en'): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { dateStyle: 'full', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(instant)
}
