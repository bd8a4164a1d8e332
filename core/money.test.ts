import { describe, expect, it } from 'vitest'
import { formatYen, isYenAmount } from './money.ts'

describe('formatYen', () => {
  it('prints whole yen with a yen sign and comma grouping, no decimals', () => {
    expect(formatYen(14300)).toBe('¥14,300')
    expect(formatYen(8800)).toBe('¥8,800')
    expect(formatYen(35200)).toBe('¥35,200')
    expect(formatYen(0)).toBe('¥0')
    expect(formatYen(999)).toBe('¥999')
    expect(formatYen(1000)).toBe('¥1,000')
    expect(formatYen(1234567)).toBe('¥1,234,567')
  })

  it('writes 円 after the number in Japanese, the minus sign first (the dashboard in Japanese)', () => {
    expect(formatYen(14300, 'ja')).toBe('14,300円')
    expect(formatYen(0, 'ja')).toBe('0円')
    expect(formatYen(-2200, 'ja')).toBe('-2,200円')
    expect(formatYen(14300, 'ko')).toBe('¥14,300')
  })

  it('puts the minus sign before the yen sign', () => {
    expect(formatYen(-2200)).toBe('-¥2,200')
  })

  it('refuses fractions and non-numbers rather than printing a wrong price', () => {
    expect(() => formatYen(14300.5)).toThrow(RangeError)
    expect(() => formatYen(Number.NaN)).toThrow(RangeError)
    expect(() => formatYen(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})

describe('isYenAmount', () => {
  it('accepts non-negative whole numbers of yen', () => {
    expect(isYenAmount(0)).toBe(true)
    expect(isYenAmount(14300)).toBe(true)
    expect(isYenAmount(Number.MAX_SAFE_INTEGER)).toBe(true)
  })

  it('rejects negatives, fractions, unsafe integers and non-numbers', () => {
    expect(isYenAmount(-1)).toBe(false)
    expect(isYenAmount(0.5)).toBe(false)
    expect(isYenAmount(Number.MAX_SAFE_INTEGER + 1)).toBe(false)
    expect(isYenAmount(Number.NaN)).toBe(false)
    expect(isYenAmount('14300')).toBe(false)
    expect(isYenAmount(null)).toBe(false)
  })
})
