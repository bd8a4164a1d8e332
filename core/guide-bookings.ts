import { refusalMessage, yenValue } from './i18n/refusal.ts'
import { formatYen, isYenAmount } from './money.ts'
import { MAX_GROUP, MIN_GROUP } from './pricing.ts'

/**
 * Bookings the guide makes in the dashboard (docs/decisions/0059): a group
 * larger than the site's five, a custom price with a note the guest reads, and a longer hold
 * for the payment, or none. The server enforces every rule here; the dashboard's dialog uses
 * the same functions to say so before the guide sends.
 */

/** The largest group the guide may book unless set otherwise (the contact form's '5+' groups). */
export const DEFAULT_GUIDE_GROUP_LIMIT = 12
/**
 * The setting's ceiling, and the database's check on every booking's group size: one guide
 * cannot lead more people than a small coach takes.
 */
export const GUIDE_GROUP_CEILING = 30

/** How long a guide's booking waits for its payment unless set otherwise: a conversation takes days, not minutes. */
export const DEFAULT_GUIDE_HOLD_HOURS = 48
/** The setting's bounds: up to two weeks. */
export const GUIDE_HOLD_HOURS_MAX = 14 * 24

/**
 * A custom price's bounds, constants rather than settings: they catch slips, not policy.
 * - At least ¥1,000: a tour given for nothing is "confirmed without payment", never a price of
 *   ¥0 (or ¥22 typed for ¥22,000) charged by mistake.
 * - At most ¥1,000,000: above the dearest catalogue day for the largest group many times over,
 *   so anything larger is a slip of a zero.
 */
export const CUSTOM_PRICE_MIN = 1_000
export const CUSTOM_PRICE_MAX = 1_000_000
export const CUSTOM_PRICE = refusalMessage('adminErrors.customPrice', { min: yenValue(CUSTOM_PRICE_MIN), max: yenValue(CUSTOM_PRICE_MAX) })
/** The note the guest reads beside a custom price ("Custom day: photography, 8 hours"). */
export const PRICE_NOTE_MAX = 200
export const PRICE_NOTE = refusalMessage('adminErrors.priceNoteRequired')

export const guideGroup = (limit: number) => refusalMessage('adminErrors.guideGroup', { min: MIN_GROUP, max: limit })

/** The English of these refusals, as the JSON API answers them (server/i18n/refusals.unit.test.ts holds them equal). */
export const CUSTOM_PRICE_MESSAGE = `A custom price must be a whole number of yen from ${formatYen(CUSTOM_PRICE_MIN)} to ${formatYen(CUSTOM_PRICE_MAX)}`
export const PRICE_NOTE_MESSAGE = 'Say what the custom price is for: the guest reads this note'
export const guideGroupMessage = (limit: number) => `The group can be from ${MIN_GROUP} to ${limit} people`

/** Whether the guide may book `people` under the group limit in force; the message when not. */
export function guideGroupProblem(people: number, limit: number): string | null {
  return Number.isInteger(people) && people >= MIN_GROUP && people <= limit ? null : guideGroup(limit)
}

/** Whether a custom price is within its bounds; the message when not. */
export function customPriceProblem(price: number): string | null {
  return isYenAmount(price) && price >= CUSTOM_PRICE_MIN && price <= CUSTOM_PRICE_MAX ? null : CUSTOM_PRICE
}

/** How the guide's booking waits for its payment: a hold of the set hours, or confirmed without payment. */
export type GuidePayment = 'hold' | 'confirmed'

/** When the booking's hold runs out: `hours` from now for a hold, never for a booking confirmed without payment. */
export function guideHoldExpiry(payment: GuidePayment, now: Date, hours: number): Date | null {
  return payment === 'hold' ? new Date(now.getTime() + hours * 3_600_000) : null
}

/**
 * Whether a guest may change this booking themselves at the catalogue's price: not when the
 * guide priced it by hand or booked more people than the site sells, since the catalogue cannot
 * price the change (the guide moves such bookings, docs/decisions/0059).
 */
export const arrangedOnly = (booking: { priceNote: string | null; numberOfPeople: number }) => booking.priceNote !== null || booking.numberOfPeople > MAX_GROUP

/**
 * The number wa.me takes for a guest's phone (country code and number, digits only), or null
 * when the phone cannot be one: an international number written with '+' and 8 to 15 digits
 * (E.164), or a Japanese number written the domestic way (0 and 9 or 10 more digits), which
 * becomes +81. Anything else (a local number of another country) has no country to dial.
 */
export function whatsappNumberOf(phone: string): string | null {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) return digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0') ? digits : null
  if (/^0[1-9]\d{8,9}$/.test(digits)) return `81${digits.slice(1)}`
  return null
}

/**
 * The "Send on WhatsApp" link of a guide's booking: a chat with the guest when their phone is a
 * usable WhatsApp number, else a chat link without a number (WhatsApp asks whom to send it to).
 */
export function guestWhatsappLink(phone: string, message: string): string {
  return `https://wa.me/${whatsappNumberOf(phone) ?? ''}?text=${encodeURIComponent(message)}`
}
