import './zod-config.ts'
import { z } from 'zod'
import { MIN_GROUP, WHOLE_GROUP_MESSAGE } from '../pricing.ts'
import {
  CUSTOM_PRICE_MAX,
  CUSTOM_PRICE,
  CUSTOM_PRICE_MIN,
  GUIDE_GROUP_CEILING,
  PRICE_NOTE_MAX,
  PRICE_NOTE,
  guideGroup,
} from '../guide-bookings.ts'
import { PACKAGE_MESSAGE, PHONE_MESSAGE, PHONE_MIN_LENGTH, bookingRequestSchema, tourDateField, tourTimeField } from './booking.ts'
import { refusalMessage } from '../i18n/refusal.ts'
import { ID_MAX, alongsideFieldErrors, blankToUndefined, emailField, localeField, optionalText, phoneField, wholeNumberField } from './fields.ts'

export const GUIDE_PAYMENT_MESSAGE = 'Choose a hold for payment or confirmed without payment'
const SPECIAL_REQUESTS_MAX = 2000

/**
 * The Bookings section's new-booking dialog (docs/decisions/0059, 0088): the booking the guide makes
 * for a guest. The group is bounded here by the database's ceiling; the guide's limit in force
 * (a setting) and the booking window are the service's checks. `customPrice` and `priceNote`
 * come together: a custom price the guest would read no reason for is refused.
 */
export const guideBookingSchema = z
  .object({
    name: bookingRequestSchema.shape.name,
    email: emailField(),
    /** Optional: a contact message may come with an e-mail address only. */
    phone: z.preprocess(blankToUndefined, phoneField(PHONE_MESSAGE, PHONE_MIN_LENGTH).optional()),
    tourDate: tourDateField,
    tourTime: tourTimeField,
    tourPackageId: wholeNumberField({ min: 1, max: ID_MAX, minMessage: PACKAGE_MESSAGE, maxMessage: PACKAGE_MESSAGE }),
    numberOfPeople: wholeNumberField({
      min: MIN_GROUP,
      max: GUIDE_GROUP_CEILING,
      minMessage: guideGroup(GUIDE_GROUP_CEILING),
      maxMessage: guideGroup(GUIDE_GROUP_CEILING),
      wholeMessage: WHOLE_GROUP_MESSAGE,
    }),
    /** Absent: the catalogue's price. */
    customPrice: wholeNumberField({ min: CUSTOM_PRICE_MIN, max: CUSTOM_PRICE_MAX, minMessage: CUSTOM_PRICE, maxMessage: CUSTOM_PRICE }).optional(),
    priceNote: optionalText(PRICE_NOTE_MAX, refusalMessage('adminErrors.priceNoteTooLong', { max: PRICE_NOTE_MAX }), { oneLine: refusalMessage('adminErrors.priceNoteOneLine') }),
    payment: z.enum(['hold', 'confirmed'], { error: GUIDE_PAYMENT_MESSAGE }).default('hold'),
    specialRequests: optionalText(SPECIAL_REQUESTS_MAX, refusalMessage('adminErrors.specialRequestsTooLong', { max: SPECIAL_REQUESTS_MAX }), { multiLine: refusalMessage('adminErrors.specialRequestsControl') }),
    /** The guest's language: their e-mails and pages are written in it. */
    locale: localeField,
  })
  .superRefine((b, ctx) => {
    if (b.customPrice !== undefined && !b.priceNote) ctx.addIssue({ code: 'custom', path: ['priceNote'], message: PRICE_NOTE })
    if (b.customPrice === undefined && b.priceNote) ctx.addIssue({ code: 'custom', path: ['customPrice'], message: refusalMessage('adminErrors.priceNoteWithoutPrice') })
  }, alongsideFieldErrors('customPrice', 'priceNote'))

export type GuideBookingRequest = z.output<typeof guideBookingSchema>
