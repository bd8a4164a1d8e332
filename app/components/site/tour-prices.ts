import { INCLUDED_GUESTS, isPromotionOpen } from '../../../core/pricing.ts'
import { type CalendarDate, formatLongDate } from '../../../core/dates.ts'
import type { TourPackage } from '../../../server/for-app.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { localizeTour } from '../../../core/i18n/tour-text.ts'
import { tourAnchor } from '../../../core/tour-pages.ts'

// Server-side only (loaders): the page components import the PublicTour type alone.

/**
 * What the public pages show of a catalogue tour (docs/decisions/0019). Computed in the loader from the
 * database row, so every figure on the page comes from the catalogue; the solo special
 * is only present while its promotion window is open today (in Japan).
 */
export type PublicTour = {
  slug: string
  /** The id of the tour's price card, the page Google's Things to Do feed links to (docs/decisions/0078). */
  anchor: string
  name: string
  shortDescription: string
  description: string
  duration: string
  isHalfDay: boolean
  /** How many guests the base price covers (2). */
  includedGuests: number
  /** Yen, tax included, for 1–includedGuests guests. */
  basePrice: number
  extraGuestPrice: number
  maxGroupSize: number
  /**
   * The solo special, only while it is current; `until` is its last day in words of the page's
   * language, written here so the page needs no date code of its own (the home page's budget).
   */
  solo: { price: number; until: string | null; untilDate: CalendarDate | null } | null
}

/** `rows` are the bookable tours (the catalogue service's `bookable()`); their words are shown in `locale`. */
export function toPublicTours(rows: TourPackage[], today: CalendarDate, locale: Locale = 'en'): PublicTour[] {
  return rows.map((stored) => localizeTour(stored, locale)).map((row) => ({
      slug: row.slug,
      anchor: tourAnchor(row.slug),
      name: row.name,
      shortDescription: row.shortDescription,
      description: row.description,
      duration: row.duration,
      isHalfDay: row.isHalfDay,
      includedGuests: INCLUDED_GUESTS,
      basePrice: row.basePrice,
      extraGuestPrice: row.extraGuestPrice,
      maxGroupSize: row.maxGroupSize,
      solo:
        row.soloPrice !== null && isPromotionOpen(row, today)
          ? {
              price: row.soloPrice,
              until: row.soloPromoEnd ? formatLongDate(row.soloPromoEnd, locale) : null,
              untilDate: row.soloPromoEnd,
            }
          : null,
    }))
}

/** The booking rules the price pages quote, handed over by the loader (no rule is repeated in page code). */
export type PublicPolicy = {
  /** Free cancellation until this many days before the tour. */
  freeCancellationDays: number
  /** Largest group a tour takes online. */
  maxGroup: number
}
