import type { Locale } from '../../core/i18n/locales.ts'
import type { MessageId, MessageValues } from '../../core/i18n/message-id.ts'
import { formatMessage, type CompiledMessages } from '../../core/i18n/format-message.ts'

export type Translate = (id: MessageId, values?: MessageValues) => string

type MatchLike = { loaderData?: unknown } | undefined

/**
 * The compiled messages the matched routes' loaders delivered (docs/decisions/0044): the root
 * gives the chrome's ('common'), each page its own namespaces.
 */
export function messagesOfMatches(matches: ReadonlyArray<MatchLike>): CompiledMessages {
  const merged: CompiledMessages = {}
  for (const match of matches) {
    const messages = (match?.loaderData as { messages?: CompiledMessages } | null | undefined)?.messages
    if (messages) Object.assign(merged, messages)
  }
  return merged
}

/**
 * Translates over already compiled messages, so the browser needs no compiler
 * (docs/decisions/0046). An id a page's loader did not deliver is a programming error:
 * development throws at once, production shows the id rather than fail the guest's page
 * (server/i18n/messages.unit.test.ts and the browser tests keep it from happening).
 */
export function createTranslator(locale: Locale, messages: CompiledMessages): Translate {
  return (id, values) => {
    const message = messages[id]
    if (message !== undefined) return formatMessage(message, locale, values)
    if (import.meta.env.DEV) throw new Error(`Message ${id} (${locale}) was not delivered by the page's loaders`)
    return id
  }
}

/** The translate function of meta functions, which run outside React. */
export function metaTranslator(locale: Locale, matches: ReadonlyArray<MatchLike>): Translate {
  return createTranslator(locale, messagesOfMatches(matches))
}

/** The business's name from the root loader's site identity, for a meta title written outside React. */
export function businessNameOf(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  return (matches.find((m) => m?.id === 'root')?.loaderData as { site?: { businessName: string } } | undefined)?.site?.businessName ?? ''
}

/** The page's language as the root loader decided it (docs/decisions/0088): the admin's on the dashboard, for meta functions and useLocale. */
export function rootLocaleOf(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): Locale | undefined {
  return (matches.find((m) => m?.id === 'root')?.loaderData as { locale?: Locale } | undefined)?.locale
}
