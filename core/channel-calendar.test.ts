import { describe, expect, it } from 'vitest'
import { CalendarReadError, EXPANSION_BUDGET, NOT_A_CALENDAR_MESSAGE, readChannelCalendar, TOO_COMPLEX_MESSAGE, type CalendarWindow } from './channel-calendar.ts'
import { DEFAULT_SLOT_START_TIMES } from './slots.ts'
import { addDays, isWeekend } from './dates.ts'

// Wednesday 2030-05-01 in Japan; weekends 05-04/05, 05-11/12, 05-18/19, 05-25/26, …
const WINDOW: CalendarWindow = { today: '2030-05-01', lastDay: '2030-10-28', startTimes: DEFAULT_SLOT_START_TIMES }

const ics = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Channel//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
const vevent = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20300401T000000Z', ...lines, 'END:VEVENT'].join('\r\n')
const slots = (text: string, window = WINDOW) => readChannelCalendar(text, window).blocks.map((b) => `${b.tourDate} ${b.part}`)

describe('reading another platform’s calendar into our weekend halves (decision 0077)', () => {
  it('takes the halves a timed event overlaps in Japan, tour by tour', () => {
    // 10:00–12:00 in Japan: inside the morning tour only.
    expect(slots(ics(vevent('a', 'DTSTART:20300518T010000Z', 'DTEND:20300518T030000Z', 'SUMMARY:Klook guest')))).toEqual(['2030-05-18 morning'])
    // 12:00–15:00 overlaps the morning tour (09:00–14:00) and the afternoon tour (14:00–19:00).
    expect(slots(ics(vevent('b', 'DTSTART:20300518T030000Z', 'DTEND:20300518T060000Z')))).toEqual(['2030-05-18 afternoon', '2030-05-18 morning'].sort())
    // 07:00–09:00 ends as the morning starts; 19:00–21:00 starts as the afternoon ends: neither is taken.
    expect(slots(ics(vevent('c', 'DTSTART:20300517T220000Z', 'DTEND:20300518T000000Z'), vevent('d', 'DTSTART:20300518T100000Z', 'DTEND:20300518T120000Z')))).toEqual([])
    // An event with no end is its instant: 10:00 is in the morning.
    expect(slots(ics(vevent('e', 'DTSTART:20300518T010000Z')))).toEqual(['2030-05-18 morning'])
  })

  it('keeps the event’s UID and title on each block', () => {
    expect(readChannelCalendar(ics(vevent('booking-77@klook', 'DTSTART:20300518T010000Z', 'DTEND:20300518T030000Z', 'SUMMARY:Reserved – 2 guests')), WINDOW)).toEqual({
      events: 1,
      blocks: [{ uid: 'booking-77@klook', tourDate: '2030-05-18', part: 'morning', summary: 'Reserved – 2 guests' }],
    })
  })

  it('takes both halves of every weekend day of an all-day event, DTEND being the day after its last', () => {
    expect(slots(ics(vevent('a', 'DTSTART;VALUE=DATE:20300518', 'DTEND;VALUE=DATE:20300519')))).toEqual(['2030-05-18 afternoon', '2030-05-18 morning'])
    // Friday to Monday: Saturday and Sunday, not the weekdays.
    expect(slots(ics(vevent('b', 'DTSTART;VALUE=DATE:20300517', 'DTEND;VALUE=DATE:20300521')))).toEqual(['2030-05-18 afternoon', '2030-05-18 morning', '2030-05-19 afternoon', '2030-05-19 morning'])
    // No DTEND: its one day.
    expect(slots(ics(vevent('c', 'DTSTART;VALUE=DATE:20300519')))).toEqual(['2030-05-19 afternoon', '2030-05-19 morning'])
  })

  it('takes every half a timed event spans over several days', () => {
    // Friday 18:00 to Sunday 12:00 in Japan.
    expect(slots(ics(vevent('a', 'DTSTART:20300517T090000Z', 'DTEND:20300519T030000Z')))).toEqual(['2030-05-18 afternoon', '2030-05-18 morning', '2030-05-19 morning'])
  })

  it('reads times in UTC, in an IANA zone, in a zone the file defines, and floating times as Japan’s', () => {
    // 03:00 in Paris (summer, UTC+2) is 10:00 in Japan.
    expect(slots(ics(vevent('paris', 'DTSTART;TZID=Europe/Paris:20300518T030000', 'DTEND;TZID=Europe/Paris:20300518T040000')))).toEqual(['2030-05-18 morning'])
    // Friday 23:00 in New York (summer, UTC-4) is Saturday 12:00 in Japan; it ends at 14:00, as the afternoon starts.
    expect(slots(ics(vevent('ny', 'DTSTART;TZID=America/New_York:20300517T230000', 'DTEND;TZID=America/New_York:20300518T010000')))).toEqual(['2030-05-18 morning'])
    // Outlook's Windows zone name, defined in the file.
    const vtimezone = ['BEGIN:VTIMEZONE', 'TZID:Tokyo Standard Time', 'BEGIN:STANDARD', 'DTSTART:16010101T000000', 'TZOFFSETFROM:+0900', 'TZOFFSETTO:+0900', 'END:STANDARD', 'END:VTIMEZONE'].join('\r\n')
    expect(slots(ics(vtimezone, vevent('outlook', 'DTSTART;TZID=Tokyo Standard Time:20300518T150000', 'DTEND;TZID=Tokyo Standard Time:20300518T170000')))).toEqual(['2030-05-18 afternoon'])
    expect(slots(ics(vevent('floating', 'DTSTART:20300518T150000', 'DTEND:20300518T170000')))).toEqual(['2030-05-18 afternoon'])
  })

  it('expands a repeating event with its excluded dates, moved and cancelled occurrences', () => {
    const series = vevent('weekly', 'DTSTART;TZID=Asia/Tokyo:20300504T100000', 'DTEND;TZID=Asia/Tokyo:20300504T110000', 'RRULE:FREQ=WEEKLY;COUNT=5', 'EXDATE;TZID=Asia/Tokyo:20300511T100000', 'SUMMARY:Weekly')
    // The 05-18 occurrence moves to 15:00; the 05-25 one is cancelled.
    const moved = vevent('weekly', 'RECURRENCE-ID;TZID=Asia/Tokyo:20300518T100000', 'DTSTART;TZID=Asia/Tokyo:20300518T150000', 'DTEND;TZID=Asia/Tokyo:20300518T160000', 'SUMMARY:Moved')
    const cancelled = vevent('weekly', 'RECURRENCE-ID;TZID=Asia/Tokyo:20300525T100000', 'DTSTART;TZID=Asia/Tokyo:20300525T100000', 'DTEND;TZID=Asia/Tokyo:20300525T110000', 'STATUS:CANCELLED')
    const read = readChannelCalendar(ics(series, moved, cancelled), WINDOW)
    expect(read.blocks.map((b) => `${b.tourDate} ${b.part} ${b.summary}`)).toEqual(['2030-05-04 morning Weekly', '2030-05-18 afternoon Moved', '2030-06-01 morning Weekly'])
  })

  it('expands an endless repeating event from the past only over the window', () => {
    const read = readChannelCalendar(ics(vevent('daily', 'DTSTART;TZID=Asia/Tokyo:20280101T100000', 'DTEND;TZID=Asia/Tokyo:20280101T110000', 'RRULE:FREQ=DAILY')), WINDOW)
    const weekendDays: string[] = []
    for (let d = WINDOW.today; d <= WINDOW.lastDay; d = addDays(d, 1)) if (isWeekend(d)) weekendDays.push(d)
    expect(read.blocks.map((b) => b.tourDate)).toEqual(weekendDays)
    expect(read.blocks.every((b) => b.part === 'morning')).toBe(true)
  })

  it('comes back from rules that never occur or occur without end', () => {
    // 30 February never comes; COUNT beyond any window.
    const never = vevent('never', 'DTSTART:20300101T010000Z', 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')
    const many = vevent('many', 'DTSTART:20300504T010000Z', 'DTEND:20300504T020000Z', 'RRULE:FREQ=WEEKLY;INTERVAL=52;COUNT=100000')
    const started = Date.now()
    expect(slots(ics(never, many))).toEqual(['2030-05-04 morning'])
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('ignores cancelled events, weekdays, past days and days beyond the window', () => {
    expect(
      slots(
        ics(
          vevent('cancelled', 'DTSTART:20300518T010000Z', 'DTEND:20300518T030000Z', 'STATUS:CANCELLED'),
          vevent('wednesday', 'DTSTART:20300522T010000Z', 'DTEND:20300522T030000Z'),
          vevent('past', 'DTSTART:20300427T010000Z', 'DTEND:20300427T030000Z'),
          vevent('beyond', 'DTSTART;VALUE=DATE:20301102', 'DTEND;VALUE=DATE:20301103'),
        ),
      ),
    ).toEqual([])
    // A long event from the past counts from today only.
    expect(slots(ics(vevent('long', 'DTSTART;VALUE=DATE:20300420', 'DTEND;VALUE=DATE:20300506')))).toEqual(['2030-05-04 afternoon', '2030-05-04 morning', '2030-05-05 afternoon', '2030-05-05 morning'])
  })

  it('refuses what is not a calendar, a broken one, and one too costly to expand, as a whole', () => {
    const refusal = (text: string) => {
      try {
        readChannelCalendar(text, WINDOW)
      } catch (error) {
        expect(error).toBeInstanceOf(CalendarReadError)
        return (error as Error).message
      }
      throw new Error('read without complaint')
    }
    expect(refusal('<!doctype html><html><body>Log in</body></html>')).toBe(NOT_A_CALENDAR_MESSAGE)
    expect(refusal('')).toBe(NOT_A_CALENDAR_MESSAGE)
    expect(refusal('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nthis line has no colon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n')).toMatch(/^The calendar could not be read: /)
    expect(refusal(ics(vevent('bad-date', 'DTSTART:2030-05-18T10:00')))).toMatch(/^The calendar could not be read: /)
    // Every second since 2000: far beyond the budget before it reaches the window.
    expect(refusal(ics(vevent('secondly', 'DTSTART:20000101T000000Z', 'RRULE:FREQ=SECONDLY')))).toBe(TOO_COMPLEX_MESSAGE)
    expect(EXPANSION_BUDGET).toBeGreaterThan(366 * 10)
  })
})
