import { DEFAULT_CATALOGUE } from '../../core/pricing.ts'
import type { Db } from './client.ts'
import { tourPackages } from './schema.ts'

/**
 * The two bookable tours with the prices of docs/decisions/0019. Inserted once; afterwards the admin owns
 * the catalogue, so a restart never overwrites an edited price.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  const half = DEFAULT_CATALOGUE.halfDay
  const full = DEFAULT_CATALOGUE.fullDay
  await db
    .insert(tourPackages)
    .values([
      {
        slug: 'half-day',
        name: 'Half-Day Private Tour',
        shortDescription: 'About 5 hours in Joetsu, planned around your interests.',
        description:
          'A relaxed morning or afternoon with your local guide: castle grounds, old-town streets, a café or market stop, chosen together before your visit.',
        duration: 'About 5 hours',
        isHalfDay: true,
        basePrice: half.basePrice,
        extraGuestPrice: half.extraGuestPrice,
        soloPrice: half.soloPrice,
        soloPromoStart: half.soloPromoStart,
        soloPromoEnd: half.soloPromoEnd,
        maxGroupSize: 5,
        imageUrl: '/images/packages/half-day.svg',
        sortOrder: 1,
      },
      {
        slug: 'full-day',
        name: 'Full-Day Private Tour',
        shortDescription: 'About 9 hours including a lunch break: the coast, the castle town and the mountains.',
        description:
          'A full day from 9:00 with time to go further: the Sea of Japan coast, Takada’s castle town, sake breweries or the Myoko foothills, with a lunch break at a local favourite.',
        duration: 'About 9 hours (including a lunch break)',
        isHalfDay: false,
        basePrice: full.basePrice,
        extraGuestPrice: full.extraGuestPrice,
        soloPrice: full.soloPrice,
        soloPromoStart: full.soloPromoStart,
        soloPromoEnd: full.soloPromoEnd,
        maxGroupSize: 5,
        imageUrl: '/images/packages/full-day.svg',
        sortOrder: 2,
      },
    ])
    .onConflictDoNothing({ target: tourPackages.slug })
}
