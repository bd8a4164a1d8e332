import './schemas/zod-config.ts'
import { z } from 'zod'
import { LOCALE_CODES, type Locale } from './i18n/locales.ts'
import type { CalendarDate } from './dates.ts'
import { refusalMessage } from './i18n/refusal.ts'
import { hasOnlyTextControls } from './schemas/fields.ts'

/**
 * "What to bring" on the trip page and in the guest's e-mails (docs/decisions/0052):
 * one text per season of Joetsu, chosen by the tour's date. Winter is snow (Joetsu is one of
 * Japan's snowiest cities), June and July the rainy season (tsuyu), August and September the
 * humid heat. The guide writes their own per language; until then the site's own text shows.
 */
export const TRIP_SEASONS = ['winter', 'spring', 'rainy', 'summer', 'autumn'] as const
export type TripSeason = (typeof TRIP_SEASONS)[number]

const SEASON_OF_MONTH: TripSeason[] = ['winter', 'winter', 'spring', 'spring', 'spring', 'rainy', 'rainy', 'summer', 'summer', 'autumn', 'autumn', 'winter']

/** The season of a tour date in Japan's calendar ('2026-12-05' → winter). */
export function seasonOf(date: CalendarDate): TripSeason {
  return SEASON_OF_MONTH[Number(date.slice(5, 7)) - 1]!
}

/** The guide's texts: by season, then language; blank ones are not stored. */
export type WhatToBring = Partial<Record<TripSeason, Partial<Record<Locale, string>>>>

export const WHAT_TO_BRING_MAX = 800

const seasonText = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v),
  z
    .string({ error: 'What to bring must be text' })
    .max(WHAT_TO_BRING_MAX, refusalMessage('adminErrors.whatToBringTooLong', { max: WHAT_TO_BRING_MAX }))
    .refine(hasOnlyTextControls, refusalMessage('adminErrors.whatToBringControl'))
    .optional(),
)

const byLocale = z
  .strictObject(Object.fromEntries(LOCALE_CODES.map((code) => [code, seasonText])) as Record<Locale, typeof seasonText>, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'What to bring is written in the site’s languages only' : undefined),
  })
  .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, v]) => typeof v === 'string' && v !== '')) as Partial<Record<Locale, string>>)

/** The trip settings' "what to bring" part, as stored: one text per season and language. */
export const whatToBringSchema = z
  .strictObject(Object.fromEntries(TRIP_SEASONS.map((s) => [s, byLocale.optional()])) as Record<TripSeason, z.ZodOptional<typeof byLocale>>, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'What to bring has one text per season' : undefined),
  })
  .transform((all) => Object.fromEntries(Object.entries(all).filter(([, v]) => v && Object.keys(v).length > 0)) as WhatToBring)

/**
 * The text for a tour date in the reader's language: the guide's in that language, else the
 * guide's English (marked, so the page can say lang="en"), else the site's own text.
 */
export function whatToBringFor(
  date: CalendarDate,
  locale: Locale,
  guide: WhatToBring,
  shipped: (season: TripSeason) => string,
): { season: TripSeason; text: string; lang?: 'en' } {
  const season = seasonOf(date)
  const own = guide[season]?.[locale]
  if (own) return { season, text: own }
  const english = locale === 'en' ? undefined : guide[season]?.en
  if (english) return { season, text: english, lang: 'en' }
  return { season, text: shipped(season) }
}
