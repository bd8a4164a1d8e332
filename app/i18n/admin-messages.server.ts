import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import { adminLocaleFor, adminMessages } from '../../server/for-app.server.ts'

/**
 * The dashboard's language for a signed-in admin and its words (docs/decisions/0086): what an
 * admin page's loader returns as `adminLocale` (useLocale prefers it to the URL's) and `messages`.
 */
export function adminPageLanguage(request: Request, chosen: AdminLocale | null) {
  const adminLocale = adminLocaleFor(chosen, request.headers.get('accept-language'))
  return { adminLocale, messages: adminMessages(adminLocale) }
}
