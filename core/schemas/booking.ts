import './zod-config.ts'
import { z } from 'zod'
import { type CalendarDate, isCalendarDate, isWeekend } from '../dates.ts'
import { dateValue, refusalMessage } from '../i18n/refusal.ts'
import { MAX_GROUP, MAX_GROUP_MESSAGE, MIN_GROUP, MIN_GROUP_MESSAGE, WHOLE_GROUP_MESSAGE } from '../pricing.ts'
import { PROMO_UNKNOWN } from '../promo-codes.ts'
import { VOUCHER_INPUT_MAX, VOUCHER_UNKNOWN } from '../vouchers.ts'
import { TOUR_TIMES } from '../slots.ts'
import { THEMES } from '../themes.ts'
import { HOTEL_REFUSAL, PICKUP } from '../meeting-points.ts'
import { meetingPointField, pickupHotelField } from './meeting-point.ts'
import { ID_MAX, alongsideFieldErrors, blankToUndefined, emailField, isSingleLine, localeField, optionalChoice, optionalText, phoneField, requiredTick, wholeNumberField } from './fields.ts'

/**
 * POST /api/bookings (docs/decisions/0019, 0040), checked by the booking form and again
 * by the server.
 *
 * Only what the guest chooses is accepted. Unknown keys are stripped, so a client
 * sending totalPrice, userId, isHalfDay, paymentStatus or timeSlotId (as the old
 * front end did) changes nothing: the server prices the booking from the catalogue
 * (docs/decisions/0019), derives half/full day from the slot, and sets the status itself.
 *
 * What needs the clock or the database is the service's job, not this schema's:
 * the booking window (isWithinBookingWindow, with `outsideWindowMessage`), whether
 * the slot is still free, and whether the package fits the slot (packageFitsSlot).
 */

/** The longest promo code field taken: a code is at most 24 characters, spaces around it allowed. */
const PROMO_INPUT_MAX = 40

// The schema's messages are refusals: message ids with their values (docs/decisions/0087).
export const NAME_MESSAGE = refusalMessage('errors.fullName')
export const PHONE_MESSAGE = refusalMessage('errors.phone')
export const PHONE_MIN_LENGTH = 10
export const PACKAGE_MESSAGE = refusalMessage('errors.package')
export const SELECT_SLOT_MESSAGE = refusalMessage('errors.selectSlot')
export const INVALID_DATE_MESSAGE = refusalMessage('errors.invalidDate')
export const WEEKEND_ONLY_MESSAGE = refusalMessage('errors.weekendOnly')
export const TOUR_TIME_MESSAGE = refusalMessage('errors.tourTime')
export const POLICY_CONSENT = refusalMessage('errors.policyConsent')
/** errors.policyConsent in English, as the JSON API answers it (server/i18n/refusals.unit.test.ts holds them equal). */
export const POLICY_CONSENT_MESSAGE = 'Please accept the cancellation policy and terms to book'

/**
 * The consent checkbox (docs/decisions/0050): JSON sends true, a form sends 'on' when ticked and
 * nothing when not. Anything but a tick, absence included, is refused with the one message.
 * The checkout asks for the same tick on a booking the guide made (docs/decisions/0073).
 */
export const policyConsent = requiredTick(POLICY_CONSENT)

/** Shown when a date is outside the lead/horizon window (docs/decisions/0039). */
export function outsideWindowMessage(window: { first: CalendarDate; last: CalendarDate }): string {
  return refusalMessage('errors.bookableRange', { first: dateValue(window.first), last: dateValue(window.last) })
}

export const tourDateField = z
  .string({ error: SELECT_SLOT_MESSAGE })
  .trim()
  // One message per problem, most basic first, so isWeekend only sees real dates.
  .superRefine((s, ctx) => {
    if (s === '') ctx.addIssue({ code: 'custom', message: SELECT_SLOT_MESSAGE })
    else if (!isCalendarDate(s)) ctx.addIssue({ code: 'custom', message: INVALID_DATE_MESSAGE })
    else if (!isWeekend(s)) ctx.addIssue({ code: 'custom', message: WEEKEND_ONLY_MESSAGE })
  })

export const tourTimeField = z
  .string({ error: SELECT_SLOT_MESSAGE })
  .pipe(z.enum(TOUR_TIMES, { error: (issue) => (issue.input === '' ? SELECT_SLOT_MESSAGE : TOUR_TIME_MESSAGE) }))

export const bookingRequestSchema = z.object({
  name: z
    .string({ error: NAME_MESSAGE })
    .trim()
    .min(1, NAME_MESSAGE)
    .max(100, refusalMessage('errors.nameTooLong', { max: 100 }))
    .refine(isSingleLine, refusalMessage('errors.nameOneLine')),
  email: emailField(),
  phone: phoneField(PHONE_MESSAGE, PHONE_MIN_LENGTH),
  numberOfPeople: wholeNumberField({
    min: MIN_GROUP,
    max: MAX_GROUP,
    minMessage: MIN_GROUP_MESSAGE,
    maxMessage: MAX_GROUP_MESSAGE,
    wholeMessage: WHOLE_GROUP_MESSAGE,
  }),
  tourPackageId: wholeNumberField({ min: 1, max: ID_MAX, minMessage: PACKAGE_MESSAGE, maxMessage: PACKAGE_MESSAGE }),
  specialRequests: optionalText(2000, refusalMessage('errors.requestsTooLong', { max: 2000 }), { multiLine: refusalMessage('errors.requestsControl') }),
  interestTheme: optionalChoice(THEMES, refusalMessage('errors.theme')),
  tourDate: tourDateField,
  tourTime: tourTimeField,
  /** "I accept the cancellation policy and terms": required; the server records when and which version. */
  acceptPolicy: policyConsent,
  /**
   * Where to meet (docs/decisions/0052): a meeting point's id, or 'pickup' with the hotel's name;
   * absent means the slot's default. Whether the place is offered is the service's check.
   */
  meetingPoint: meetingPointField,
  pickupHotel: pickupHotelField,
  /**
   * A promo code (docs/decisions/0062), optional; whether it exists and applies is the service's
   * check, in the booking's transaction. Anything longer than a code is an unknown code.
   */
  promoCode: z.preprocess(
    (v) => blankToUndefined(typeof v === 'string' ? v.trim() : v),
    z.string({ error: PROMO_UNKNOWN }).max(PROMO_INPUT_MAX, PROMO_UNKNOWN).optional(),
  ),
  /**
   * A gift voucher's code (docs/decisions/0065), optional: it pays from what is left after the
   * promo code. Whether it exists and has a balance is the service's check, in the booking's transaction.
   */
  voucherCode: z.preprocess(
    (v) => blankToUndefined(typeof v === 'string' ? v.trim() : v),
    z.string({ error: VOUCHER_UNKNOWN }).max(VOUCHER_INPUT_MAX, VOUCHER_UNKNOWN).optional(),
  ),
  /** Honeypot: a hidden field people leave empty. The server quietly drops requests that fill it. */
  website: z.string().optional(),
  /** The language the guest books in: their e-mails are written in it. */
  locale: localeField,
}).superRefine((booking, ctx) => {
  if (booking.meetingPoint === PICKUP && !booking.pickupHotel) ctx.addIssue({ code: 'custom', path: ['pickupHotel'], message: HOTEL_REFUSAL })
}, alongsideFieldErrors('meetingPoint', 'pickupHotel'))

/** What the form holds (strings allowed for numbers). */
export type BookingRequestInput = z.input<typeof bookingRequestSchema>
/** What the server works with after parsing. */
export type BookingRequest = z.output<typeof bookingRequestSchema>
