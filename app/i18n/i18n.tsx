import { createContext, useContext, useMemo } from 'react'
import { useLocation, useMatches } from 'react-router'
import { localeFromPath, localizePath, type Locale } from '../../core/i18n/locales.ts'
import type { MessageId, MessageValues } from '../../core/i18n/message-id.ts'
import { richText } from './rich-text.tsx'
import { createTranslator, messagesOfMatches, rootLocaleOf, type Translate } from './translator.ts'

const TranslateContext = createContext<Translate | null>(null)

/** Gives `useT` a translator outside the router: app/lib/static-markup.server.tsx renders with it. */
export const TranslateProvider = TranslateContext.Provider

/**
 * The page's language for every component below the root (docs/decisions/0044): the locale
 * comes from the URL, the messages from the matched routes' loaders; a new set of matched
 * routes makes a new translator.
 */
export function LocaleProvider({ children }: { children: React.ReactNode }) {
  const locale = useLocale()
  const matches = useMatches()
  // Loader data only changes with the matched routes, so their ids key the translator.
  const key = `${locale}|${matches.map((m) => m.id).join(',')}`
  const t = useMemo(() => createTranslator(locale, messagesOfMatches(matches)), [key])
  return <TranslateContext.Provider value={t}>{children}</TranslateContext.Provider>
}

/**
 * The page's locale: the root loader's, which is the admin's language on the dashboard's paths
 * (docs/decisions/0086, 0088) and the URL's elsewhere; the URL's when the root has no data (its
 * error page). Every other unprefixed path is English.
 */
export function useLocale(): Locale {
  const pathname = useLocation().pathname
  return rootLocaleOf(useMatches()) ?? localeFromPath(pathname)
}

/** Translates a message id of the page's locale. */
export function useT(): Translate {
  const t = useContext(TranslateContext)
  if (!t) throw new Error('useT must be used under the root route (LocaleProvider)')
  return t
}

/** Writes an English path in the page's locale ('/booking' → '/ko/booking'). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale()
  return (path) => localizePath(path, locale)
}

/**
 * A message with markup: numbered tags in the message ('<0>Questions?</0> Chat…') take the
 * elements of `components` at those indexes, so translators move them freely.
 */
export function T({ id, values, components }: { id: MessageId; values?: MessageValues; components?: Record<number, React.ReactElement> }) {
  return <>{richText(useT()(id, values), components ?? {})}</>
}
