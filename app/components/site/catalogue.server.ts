import type { AppLoadContext } from 'react-router'
import { FREE_CANCELLATION_DAYS } from '../../../core/cancellation-policy.ts'
import { todayInTokyo } from '../../../core/dates.ts'
import { MAX_GROUP } from '../../../core/pricing.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { type PublicPolicy, type PublicTour, toPublicTours } from './tour-prices.ts'

/**
 * The tours with their current prices, for the loaders of the pages rendered per request
 * (/, /packages, /legal; docs/decisions/0004), in the page's language. "Today" is Japan's date (docs/decisions/0019), so the solo
 * special appears and disappears with the promotion window, not with a rebuild.
 */
export async function loadPublicTours(context: AppLoadContext, locale: Locale, now: Date = new Date()): Promise<PublicTour[]> {
  return (await loadPublicToursIn(context, [locale], now))[locale]
}

/** The same tours in several languages, read once (the legal notice shows Japanese and English side by side). */
export async function loadPublicToursIn<L extends Locale>(context: AppLoadContext, locales: readonly L[], now: Date = new Date()): Promise<Record<L, PublicTour[]>> {
  const rows = await context.services.catalogue.bookable()
  const today = todayInTokyo(now)
  return Object.fromEntries(locales.map((locale) => [locale, toPublicTours(rows, today, locale)])) as Record<L, PublicTour[]>
}

/**
 * The rules the price pages quote, from the pure rule modules. Sent as loader data so the
 * browser bundle does not need to import those modules (and their date library) at all.
 */
export function publicPolicy(): PublicPolicy {
  return { freeCancellationDays: FREE_CANCELLATION_DAYS, maxGroup: MAX_GROUP }
}
