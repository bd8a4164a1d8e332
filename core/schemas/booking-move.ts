import './zod-config.ts'
import { z } from 'zod'
import { MAX_GROUP, MAX_GROUP_MESSAGE, MIN_GROUP, MIN_GROUP_MESSAGE, WHOLE_GROUP_MESSAGE } from '../pricing.ts'
import { refusalMessage, yenValue } from '../i18n/refusal.ts'
import { CUSTOM_PRICE_MAX, DEFAULT_GUIDE_GROUP_LIMIT, DEFAULT_GUIDE_HOLD_HOURS, GUIDE_GROUP_CEILING, GUIDE_HOLD_HOURS_MAX, guideGroup } from '../guide-bookings.ts'
import { DEFAULT_GUEST_MOVE_LIMIT, GUEST_MOVE_LIMIT_MAX } from '../booking-changes.ts'
import { PACKAGE_MESSAGE, tourDateField, tourTimeField } from './booking.ts'
import { ID_MAX, checkbox, wholeNumberField } from './fields.ts'

/**
 * The largest price the guide may type for a moved booking: the custom price's ceiling, which
 * catches a slipped zero (docs/decisions/0059). ¥0 stays possible here: a move may waive the price.
 */
export const MOVE_PRICE_MESSAGE = refusalMessage('adminErrors.movePrice', { max: yenValue(CUSTOM_PRICE_MAX) })

/** The Bookings section's move dialog (docs/decisions/0055, 0088): where the guide moves a booking. */
export const guideMoveSchema = z.object({
  tourDate: tourDateField,
  tourTime: tourTimeField,
  tourPackageId: wholeNumberField({ min: 1, max: ID_MAX, minMessage: PACKAGE_MESSAGE, maxMessage: PACKAGE_MESSAGE }),
  /** Up to the database's ceiling: the guide's limit in force is the service's check (docs/decisions/0059). */
  numberOfPeople: wholeNumberField({ min: MIN_GROUP, max: GUIDE_GROUP_CEILING, minMessage: MIN_GROUP_MESSAGE, maxMessage: guideGroup(GUIDE_GROUP_CEILING), wholeMessage: WHOLE_GROUP_MESSAGE }),
  /** Absent: the price stays. */
  totalPrice: wholeNumberField({ min: 0, max: CUSTOM_PRICE_MAX, minMessage: MOVE_PRICE_MESSAGE, maxMessage: MOVE_PRICE_MESSAGE }).optional(),
  tellGuest: checkbox.default(true),
})

export type GuideMoveRequest = z.infer<typeof guideMoveSchema>

/**
 * POST /api/bookings/{reference}/move and the change page's form (docs/decisions/0055): the
 * guest's new date, slot, tour and group. The price is the catalogue's, never the guest's.
 */
export const guestMoveSchema = guideMoveSchema.pick({ tourDate: true, tourTime: true, tourPackageId: true }).extend({
  numberOfPeople: wholeNumberField({ min: MIN_GROUP, max: MAX_GROUP, minMessage: MIN_GROUP_MESSAGE, maxMessage: MAX_GROUP_MESSAGE, wholeMessage: WHOLE_GROUP_MESSAGE }),
})

export type GuestMoveRequest = z.infer<typeof guestMoveSchema>

export const GUEST_MOVE_LIMIT_MESSAGE = `Enter a whole number from 0 to ${GUEST_MOVE_LIMIT_MAX}`

/** Settings' booking rules form (its route action, docs/decisions/0088): how many times a guest may move a booking themselves. */
export const bookingRulesSchema = z.object({
  guestMoveLimit: wholeNumberField({ min: 0, max: GUEST_MOVE_LIMIT_MAX, minMessage: GUEST_MOVE_LIMIT_MESSAGE, maxMessage: GUEST_MOVE_LIMIT_MESSAGE }).default(DEFAULT_GUEST_MOVE_LIMIT),
})

const GUIDE_GROUP_LIMIT_MESSAGE = `Enter a whole number from ${MIN_GROUP} to ${GUIDE_GROUP_CEILING}`
const GUIDE_HOLD_HOURS_MESSAGE = `Enter a whole number of hours from 1 to ${GUIDE_HOLD_HOURS_MAX}`

/** Settings' form for the guide's bookings (its route action, docs/decisions/0088): the largest group the guide books, and how long their bookings wait for payment. */
export const guideBookingRulesSchema = z.object({
  groupLimit: wholeNumberField({ min: MIN_GROUP, max: GUIDE_GROUP_CEILING, minMessage: GUIDE_GROUP_LIMIT_MESSAGE, maxMessage: GUIDE_GROUP_LIMIT_MESSAGE }).default(DEFAULT_GUIDE_GROUP_LIMIT),
  holdHours: wholeNumberField({ min: 1, max: GUIDE_HOLD_HOURS_MAX, minMessage: GUIDE_HOLD_HOURS_MESSAGE, maxMessage: GUIDE_HOLD_HOURS_MESSAGE }).default(DEFAULT_GUIDE_HOLD_HOURS),
})

export type GuideBookingRules = z.output<typeof guideBookingRulesSchema>
