import { LOCALES, type Locale } from '../../core/i18n/locales.ts'
import { translate } from '../../server/for-app.server.ts'

export type LanguageSuggestion = { label: string; text: string; switch: string; dismiss: string }

/**
 * The suggestion to read a page in another language is written in that language, not the
 * page's: every other locale's four lines, in its own words (docs/decisions/0044).
 */
export function languageSuggestions(pageLocale: Locale): Partial<Record<Locale, LanguageSuggestion>> {
  return Object.fromEntries(
    LOCALES.filter((l) => l.code !== pageLocale).map(({ code }) => [
      code,
      {
        label: translate(code, 'common.suggestion.label'),
        text: translate(code, 'common.suggestion.text'),
        switch: translate(code, 'common.suggestion.switch'),
        dismiss: translate(code, 'common.suggestion.dismiss'),
      },
    ]),
  )
}
