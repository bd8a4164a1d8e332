import { createContext, use } from 'react'
import { preload } from 'react-dom'
import type { Locale } from '../../core/i18n/locales.ts'

/**
 * The typeface's files as the build named them (docs/decisions/0051). `app/entry.server.tsx`
 * provides them; in the browser nothing does, and the hints render nothing, so the
 * file names never travel in the JavaScript (as with the inline stylesheet).
 */
export type TypefaceFiles = {
  /** The Latin heading and text faces, hinted from the head of English pages. */
  latin: readonly string[]
}

const TypefaceContext = createContext<TypefaceFiles | undefined>(undefined)
export const TypefaceProvider = TypefaceContext.Provider

/** Screens on which pages use the Latin faces: the media query of app/app.css's rule that names them. */
export const TYPEFACE_MEDIA = '(min-width: 48rem)'

/**
 * Preload hints for the Latin faces, at low priority, for the screens that use them (a phone
 * draws the page in its own faces, decision 0061): the page's main picture goes first on a
 * slow connection (the faces are `optional` and simply miss that first view), while on a
 * usual one they arrive in time for the first paint. Japanese, Chinese and Korean pages draw
 * their text in the system's own fonts and Latin only in a few words, so they are not hinted there.
 */
export function TypefacePreloads({ locale }: { locale: Locale }) {
  // Server only: the hints are for the first paint, and react-dom's preload() stays out of the browser's bundle.
  if (!import.meta.env.SSR) return null
  const files = use(TypefaceContext)
  if (!files || locale !== 'en') return null
  for (const href of files.latin) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous', fetchPriority: 'low', media: TYPEFACE_MEDIA })
  return null
}
