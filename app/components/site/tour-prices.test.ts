import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../../../core/pricing.ts'
import type { TourPackage } from '../../../server/for-app.ts'
import { toPublicTours } from './tour-prices.ts'

const row = (over: Partial<TourPackage> = {}): TourPackage => ({
  id: 1,
  slug: 'half-day',
  name: 'Half-Day Private Tour',
  shortDescription: 'About 5 hours.',
  description: 'A relaxed morning.',
  duration: 'About 5 hours',
  translations: {},
  isHalfDay: true,
  ...DEFAULT_CATALOGUE.halfDay,
  maxGroupSize: 5,
  available: true,
  imageUrl: null,
  sortOrder: 1,
  createdAt: new Date('2025-01-01T00:00:00Z'),
  updatedAt: new Date('2025-01-01T00:00:00Z'),
  ...over,
})

describe('toPublicTours (what the price pages show, docs/decisions/0019)', () => {
  it('shows the catalogue prices as they are, with the base covering two guests', () => {
    const [tour] = toPublicTours([row({ basePrice: 15_000, extraGuestPrice: 2_500, maxGroupSize: 4 })], '2026-11-21')
    expect(tour).toMatchObject({ basePrice: 15_000, extraGuestPrice: 2_500, maxGroupSize: 4, includedGuests: 2 })
  })

  it('gives each tour the card id that Google’s Things to Do feed links to (docs/decisions/0078)', () => {
    expect(toPublicTours([row(), row({ id: 2, slug: 'full-day', isHalfDay: false })], '2026-11-21').map((t) => t.anchor)).toEqual(['tour-half-day', 'tour-full-day'])
  })

  it('advertises the solo special only while its window is open today, both ends included', () => {
    const rows = [row()]
    expect(toPublicTours(rows, '2025-05-31')[0]?.solo).toBeNull()
    expect(toPublicTours(rows, '2025-06-01')[0]?.solo).toEqual({ price: 8_800, until: 'Tuesday, September 30, 2025', untilDate: '2025-09-30' })
    expect(toPublicTours(rows, '2025-06-01', 'ja')[0]?.solo?.until).toBe('2025年9月30日火曜日')
    expect(toPublicTours(rows, '2025-09-30')[0]?.solo?.price).toBe(8_800)
    expect(toPublicTours(rows, '2025-10-01')[0]?.solo).toBeNull()
    // The default Green Season 2025 window is long closed in November 2026.
    expect(toPublicTours(rows, '2026-11-21')[0]?.solo).toBeNull()
  })

  // Which tours are bookable is the catalogue service's bookable() (tests/integration/bookings.test.ts).
  it('never shows a solo special without a solo price', () => {
    expect(toPublicTours([row({ soloPrice: null })], '2025-07-01')[0]?.solo).toBeNull()
  })
})
