import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { Locale } from '../../core/i18n/locales.ts'
import type { MessageId, MessageValues } from '../../core/i18n/message-id.ts'

export type Translate = (id: MessageId, values?: MessageValues) => string

type MatchLike = { loaderData?: unknown } | undefined

/**
 * The compiled messages the matched routes' loaders delivered (docs/decisions/0044): the root
 * gives the chrome's ('common'), each page its own namespaces.
 */
export function messagesOfMatches(matches: ReadonlyArray<MatchLike>): Messages {
  const merged: Messages = {}
  for (const match of matches) {
    const messages = (match?.loaderData as { messages?: Messages } | null | undefined)?.messages
    if (messages) Object.assign(merged, messages)
  }
  return merged
}

/**
 * A Lingui instance over already compiled messages, so the browser needs no compiler. An id a
 * page's loader did not deliver is a programming error: development throws at once, production
 * shows the id rather than fail the guest's page (core/i18n/messages.test.ts and the browser
 * tests keep it from happening).
 */
export function createTranslator(locale: Locale, messages: Messages): I18n {
  return setupI18n({
    locale,
    messages: { [locale]: messages },
    missing: (missingLocale, id) => {
      if (import.meta.env.DEV) throw new Error(`Message ${id} (${missingLocale}) was not delivered by the page's loaders`)
      return id
    },
  })
}

/** The translate function of meta functions, which run outside React. */
export function metaTranslator(locale: Locale, matches: ReadonlyArray<MatchLike>): Translate {
  const i18n = createTranslator(locale, messagesOfMatches(matches))
  return (id, values) => i18n._(id, values)
}
