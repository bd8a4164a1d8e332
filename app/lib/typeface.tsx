import { createContext, use } from 'react'
import { preload } from 'react-dom'
import type { Locale } from '../../core/i18n/locales.ts'

/**
 * The typeface's files as the build named them (docs/decisions/0051). `app/entry.server.tsx`
 * provides them; in the browser nothing does, and both components render nothing, so the
 * file names never travel in the JavaScript (as with the inline stylesheet).
 */
export type TypefaceFiles = {
  /** The Latin heading and text faces, hinted from the head of pages in a Latin-script language. */
  latin: readonly string[]
  /** The stylesheet of the Noto Serif face that draws a CJK language's headings. */
  headings: Partial<Record<Locale, string>>
}

const TypefaceContext = createContext<TypefaceFiles | undefined>(undefined)
export const TypefaceProvider = TypefaceContext.Provider

/**
 * Preload hints for the Latin faces, at low priority: the page's main picture goes first on a
 * slow connection (the faces are `optional` and simply miss that first view), while on a
 * usual one they arrive in time for the first paint. CJK pages draw their text in the
 * system's own fonts and Latin only in a few words, so they are not hinted there.
 */
export function TypefacePreloads({ locale }: { locale: Locale }) {
  // Server only: the hints are for the first paint, and react-dom's preload() stays out of the browser's bundle.
  if (!import.meta.env.SSR) return null
  const files = use(TypefaceContext)
  if (!files || files.headings[locale]) return null
  for (const href of files.latin) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous', fetchPriority: 'low' })
  return null
}

/**
 * The CJK heading face's @font-face rules, one per slice of the character set (unicode-range),
 * so the browser fetches only the slices whose characters the page shows. Linked at the end of
 * the body, where a stylesheet holds up no paint of the content above it; headings show in the
 * system's serif first and in Noto Serif once its slices arrive (same full-width advances, so
 * no line moves). The file is cached, so a second page has it at once. React 19 skips this
 * element, which the browser's render does not produce, when it hydrates the body.
 */
export function HeadingFaceStylesheet({ locale }: { locale: Locale }) {
  if (!import.meta.env.SSR) return null
  const href = use(TypefaceContext)?.headings[locale]
  return href ? <link rel="stylesheet" href={href} /> : null
}
