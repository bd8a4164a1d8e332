import { addDays, addMonths, type CalendarDate, compareDates, todayInTokyo } from './dates.ts'
import { formatYen, isYenAmount } from './money.ts'
import { refusalMessage, yenValue } from './i18n/refusal.ts'
import { INCLUDED_GUESTS, quote, type PriceCatalogueEntry } from './pricing.ts'

/**
 * Gift vouchers (docs/decisions/0065): a visitor buys one for a yen amount, pays
 * by card, and the code then pays all or part of bookings until its balance is spent or it
 * expires. The rules here are pure; server/services/vouchers.ts applies them to the database,
 * where a conditional UPDATE spends a balance exactly once.
 */

/**
 * Crockford's base-32 alphabet: digits and capitals without I, L, O and U, so a code read off
 * paper cannot be mistyped as another (O is read as 0, I and L as 1).
 */
export const VOUCHER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
/** 16 characters of 32: 80 random bits, far beyond guessing at 20 attempts an hour. */
export const VOUCHER_CODE_LENGTH = 16
export const VOUCHER_PREFIX = 'GIFT'

/** The stored and printed form: GIFT-XXXX-XXXX-XXXX-XXXX. */
export function formatVoucherCode(characters: string): string {
  if (characters.length !== VOUCHER_CODE_LENGTH || [...characters].some((c) => !VOUCHER_ALPHABET.includes(c))) {
    throw new RangeError('A voucher code is 16 characters of the voucher alphabet')
  }
  return [VOUCHER_PREFIX, ...(characters.match(/.{4}/g) ?? [])].join('-')
}

/** A fresh code from `randomBytes` (crypto.randomBytes on the server): one byte per character, 5 bits of each. */
export function voucherCodeFrom(randomBytes: Uint8Array): string {
  if (randomBytes.length < VOUCHER_CODE_LENGTH) throw new RangeError(`A voucher code needs ${VOUCHER_CODE_LENGTH} random bytes`)
  return formatVoucherCode([...randomBytes.subarray(0, VOUCHER_CODE_LENGTH)].map((b) => VOUCHER_ALPHABET[b & 31]).join(''))
}

/** The longest voucher field taken: the printed code with spaces around its groups. */
export const VOUCHER_INPUT_MAX = 40

/**
 * The stored form of what a guest typed, or null when it cannot be a code (so it matches none):
 * any letter case, spaces and hyphens anywhere, with or without the GIFT prefix; O read as 0 and
 * I or L as 1, as Crockford's alphabet intends.
 */
export function normaliseVoucherCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > VOUCHER_INPUT_MAX) return null
  let characters = input.toUpperCase().replace(/[\s-]/g, '')
  if (characters.length === VOUCHER_CODE_LENGTH + VOUCHER_PREFIX.length && characters.startsWith(VOUCHER_PREFIX)) characters = characters.slice(VOUCHER_PREFIX.length)
  characters = characters.replace(/O/g, '0').replace(/[IL]/g, '1')
  if (characters.length !== VOUCHER_CODE_LENGTH || [...characters].some((c) => !VOUCHER_ALPHABET.includes(c))) return null
  return formatVoucherCode(characters)
}

/** Only the last group, for lists where the whole code need not be on screen: GIFT-••••-••••-••••-7KQ2. */
export function maskVoucherCode(code: string): string {
  return code.replace(/-[0-9A-Z]{4}(?=-)/g, '-••••')
}

/** The stored statuses. 'Used up' and 'expired' are read from the balance and the date (`voucherState`). */
export const VOUCHER_STATUSES = ['pending', 'active', 'cancelled', 'refunded'] as const
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number]
/** What the dashboard and the voucher page show. */
export type VoucherState = 'awaiting-payment' | 'active' | 'used-up' | 'expired' | 'cancelled' | 'refunded'

/** Where a voucher stands today in Japan. */
export function voucherState(voucher: { status: VoucherStatus; balance: number; validUntil: CalendarDate | null }, today: CalendarDate): VoucherState {
  switch (voucher.status) {
    case 'pending':
      return 'awaiting-payment'
    case 'cancelled':
    case 'refunded':
      return voucher.status
    case 'active':
      if (voucher.balance === 0) return 'used-up'
      return voucher.validUntil !== null && compareDates(today, voucher.validUntil) > 0 ? 'expired' : 'active'
  }
}

// Refusals: message ids with their values (docs/decisions/0087).
export const VOUCHER_UNKNOWN = refusalMessage('errors.voucherUnknown')
export const VOUCHER_UNPAID = refusalMessage('errors.voucherUnpaid')
export const VOUCHER_CANCELLED = refusalMessage('errors.voucherCancelled')
export const VOUCHER_EXPIRED = refusalMessage('errors.voucherExpired')
export const VOUCHER_USED_UP = refusalMessage('errors.voucherUsedUp')
/** Their English, as the JSON API answers them (server/i18n/refusals.unit.test.ts holds each pair equal). */
export const VOUCHER_UNKNOWN_MESSAGE = 'This voucher code is not valid'
export const VOUCHER_UNPAID_MESSAGE = 'This voucher has not been paid for yet'
export const VOUCHER_CANCELLED_MESSAGE = 'This voucher has been cancelled'
export const VOUCHER_EXPIRED_MESSAGE = 'This voucher has expired'
export const VOUCHER_USED_UP_MESSAGE = 'This voucher has no balance left'

/** Why a voucher in `state` cannot pay, or null when it can. */
export function voucherRefusal(state: VoucherState): string | null {
  switch (state) {
    case 'active':
      return null
    case 'awaiting-payment':
      return VOUCHER_UNPAID
    case 'cancelled':
    case 'refunded':
      return VOUCHER_CANCELLED
    case 'expired':
      return VOUCHER_EXPIRED
    case 'used-up':
      return VOUCHER_USED_UP
  }
}

/** What a voucher pays of `total`: all of it when the balance covers it, else the balance; never below 0. */
export function voucherPays(balance: number, total: number): number {
  if (!isYenAmount(balance) || !isYenAmount(total)) throw new RangeError(`Not whole yen: balance ${balance}, total ${total}`)
  return Math.min(balance, total)
}

/**
 * Default validity: 6 months. A prepaid instrument usable only within 6 months of issue falls
 * outside the Payment Services Act's prepaid rules (資金決済法 第4条, 施行令 第4条第2項); a longer
 * validity is the guide's setting, with the duties docs/deploy.md lists.
 */
export const DEFAULT_VOUCHER_VALIDITY_MONTHS = 6
export const VOUCHER_VALIDITY_MONTHS_MAX = 36

/**
 * The last day a voucher paid at `paidAt` can be used, in Japan's calendar: the day before the
 * same date `months` later (paid 26 November, 6 months: usable through 25 May), so "within
 * 6 months of issue" holds on every calendar. A month end maps to the target month's end first.
 */
export function voucherValidUntil(paidAt: Date, months: number): CalendarDate {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`Validity must be a whole number of months, got ${months}`)
  return addDays(addMonths(todayInTokyo(paidAt), months), -1)
}

/** The amounts a visitor may choose without the presets: the guide's limits (admin settings). */
export type VoucherLimits = { minAmount: number; maxAmount: number }
export const DEFAULT_VOUCHER_LIMITS: VoucherLimits = { minAmount: 5_000, maxAmount: 300_000 }
/** The ceiling of the guide's own maximum, and of any amount the database takes. */
export const VOUCHER_AMOUNT_CEILING = 1_000_000

export const VOUCHER_AMOUNT = (limits: VoucherLimits) => refusalMessage('errors.voucherAmount', { min: yenValue(limits.minAmount), max: yenValue(limits.maxAmount) })
/** Its English, as the JSON API answers it. */
export const VOUCHER_AMOUNT_MESSAGE = (limits: VoucherLimits) => `Please choose an amount from ${formatYen(limits.minAmount)} to ${formatYen(limits.maxAmount)}, in whole yen`

/** Null when `amount` is whole yen within the limits, else the message for the amount field. */
export function voucherAmountProblem(amount: number, limits: VoucherLimits): string | null {
  return isYenAmount(amount) && amount >= limits.minAmount && amount <= limits.maxAmount ? null : VOUCHER_AMOUNT(limits)
}

/** The presets: one half-day tour for two, one full-day tour for two. */
export const VOUCHER_PRESETS = ['half-day', 'full-day'] as const
export type VoucherPreset = (typeof VOUCHER_PRESETS)[number]
/** The guests a preset is for. */
export const PRESET_GUESTS = INCLUDED_GUESTS

/**
 * Each preset's price today: what the dearest tour of that kind on sale costs for two (so the
 * voucher covers whichever of them the recipient chooses); a kind with no tour on sale has no preset.
 */
export function presetAmounts(packages: (PriceCatalogueEntry & { isHalfDay: boolean; available: boolean })[], today: CalendarDate): Partial<Record<VoucherPreset, number>> {
  const amounts: Partial<Record<VoucherPreset, number>> = {}
  for (const pkg of packages) {
    if (!pkg.available) continue
    const price = quote(pkg, PRESET_GUESTS, today)
    if (!price.ok) continue
    const preset: VoucherPreset = pkg.isHalfDay ? 'half-day' : 'full-day'
    amounts[preset] = Math.max(amounts[preset] ?? 0, price.total)
  }
  return amounts
}

/**
 * How a cancellation's refund is shared between a booking's card payment and its voucher part
 * (docs/decisions/0065). The policy's refund is of everything paid (card plus voucher); the
 * voucher gets back its proportional share, rounded down to whole yen, and the card the rest. With today's all-or-nothing policy this is everything or
 * nothing; the split still holds if the policy ever refunds a part.
 */
export function splitRefund(refundOfTotal: number, paid: { card: number; voucher: number }): { card: number; voucher: number } {
  const total = paid.card + paid.voucher
  if (!isYenAmount(refundOfTotal) || refundOfTotal > total) throw new RangeError(`A refund of ${refundOfTotal} of ${total} paid`)
  if (total === 0) return { card: 0, voucher: 0 }
  // The card's share is then ceil(card × refund / total), which never exceeds what the card paid.
  const voucher = Math.floor((paid.voucher * refundOfTotal) / total)
  return { card: refundOfTotal - voucher, voucher }
}

/** Length limits of the purchase form's text (the database checks them too). */
export const VOUCHER_TEXT_LIMITS = { name: 100, message: 500 } as const
