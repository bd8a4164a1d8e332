import { describe, expect, it } from 'vitest'
import { dayLabel } from './month-calendar.tsx'
import { formatMonthTitle as monthTitle, shiftMonth } from '../../../core/dates.ts'
import type { DateSlots } from './types.ts'
import { translate } from '../../../server/i18n/catalog.ts'

const t = (id: Parameters<typeof translate>[1], values?: Record<string, string | number | undefined>) => translate('en', id, values)

const window = { first: '2026-12-03', last: '2027-05-31' }
const day = (date: string, open: boolean[]): DateSlots => ({
  date,
  slots: (['morning', 'afternoon', 'full-day'] as const).map((tourTime, i) => ({
    tourTime,
    available: open[i]!,
    reason: open[i] ? null : 'booked',
    startTime: tourTime === 'afternoon' ? '2:00 PM' : '9:00 AM',
    startsAt: `${date}T${tourTime === 'afternoon' ? '05' : '00'}:00:00.000Z`,
  })),
})

describe('calendar helpers', () => {
  it('moves between months across year ends', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2027-01', -1)).toBe('2026-12')
    expect(shiftMonth('2026-05', 12)).toBe('2027-05')
    expect(monthTitle('2027-01')).toBe('January 2027')
  })

  it('names each day the way a screen reader user needs it', () => {
    expect(dayLabel('2026-12-05', day('2026-12-05', [true, true, false]), window, false, t, 'en')).toBe(
      'Saturday, December 5, 2026, 2 slots available',
    )
    expect(dayLabel('2026-12-06', day('2026-12-06', [false, true, false]), window, false, t, 'en')).toBe(
      'Sunday, December 6, 2026, 1 slot available',
    )
    expect(dayLabel('2026-12-12', day('2026-12-12', [false, false, false]), window, false, t, 'en')).toBe(
      'Saturday, December 12, 2026, fully booked',
    )
    // On the booking page a taken day still opens, for its waitlist links (docs/decisions/0070); one the guide closed does not.
    expect(dayLabel('2026-12-12', day('2026-12-12', [false, false, false]), window, false, t, 'en', true)).toBe('Saturday, December 12, 2026, fully booked, waitlist open')
    const closed = { ...day('2026-12-12', [false, false, false]), slots: day('2026-12-12', [false, false, false]).slots.map((s) => ({ ...s, reason: 'closed' as const })) }
    expect(dayLabel('2026-12-12', closed, window, false, t, 'en', true)).toBe('Saturday, December 12, 2026, fully booked')
    // The date the guide called off, on the guest's new-date calendar: what happened, not "fully booked" (docs/decisions/0072).
    expect(dayLabel('2026-12-12', closed, window, false, t, 'en', false, true)).toBe('Saturday, December 12, 2026, called off by the guide')
    expect(dayLabel('2026-12-04', undefined, window, false, t, 'en')).toBe('Friday, December 4, 2026, no tours (weekdays)')
    expect(dayLabel('2026-11-29', undefined, window, false, t, 'en')).toBe('Sunday, November 29, 2026, not bookable')
    expect(dayLabel('2026-12-13', undefined, window, true, t, 'en')).toBe('Sunday, December 13, 2026, loading availability')
  })
})

describe('the calendar in Korean', () => {
  const ko = (id: Parameters<typeof translate>[1], values?: Record<string, string | number | undefined>) => translate('ko', id, values)
  it('names a day in Korean, with its open slots', () => {
    expect(dayLabel('2026-12-05', day('2026-12-05', [true, true, false]), window, false, ko, 'ko')).toBe('2026년 12월 5일 토요일, 2개 시간대 예약 가능')
  })
})
