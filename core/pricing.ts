import { refusalMessage } from './i18n/refusal.ts'
import { type CalendarDate, daysBetween, isCalendarDate } from './dates.ts'
import { formatYen, isYenAmount } from './money.ts'

/**
 * The quote for a tour (docs/decisions/0019).
 *
 * All prices are tax-inclusive yen (Japanese law wants consumer prices shown with
 * tax), read from one catalogue entry per tour package so no page carries a price
 * literal. The server calls `quote` to fix the total of a booking when it is
 * created; the browser calls the same function for its live summary, so the two
 * cannot disagree. A total sent by the client is never used.
 *
 *   1–2 guests: basePrice
 *   3–5 guests: basePrice + extraGuestPrice per guest beyond 2
 *   1 guest, tour date inside the promotion window: soloPrice
 */

export type PriceCatalogueEntry = {
  /** Yen, tax included, for 1–2 guests. */
  basePrice: number
  /** Yen per guest beyond INCLUDED_GUESTS. */
  extraGuestPrice: number
  /** Yen for exactly one guest while the promotion runs; null: no solo price. */
  soloPrice: number | null
  /** First day of the promotion (Japan calendar date, inclusive); null: no start limit. */
  soloPromoStart: CalendarDate | null
  /** Last day of the promotion (inclusive); null: no end limit. */
  soloPromoEnd: CalendarDate | null
}

export const MIN_GROUP = 1
export const MAX_GROUP = 5
export const INCLUDED_GUESTS = 2

// The product description's messages (docs/decisions/0019), shared with the booking schema.
// Refusals: message ids with their values (docs/decisions/0087).
export const MIN_GROUP_MESSAGE = refusalMessage('errors.groupMin', { min: MIN_GROUP })
export const MAX_GROUP_MESSAGE = refusalMessage('errors.groupMax', { max: MAX_GROUP })
export const WHOLE_GROUP_MESSAGE = refusalMessage('errors.groupWhole')

/** The Green Season 2025 promotion (docs/decisions/0019). */
export const GREEN_SEASON_2025 = { start: '2025-06-01', end: '2025-09-30' } as const

/** Seed figures for tour_packages (docs/decisions/0019). The database copy is the one in force; admins may edit it. */
export const DEFAULT_CATALOGUE = {
  halfDay: {
    basePrice: 14_300,
    extraGuestPrice: 2_200,
    soloPrice: 8_800,
    soloPromoStart: GREEN_SEASON_2025.start,
    soloPromoEnd: GREEN_SEASON_2025.end,
  },
  fullDay: {
    basePrice: 22_000,
    extraGuestPrice: 4_400,
    soloPrice: 15_400,
    soloPromoStart: GREEN_SEASON_2025.start,
    soloPromoEnd: GREEN_SEASON_2025.end,
  },
} as const satisfies Record<'halfDay' | 'fullDay', PriceCatalogueEntry>

/**
 * A line of a quote: its English label (the API's, the guide's), and what it is, for pages in other
 * languages (docs/decisions/0044): the solo special, the tour for the included guests, or `count`
 * extra guests at `unit` yen each.
 */
export type QuoteLine = { label: string; amount: number } & ({ kind: 'solo' | 'base' } | { kind: 'extra'; count: number; unit: number })

export type Quote =
  | { ok: true; total: number; lines: QuoteLine[]; soloSpecial: boolean }
  | { ok: false; message: string }

/** Whether `date` falls in the entry's promotion window, both ends included. */
function inPromotionWindow(entry: PriceCatalogueEntry, date: CalendarDate): boolean {
  if (entry.soloPrice === null) return false
  if (entry.soloPromoStart !== null && daysBetween(entry.soloPromoStart, date) < 0) return false
  if (entry.soloPromoEnd !== null && daysBetween(date, entry.soloPromoEnd) < 0) return false
  return true
}

/**
 * Whether pages should advertise the solo special as current (docs/decisions/0019: outside the
 * window "pages do not advertise the promotion as current"). Takes today's date in
 * Japan, unlike `quote`, which looks at the tour date.
 */
export function isPromotionOpen(entry: PriceCatalogueEntry, today: CalendarDate): boolean {
  return inPromotionWindow(entry, today)
}

function assertCatalogueEntry(entry: PriceCatalogueEntry): void {
  // Catalogue figures come from the database through the admin's validated form;
  // a non-integer here is a data bug, and charging a guest from it would be worse.
  const prices = { basePrice: entry.basePrice, extraGuestPrice: entry.extraGuestPrice, soloPrice: entry.soloPrice }
  for (const [field, value] of Object.entries(prices)) {
    if (value !== null && !isYenAmount(value)) {
      throw new RangeError(`Price catalogue ${field} is not a whole number of yen: ${String(value)}`)
    }
  }
}

/**
 * The total for `guests` people on `tourDate`.
 *
 * The solo special is decided by the TOUR date, not the day of booking: the price
 * belongs to the tour being sold, so a guest booking in May for a tour in July
 * gets the Green Season price, and one booking in September for October does not.
 * That also makes the total reproducible from the booking alone.
 *
 * Group size outside 1–5 (or not a whole number) is an answer, not an exception,
 * because it comes straight from the form. The guide's bookings (docs/decisions/0059) pass
 * their larger `maxGuests`: each guest beyond two costs the extra-guest price, as up to five.
 */
export function quote(entry: PriceCatalogueEntry, guests: number, tourDate: CalendarDate, maxGuests: number = MAX_GROUP): Quote {
  if (!Number.isInteger(guests)) return { ok: false, message: WHOLE_GROUP_MESSAGE }
  if (guests < MIN_GROUP) return { ok: false, message: MIN_GROUP_MESSAGE }
  if (guests > maxGuests) return { ok: false, message: maxGuests === MAX_GROUP ? MAX_GROUP_MESSAGE : refusalMessage('errors.groupMax', { max: maxGuests }) }
  if (!isCalendarDate(tourDate)) throw new RangeError(`Invalid tour date: ${JSON.stringify(tourDate)}`)
  assertCatalogueEntry(entry)

  if (guests === 1 && entry.soloPrice !== null && inPromotionWindow(entry, tourDate)) {
    return { ok: true, total: entry.soloPrice, lines: [{ label: 'Solo special, 1 guest', amount: entry.soloPrice, kind: 'solo' }], soloSpecial: true }
  }

  const lines: QuoteLine[] = [{ label: `Tour for 1–${INCLUDED_GUESTS} guests`, amount: entry.basePrice, kind: 'base' }]
  const extraGuests = Math.max(0, guests - INCLUDED_GUESTS)
  if (extraGuests > 0) {
    const noun = extraGuests === 1 ? 'additional guest' : 'additional guests'
    lines.push({
      label: `${extraGuests} ${noun} × ${formatYen(entry.extraGuestPrice)}`,
      amount: extraGuests * entry.extraGuestPrice,
      kind: 'extra',
      count: extraGuests,
      unit: entry.extraGuestPrice,
    })
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  return { ok: true, total, lines, soloSpecial: false }
}
