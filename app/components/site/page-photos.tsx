import { useMatches } from 'react-router'
import type { PagePhotos } from '../../../core/media/page-photo.ts'
import type { Place } from '../../../core/media/places.ts'

/**
 * The guide's photo in a place of the current page (docs/decisions/0048): the page's loader
 * returns its photos as `photos`, so each picture on it can swap its illustration for the
 * photo without every component in between passing them on.
 */
export function usePagePhoto(place: Place | undefined) {
  const page = useMatches().at(-1)?.loaderData as { photos?: PagePhotos } | undefined
  return place ? page?.photos?.[place] : undefined
}
