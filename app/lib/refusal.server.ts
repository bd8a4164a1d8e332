import type { Locale } from '../../core/i18n/locales.ts'
import { localizeServerText, type Failure } from '../../server/for-app.server.ts'

/**
 * A service's refusal as a guest form's action answers it: its message and each field's in the
 * page's language (the services speak the API's English, docs/decisions/0044).
 */
export function localizedRefusal(failure: Failure, locale: Locale): { message: string; errors: Record<string, string> } {
  return {
    message: localizeServerText(locale, failure.message),
    errors: Object.fromEntries(Object.entries(failure.errors ?? {}).map(([field, text]) => [field, localizeServerText(locale, text)])),
  }
}
