import ICAL from 'ical.js'
import { TZDate } from '@date-fns/tz'
import { addDays, isWeekend, todayInTokyo, tokyoInstant, type CalendarDate } from './dates.ts'
import { HALF_DAY_PARTS, slotInstants, type DayPart, type SlotStartTimes } from './slots.ts'

/**
 * Another platform's calendar, read into the halves of our weekend days it takes
 * (docs/decisions/0077). Pure: the server fetches the text, this reads it.
 *
 * - A timed event takes every half whose tour it overlaps in Japan: morning from the morning
 *   start for a half-day tour's length, afternoon likewise (core/slots.ts `slotInstants`).
 * - An all-day event takes both halves of each of its days (DTEND is the day after its last).
 * - Times in UTC, with a TZID that names an IANA zone, with a TZID the calendar defines in a
 *   VTIMEZONE (Outlook's "Tokyo Standard Time"), or floating (read as Japan time: the guide's
 *   listing is in Japan).
 * - Repeating events are expanded from their start up to the last day of the window, with their
 *   exceptions (EXDATE, RECURRENCE-ID); every calendar gets one budget of expansion steps, and
 *   a calendar that needs more is refused as a whole rather than read in part.
 * - Cancelled events and occurrences, weekdays, and days before today or after the window are
 *   ignored.
 */

export type ChannelBlock = { uid: string; tourDate: CalendarDate; part: DayPart; summary: string }

export type CalendarWindow = {
  /** Japan's today: earlier days are past. */
  today: CalendarDate
  /** The last day read (the booking horizon). */
  lastDay: CalendarDate
  startTimes: SlotStartTimes
}

/** What an event takes: whole days (all-day), or a span of time. */
export type EventSpan = { kind: 'all-day'; firstDay: CalendarDate; endDay: CalendarDate } | { kind: 'timed'; start: Date; end: Date }

/**
 * Expansion steps one calendar may take in all (a daily event started ten years ago takes about
 * 3,650): reading is synchronous, and this keeps a hostile calendar to about a second of work.
 */
export const EXPANSION_BUDGET = 20_000
/** Events one calendar may hold (a 1 MB calendar of bare events holds about 5,000). */
export const MAX_EVENTS = 10_000
/** How much of an event's title is kept. */
export const SUMMARY_MAX = 200

export const NOT_A_CALENDAR_MESSAGE = 'The address did not return a calendar (an iCalendar file starting with BEGIN:VCALENDAR)'
export const TOO_MANY_EVENTS_MESSAGE = `The calendar holds more than ${MAX_EVENTS.toLocaleString('en')} events`
export const TOO_COMPLEX_MESSAGE = `The calendar's repeating events need more than ${EXPANSION_BUDGET.toLocaleString('en')} steps to expand`

/** A calendar that cannot be read: its message is shown to the guide as it is. */
export class CalendarReadError extends Error {}

/** The halves of weekend days within the window that a span takes, in date order. */
export function slotsOfSpan(span: EventSpan, window: CalendarWindow): { tourDate: CalendarDate; part: DayPart }[] {
  const taken: { tourDate: CalendarDate; part: DayPart }[] = []
  if (span.kind === 'all-day') {
    const first = span.firstDay > window.today ? span.firstDay : window.today
    // An all-day event with DTEND on or before its DTSTART lasts its one day (RFC 5545 3.6.1).
    const end = span.endDay > span.firstDay ? span.endDay : addDays(span.firstDay, 1)
    for (let day = first; day < end && day <= window.lastDay; day = addDays(day, 1)) {
      if (isWeekend(day)) for (const part of HALF_DAY_PARTS) taken.push({ tourDate: day, part })
    }
    return taken
  }
  const start = span.start.getTime()
  // An event without length (no DTEND, no DURATION) is the instant it starts.
  const end = Math.max(span.end.getTime(), start)
  const firstDay = maxDate(todayInTokyo(span.start), window.today)
  const lastDay = minDate(todayInTokyo(new Date(end)), window.lastDay)
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    if (!isWeekend(day)) continue
    for (const part of HALF_DAY_PARTS) {
      const tour = slotInstants(day, part, window.startTimes)
      const overlaps = end === start ? start >= tour.start.getTime() && start < tour.end.getTime() : start < tour.end.getTime() && end > tour.start.getTime()
      if (overlaps) taken.push({ tourDate: day, part })
    }
  }
  return taken
}

const maxDate = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b)
const minDate = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b)

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const dateOf = (t: ICAL.Time): CalendarDate => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`

const ianaZones = new Map<string, boolean>()
function isIanaZone(tzid: string): boolean {
  let known = ianaZones.get(tzid)
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tzid })
      known = true
    } catch {
      known = false
    }
    // Names come from other servers' files: the map is kept to the few real zones and a bounded rest.
    if (known || ianaZones.size < 1000) ianaZones.set(tzid, known)
  }
  return known
}

/**
 * The instant of a date-time. ical.js keeps a time's TZID only when the calendar defines the
 * zone, and a recurrence's copies lose the name, so the TZID of the property is passed in.
 */
function instantOf(t: ICAL.Time, tzid: string | null): Date {
  if (t.zone === ICAL.Timezone.utcTimezone) return new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second))
  if (tzid && isIanaZone(tzid)) return new Date(new TZDate(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, tzid).getTime())
  // A zone the calendar defines (a VTIMEZONE under a name that is not IANA's).
  if (t.zone && t.zone !== ICAL.Timezone.localTimezone && t.zone.component) return new Date(t.toUnixTime() * 1000)
  // Floating, or a zone nobody defines: the guide's listing is in Japan.
  return tokyoInstant(dateOf(t), `${pad(t.hour)}:${pad(t.minute)}`)
}

function spanOf(start: ICAL.Time, end: ICAL.Time, component: ICAL.Component): EventSpan {
  if (start.isDate) return { kind: 'all-day', firstDay: dateOf(start), endDay: end.isDate ? dateOf(end) : addDays(dateOf(end), 1) }
  const tzidOf = (name: string) => {
    const value = component.getFirstProperty(name)?.getParameter('tzid')
    return typeof value === 'string' ? value : null
  }
  const startZone = tzidOf('dtstart')
  return { kind: 'timed', start: instantOf(start, startZone), end: instantOf(end, component.hasProperty('dtend') ? tzidOf('dtend') : startZone) }
}

const isCancelled = (component: ICAL.Component) => String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED'

const textOf = (component: ICAL.Component, name: string) => {
  const value = component.getFirstPropertyValue(name)
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * The blocks a calendar's text makes within the window: one per event (by UID), day and half,
 * in date order, and how many events it holds. Throws CalendarReadError when the text is not a calendar or is beyond the bounds.
 */
export function readChannelCalendar(text: string, window: CalendarWindow): { events: number; blocks: ChannelBlock[] } {
  const body = text.replace(/^\uFEFF/, '').trimStart()
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(body)) throw new CalendarReadError(NOT_A_CALENDAR_MESSAGE)
  let root: ICAL.Component
  try {
    root = new ICAL.Component(ICAL.parse(body) as unknown[])
  } catch (error) {
    throw new CalendarReadError(`The calendar could not be read: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300))
  }
  if (root.name !== 'vcalendar') throw new CalendarReadError(NOT_A_CALENDAR_MESSAGE)
  const components = root.getAllSubcomponents('vevent')
  if (components.length > MAX_EVENTS) throw new CalendarReadError(TOO_MANY_EVENTS_MESSAGE)

  // Exceptions (RECURRENCE-ID) belong to their series; the rest are events of their own.
  const series = new Map<string, ICAL.Component>()
  const others: ICAL.Component[] = []
  const exceptionsOf = new Map<string, ICAL.Component[]>()
  components.forEach((c, i) => {
    // RFC 5545 requires a UID; an event without one is told apart by its place in the file.
    if (!textOf(c, 'uid')) c.updatePropertyWithValue('uid', `no-uid-${i}`)
    const uid = textOf(c, 'uid')
    if (c.hasProperty('recurrence-id')) {
      const list = exceptionsOf.get(uid)
      if (list) list.push(c)
      else exceptionsOf.set(uid, [c])
    } else if (series.has(uid)) others.push(c)
    else series.set(uid, c)
  })
  // An exception whose series is not in the file is an event of its own.
  for (const [uid, list] of exceptionsOf) if (!series.has(uid)) others.push(...list)

  const blocks = new Map<string, ChannelBlock>()
  const add = (uid: string, summary: string, span: EventSpan) => {
    for (const slot of slotsOfSpan(span, window)) {
      const key = `${uid}\n${slot.tourDate}\n${slot.part}`
      if (!blocks.has(key)) blocks.set(key, { uid, ...slot, summary: summary.trim().slice(0, SUMMARY_MAX) })
    }
  }
  const pastWindow = addDays(window.lastDay, 1)
  let steps = 0

  try {
    for (const component of [...series.values(), ...others]) {
      const uid = textOf(component, 'uid')
      const own = series.get(uid) === component
      const event = new ICAL.Event(component, { exceptions: own ? (exceptionsOf.get(uid) ?? []) : [] })
      if (!component.hasProperty('dtstart')) continue
      if (!own || !event.isRecurring()) {
        if (!isCancelled(component)) add(uid, event.summary ?? '', spanOf(event.startDate, event.endDate, component))
        continue
      }
      const expansion = event.iterator()
      for (let next = expansion.next(); next; next = expansion.next()) {
        if (++steps > EXPANSION_BUDGET) throw new CalendarReadError(TOO_COMPLEX_MESSAGE)
        // Occurrences come in order of their original start: once past the window, the rest are too.
        if (dateOf(next) > pastWindow) break
        const details = event.getOccurrenceDetails(next)
        const item = details.item.component
        if (isCancelled(component) || isCancelled(item)) continue
        add(uid, details.item.summary ?? event.summary ?? '', spanOf(details.startDate, details.endDate, item))
      }
    }
  } catch (error) {
    if (error instanceof CalendarReadError) throw error
    throw new CalendarReadError(`The calendar could not be read: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300))
  }
  const sorted = [...blocks.values()].sort((a, b) => (a.tourDate === b.tourDate ? a.part.localeCompare(b.part) || a.uid.localeCompare(b.uid) : a.tourDate < b.tourDate ? -1 : 1))
  return { events: components.length, blocks: sorted }
}
