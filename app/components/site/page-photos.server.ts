import type { AppLoadContext } from 'react-router'
import type { Locale } from '../../../core/i18n/locales.ts'
import type { PagePhotos } from '../../../core/media/page-photo.ts'
import type { Place } from '../../../core/media/places.ts'
import { readOrFallback } from '../../lib/decoration.server.ts'

/** The guide's photos in a page's places, for its loader (docs/decisions/0048); the illustrations if the database cannot answer. */
export function loadPagePhotos(context: AppLoadContext, locale: Locale, places: readonly Place[]): Promise<PagePhotos> {
  return readOrFallback(() => context.services.media.onPage(places, locale), {})
}

/** The places of the given pictures: what a page's loader asks photos for. */
export function placesOf(pictures: readonly { place?: Place }[]): Place[] {
  return [...new Set(pictures.flatMap((p) => (p.place ? [p.place] : [])))]
}
