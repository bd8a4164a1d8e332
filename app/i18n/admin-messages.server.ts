import { isAdminPath } from '../../core/admin-redirect.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import type { Locale } from '../../core/i18n/locales.ts'
import { adminLocaleFor, adminMessages, messagesFor } from '../../server/for-app.server.ts'
import { requestLocale } from './messages.server.ts'

/**
 * The dashboard's language for a signed-in admin and its words (docs/decisions/0086): what an
 * admin page's loader returns as `adminLocale` (useLocale prefers it to the URL's) and `messages`,
 * with the 'errors' namespace: the fields the dashboard shares with the guests' forms (an e-mail, a
 * phone number) refuse with its ids (docs/decisions/0087).
 */
export function adminPageLanguage(request: Request, chosen: AdminLocale | null) {
  const adminLocale = adminLocaleFor(chosen, request.headers.get('accept-language'))
  return { adminLocale, messages: { ...adminMessages(adminLocale), ...messagesFor(adminLocale, ['errors']) } }
}

/**
 * The language of the chrome every page shares (the root loader's): the admin's on the dashboard's
 * paths, else the URL's. Prerendering has no signed-in user: its pages are all public.
 */
export function chromeLocale(request: Request, user: { language: AdminLocale | null } | null | undefined): Locale {
  return isAdminPath(new URL(request.url).pathname) ? adminLocaleFor(user?.language ?? null, request.headers.get('accept-language')) : requestLocale(request)
}
