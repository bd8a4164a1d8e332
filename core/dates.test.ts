import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import {
  addMonths,
  formatMonthTitle,
  BUSINESS_TIME_ZONE,
  addDays,
  bookingWindow,
  compareDates,
  datesBetween,
  dayOfWeek,
  mondayOf,
  firstWeekendDayFrom,
  daysBetween,
  formatLongDate,
  weekdayNames,
  formatShortDate,
  isCalendarDate,
  isMonth,
  isWeekend,
  isWithinBookingWindow,
  monthRange,
  todayInTokyo,
  tokyoInstant,
  weekendDatesBetween,
} from './dates.ts'

// Zones on both sides of Japan, including the ones furthest away, so a result that
// secretly depends on the host zone shows up as a day's difference.
const HOST_ZONES = ['UTC', 'Pacific/Pago_Pago', 'Pacific/Honolulu', 'America/Los_Angeles', 'Europe/London', 'Pacific/Kiritimati']

/**
 * Runs `fn` with the process in another time zone. Node re-reads TZ when it is
 * assigned at runtime; the guard proves the switch really happened, so these tests
 * cannot pass vacuously by running everything in one zone.
 */
function inHostZone(zone: string, fn: () => void) {
  vi.stubEnv('TZ', zone)
  const offset = new Date(Date.UTC(2025, 0, 15, 12)).getTimezoneOffset()
  const expected: Record<string, number> = {
    UTC: 0,
    'Pacific/Pago_Pago': 660,
    'Pacific/Honolulu': 600,
    'America/Los_Angeles': 480,
    'Europe/London': 0,
    'Pacific/Kiritimati': -840,
  }
  expect(offset, `host zone switched to ${zone}`).toBe(expected[zone])
  fn()
}

const hostOffsetAtStart = new Date(Date.UTC(2025, 0, 15, 12)).getTimezoneOffset()

afterEach(() => {
  vi.unstubAllEnvs()
})

afterAll(() => {
  // The zone switches must not leak into other test files run by this worker.
  expect(new Date(Date.UTC(2025, 0, 15, 12)).getTimezoneOffset()).toBe(hostOffsetAtStart)
})

describe('isCalendarDate', () => {
  it('accepts real dates, including 29 February in leap years', () => {
    expect(isCalendarDate('2025-06-07')).toBe(true)
    expect(isCalendarDate('2024-02-29')).toBe(true)
    expect(isCalendarDate('2000-02-29')).toBe(true)
    expect(isCalendarDate('2025-12-31')).toBe(true)
  })

  it('rejects dates that do not exist', () => {
    expect(isCalendarDate('2025-02-30')).toBe(false)
    expect(isCalendarDate('2025-02-29')).toBe(false)
    expect(isCalendarDate('1900-02-29')).toBe(false) // century, not divisible by 400
    expect(isCalendarDate('2025-04-31')).toBe(false)
    expect(isCalendarDate('2025-13-01')).toBe(false)
    expect(isCalendarDate('2025-00-10')).toBe(false)
    expect(isCalendarDate('2025-06-00')).toBe(false)
    expect(isCalendarDate('0000-01-01')).toBe(false)
  })

  it('rejects other formats and non-strings', () => {
    for (const s of ['2025-6-7', '2025/06/07', '07-06-2025', '2025-06-07T00:00:00Z', ' 2025-06-07', '', 'June 7']) {
      expect(isCalendarDate(s), s).toBe(false)
    }
    expect(isCalendarDate(undefined)).toBe(false)
    expect(isCalendarDate(20250607)).toBe(false)
    expect(isCalendarDate(new Date())).toBe(false)
  })
})

describe('isMonth', () => {
  it('accepts yyyy-MM with a real month only', () => {
    expect(isMonth('2025-06')).toBe(true)
    expect(isMonth('2025-12')).toBe(true)
    expect(isMonth('2025-13')).toBe(false)
    expect(isMonth('2025-00')).toBe(false)
    expect(isMonth('2025-6')).toBe(false)
    expect(isMonth('2025-06-01')).toBe(false)
  })
})

describe('todayInTokyo', () => {
  it('is already Saturday in Tokyo while it is still Friday in UTC', () => {
    // 16:00 UTC on Friday 6 June is 01:00 on Saturday 7 June in Japan.
    const now = new Date('2025-06-06T16:00:00Z')
    expect(now.getUTCDay()).toBe(5)
    expect(todayInTokyo(now)).toBe('2025-06-07')
    expect(dayOfWeek(todayInTokyo(now))).toBe(6)
  })

  it('turns over exactly at midnight in Japan (15:00 UTC)', () => {
    expect(todayInTokyo(new Date('2025-06-06T14:59:59.999Z'))).toBe('2025-06-06')
    expect(todayInTokyo(new Date('2025-06-06T15:00:00.000Z'))).toBe('2025-06-07')
  })

  it('crosses month and year ends by the Japanese calendar', () => {
    expect(todayInTokyo(new Date('2025-12-31T15:30:00Z'))).toBe('2026-01-01')
    expect(todayInTokyo(new Date('2024-02-28T20:00:00Z'))).toBe('2024-02-29')
  })

  it('ignores the host time zone, even one a day behind Japan', () => {
    const now = new Date('2025-06-06T16:00:00Z')
    for (const zone of HOST_ZONES) {
      inHostZone(zone, () => {
        expect(todayInTokyo(now), zone).toBe('2025-06-07')
      })
    }
  })

  it('refuses an invalid instant', () => {
    expect(() => todayInTokyo(new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe('addDays and daysBetween', () => {
  it('adds and subtracts across month, year and leap-day boundaries', () => {
    expect(addDays('2025-06-07', 1)).toBe('2025-06-08')
    expect(addDays('2025-06-30', 1)).toBe('2025-07-01')
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01')
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28')
    expect(addDays('2025-06-07', 0)).toBe('2025-06-07')
    expect(addDays('2025-06-07', 180)).toBe('2025-12-04')
    expect(addDays('2025-06-07', -365)).toBe('2024-06-07')
  })

  it('counts whole calendar days as to minus from', () => {
    expect(daysBetween('2025-06-01', '2025-06-08')).toBe(7)
    expect(daysBetween('2025-06-08', '2025-06-01')).toBe(-7)
    expect(daysBetween('2025-06-07', '2025-06-07')).toBe(0)
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366)
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365)
    // Across a date when much of the world changes clocks: still whole days.
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2)
  })

  it('is the inverse of addDays', () => {
    for (const n of [-400, -31, -1, 0, 1, 29, 59, 366, 1000]) {
      expect(daysBetween('2025-06-07', addDays('2025-06-07', n))).toBe(n)
    }
  })

  it('throws on invalid input instead of drifting', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError)
    expect(() => addDays('2025-06-07', 1.5)).toThrow(RangeError)
    expect(() => daysBetween('2025-06-07', 'tomorrow')).toThrow(RangeError)
  })
})

describe('compareDates', () => {
  it('sorts calendar dates chronologically', () => {
    expect(['2025-06-08', '2024-12-31', '2025-06-07'].sort(compareDates)).toEqual(['2024-12-31', '2025-06-07', '2025-06-08'])
    expect(compareDates('2025-06-07', '2025-06-07')).toBe(0)
  })
})

describe('dayOfWeek and isWeekend', () => {
  it('knows the weekday of known dates', () => {
    expect(dayOfWeek('1970-01-01')).toBe(4) // Thursday
    expect(dayOfWeek('2025-06-07')).toBe(6) // Saturday
    expect(dayOfWeek('2025-06-08')).toBe(0) // Sunday
    expect(dayOfWeek('2025-06-09')).toBe(1) // Monday
    expect(dayOfWeek('2000-02-29')).toBe(2) // Tuesday
    expect(dayOfWeek('1969-12-31')).toBe(3) // Wednesday, before the epoch
  })

  it('treats Saturday and Sunday as the weekend only', () => {
    const week = datesBetween('2025-06-02', '2025-06-08') // Monday..Sunday
    expect(week.map(isWeekend)).toEqual([false, false, false, false, false, true, true])
  })

  it('does not depend on the host time zone', () => {
    for (const zone of HOST_ZONES) {
      inHostZone(zone, () => {
        expect(dayOfWeek('2025-06-07'), zone).toBe(6)
        expect(isWeekend('2025-06-06'), zone).toBe(false)
      })
    }
  })
})

describe('mondayOf', () => {
  it('is the Monday of the week, the date itself on a Monday, six days back on a Sunday', () => {
    expect(mondayOf('2026-11-27')).toBe('2026-11-23') // Friday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23') // Monday
    expect(mondayOf('2026-11-28')).toBe('2026-11-23') // Saturday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23') // Sunday: the weekend ends the week it closes
    expect(mondayOf('2027-01-02')).toBe('2026-12-28') // across a year
  })
})

describe('firstWeekendDayFrom', () => {
  it('is the day itself on a weekend, else the coming Saturday, across a month', () => {
    expect(firstWeekendDayFrom('2026-11-28')).toBe('2026-11-28')
    expect(firstWeekendDayFrom('2026-11-29')).toBe('2026-11-29')
    expect(firstWeekendDayFrom('2026-11-30')).toBe('2026-12-05')
    expect(firstWeekendDayFrom('2026-11-27')).toBe('2026-11-28')
  })
})

describe('formatLongDate and formatShortDate', () => {
  it('writes the English long and short forms', () => {
    expect(formatLongDate('2025-06-07')).toBe('Saturday, June 7, 2025')
    expect(formatLongDate('2025-12-28')).toBe('Sunday, December 28, 2025')
    expect(formatLongDate('2026-01-01')).toBe('Thursday, January 1, 2026')
    expect(formatShortDate('2025-06-07')).toBe('Jun 7, 2025')
    expect(formatShortDate('2025-09-30')).toBe('Sep 30, 2025')
  })

  it('shows the same day in every host time zone (a visitor far behind Japan included)', () => {
    for (const zone of HOST_ZONES) {
      inHostZone(zone, () => {
        expect(formatLongDate('2025-06-07'), zone).toBe('Saturday, June 7, 2025')
        expect(formatShortDate('2025-06-01'), zone).toBe('Jun 1, 2025')
      })
    }
  })

  it('throws for a date that does not exist', () => {
    expect(() => formatLongDate('2025-02-30')).toThrow(RangeError)
    expect(() => formatShortDate('')).toThrow(RangeError)
  })
})

describe('monthRange', () => {
  it('gives the first and last day of the month', () => {
    expect(monthRange('2025-06')).toEqual({ from: '2025-06-01', to: '2025-06-30' })
    expect(monthRange('2025-07')).toEqual({ from: '2025-07-01', to: '2025-07-31' })
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' })
    expect(monthRange('2025-02')).toEqual({ from: '2025-02-01', to: '2025-02-28' })
    expect(monthRange('2025-12')).toEqual({ from: '2025-12-01', to: '2025-12-31' })
  })

  it('refuses a malformed month', () => {
    expect(() => monthRange('2025-13')).toThrow(RangeError)
    expect(() => monthRange('June')).toThrow(RangeError)
  })
})

describe('datesBetween and weekendDatesBetween', () => {
  it('lists every date inclusively', () => {
    expect(datesBetween('2025-06-29', '2025-07-02')).toEqual(['2025-06-29', '2025-06-30', '2025-07-01', '2025-07-02'])
    expect(datesBetween('2025-06-07', '2025-06-07')).toEqual(['2025-06-07'])
    expect(datesBetween('2025-06-08', '2025-06-07')).toEqual([])
  })

  it('lists the weekend days of June 2025', () => {
    const { from, to } = monthRange('2025-06')
    expect(weekendDatesBetween(from, to)).toEqual([
      '2025-06-01',
      '2025-06-07',
      '2025-06-08',
      '2025-06-14',
      '2025-06-15',
      '2025-06-21',
      '2025-06-22',
      '2025-06-28',
      '2025-06-29',
    ])
  })
})

describe('tokyoInstant', () => {
  it('is the UTC instant of the wall-clock time in Japan', () => {
    expect(tokyoInstant('2025-06-07', '09:00').toISOString()).toBe('2025-06-07T00:00:00.000Z')
    expect(tokyoInstant('2025-06-07', '14:00').toISOString()).toBe('2025-06-07T05:00:00.000Z')
    // Early morning in Japan is still the previous day in UTC.
    expect(tokyoInstant('2025-06-07', '08:30').toISOString()).toBe('2025-06-06T23:30:00.000Z')
    expect(tokyoInstant('2026-01-01', '00:00').toISOString()).toBe('2025-12-31T15:00:00.000Z')
  })

  it('round-trips with todayInTokyo in any host zone', () => {
    for (const zone of HOST_ZONES) {
      inHostZone(zone, () => {
        expect(todayInTokyo(tokyoInstant('2025-06-07', '00:00')), zone).toBe('2025-06-07')
        expect(todayInTokyo(tokyoInstant('2025-06-07', '23:59')), zone).toBe('2025-06-07')
        expect(tokyoInstant('2025-06-07', '09:00').toISOString(), zone).toBe('2025-06-07T00:00:00.000Z')
      })
    }
  })

  it('refuses malformed times and dates', () => {
    expect(() => tokyoInstant('2025-06-07', '9:00')).toThrow(RangeError)
    expect(() => tokyoInstant('2025-06-07', '24:00')).toThrow(RangeError)
    expect(() => tokyoInstant('2025-06-07', '09:60')).toThrow(RangeError)
    expect(() => tokyoInstant('2025-02-30', '09:00')).toThrow(RangeError)
  })

  it('names the business zone', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Asia/Tokyo')
  })
})

describe('bookingWindow', () => {
  // Friday 6 June 2025, 10:00 in Japan.
  const fridayMorningInJapan = new Date('2025-06-06T01:00:00Z')

  it('runs from today + 2 to today + 180 by default, today taken in Japan', () => {
    expect(bookingWindow(fridayMorningInJapan)).toEqual({ first: '2025-06-08', last: '2025-12-03' })
  })

  it('follows Japan’s date, not UTC’s, late on a Friday in UTC', () => {
    // Still Friday 6 June in UTC (and Friday morning in Los Angeles), Saturday in Japan.
    const now = new Date('2025-06-06T16:00:00Z')
    expect(bookingWindow(now)).toEqual({ first: '2025-06-09', last: '2025-12-04' })
    for (const zone of HOST_ZONES) {
      inHostZone(zone, () => {
        expect(bookingWindow(now).first, zone).toBe('2025-06-09')
      })
    }
  })

  it('takes lead and horizon from settings', () => {
    expect(bookingWindow(fridayMorningInJapan, { leadDays: 0, horizonDays: 7 })).toEqual({
      first: '2025-06-06',
      last: '2025-06-13',
    })
    expect(bookingWindow(fridayMorningInJapan, { leadDays: 1 })).toEqual({ first: '2025-06-07', last: '2025-12-03' })
  })

  it('includes both ends and nothing beyond', () => {
    const now = fridayMorningInJapan
    expect(isWithinBookingWindow('2025-06-07', now)).toBe(false) // tomorrow: inside the 2-day lead
    expect(isWithinBookingWindow('2025-06-08', now)).toBe(true) // first bookable day
    expect(isWithinBookingWindow('2025-12-03', now)).toBe(true) // last bookable day
    expect(isWithinBookingWindow('2025-12-04', now)).toBe(false)
    expect(isWithinBookingWindow('2025-06-01', now)).toBe(false) // the past
    expect(isWithinBookingWindow('2025-06-07', now, { leadDays: 1 })).toBe(true)
  })

  it('closes this Sunday once Friday turns over in Japan', () => {
    const sunday = '2025-06-08'
    expect(isWithinBookingWindow(sunday, new Date('2025-06-06T14:59:00Z'))).toBe(true) // 23:59 Friday in Japan
    expect(isWithinBookingWindow(sunday, new Date('2025-06-06T15:00:00Z'))).toBe(false) // 00:00 Saturday in Japan
  })
})

describe('addMonths', () => {
  it('moves by calendar months and clamps to the end of shorter months', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28')
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29')
    expect(addMonths('2026-11-22', -24)).toBe('2024-11-22')
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15')
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28')
  })
})

describe('formatMonthTitle', () => {
  it('names the month in English', () => {
    expect(formatMonthTitle('2025-06')).toBe('June 2025')
    expect(formatMonthTitle('2026-12-05')).toBe('December 2026')
    expect(() => formatMonthTitle('2026-13')).toThrow(RangeError)
  })
})

describe('dates in the other languages (docs/decisions/0044)', () => {
  it('writes the long form, the month and the short form in each language, the day never moved', () => {
    expect(formatLongDate('2025-06-07', 'ja')).toBe('2025年6月7日土曜日')
    expect(formatLongDate('2025-06-07', 'ko')).toBe('2025년 6월 7일 토요일')
    expect(formatLongDate('2025-06-07', 'zh-Hant')).toBe('2025年6月7日 星期六')
    expect(formatLongDate('2025-06-07', 'zh-Hans')).toBe('2025年6月7日星期六')
    expect(formatMonthTitle('2025-06', 'ja')).toBe('2025年6月')
    expect(formatShortDate('2025-06-07', 'ja')).toBe('2025/06/07')
    expect(formatLongDate('2025-06-07')).toBe('Saturday, June 7, 2025')
  })

  it('names the weekdays from Sunday', () => {
    expect(weekdayNames('en')[6]).toEqual({ short: 'Sat', long: 'Saturday' })
    expect(weekdayNames('ja')[0]).toEqual({ short: '日', long: '日曜日' })
    expect(weekdayNames('ko')[1]).toEqual({ short: '월', long: '월요일' })
  })
})
