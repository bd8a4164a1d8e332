import { isAdminLocale } from '../../core/i18n/admin-locales.ts'
import type { Locale } from '../../core/i18n/locales.ts'
import { readRefusal, refusalValues, type Said } from '../../core/i18n/refusal.ts'
import { translate } from './catalog.ts'

/**
 * A refusal in a language (docs/decisions/0087): its message with its values written for that
 * reader. An English text (what the dashboard's services still say) stays as it is; a schema's
 * message is read first (a refusal written as zod's string).
 */
export function refusalText(locale: Locale, said: Said): string {
  const read = typeof said === 'string' ? readRefusal(said) : said
  if (typeof read === 'string') return read
  // The dashboard's refusals speak its two languages (docs/decisions/0086); any other reads English.
  const reader = read.id.startsWith('adminErrors.') && !isAdminLocale(locale) ? 'en' : locale
  return translate(reader, read.id, refusalValues(read, reader, (id) => translate(reader, id)))
}

/** The English of a refusal: what the JSON API answers and the logs keep. */
export function englishText(said: Said): string {
  return refusalText('en', said)
}
