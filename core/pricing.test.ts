import { describe, expect, it } from 'vitest'
import {
  DEFAULT_CATALOGUE,
  INCLUDED_GUESTS,
  MAX_GROUP,
  MIN_GROUP,
  type PriceCatalogueEntry,
  type Quote,
  isPromotionOpen,
  quote,
} from './pricing.ts'
import { withEnglishMessage } from './i18n/refusal-english.test-support.ts'

const half = DEFAULT_CATALOGUE.halfDay
const full = DEFAULT_CATALOGUE.fullDay
const IN_SEASON = '2025-07-12' // a Saturday in the Green Season
const OFF_SEASON = '2025-10-11' // a Saturday after it

function total(q: Quote): number {
  if (!q.ok) throw new Error(`expected a price, got: ${q.message}`)
  return q.total
}

describe('the catalogue seed (docs/decisions/0019)', () => {
  it('holds the tax-inclusive figures', () => {
    expect(half).toEqual({
      basePrice: 14300,
      extraGuestPrice: 2200,
      soloPrice: 8800,
      soloPromoStart: '2025-06-01',
      soloPromoEnd: '2025-09-30',
    })
    expect(full).toEqual({
      basePrice: 22000,
      extraGuestPrice: 4400,
      soloPrice: 15400,
      soloPromoStart: '2025-06-01',
      soloPromoEnd: '2025-09-30',
    })
    expect([MIN_GROUP, MAX_GROUP, INCLUDED_GUESTS]).toEqual([1, 5, 2])
  })
})

describe('quote: worked examples of the price list (docs/decisions/0019)', () => {
  it.each([
    ['half-day', half, 2, 14300],
    ['half-day', half, 3, 16500],
    ['half-day', half, 4, 18700],
    ['half-day', half, 5, 20900],
    ['full-day', full, 2, 22000],
    ['full-day', full, 3, 26400],
    ['full-day', full, 5, 35200],
  ] as const)('%s, %i guests → ¥%i', (_tour, entry, guests, expected) => {
    expect(total(quote(entry, guests, OFF_SEASON))).toBe(expected)
    // Groups of two or more pay the same in and out of season.
    expect(total(quote(entry, guests, IN_SEASON))).toBe(expected)
  })

  it('itemises the base price and the extra guests', () => {
    expect(quote(half, 5, OFF_SEASON)).toEqual({
      ok: true,
      total: 20900,
      soloSpecial: false,
      lines: [
        { label: 'Tour for 1–2 guests', amount: 14300, kind: 'base' },
        { label: '3 additional guests × ¥2,200', amount: 6600, kind: 'extra', count: 3, unit: 2200 },
      ],
    })
    expect(quote(full, 3, OFF_SEASON)).toEqual({
      ok: true,
      total: 26400,
      soloSpecial: false,
      lines: [
        { label: 'Tour for 1–2 guests', amount: 22000, kind: 'base' },
        { label: '1 additional guest × ¥4,400', amount: 4400, kind: 'extra', count: 1, unit: 4400 },
      ],
    })
    expect(quote(half, 2, OFF_SEASON)).toEqual({
      ok: true,
      total: 14300,
      soloSpecial: false,
      lines: [{ label: 'Tour for 1–2 guests', amount: 14300, kind: 'base' }],
    })
  })

  it('makes the lines add up to the total for every group size', () => {
    for (const entry of [half, full]) {
      for (let guests = MIN_GROUP; guests <= MAX_GROUP; guests++) {
        for (const date of [IN_SEASON, OFF_SEASON]) {
          const q = quote(entry, guests, date)
          if (!q.ok) throw new Error(q.message)
          expect(q.lines.reduce((s, l) => s + l.amount, 0)).toBe(q.total)
          expect(Number.isInteger(q.total)).toBe(true)
        }
      }
    }
  })
})

describe('quote: the solo special', () => {
  it('charges a solo guest the special price during the promotion', () => {
    expect(quote(half, 1, IN_SEASON)).toEqual({
      ok: true,
      total: 8800,
      soloSpecial: true,
      lines: [{ label: 'Solo special, 1 guest', amount: 8800, kind: 'solo' }],
    })
    expect(total(quote(full, 1, IN_SEASON))).toBe(15400)
  })

  it('charges a solo guest the 1–2 guest price outside it', () => {
    const q = quote(half, 1, OFF_SEASON)
    expect(q).toMatchObject({ ok: true, total: 14300, soloSpecial: false })
    expect(total(quote(full, 1, OFF_SEASON))).toBe(22000)
  })

  it('includes both ends of the window and nothing beyond', () => {
    expect(total(quote(half, 1, '2025-05-31'))).toBe(14300)
    expect(total(quote(half, 1, '2025-06-01'))).toBe(8800)
    expect(total(quote(half, 1, '2025-09-30'))).toBe(8800)
    expect(total(quote(half, 1, '2025-10-01'))).toBe(14300)
  })

  it('never applies to two guests', () => {
    expect(quote(half, 2, IN_SEASON)).toMatchObject({ total: 14300, soloSpecial: false })
  })

  it('is off when the package has no solo price', () => {
    const noSolo: PriceCatalogueEntry = { ...half, soloPrice: null }
    expect(quote(noSolo, 1, IN_SEASON)).toMatchObject({ total: 14300, soloSpecial: false })
  })

  it('treats a missing window end as unbounded on that side', () => {
    const forever: PriceCatalogueEntry = { ...half, soloPromoStart: null, soloPromoEnd: null }
    expect(total(quote(forever, 1, '2030-01-05'))).toBe(8800)
    const fromJune: PriceCatalogueEntry = { ...half, soloPromoEnd: null }
    expect(total(quote(fromJune, 1, '2025-05-31'))).toBe(14300)
    expect(total(quote(fromJune, 1, '2030-01-05'))).toBe(8800)
    const untilSeptember: PriceCatalogueEntry = { ...half, soloPromoStart: null }
    expect(total(quote(untilSeptember, 1, '2020-01-04'))).toBe(8800)
    expect(total(quote(untilSeptember, 1, '2025-10-01'))).toBe(14300)
  })
})

describe('quote: group size', () => {
  it('refuses fewer than 1 and more than 5 guests with the spec’s messages', () => {
    expect(withEnglishMessage(quote(half, 0, IN_SEASON))).toEqual({ ok: false, message: 'At least 1 person required' })
    expect(withEnglishMessage(quote(half, -1, IN_SEASON))).toEqual({ ok: false, message: 'At least 1 person required' })
    expect(withEnglishMessage(quote(half, 6, IN_SEASON))).toEqual({ ok: false, message: 'Maximum 5 people per group' })
    expect(withEnglishMessage(quote(full, 20, IN_SEASON))).toEqual({ ok: false, message: 'Maximum 5 people per group' })
  })

  it('accepts 1 and 5', () => {
    expect(quote(half, 1, OFF_SEASON).ok).toBe(true)
    expect(quote(half, 5, OFF_SEASON).ok).toBe(true)
  })

  it('refuses a fractional or non-numeric group', () => {
    expect(withEnglishMessage(quote(half, 2.5, IN_SEASON))).toEqual({ ok: false, message: 'Number of people must be a whole number' })
    expect(quote(half, Number.NaN, IN_SEASON).ok).toBe(false)
  })
})

describe('quote: bad inputs from code or data', () => {
  it('throws on an invalid tour date', () => {
    expect(() => quote(half, 2, '2025-02-30')).toThrow(RangeError)
  })

  it('throws on a catalogue price that is not whole yen', () => {
    expect(() => quote({ ...half, basePrice: 14300.5 }, 2, OFF_SEASON)).toThrow(RangeError)
    expect(() => quote({ ...half, extraGuestPrice: -1 }, 3, OFF_SEASON)).toThrow(RangeError)
  })

  it('allows a free tour set by the admin (total 0 skips payment, docs/decisions/0019)', () => {
    const free: PriceCatalogueEntry = { basePrice: 0, extraGuestPrice: 0, soloPrice: null, soloPromoStart: null, soloPromoEnd: null }
    expect(total(quote(free, 4, OFF_SEASON))).toBe(0)
  })
})

describe('isPromotionOpen', () => {
  it('is open from the first to the last day of the window, judged by today', () => {
    expect(isPromotionOpen(half, '2025-05-31')).toBe(false)
    expect(isPromotionOpen(half, '2025-06-01')).toBe(true)
    expect(isPromotionOpen(half, '2025-09-30')).toBe(true)
    expect(isPromotionOpen(half, '2025-10-01')).toBe(false)
  })

  it('is closed without a solo price, whatever the dates', () => {
    expect(isPromotionOpen({ ...half, soloPrice: null }, '2025-07-01')).toBe(false)
  })
})
