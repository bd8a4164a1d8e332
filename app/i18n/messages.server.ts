import { localeFromPath, type Locale } from '../../core/i18n/locales.ts'
import type { MessageNamespace } from '../../core/i18n/message-id.ts'
import type { MessageId, MessageValues } from '../../core/i18n/message-id.ts'
import { messagesFor, translate } from '../../server/for-app.server.ts'

/** The locale a request was made in: its path's prefix ('/ko/booking.data' → 'ko'). */
export function requestLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname)
}

/**
 * What a page's loader returns as `messages`: the compiled messages of the namespaces its
 * components show, in the request's locale (docs/decisions/0044).
 */
export function pageMessages(request: Request, ...namespaces: MessageNamespace[]) {
  return messagesFor(requestLocale(request), namespaces)
}

/** The compiled messages of these namespaces in a locale the loader chose itself (the root's chrome on the dashboard). */
export function messagesIn(locale: Locale, ...namespaces: MessageNamespace[]) {
  return messagesFor(locale, namespaces)
}

/**
 * What a form page's loader returns: its messages with the 'errors' namespace, in which the
 * browser says the shared schemas' refusals when it checks the form itself, and the JSON API's
 * when a call is refused (useSayRefusal, docs/decisions/0087).
 */
export function formPageMessages(request: Request, ...namespaces: MessageNamespace[]) {
  return { messages: messagesFor(requestLocale(request), [...namespaces, 'errors']) }
}

/** The request's language, for what a loader writes and links itself (JSON-LD). */
export type PageLanguage = { locale: Locale; translate: (id: MessageId, values?: MessageValues) => string }

export function pageLanguage(request: Request): PageLanguage {
  const locale = requestLocale(request)
  return { locale, translate: (id, values) => translate(locale, id, values) }
}
