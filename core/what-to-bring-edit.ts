import type { Locale } from './i18n/locales.ts'
import { TRIP_SEASONS, type TripSeason, type WhatToBring } from './what-to-bring.ts'

/** A textarea's text as it is compared and stored: one kind of line break, no space around. */
const normalised = (text: string) => text.replace(/\r\n?/g, '\n').trim()

/**
 * What a season's text reads in a language now (docs/decisions/0052): the guide's words in it,
 * else for another language the guide's English, else the site's own text. The form starts from it.
 */
export function shownWhatToBring(stored: WhatToBring, locale: Locale, season: TripSeason, shipped: Record<TripSeason, string>): string {
  return stored[season]?.[locale] ?? (locale === 'en' ? undefined : stored[season]?.en) ?? shipped[season]
}

/**
 * The guide's save of one language's texts, merged into what is stored for every language. A text
 * left empty, or as guests would read it without the guide's words in this language, is not the
 * guide's own: it is not stored, so the language keeps following the site's text (or the guide's
 * English). The other languages are left as they are.
 */
export function withLanguageEdited(stored: WhatToBring, locale: Locale, texts: Partial<Record<TripSeason, string>>, shipped: Record<TripSeason, string>): WhatToBring {
  const edited: WhatToBring = {}
  for (const season of TRIP_SEASONS) {
    const { [locale]: _, ...others } = stored[season] ?? {}
    const text = normalised(texts[season] ?? '')
    const fallback = (locale === 'en' ? undefined : stored[season]?.en) ?? shipped[season]
    const own = text === '' || text === normalised(shipped[season]) || text === normalised(fallback) ? undefined : text
    const byLocale = own === undefined ? others : { ...others, [locale]: own }
    if (Object.keys(byLocale).length > 0) edited[season] = byLocale
  }
  return edited
}
