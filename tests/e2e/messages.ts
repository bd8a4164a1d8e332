import type { Locale } from '../../core/i18n/locales.ts'
import { allSourceMessages } from '../../server/i18n/catalog.ts'

/**
 * A language's messages as written, every namespace in one record, read the way the server
 * reads them (docs/decisions/0085): the words a page in that language should show.
 */
export function messagesOf(locale: Locale): Record<string, string> {
  return allSourceMessages()[locale]
}
