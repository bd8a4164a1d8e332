import { type CalendarDate, compareDates } from './dates.ts'
import { refusalMessage } from './i18n/refusal.ts'

/**
 * Promo codes (docs/decisions/0062): the guide creates them in the dashboard,
 * the guest types one on the booking form, and the server prices the booking with it. The rules
 * here are pure; the service applies them to the database, where a conditional UPDATE counts
 * each use exactly once.
 */

/** Letters A–Z, digits and '-', 3 to 24 characters, stored in capitals: 'summer-25' is 'SUMMER-25'. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,22}[A-Z0-9]$/
export const PROMO_CODE_FORMAT_MESSAGE = refusalMessage('adminErrors.promoCodeFormat')

/** Percent off, or a yen amount off. */
export const PROMO_KINDS = ['percent', 'amount'] as const
export type PromoKind = (typeof PROMO_KINDS)[number]

/** Which tours a code is for: null for every tour, or half-day or full-day tours only. */
export const PROMO_TOUR_KINDS = ['half-day', 'full-day'] as const
export type PromoTourKind = (typeof PROMO_TOUR_KINDS)[number]

export const PERCENT_MAX = 100
export const AMOUNT_MAX = 1_000_000

export type PromoRule = {
  kind: PromoKind
  /** 1–100 for percent, yen for amount. */
  value: number
  /** First and last day the code may be used (Japan calendar dates, inclusive); null: no limit. */
  validFrom: CalendarDate | null
  validTo: CalendarDate | null
  /** Total uses allowed; null: unlimited. */
  maxUses: number | null
  /** Uses taken so far (live holds and paid bookings). */
  uses: number
  onePerEmail: boolean
  tourKind: PromoTourKind | null
  minGroup: number | null
  active: boolean
}

/** A promo code as the dashboard lists and edits it. */
export type PromoCodeView = PromoRule & { id: number; code: string; createdAt: string; updatedAt: string }

/** Upper-cased and trimmed; null when it is not a code's shape (so it can never match a stored one). */
export function normalisePromoCode(input: unknown): string | null {
  if (typeof input !== 'string') return null
  const code = input.trim().toUpperCase()
  return PROMO_CODE_PATTERN.test(code) ? code : null
}

// Refusals: message ids with their values (docs/decisions/0087).
export const PROMO_UNKNOWN = refusalMessage('errors.promoUnknown')
export const PROMO_INACTIVE = refusalMessage('errors.promoInactive')
/** The date as stored ('2030-06-01'): the API has always answered it so. */
export const PROMO_NOT_YET = (from: string) => refusalMessage('errors.promoNotYet', { from })
export const PROMO_EXPIRED = refusalMessage('errors.promoExpired')
export const PROMO_USED_UP = refusalMessage('errors.promoUsedUp')
export const PROMO_EMAIL_USED = refusalMessage('errors.promoEmailUsed')
export const PROMO_TOUR_REFUSALS: Record<PromoTourKind, string> = {
  'half-day': refusalMessage('errors.promoHalfDayOnly'),
  'full-day': refusalMessage('errors.promoFullDayOnly'),
}
export const PROMO_GROUP = (min: number) => refusalMessage('errors.promoGroup', { min })

/** Their English, as the JSON API answers them (server/i18n/refusals.unit.test.ts holds each pair equal). */
export const PROMO_UNKNOWN_MESSAGE = 'This promo code is not valid'
export const PROMO_INACTIVE_MESSAGE = 'This promo code is no longer active'
export const PROMO_NOT_YET_MESSAGE = (from: string) => `This promo code can be used from ${from}`
export const PROMO_EXPIRED_MESSAGE = 'This promo code has expired'
export const PROMO_USED_UP_MESSAGE = 'This promo code has been fully used'
export const PROMO_EMAIL_USED_MESSAGE = 'This promo code has already been used with this e-mail address'
export const PROMO_TOUR_MESSAGES: Record<PromoTourKind, string> = {
  'half-day': 'This promo code is for half-day tours only',
  'full-day': 'This promo code is for full-day tours only',
}
export const PROMO_GROUP_MESSAGE = (min: number) => `This promo code is for groups of ${min} or more`

/** The facts of one booking a code is checked against. */
export type PromoUse = {
  /** Today in Japan: a code is valid on the day it is used, not on the tour date. */
  today: CalendarDate
  isHalfDay: boolean
  guests: number
  /** The catalogue total before the discount. */
  total: number
}

export type PromoCheck = { ok: true; discount: number } | { ok: false; message: string }

/**
 * Yen off `total`: a percentage rounded down (the guest never pays a fraction more than the
 * code says, and yen have no fraction), an amount as it is; never more than the total, so a
 * total never goes below 0. A 100 % code makes the total 0, which the checkout already settles
 * without a card (decision 0062).
 */
export function discountOf(rule: Pick<PromoRule, 'kind' | 'value'>, total: number): number {
  const off = rule.kind === 'percent' ? Math.floor((total * rule.value) / 100) : rule.value
  return Math.max(0, Math.min(total, off))
}

/**
 * Whether `rule` applies to `use`, and its discount. The order is the one a guest can act on:
 * a code that does not exist or is switched off first, then its dates, its tour and group,
 * and only then whether uses remain (the database decides that last, atomically).
 * The per-e-mail limit needs the database and is the service's check.
 */
export function checkPromo(rule: PromoRule, use: PromoUse): PromoCheck {
  if (!rule.active) return { ok: false, message: PROMO_INACTIVE }
  if (rule.validFrom !== null && compareDates(use.today, rule.validFrom) < 0) return { ok: false, message: PROMO_NOT_YET(rule.validFrom) }
  if (rule.validTo !== null && compareDates(use.today, rule.validTo) > 0) return { ok: false, message: PROMO_EXPIRED }
  if (rule.tourKind !== null && (rule.tourKind === 'half-day') !== use.isHalfDay) return { ok: false, message: PROMO_TOUR_REFUSALS[rule.tourKind] }
  if (rule.minGroup !== null && use.guests < rule.minGroup) return { ok: false, message: PROMO_GROUP(rule.minGroup) }
  if (rule.maxUses !== null && rule.uses >= rule.maxUses) return { ok: false, message: PROMO_USED_UP }
  return { ok: true, discount: discountOf(rule, use.total) }
}
