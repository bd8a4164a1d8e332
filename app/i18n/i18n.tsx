import type { I18n } from '@lingui/core'
import { TransNoContext } from '@lingui/react/server'
import { createContext, useContext, useMemo } from 'react'
import { useLocation, useMatches } from 'react-router'
import { localeFromPath, localizePath, type Locale } from '../../core/i18n/locales.ts'
import { matchMessage } from '../../core/i18n/message-match.ts'
import type { MessageId, MessageValues } from '../../core/i18n/message-id.ts'
import { createTranslator, messagesOfMatches, type Translate } from './translator.ts'

const I18nContext = createContext<I18n | null>(null)

/**
 * The page's language for every component below the root (docs/decisions/0044): the locale
 * comes from the URL, the messages from the matched routes' loaders. A new set of matched routes
 * makes a new Lingui instance; Lingui's own provider keeps the first instance it was given (it
 * expects one long-lived instance), so the context here is a plain React context.
 */
export function LocaleProvider({ children }: { children: React.ReactNode }) {
  const locale = useLocale()
  const matches = useMatches()
  // Loader data only changes with the matched routes, so their ids key the instance.
  const key = `${locale}|${matches.map((m) => m.id).join(',')}`
  const i18n = useMemo(() => createTranslator(locale, messagesOfMatches(matches)), [key])
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

/** The locale of the current URL; /admin and every unprefixed path are English. */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname)
}

function useI18n(): I18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useT must be used under the root route (LocaleProvider)')
  return i18n
}

/** Translates a message id of the page's locale. */
export function useT(): Translate {
  const i18n = useI18n()
  return (id, values) => i18n._(id, values)
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
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n: useI18n() }} />
}

/**
 * The shared schemas' and the server's English messages (the API's language) in the page's
 * language: a form page's loader sends the English texts of the 'errors' namespace with its
 * messages in other locales (formPageMessages), and the text is recognised among them.
 */
export function useLocalizeText(): (text: string) => string {
  const t = useT()
  const english = useMatches()
    .map((m) => (m.loaderData as { errorTexts?: Record<string, string> } | undefined)?.errorTexts)
    .find((texts) => texts !== undefined)
  return (text) => {
    const match = english ? matchMessage(text, english) : undefined
    return match ? t(match.id as MessageId, match.values) : text
  }
}
