import type { Locale } from './i18n/locales.ts'
import type { MessageId } from './i18n/message-id.ts'
import {
  type BookingWindowOptions,
  type CalendarDate,
  daysBetween,
  bookingWindow,
  dateTimeFormat,
  isWeekend,
  tokyoInstant,
} from './dates.ts'

/**
 * Tour slots of a day (docs/decisions/0039, 0002).
 *
 * A weekend day has two parts, morning and afternoon. A half-day tour takes one
 * part; a full-day tour takes both. Expressing every booking as the parts it
 * claims is what lets the database guarantee "one group per slot" (docs/decisions/0002): one
 * unique row per (date, part), so a full-day booking and a morning booking on the
 * same date collide on the morning row even when two servers race.
 */

export const TOUR_TIMES = ['morning', 'afternoon', 'full-day'] as const
export type TourTime = (typeof TOUR_TIMES)[number]

export const HALF_DAY_PARTS = ['morning', 'afternoon'] as const
export type DayPart = (typeof HALF_DAY_PARTS)[number]

export function isTourTime(s: unknown): s is TourTime {
  return typeof s === 'string' && (TOUR_TIMES as readonly string[]).includes(s)
}

/** The parts of the day a booking of this slot occupies: full-day takes both. */
export function partsClaimedBy(tourTime: TourTime): DayPart[] {
  return tourTime === 'full-day' ? ['morning', 'afternoon'] : [tourTime]
}

/** Half-day tours run in the morning or afternoon slot; full-day tours only in the full-day slot. */
export function packageFitsSlot(isHalfDay: boolean, tourTime: TourTime): boolean {
  return isHalfDay ? tourTime !== 'full-day' : tourTime === 'full-day'
}

/** The tours that fit a slot, in the order given (the catalogue's: cheapest entry price first). */
export function packagesForSlot<T extends { isHalfDay: boolean }>(packages: T[], tourTime: TourTime): T[] {
  return packages.filter((p) => packageFitsSlot(p.isHalfDay, tourTime))
}

/** 'HH:mm' in Japan. Settings may override them (docs/decisions/0039); these are the defaults. */
export type SlotStartTimes = Record<TourTime, string>

export const DEFAULT_SLOT_START_TIMES: SlotStartTimes = {
  morning: '09:00',
  afternoon: '14:00',
  'full-day': '09:00',
}

/**
 * Approximate lengths from the price list (docs/decisions/0019): half-day about 5 hours, full-day
 * about 9 hours including lunch. Used for the end time in calendar files.
 */
export const TOUR_DURATION_MINUTES: Record<TourTime, number> = {
  morning: 5 * 60,
  afternoon: 5 * 60,
  'full-day': 9 * 60,
}

/** Start and approximate end instant of a slot on a date, for calendar files and reminders. */
export function slotInstants(
  date: CalendarDate,
  tourTime: TourTime,
  startTimes: SlotStartTimes = DEFAULT_SLOT_START_TIMES,
): { start: Date; end: Date } {
  const start = tokyoInstant(date, startTimes[tourTime])
  return { start, end: new Date(start.getTime() + TOUR_DURATION_MINUTES[tourTime] * 60_000) }
}

const SLOT_LABELS: Record<TourTime, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  'full-day': 'Full Day',
}

/** The slots' names in the messages files, for pages and e-mails in other languages (docs/decisions/0044). */
export const SLOT_MESSAGE_IDS: Record<TourTime, MessageId> = {
  morning: 'booking.slot.morning',
  afternoon: 'booking.slot.afternoon',
  'full-day': 'booking.slot.fullDay',
}

export function slotLabel(tourTime: TourTime): string {
  return SLOT_LABELS[tourTime]
}

const CLOCK_24 = /^([01]\d|2[0-3]):([0-5]\d)$/

/** '09:00' → '9:00 AM', '14:00' → '2:00 PM', '12:30' → '12:30 PM', '00:15' → '12:15 AM'. */
/**
 * When a slot starts, as the pages show it: the clock time in Japan ('9:00 AM') and the same
 * moment as an ISO instant, from which the browser writes the visitor's own time.
 */
export function slotStart(date: CalendarDate, tourTime: TourTime, startTimes: SlotStartTimes): { startTime: string; startsAt: string } {
  return { startTime: formatClockTime(startTimes[tourTime]), startsAt: slotInstants(date, tourTime, startTimes).start.toISOString() }
}

export function formatClockTime(hhmm: string): string {
  const m = CLOCK_24.exec(hhmm)
  if (!m) throw new RangeError(`Invalid clock time: ${JSON.stringify(hhmm)} (expected HH:mm)`)
  const hours = Number(m[1])
  const suffix = hours < 12 ? 'AM' : 'PM'
  const hours12 = hours % 12 === 0 ? 12 : hours % 12
  return `${hours12}:${m[2]} ${suffix}`
}

/** 'Morning, 9:00 AM': the slot and when it starts, as checkout and the confirmation page show it. */
export function slotWithStartTime(tourTime: TourTime, startTimes: SlotStartTimes): string {
  return `${slotLabel(tourTime)}, ${formatClockTime(startTimes[tourTime])}`
}

/**
 * A start time as formatClockTime wrote it ('2:00 PM'), in a page's language: English keeps it,
 * the others the 24-hour clock their timetables use ('14:00') from Intl (docs/decisions/0044).
 */
export function localizeClockText(text: string, locale: Locale): string {
  if (locale === 'en') return text
  const minutes = parseClockText(text)
  if (minutes === null) return text
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, 0, minutes))
}

const CLOCK_12 = /^(\d{1,2})(?::([0-5]\d))?\s*([ap])\.?\s*m\.?$/i

/**
 * Minutes since midnight of a 12-hour time text such as '2:00 PM', for the
 * admin's sort by time (docs/decisions/0013). '12:00 AM' is 0 and '12:00 PM' is 720. Accepts
 * '9 AM', '9:00am', '9:00 a.m.'; anything else (24-hour text included, since the
 * spec parses AM/PM text) is null, which callers sort last.
 */
export function parseClockText(text: string): number | null {
  const m = CLOCK_12.exec(text.trim())
  if (!m) return null
  const hours = Number(m[1])
  if (hours < 1 || hours > 12) return null
  const minutes = m[2] === undefined ? 0 : Number(m[2])
  const pm = m[3]?.toLowerCase() === 'p'
  return ((hours % 12) + (pm ? 12 : 0)) * 60 + minutes
}

/** The admin's three switches for one date (weekend_availability); every slot is open without a row (docs/decisions/0039). */
export type SlotOverride = {
  morningAvailable: boolean
  afternoonAvailable: boolean
  fullDayAvailable: boolean
}

export type SlotUnavailableReason = 'closed' | 'booked' | 'outside-window' | 'not-weekend'

export type SlotAvailability = {
  tourTime: TourTime
  available: boolean
  reason: SlotUnavailableReason | null
}

export type SlotAvailabilityInput = {
  date: CalendarDate
  now: Date
  window?: BookingWindowOptions
  override?: SlotOverride | null
  /** Parts held by live bookings on this date (pending within their hold, confirmed, paid). */
  claimedParts: ReadonlySet<DayPart>
}

/**
 * Whether the admin's switches leave a slot on sale (docs/decisions/0029). The full day
 * uses both halves, so it is on sale only when its own switch and both halves' are open:
 * closing either half closes the full day, and closing the full day closes both halves
 * (a guide who is away in the morning cannot sell a day that starts in the morning).
 */
export function slotOpenBySwitches(tourTime: TourTime, override: SlotOverride | null | undefined): boolean {
  if (!override) return true
  const { morningAvailable, afternoonAvailable, fullDayAvailable } = override
  if (tourTime === 'morning') return morningAvailable && fullDayAvailable
  if (tourTime === 'afternoon') return afternoonAvailable && fullDayAvailable
  return morningAvailable && afternoonAvailable && fullDayAvailable
}

/**
 * Which slots of a date a guest can book now, and why not, in TOUR_TIMES order.
 *
 * Reasons, first match wins:
 * 1. 'not-weekend': tours run on Saturdays and Sundays only (docs/decisions/0039).
 * 2. 'outside-window': before today + lead days or after today + horizon (docs/decisions/0039).
 * 3. 'booked': a live booking claims one of the slot's parts; a full-day booking
 *    claims both, either half-day booking blocks full-day (docs/decisions/0039). Booked wins over
 *    closed because it is the more useful fact for the admin's calendar.
 * 4. 'closed': the admin's switches close it (docs/decisions/0039): its own switch, or one of the
 *    parts it shares (slotOpenBySwitches: a closed half closes the full day, a closed
 *    full day closes both halves; docs/decisions/0029).
 */
export function deriveSlotAvailability(input: SlotAvailabilityInput): SlotAvailability[] {
  const { date, now, window, override, claimedParts } = input
  const { first, last } = bookingWindow(now, window)
  const dateReason: SlotUnavailableReason | null = !isWeekend(date)
    ? 'not-weekend'
    : daysBetween(first, date) < 0 || daysBetween(date, last) < 0
      ? 'outside-window'
      : null

  return TOUR_TIMES.map((tourTime) => {
    const reason =
      dateReason ??
      (partsClaimedBy(tourTime).some((p) => claimedParts.has(p))
        ? 'booked'
        : slotOpenBySwitches(tourTime, override)
          ? null
          : 'closed')
    return { tourTime, available: reason === null, reason }
  })
}

/** Convenience for a single slot (e.g. the server re-checking a booking request). */
export function slotAvailability(input: SlotAvailabilityInput, tourTime: TourTime): SlotAvailability {
  const found = deriveSlotAvailability(input).find((s) => s.tourTime === tourTime)
  // TOUR_TIMES.map always yields every tour time; this only satisfies the type checker.
  if (!found) throw new Error(`Unknown tour time: ${tourTime}`)
  return found
}
