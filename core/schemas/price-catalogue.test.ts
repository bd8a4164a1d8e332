import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../pricing.ts'
import { fieldErrors } from './field-errors.ts'
import { englishOfEach } from '../i18n/refusal-english.test-support.ts'
import { priceCatalogueEntrySchema } from './price-catalogue.ts'

function errors(input: Record<string, unknown>): Record<string, string> {
  const result = priceCatalogueEntrySchema.safeParse(input)
  return result.success ? {} : englishOfEach(fieldErrors(result.error))
}

describe('priceCatalogueEntrySchema', () => {
  it('accepts the seed figures unchanged', () => {
    expect(priceCatalogueEntrySchema.parse(DEFAULT_CATALOGUE.halfDay)).toEqual(DEFAULT_CATALOGUE.halfDay)
    expect(priceCatalogueEntrySchema.parse(DEFAULT_CATALOGUE.fullDay)).toEqual(DEFAULT_CATALOGUE.fullDay)
  })

  it('reads form strings and turns blanks into "none"', () => {
    expect(
      priceCatalogueEntrySchema.parse({
        basePrice: '14300',
        extraGuestPrice: '2200',
        soloPrice: '',
        soloPromoStart: '',
        soloPromoEnd: undefined,
      }),
    ).toEqual({ basePrice: 14300, extraGuestPrice: 2200, soloPrice: null, soloPromoStart: null, soloPromoEnd: null })
  })

  it('allows a free tour (0 skips payment)', () => {
    expect(errors({ basePrice: 0, extraGuestPrice: 0 })).toEqual({})
  })

  it('refuses fractions, negatives and text', () => {
    expect(errors({ basePrice: 14300.5, extraGuestPrice: -1, soloPrice: 'cheap' })).toEqual({
      basePrice: 'Base price must be a whole number of yen',
      extraGuestPrice: 'Extra guest price cannot be negative',
      soloPrice: 'Solo price must be a whole number of yen',
    })
    expect(errors({ basePrice: '14,300', extraGuestPrice: 2200 })).toEqual({
      basePrice: 'Base price must be a whole number of yen',
    })
  })

  it('needs real promotion dates in order', () => {
    const base = { basePrice: 14300, extraGuestPrice: 2200, soloPrice: 8800 }
    expect(errors({ ...base, soloPromoStart: '2025-06-31' })).toEqual({ soloPromoStart: 'Promotion start must be a valid date' })
    expect(errors({ ...base, soloPromoStart: '2025-09-30', soloPromoEnd: '2025-06-01' })).toEqual({
      soloPromoEnd: 'Promotion end must not be before its start',
    })
    expect(errors({ ...base, soloPromoStart: '2025-06-01', soloPromoEnd: '2025-06-01' })).toEqual({})
  })
})
