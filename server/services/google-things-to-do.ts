import { googleThingsToDoFeed } from '../../core/google-things-to-do.ts'
import type { ProductFeed } from '../../core/schemas/google-things-to-do-feed.ts'
import type { SiteIdentity } from '../../core/site.ts'
import type { CatalogueService } from './catalogue.ts'
import type { TripService } from './trip.ts'

/**
 * Google's Things to Do product feed (docs/decisions/0078) from the database: the tours guests
 * may book (the catalogue's one filter) and the meeting points, handed to the pure builder.
 * GET /feeds/google-things-to-do.json and `npm run feed:google` both write what `feed` returns.
 */
export function createGoogleThingsToDoService(deps: { catalogue: CatalogueService; trip: TripService; site: SiteIdentity; now: () => Date }) {
  return {
    async feed(): Promise<ProductFeed> {
      const [tours, points, settings] = await Promise.all([deps.catalogue.bookable(), deps.trip.points(), deps.trip.settings()])
      return googleThingsToDoFeed({ tours, site: deps.site, meeting: { points, settings }, now: deps.now() })
    },
  }
}

export type GoogleThingsToDoService = ReturnType<typeof createGoogleThingsToDoService>
