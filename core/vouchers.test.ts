import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from './pricing.ts'
import {
  DEFAULT_VOUCHER_LIMITS,
  formatVoucherCode,
  maskVoucherCode,
  normaliseVoucherCode,
  presetAmounts,
  splitRefund,
  VOUCHER_CANCELLED_MESSAGE,
  VOUCHER_EXPIRED_MESSAGE,
  VOUCHER_UNPAID_MESSAGE,
  VOUCHER_USED_UP_MESSAGE,
  voucherAmountProblem,
  voucherCodeFrom,
  voucherPays,
  voucherRefusal,
  voucherState,
  voucherValidUntil,
} from './vouchers.ts'
import { englishOf } from './i18n/refusal-english.test-support.ts'

const CODE = 'GIFT-7KQ2-M9XA-4RTV-ZB31'

describe('voucher codes', () => {
  it.each([
    [CODE, CODE],
    ['gift-7kq2-m9xa-4rtv-zb31', CODE],
    ['  7KQ2 M9XA 4RTV ZB31 ', CODE],
    ['7kq2m9xa4rtvzb31', CODE],
    ['GIFT 7KQ2-M9XA 4RTV-ZB3I', CODE], // I read as 1
    ['GIFT-7KQ2-M9XA-4RTV-ZB3L', CODE], // L read as 1
    ['GIFT-7KQ2-M9XA-4RTV-Z831', 'GIFT-7KQ2-M9XA-4RTV-Z831'],
    ['GIFT-OOOO-0000-1111-2222', 'GIFT-0000-0000-1111-2222'], // O read as 0
    ['GIFT-7KQ2-M9XA-4RTV-ZB3', null], // too short
    ['GIFT-7KQ2-M9XA-4RTV-ZB31-X', null], // too long
    ['GIFT-7KQ2-M9XA-4RTV-ZBU1', null], // U is not in the alphabet
    ['<script>alert(1)</script>', null],
    ['', null],
    [' '.repeat(41) + CODE, null],
    [42, null],
    [null, null],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseVoucherCode(input)).toBe(expected)
  })

  it('formats 16 characters as GIFT and four groups, and refuses anything else', () => {
    expect(formatVoucherCode('7KQ2M9XA4RTVZB31')).toBe(CODE)
    expect(() => formatVoucherCode('7KQ2M9XA4RTVZB3')).toThrow(RangeError)
    expect(() => formatVoucherCode('7KQ2M9XA4RTVZB3U')).toThrow(RangeError)
  })

  it('draws a code from random bytes that normalises to itself', () => {
    const code = voucherCodeFrom(Uint8Array.from({ length: 16 }, (_, i) => i * 17))
    expect(code).toMatch(/^GIFT(-[0-9A-HJKMNP-TV-Z]{4}){4}$/)
    expect(normaliseVoucherCode(code)).toBe(code)
    expect(() => voucherCodeFrom(new Uint8Array(15))).toThrow(RangeError)
  })

  it('masks all but the last group', () => {
    expect(maskVoucherCode(CODE)).toBe('GIFT-••••-••••-••••-ZB31')
  })
})

describe('voucherPays', () => {
  it.each([
    [10_000, 14_300, 10_000], // part of the total; the guest pays the rest by card
    [20_000, 14_300, 14_300], // the whole total; the balance keeps the rest
    [14_300, 14_300, 14_300],
    [0, 14_300, 0],
    [5_000, 0, 0], // a 100 % promo code left nothing to pay
  ])('a balance of %i pays %#: %i of %i', (balance, total, expected) => {
    expect(voucherPays(balance, total)).toBe(expected)
  })

  it('refuses amounts that are not whole yen', () => {
    expect(() => voucherPays(-1, 100)).toThrow(RangeError)
    expect(() => voucherPays(100, 1.5)).toThrow(RangeError)
  })
})

describe('voucherValidUntil', () => {
  it.each([
    // 26 Nov 2026 10:00 in Japan: usable through 25 May 2027.
    ['2026-11-26T01:00:00Z', 6, '2027-05-25'],
    // 23:30 on 30 Nov in UTC is already 1 Dec in Japan.
    ['2026-11-30T23:30:00Z', 6, '2027-05-31'],
    // 31 Aug + 6 months is the end of February, so usable through the day before it.
    ['2026-08-31T03:00:00Z', 6, '2027-02-27'],
    ['2027-08-31T03:00:00Z', 6, '2028-02-28'], // leap year
    ['2026-01-15T03:00:00Z', 12, '2027-01-14'],
  ])('paid at %s, %i months: %s', (paidAt, months, expected) => {
    expect(voucherValidUntil(new Date(paidAt), months)).toBe(expected)
  })

  it('refuses a validity that is not whole months', () => {
    expect(() => voucherValidUntil(new Date(), 0)).toThrow(RangeError)
    expect(() => voucherValidUntil(new Date(), 1.5)).toThrow(RangeError)
  })
})

describe('voucherState and voucherRefusal', () => {
  const today = '2027-01-10'
  it.each([
    [{ status: 'pending', balance: 10_000, validUntil: null }, 'awaiting-payment', VOUCHER_UNPAID_MESSAGE],
    [{ status: 'active', balance: 10_000, validUntil: '2027-01-10' }, 'active', null], // the last day counts
    [{ status: 'active', balance: 10_000, validUntil: '2027-01-09' }, 'expired', VOUCHER_EXPIRED_MESSAGE],
    [{ status: 'active', balance: 0, validUntil: '2027-05-01' }, 'used-up', VOUCHER_USED_UP_MESSAGE],
    [{ status: 'cancelled', balance: 4_000, validUntil: '2027-05-01' }, 'cancelled', VOUCHER_CANCELLED_MESSAGE],
    [{ status: 'refunded', balance: 10_000, validUntil: '2027-05-01' }, 'refunded', VOUCHER_CANCELLED_MESSAGE],
  ] as const)('%j reads %s', (voucher, state, refusal) => {
    expect(voucherState(voucher, today)).toBe(state)
    const said = voucherRefusal(voucherState(voucher, today))
    expect(said === null ? null : englishOf(said)).toBe(refusal)
  })
})

describe('voucherAmountProblem', () => {
  it.each([
    [5_000, true],
    [300_000, true],
    [4_999, false],
    [300_001, false],
    [10_000.5, false],
    [-10_000, false],
    [Number.MAX_SAFE_INTEGER + 2, false],
    [Number.NaN, false],
  ])('%d is allowed: %s', (amount, allowed) => {
    expect(voucherAmountProblem(amount, DEFAULT_VOUCHER_LIMITS) === null).toBe(allowed)
  })
})

describe('presetAmounts', () => {
  const halfDay = { ...DEFAULT_CATALOGUE.halfDay, isHalfDay: true, available: true }
  const fullDay = { ...DEFAULT_CATALOGUE.fullDay, isHalfDay: false, available: true }
  it('prices each preset as its tour for two today', () => {
    expect(presetAmounts([halfDay, fullDay], '2026-11-26')).toEqual({ 'half-day': 14_300, 'full-day': 22_000 })
  })
  it('takes the dearest tour of a kind, skips tours not on sale, and has no preset for a kind with none', () => {
    const dearer = { ...halfDay, basePrice: 18_000 }
    expect(presetAmounts([halfDay, dearer, { ...fullDay, available: false }], '2026-11-26')).toEqual({ 'half-day': 18_000 })
  })
})

describe('splitRefund', () => {
  it.each([
    // Full refund of a booking paid ¥6,500 by card and ¥10,000 by voucher.
    [16_500, { card: 6_500, voucher: 10_000 }, { card: 6_500, voucher: 10_000 }],
    // No refund within 6 days: nothing back to either.
    [0, { card: 6_500, voucher: 10_000 }, { card: 0, voucher: 0 }],
    // Paid entirely by voucher.
    [14_300, { card: 0, voucher: 14_300 }, { card: 0, voucher: 14_300 }],
    // A partial refund is shared in proportion; the voucher's share is rounded down.
    [5_000, { card: 5_000, voucher: 5_001 }, { card: 2_500, voucher: 2_500 }],
    [1, { card: 1, voucher: 1 }, { card: 1, voucher: 0 }],
    [0, { card: 0, voucher: 0 }, { card: 0, voucher: 0 }],
  ])('a refund of %i of %j goes %j', (refund, paid, expected) => {
    const split = splitRefund(refund, paid)
    expect(split).toEqual(expected)
    expect(split.card + split.voucher).toBe(refund)
    expect(split.card).toBeLessThanOrEqual(paid.card)
  })
  it('refuses a refund above what was paid', () => {
    expect(() => splitRefund(20_000, { card: 6_500, voucher: 10_000 })).toThrow(RangeError)
  })
})
