import { createContext, type ReactNode, useContext } from 'react'
import type { PagePhotos } from '../../../core/media/page-photo.ts'
import type { Place } from '../../../core/media/places.ts'

/**
 * The guide's photos on the current page, by place (docs/decisions/0048): a page's loader reads
 * them and the page hands them down here, so each picture on it can swap its illustration for
 * the photo without every component in between passing them on.
 */
const PagePhotosContext = createContext<PagePhotos>({})

export function PagePhotosProvider({ photos, children }: { photos: PagePhotos; children: ReactNode }) {
  return <PagePhotosContext.Provider value={photos}>{children}</PagePhotosContext.Provider>
}

export function usePagePhoto(place: Place | undefined) {
  const photos = useContext(PagePhotosContext)
  return place ? photos[place] : undefined
}
