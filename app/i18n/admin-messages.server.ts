import type { AppLoadContext } from 'react-router'
import { isAdminPath } from '../../core/admin-redirect.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import type { Locale } from '../../core/i18n/locales.ts'
import { adminLocaleFor, adminMessages, messagesFor } from '../../server/for-app.server.ts'
import { LOGIN_REFUSAL_IDS } from '../../core/schemas/auth.ts'
import { messagesIn, requestLocale } from './messages.server.ts'

// One answer per request: the root loader (the chrome) and the dashboard's loaders ask for it alike (docs/decisions/0088).
const chosenFor = new WeakMap<AppLoadContext, AdminLocale>()

/**
 * The dashboard's language for this request (docs/decisions/0086): the admin's choice, else their
 * browser's between Japanese and English. Worked out once per request, whoever asks first.
 */
export function requestAdminLocale(request: Request, context: AppLoadContext | undefined): AdminLocale {
  const known = context && chosenFor.get(context)
  if (known) return known
  const locale = adminLocaleFor(context?.user?.language ?? null, request.headers.get('accept-language'))
  if (context) chosenFor.set(context, locale)
  return locale
}

/**
 * The dashboard's words in the admin's language (docs/decisions/0086, 0088): what the dashboard's
 * layout loader returns as `messages`, every namespace its screens show, with the 'errors'
 * namespace: the fields the dashboard shares with the guests' forms (an e-mail, a phone number)
 * refuse with its ids (docs/decisions/0087). The page's language itself is the root loader's
 * `locale` (useLocale).
 */
export function adminPageMessages(request: Request, context: AppLoadContext) {
  const locale = requestAdminLocale(request, context)
  return { ...adminMessages(locale), ...messagesFor(locale, ['errors']) }
}

/**
 * The login page's words, in the language the dashboard would speak: the `admin` namespace and,
 * of the dashboard's refusals, only those its form says itself (docs/decisions/0087, 0088).
 */
export function adminLoginMessages(request: Request, context: AppLoadContext) {
  const locale = requestAdminLocale(request, context)
  const refusals = messagesIn(locale, 'adminErrors')
  return { ...messagesIn(locale, 'admin'), ...Object.fromEntries(LOGIN_REFUSAL_IDS.map((id) => [id, refusals[id]])) }
}

/**
 * The language of the chrome every page shares (the root loader's `locale`): the admin's on the
 * dashboard's paths, else the URL's. Prerendering has no context: its pages are all public.
 */
export function chromeLocale(request: Request, context: AppLoadContext | undefined): Locale {
  return isAdminPath(new URL(request.url).pathname) ? requestAdminLocale(request, context) : requestLocale(request)
}
