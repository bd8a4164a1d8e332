/**
 * Money is an integer number of yen (conventions: never a float). JPY has no minor
 * unit, so there is nothing to round: a price that is not a whole number of yen
 * is a bug, and formatYen says so instead of printing it.
 */

/** A non-negative safe integer: a price, a total or a refund in yen. */
export function isYenAmount(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
}

// en-US grouping (a comma every three digits), written here rather than by the runtime's
// locale, so the server's HTML and the browser's hydration agree; and not by Intl.NumberFormat,
// whose first use costs a browser 15-30 ms while it hydrates the page (docs/decisions/0054).
const GROUPS_OF_THREE = /\B(?=(\d{3})+$)/g

/** '¥14,300'. Negative amounts (e.g. an adjustment) print as '-¥2,200'. */
export function formatYen(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole number of yen: ${amount}`)
  const digits = String(Math.abs(amount)).replace(GROUPS_OF_THREE, ',')
  return amount < 0 ? `-¥${digits}` : `¥${digits}`
}
