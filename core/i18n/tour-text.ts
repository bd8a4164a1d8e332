import type { Locale } from './locales.ts'

/**
 * A catalogue tour's words (docs/decisions/0045). The English text is the tour's own columns; the
 * other languages are the guide's translations of them, kept with the tour, any of them optional:
 * a field left blank in a language shows the English one, so a half-translated tour never shows
 * an empty name.
 */
export const TOUR_TEXT_FIELDS = ['name', 'shortDescription', 'description', 'duration'] as const
export type TourTextField = (typeof TOUR_TEXT_FIELDS)[number]
export type TourText = Record<TourTextField, string>

/** The translations stored with a tour, by language (English is not among them). */
export type TourTranslations = Partial<Record<Exclude<Locale, 'en'>, Partial<TourText>>>

/** The tour as a reader of `locale` sees it: each text in that language where the guide has written it. */
export function localizeTour<T extends Partial<TourText> & { translations: TourTranslations }>(tour: T, locale: Locale): T {
  const own = locale === 'en' ? undefined : tour.translations[locale]
  if (!own) return tour
  const texts = TOUR_TEXT_FIELDS.filter((field) => field in tour && own[field]?.trim()).map((field) => [field, own[field]])
  return { ...tour, ...Object.fromEntries(texts) }
}
