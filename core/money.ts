/**
 * Money is an integer number of yen (conventions: never a float). JPY has no minor
 * unit, so there is nothing to round: a price that is not a whole number of yen
 * is a bug, and formatYen says so instead of printing it.
 */

import { formatWholeNumber } from './i18n/format-message.ts'
import type { Locale } from './i18n/locales.ts'

/** A non-negative safe integer: a price, a total or a refund in yen. */
export function isYenAmount(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
}

/**
 * '¥14,300'. Negative amounts (e.g. an adjustment) print as '-¥2,200'. The grouping is fixed
 * (formatWholeNumber), not the runtime's locale, so the server's HTML and the browser's
 * hydration agree. The dashboard in Japanese asks for 'ja' and reads '14,300円', '-2,200円'
 * (docs/decisions/0086); the guest pages keep the sign every traveller knows.
 */
export function formatYen(amount: number, locale: Locale = 'en'): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole number of yen: ${amount}`)
  const digits = formatWholeNumber(Math.abs(amount))
  const sign = amount < 0 ? '-' : ''
  return locale === 'ja' ? `${sign}${digits}円` : `${sign}¥${digits}`
}
