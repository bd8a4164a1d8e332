import { AvailabilityStatus, BookingStatus as OctoBookingStatus, CapabilityId, DurationUnit, type Pricing } from '@octocloud/types'
import { addDays, clockInTokyo, daysBetween, isCalendarDate, todayInTokyo, tokyoInstant, type CalendarDate } from './dates.ts'
import { EXPIRED_REASON, effectiveStatus } from './booking-lifecycle.ts'
import { FREE_CANCELLATION_DAYS } from './cancellation-policy.ts'
import { commissionOf } from './ledger.ts'
import { TOUR_DURATION_MINUTES, type SlotAvailability, type SlotStartTimes, type TourTime } from './slots.ts'
import { MAX_GROUP, MIN_GROUP } from './pricing.ts'

/**
 * How the business reads in OCTO, the resellers' open standard (docs/decisions/0074). Pure: the
 * server's OCTO service (server/services/octo.ts) loads the catalogue, the slots and the bookings
 * and answers with these.
 *
 * - A product is a tour; its one option is its length: a half-day tour's option starts in the
 *   morning or the afternoon, a full day's in the morning.
 * - An availability is a slot, named by its start in Japan time (`2026-12-05T09:00:00+09:00`), the
 *   form OCTO's own examples use; the option says whether a 09:00 start is a morning or a full day.
 * - A private group is priced per booking (`pricingPer: BOOKING`): one price for the group, from the
 *   catalogue's quote for its size; every guest is one unit item of the one unit, "guest".
 */

export const OCTO_TIME_ZONE = 'Asia/Tokyo'
export const OCTO_CURRENCY = 'JPY'
/** The capabilities this supplier offers (docs/decisions/0074, 0081). */
export const OCTO_CAPABILITIES = [CapabilityId.OCTO_PRICING, CapabilityId.OCTO_WEBHOOKS] as const
export const GUEST_UNIT_ID = 'guest'

export type OptionId = 'half-day' | 'full-day'
export const optionIdOf = (isHalfDay: boolean): OptionId => (isHalfDay ? 'half-day' : 'full-day')

/** The slots an option sells, in the order of the day. */
export function optionTourTimes(optionId: OptionId): TourTime[] {
  return optionId === 'half-day' ? ['morning', 'afternoon'] : ['full-day']
}

/** 'YYYY-MM-DDTHH:mm:00+09:00' for a wall-clock time in Japan (the business's offset has been +09:00 since 1951). */
const localDateTime = (date: CalendarDate, hhmm: string) => `${date}T${hhmm}:00+09:00`

/** The availability id of a slot: its start in Japan time. */
export const availabilityIdOf = (date: CalendarDate, tourTime: TourTime, startTimes: SlotStartTimes) => localDateTime(date, startTimes[tourTime])

const AVAILABILITY_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00\+09:00$/

/** The slot an availability id names for an option, or null when it names none. */
export function slotOfAvailabilityId(id: string, optionId: OptionId, startTimes: SlotStartTimes): { tourDate: CalendarDate; tourTime: TourTime } | null {
  const match = AVAILABILITY_ID.exec(id)
  if (!match) return null
  const [, tourDate, hhmm] = match
  const tourTime = optionTourTimes(optionId).find((t) => startTimes[t] === hhmm)
  // A date like 2026-02-31 is no date.
  return tourTime && isCalendarDate(tourDate) ? { tourDate, tourTime } : null
}

/** The slot's start and approximate end in Japan time, as OCTO writes them. */
export function localTimesOf(date: CalendarDate, tourTime: TourTime, startTimes: SlotStartTimes) {
  const start = tokyoInstant(date, startTimes[tourTime])
  const end = new Date(start.getTime() + TOUR_DURATION_MINUTES[tourTime] * 60_000)
  return {
    localDateTimeStart: localDateTime(date, startTimes[tourTime]),
    localDateTimeEnd: localDateTime(todayInTokyo(end), clockInTokyo(end)),
    openingHours: [{ from: startTimes[tourTime], to: clockInTokyo(end) }],
  }
}

/** The consumption tax (10 %) inside a tax-inclusive price, rounded down as one line of one receipt. */
export const includedTax = (amount: number) => Math.floor((amount * 10) / 110)

/** A price as OCTO writes it: retail is the guest's price, net what the guide receives after the reseller's commission. */
export function octoPricing(retail: number, net: number): Pricing {
  return {
    original: retail,
    retail,
    net,
    currency: OCTO_CURRENCY,
    currencyPrecision: 0,
    includedTaxes: [{ name: 'Consumption tax (10%)', original: includedTax(retail), retail: includedTax(retail), net: includedTax(net) }],
  }
}

/** The price for a reseller at its commission (docs/decisions/0074). */
export const resellerPricing = (retail: number, commissionPercent: number) => octoPricing(retail, retail - commissionOf(retail, commissionPercent))

/** What OCTO says of a slot: free for one group of up to MAX_GROUP, taken, or closed. */
export function octoSlotStatus(slot: Pick<SlotAvailability, 'available' | 'reason'>) {
  if (slot.available) return { status: AvailabilityStatus.AVAILABLE, available: true, vacancies: MAX_GROUP, capacity: MAX_GROUP, maxUnits: MAX_GROUP }
  const status = slot.reason === 'booked' ? AvailabilityStatus.SOLD_OUT : AvailabilityStatus.CLOSED
  return { status, available: false, vacancies: 0, capacity: MAX_GROUP, maxUnits: 0 }
}

/** A day of the calendar: available when one of its option's slots is, sold out when one is taken and none free. */
export function octoDayStatus(slots: Pick<SlotAvailability, 'available' | 'reason'>[]) {
  if (slots.some((s) => s.available)) return octoSlotStatus({ available: true, reason: null })
  return octoSlotStatus({ available: false, reason: slots.some((s) => s.reason === 'booked') ? 'booked' : 'closed' })
}

/**
 * The last moment a reseller may book a slot (OCTO's `utcCutoffAt`): the site's own lead time
 * (the slot's date must be at least `leadDays` after today in Japan, so until midnight starting
 * the day `leadDays − 1` before it) and the reseller's own "not within N hours of the tour",
 * whichever comes first.
 */
export function bookingCutoff(date: CalendarDate, tourTime: TourTime, startTimes: SlotStartTimes, leadDays: number, minLeadHours: number): Date {
  const site = tokyoInstant(addDays(date, 1 - leadDays), '00:00')
  const reseller = new Date(tokyoInstant(date, startTimes[tourTime]).getTime() - minLeadHours * 3_600_000)
  return site < reseller ? site : reseller
}

/** OCTO's group restrictions: one private group of MIN_GROUP to MAX_GROUP guests. */
export const GROUP_LIMITS = { minUnits: MIN_GROUP, maxUnits: MAX_GROUP }

type BookingState = { status: string; holdExpiresAt: Date | null; cancellationReason: string | null }

/** A booking's status in OCTO's words. */
export function octoStatusOf(b: BookingState, now: Date): OctoBookingStatus {
  const status = effectiveStatus(b, now)
  if (status === 'pending') return OctoBookingStatus.ON_HOLD
  if (status === 'cancelled') return b.status === 'pending' || b.cancellationReason === EXPIRED_REASON ? OctoBookingStatus.EXPIRED : OctoBookingStatus.CANCELLED
  return OctoBookingStatus.CONFIRMED
}

/** OCTO's cancellation cut-off, in its three forms: the site's free-cancellation window. */
export const OCTO_CANCELLATION_CUTOFF = { cancellationCutoff: `${FREE_CANCELLATION_DAYS} days`, cancellationCutoffAmount: FREE_CANCELLATION_DAYS, cancellationCutoffUnit: DurationUnit.DAY }

/**
 * Whether a reseller may still cancel the booking itself (docs/decisions/0074): a reservation on
 * hold always; a confirmed booking until the site's free-cancellation window closes
 * (FREE_CANCELLATION_DAYS before the tour date, in Japan), as a guest's own would be refunded in full.
 * Later, the guide decides: the reseller is told to contact them.
 */
export function octoCancellable(b: BookingState & { tourDate: CalendarDate }, today: CalendarDate, now: Date): boolean {
  const status = octoStatusOf(b, now)
  if (status === OctoBookingStatus.ON_HOLD) return true
  return status === OctoBookingStatus.CONFIRMED && daysBetween(today, b.tourDate) >= FREE_CANCELLATION_DAYS
}

/** The lead guest's name as OCTO's contact gives it: the full name, else first and last. */
export function contactName(contact: { fullName?: string | null; firstName?: string | null; lastName?: string | null } | undefined): string | null {
  const full = contact?.fullName?.trim() || [contact?.firstName?.trim(), contact?.lastName?.trim()].filter(Boolean).join(' ')
  return full ? full : null
}
