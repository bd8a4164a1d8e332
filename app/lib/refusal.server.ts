import type { Locale } from '../../core/i18n/locales.ts'
import type { Said } from '../../core/i18n/refusal.ts'
import { refusalText, type Failure } from '../../server/for-app.server.ts'

/**
 * A service's refusal as a form's action answers it: its message and each field's in the page's
 * language, said from the refusal's message id and values (docs/decisions/0087).
 */
export function localizedRefusal(failure: Failure, locale: Locale): { message: string; errors: Record<string, string> } {
  return {
    message: refusalText(locale, failure.refusal),
    errors: Object.fromEntries(Object.entries(failure.refusals ?? {}).map(([field, said]) => [field, refusalText(locale, said)])),
  }
}

/** One refusal (a schema's first, say) in a page's language. */
export function refusalIn(locale: Locale, said: Said): string {
  return refusalText(locale, said)
}
