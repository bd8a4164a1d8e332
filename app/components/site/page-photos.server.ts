import type { AppLoadContext } from 'react-router'
import type { Locale } from '../../../core/i18n/locales.ts'
import type { PagePhotos } from '../../../core/media/page-photo.ts'
import type { Place } from '../../../core/media/places.ts'

/** How long a page waits for its photos before it shows its illustrations instead. */
const PHOTOS_DEADLINE_MS = 1500

/**
 * The guide's photos in a page's places, for its loader (docs/decisions/0048). Photos dress a page
 * but never hold it up: if the database is slow or down, the page shows its illustrations, as it
 * did before any photo was placed (the About, Explore and Tokyo pages need nothing else from it).
 */
export async function loadPagePhotos(context: AppLoadContext, locale: Locale, places: readonly Place[]): Promise<PagePhotos> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<PagePhotos>((resolve) => {
    timer = setTimeout(() => resolve({}), PHOTOS_DEADLINE_MS)
  })
  try {
    return await Promise.race([context.services.media.onPage(places, locale), deadline])
  } catch {
    return {}
  } finally {
    clearTimeout(timer)
  }
}

/** The places of the given pictures: what a page's loader asks photos for. */
export function placesOf(pictures: readonly { place?: Place }[]): Place[] {
  return [...new Set(pictures.flatMap((p) => (p.place ? [p.place] : [])))]
}
