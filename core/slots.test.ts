import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SLOT_START_TIMES,
  HALF_DAY_PARTS,
  TOUR_TIMES,
  type DayPart,
  type SlotAvailabilityInput,
  type TourTime,
  deriveSlotAvailability,
  formatClockTime,
  isTourTime,
  packageFitsSlot,
  parseClockText,
  partsClaimedBy,
  slotAvailability,
  slotInstants,
  slotStart,
  slotOpenBySwitches,
  slotLabel,
  slotWithStartTime,
} from './slots.ts'

describe('tour times and parts', () => {
  it('lists the three tour times and two parts of the day', () => {
    expect(TOUR_TIMES).toEqual(['morning', 'afternoon', 'full-day'])
    expect(HALF_DAY_PARTS).toEqual(['morning', 'afternoon'])
  })

  it('recognises tour times', () => {
    expect(isTourTime('morning')).toBe(true)
    expect(isTourTime('full-day')).toBe(true)
    expect(isTourTime('fullday')).toBe(false)
    expect(isTourTime('Morning')).toBe(false)
    expect(isTourTime(undefined)).toBe(false)
  })

  it('makes a full-day booking claim both parts and a half-day booking one', () => {
    expect(partsClaimedBy('morning')).toEqual(['morning'])
    expect(partsClaimedBy('afternoon')).toEqual(['afternoon'])
    expect(partsClaimedBy('full-day')).toEqual(['morning', 'afternoon'])
  })
})

describe('two bookings of one date conflict when they claim a common part', () => {
  const expected: Array<[TourTime, TourTime, boolean]> = [
    ['morning', 'morning', true],
    ['afternoon', 'afternoon', true],
    ['full-day', 'full-day', true],
    ['morning', 'afternoon', false],
    ['afternoon', 'morning', false],
    ['full-day', 'morning', true],
    ['morning', 'full-day', true],
    ['full-day', 'afternoon', true],
    ['afternoon', 'full-day', true],
  ]
  it.each(expected)('%s vs %s → %s', (a, b, conflict) => {
    expect(partsClaimedBy(a).some((part) => partsClaimedBy(b).includes(part))).toBe(conflict)
  })
})

describe('packageFitsSlot', () => {
  it('puts half-day tours in morning or afternoon and full-day tours in full-day only', () => {
    expect(packageFitsSlot(true, 'morning')).toBe(true)
    expect(packageFitsSlot(true, 'afternoon')).toBe(true)
    expect(packageFitsSlot(true, 'full-day')).toBe(false)
    expect(packageFitsSlot(false, 'full-day')).toBe(true)
    expect(packageFitsSlot(false, 'morning')).toBe(false)
    expect(packageFitsSlot(false, 'afternoon')).toBe(false)
  })
})

describe('start times, labels and instants', () => {
  it('defaults to 09:00, 14:00 and 09:00', () => {
    expect(DEFAULT_SLOT_START_TIMES).toEqual({ morning: '09:00', afternoon: '14:00', 'full-day': '09:00' })
  })

  it('labels the slots for people', () => {
    expect(slotLabel('morning')).toBe('Morning')
    expect(slotLabel('afternoon')).toBe('Afternoon')
    expect(slotLabel('full-day')).toBe('Full Day')
  })

  it('gives the slot with its configured start time', () => {
    expect(slotWithStartTime('morning', DEFAULT_SLOT_START_TIMES)).toBe('Morning, 9:00 AM')
    expect(slotWithStartTime('afternoon', { ...DEFAULT_SLOT_START_TIMES, afternoon: '13:30' })).toBe('Afternoon, 1:30 PM')
  })

  it('places a slot at its start time in Japan with its approximate length', () => {
    const morning = slotInstants('2025-06-07', 'morning')
    expect(morning.start.toISOString()).toBe('2025-06-07T00:00:00.000Z')
    expect(morning.end.toISOString()).toBe('2025-06-07T05:00:00.000Z')
    const fullDay = slotInstants('2025-06-07', 'full-day')
    expect(fullDay.end.toISOString()).toBe('2025-06-07T09:00:00.000Z')
    const lateAfternoon = slotInstants('2025-06-07', 'afternoon', { ...DEFAULT_SLOT_START_TIMES, afternoon: '13:30' })
    expect(lateAfternoon.start.toISOString()).toBe('2025-06-07T04:30:00.000Z')
  })

  it('gives a slot’s start as the pages show it: the clock time in Japan and the same instant', () => {
    expect(slotStart('2025-06-07', 'afternoon', { ...DEFAULT_SLOT_START_TIMES, afternoon: '13:30' })).toEqual({
      startTime: '1:30 PM',
      startsAt: '2025-06-07T04:30:00.000Z',
    })
  })
})

describe('formatClockTime', () => {
  it('writes 24-hour times as 12-hour text', () => {
    expect(formatClockTime('09:00')).toBe('9:00 AM')
    expect(formatClockTime('14:00')).toBe('2:00 PM')
    expect(formatClockTime('12:30')).toBe('12:30 PM')
    expect(formatClockTime('00:15')).toBe('12:15 AM')
    expect(formatClockTime('11:59')).toBe('11:59 AM')
    expect(formatClockTime('23:05')).toBe('11:05 PM')
  })

  it('refuses malformed times', () => {
    expect(() => formatClockTime('9:00')).toThrow(RangeError)
    expect(() => formatClockTime('24:00')).toThrow(RangeError)
    expect(() => formatClockTime('morning')).toThrow(RangeError)
  })
})

describe('parseClockText', () => {
  it('reads 12-hour text as minutes since midnight', () => {
    expect(parseClockText('2:00 PM')).toBe(840)
    expect(parseClockText('9:00 AM')).toBe(540)
    expect(parseClockText('10:00 AM')).toBe(600)
    expect(parseClockText('12:00 AM')).toBe(0)
    expect(parseClockText('12:00 PM')).toBe(720)
    expect(parseClockText('12:30 PM')).toBe(750)
    expect(parseClockText('11:59 PM')).toBe(1439)
  })

  it('tolerates the usual spellings', () => {
    expect(parseClockText('9am')).toBe(540)
    expect(parseClockText('9 AM')).toBe(540)
    expect(parseClockText(' 2:15 pm ')).toBe(855)
    expect(parseClockText('2:15 p.m.')).toBe(855)
  })

  it('returns null for text it cannot read', () => {
    for (const text of ['', 'morning', '14:00', '13:00 PM', '0:30 AM', '9:60 AM', '9:0 AM', 'noon']) {
      expect(parseClockText(text), text).toBeNull()
    }
  })

  it('round-trips with formatClockTime for every minute of the day', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes++) {
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
      expect(parseClockText(formatClockTime(hhmm))).toBe(minutes)
    }
  })

  it('sorts admin time texts chronologically', () => {
    const texts = ['2:00 PM', '12:00 PM', '9:00 AM', '12:15 AM', '10:00 AM']
    const sorted = [...texts].sort((a, b) => (parseClockText(a) ?? Infinity) - (parseClockText(b) ?? Infinity))
    expect(sorted).toEqual(['12:15 AM', '9:00 AM', '10:00 AM', '12:00 PM', '2:00 PM'])
  })
})

describe('deriveSlotAvailability', () => {
  // Monday 2 June 2025, 10:00 in Japan. Window: 2025-06-04 .. 2025-11-29.
  const now = new Date('2025-06-02T01:00:00Z')
  const saturday = '2025-06-07'
  const none = new Set<DayPart>()

  function summary(input: Partial<SlotAvailabilityInput>) {
    const result = deriveSlotAvailability({ date: saturday, now, claimedParts: none, ...input })
    return Object.fromEntries(result.map((s) => [s.tourTime, s.reason ?? 'open']))
  }

  it('opens every slot of a free weekend date by default (no override row)', () => {
    const result = deriveSlotAvailability({ date: saturday, now, claimedParts: none })
    expect(result).toEqual([
      { tourTime: 'morning', available: true, reason: null },
      { tourTime: 'afternoon', available: true, reason: null },
      { tourTime: 'full-day', available: true, reason: null },
    ])
    expect(summary({ override: null })).toEqual({ morning: 'open', afternoon: 'open', 'full-day': 'open' })
    expect(summary({ date: '2025-06-08' })).toEqual({ morning: 'open', afternoon: 'open', 'full-day': 'open' })
  })

  it('refuses weekdays', () => {
    expect(summary({ date: '2025-06-06' })).toEqual({
      morning: 'not-weekend',
      afternoon: 'not-weekend',
      'full-day': 'not-weekend',
    })
  })

  it('refuses weekend dates outside the booking window', () => {
    const all = (reason: string) => ({ morning: reason, afternoon: reason, 'full-day': reason })
    expect(summary({ date: '2025-05-31' })).toEqual(all('outside-window')) // the past
    expect(summary({ date: '2025-11-29' })).toEqual(all('open')) // last day of the 180-day horizon
    expect(summary({ date: '2025-11-30' })).toEqual(all('outside-window'))
    // With a 6-day lead the first Saturday is too close.
    expect(summary({ window: { leadDays: 6 } })).toEqual(all('outside-window'))
    expect(summary({ window: { leadDays: 5 } })).toEqual(all('open'))
  })

  it('uses Japan’s today for the window', () => {
    // Thursday 5 June 23:30 UTC is Friday 6 June 08:30 in Japan: Sunday is 2 days ahead, Saturday only 1.
    const lateThursdayUtc = new Date('2025-06-05T23:30:00Z')
    expect(summary({ now: lateThursdayUtc })['morning']).toBe('outside-window')
    expect(summary({ now: lateThursdayUtc, date: '2025-06-08' })['morning']).toBe('open')
  })

  it('blocks full-day when either half is booked, and only that half', () => {
    expect(summary({ claimedParts: new Set<DayPart>(['morning']) })).toEqual({
      morning: 'booked',
      afternoon: 'open',
      'full-day': 'booked',
    })
    expect(summary({ claimedParts: new Set<DayPart>(['afternoon']) })).toEqual({
      morning: 'open',
      afternoon: 'booked',
      'full-day': 'booked',
    })
  })

  it('blocks both halves when a full-day booking claims the date', () => {
    expect(summary({ claimedParts: new Set(partsClaimedBy('full-day')) })).toEqual({
      morning: 'booked',
      afternoon: 'booked',
      'full-day': 'booked',
    })
  })

  it('closes the full day with either half, and both halves with the full day (docs/decisions/0029)', () => {
    const open = { morningAvailable: true, afternoonAvailable: true, fullDayAvailable: true }
    // Morning unticked for a family wedding: the full day, which starts in the morning, is closed too.
    expect(summary({ override: { ...open, morningAvailable: false } })).toEqual({
      morning: 'closed',
      afternoon: 'open',
      'full-day': 'closed',
    })
    expect(summary({ override: { ...open, afternoonAvailable: false } })).toEqual({
      morning: 'open',
      afternoon: 'closed',
      'full-day': 'closed',
    })
    expect(summary({ override: { ...open, fullDayAvailable: false } })).toEqual({
      morning: 'closed',
      afternoon: 'closed',
      'full-day': 'closed',
    })
    expect(summary({ override: open })).toEqual({ morning: 'open', afternoon: 'open', 'full-day': 'open' })
  })

  it('states the switch rule on its own, for the admin calendar', () => {
    const all = { morningAvailable: true, afternoonAvailable: true, fullDayAvailable: true }
    expect(TOUR_TIMES.map((t) => slotOpenBySwitches(t, null))).toEqual([true, true, true])
    expect(TOUR_TIMES.map((t) => slotOpenBySwitches(t, { ...all, afternoonAvailable: false }))).toEqual([true, false, false])
    expect(TOUR_TIMES.map((t) => slotOpenBySwitches(t, { ...all, fullDayAvailable: false }))).toEqual([false, false, false])
  })

  it('reports a booking before a closed switch, and date reasons before both', () => {
    const allClosed = { morningAvailable: false, afternoonAvailable: false, fullDayAvailable: false }
    expect(summary({ override: allClosed, claimedParts: new Set<DayPart>(['morning']) })).toEqual({
      morning: 'booked',
      afternoon: 'closed',
      'full-day': 'booked',
    })
    expect(summary({ date: '2025-05-31', override: allClosed, claimedParts: new Set(partsClaimedBy('full-day')) })).toEqual({
      morning: 'outside-window',
      afternoon: 'outside-window',
      'full-day': 'outside-window',
    })
  })

  it('answers for one slot at a time', () => {
    const input = { date: saturday, now, claimedParts: new Set<DayPart>(['afternoon']) }
    expect(slotAvailability(input, 'morning')).toEqual({ tourTime: 'morning', available: true, reason: null })
    expect(slotAvailability(input, 'full-day')).toEqual({ tourTime: 'full-day', available: false, reason: 'booked' })
  })

  it('refuses an invalid date rather than guessing', () => {
    expect(() => deriveSlotAvailability({ date: '2025-02-30', now, claimedParts: none })).toThrow(RangeError)
  })
})
