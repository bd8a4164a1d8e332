import { describe, expect, it } from 'vitest'
import {
  checkPromo,
  discountOf,
  normalisePromoCode,
  PROMO_EXPIRED_MESSAGE,
  PROMO_GROUP_MESSAGE,
  PROMO_INACTIVE_MESSAGE,
  PROMO_NOT_YET_MESSAGE,
  PROMO_TOUR_MESSAGES,
  PROMO_USED_UP_MESSAGE,
  type PromoRule,
} from './promo-codes.ts'
import { withEnglishMessage } from './i18n/refusal-english.test-support.ts'

const rule: PromoRule = {
  kind: 'percent',
  value: 10,
  validFrom: '2026-06-01',
  validTo: '2026-06-30',
  maxUses: 3,
  uses: 0,
  onePerEmail: false,
  tourKind: null,
  minGroup: null,
  active: true,
}
const use = { today: '2026-06-15', isHalfDay: true, guests: 2, total: 14_300 }

describe('normalisePromoCode', () => {
  it.each([
    ['summer-25', 'SUMMER-25'],
    ['  Joetsu10 ', 'JOETSU10'],
    ['ABC', 'ABC'],
    ['A'.repeat(24), 'A'.repeat(24)],
    ['AB', null],
    ['A'.repeat(25), null],
    ['-ABC', null],
    ['ABC-', null],
    ['AB C', null],
    ['ÄBC', null],
    ['', null],
    [42, null],
    [undefined, null],
  ])('%j → %j', (input, expected) => {
    expect(normalisePromoCode(input)).toBe(expected)
  })
})

describe('discountOf', () => {
  it.each([
    ['10 % of ¥14,300', { kind: 'percent', value: 10 }, 14_300, 1_430],
    ['15 % rounds down to whole yen', { kind: 'percent', value: 15 }, 16_500, 2_475],
    ['33 % of ¥14,300 rounds down', { kind: 'percent', value: 33 }, 14_300, 4_719],
    ['100 % takes the whole total', { kind: 'percent', value: 100 }, 22_000, 22_000],
    ['¥2,000 off', { kind: 'amount', value: 2_000 }, 14_300, 2_000],
    ['an amount above the total stops at the total', { kind: 'amount', value: 50_000 }, 14_300, 14_300],
  ] as const)('%s', (_, offer, total, expected) => {
    expect(discountOf(offer, total)).toBe(expected)
  })
})

describe('checkPromo', () => {
  it.each([
    ['a valid code', rule, use, { ok: true, discount: 1_430 }],
    ['the first valid day', rule, { ...use, today: '2026-06-01' }, { ok: true, discount: 1_430 }],
    ['the last valid day', rule, { ...use, today: '2026-06-30' }, { ok: true, discount: 1_430 }],
    ['the day before', rule, { ...use, today: '2026-05-31' }, { ok: false, message: PROMO_NOT_YET_MESSAGE('2026-06-01') }],
    ['the day after', rule, { ...use, today: '2026-07-01' }, { ok: false, message: PROMO_EXPIRED_MESSAGE }],
    ['no dates: always', { ...rule, validFrom: null, validTo: null }, { ...use, today: '2030-01-01' }, { ok: true, discount: 1_430 }],
    ['inactive', { ...rule, active: false }, use, { ok: false, message: PROMO_INACTIVE_MESSAGE }],
    ['the last use left', { ...rule, uses: 2 }, use, { ok: true, discount: 1_430 }],
    ['used up', { ...rule, uses: 3 }, use, { ok: false, message: PROMO_USED_UP_MESSAGE }],
    ['unlimited', { ...rule, maxUses: null, uses: 1_000 }, use, { ok: true, discount: 1_430 }],
    ['full-day code on a half day', { ...rule, tourKind: 'full-day' }, use, { ok: false, message: PROMO_TOUR_MESSAGES['full-day'] }],
    ['half-day code on a full day', { ...rule, tourKind: 'half-day' }, { ...use, isHalfDay: false, total: 22_000 }, { ok: false, message: PROMO_TOUR_MESSAGES['half-day'] }],
    ['half-day code on a half day', { ...rule, tourKind: 'half-day' }, use, { ok: true, discount: 1_430 }],
    ['group too small', { ...rule, minGroup: 3 }, use, { ok: false, message: PROMO_GROUP_MESSAGE(3) }],
    ['group just large enough', { ...rule, minGroup: 3 }, { ...use, guests: 3, total: 16_500 }, { ok: true, discount: 1_650 }],
  ] as const)('%s', (_, r, u, expected) => {
    expect(withEnglishMessage(checkPromo(r as PromoRule, u))).toEqual(expected)
  })
})
