import { describe, expect, it } from 'vitest'
import { englishOf } from '../i18n/refusal-english.test-support.ts'
import { PROMO_BOTH_MESSAGE, tourPackageUpdateSchema } from './tour-package-update.ts'

const valid = {
  basePrice: '14300',
  extraGuestPrice: 2200,
  soloPrice: '',
  soloPromoStart: '2025-06-01',
  soloPromoEnd: '2025-09-30',
  duration: 'About 5 hours',
  available: true,
}

describe('tourPackageUpdateSchema', () => {
  it('accepts form strings and turns blanks into null', () => {
    expect(tourPackageUpdateSchema.parse(valid)).toMatchObject({ basePrice: 14300, extraGuestPrice: 2200, soloPrice: null, available: true })
  })
  it('refuses a half-open promotion window', () => {
    const r = tourPackageUpdateSchema.safeParse({ ...valid, soloPromoEnd: '' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toBe(PROMO_BOTH_MESSAGE)
  })
  it('refuses a window that ends before it starts, negative prices and an empty duration', () => {
    expect(tourPackageUpdateSchema.safeParse({ ...valid, soloPromoEnd: '2025-05-01' }).success).toBe(false)
    expect(tourPackageUpdateSchema.safeParse({ ...valid, basePrice: -1 }).success).toBe(false)
    expect(tourPackageUpdateSchema.safeParse({ ...valid, basePrice: '12.5' }).success).toBe(false)
    expect(tourPackageUpdateSchema.safeParse({ ...valid, duration: '  ' }).success).toBe(false)
  })
  // docs/decisions/0027.
  it('refuses a duration on more than one line', () => {
    const r = tourPackageUpdateSchema.safeParse({ ...valid, duration: 'About 5 hours\r\nBcc: x@evil.example' })
    expect(englishOf(r.error!.issues[0]!.message)).toBe('Duration must be on one line, without control characters')
  })
})
