import './zod-config.ts'
import { z } from 'zod'
import { compareDates, isCalendarDate } from '../dates.ts'
import { GUIDE_GROUP_CEILING } from '../guide-bookings.ts'
import { AMOUNT_MAX, PERCENT_MAX, PROMO_CODE_FORMAT_MESSAGE, PROMO_KINDS, PROMO_TOUR_KINDS, PROMO_UNKNOWN, normalisePromoCode } from '../promo-codes.ts'
import { bookingRequestSchema, tourDateField, tourTimeField } from './booking.ts'
import { refusalMessage, yenValue } from '../i18n/refusal.ts'
import { alongsideFieldErrors, blankToUndefined, calendarDateField, checkbox, optionalChoice, wholeNumberField } from './fields.ts'

export const PERCENT_MESSAGE = refusalMessage('adminErrors.promoPercent', { max: PERCENT_MAX })
export const AMOUNT_MESSAGE = refusalMessage('adminErrors.promoAmount', { max: yenValue(AMOUNT_MAX) })
export const DATES_ORDER_MESSAGE = refusalMessage('adminErrors.promoDatesOrder')
const DATE_MESSAGE = refusalMessage('errors.visitDate')
const optionalDate = z.preprocess(blankToUndefined, calendarDateField(DATE_MESSAGE, DATE_MESSAGE).nullable().optional())
const optionalCount = (max: number, message: string) => z.preprocess(blankToUndefined, wholeNumberField({ min: 1, max, minMessage: message, maxMessage: message }).nullable().optional())

/**
 * A promo code as the guide creates or edits it in the dashboard (docs/decisions/0062). The code
 * is stored in capitals; empty limits mean "no limit". Whether a lower use limit still holds the
 * uses already taken is the service's check.
 */
export const promoCodeInputSchema = z
  .object({
    code: z.unknown().transform((v, ctx) => normalisePromoCode(v) ?? (ctx.addIssue({ code: 'custom', message: PROMO_CODE_FORMAT_MESSAGE }), z.NEVER)),
    kind: z.enum(PROMO_KINDS, { error: refusalMessage('adminErrors.promoKind') }),
    value: wholeNumberField({ min: 1, max: AMOUNT_MAX, minMessage: AMOUNT_MESSAGE, maxMessage: AMOUNT_MESSAGE }),
    validFrom: optionalDate,
    validTo: optionalDate,
    maxUses: optionalCount(1_000_000, refusalMessage('adminErrors.promoMaxUses')),
    onePerEmail: checkbox.default(false),
    tourKind: optionalChoice(PROMO_TOUR_KINDS, refusalMessage('adminErrors.promoTourKind')),
    minGroup: optionalCount(GUIDE_GROUP_CEILING, refusalMessage('adminErrors.promoMinGroup', { max: GUIDE_GROUP_CEILING })),
    active: checkbox.default(true),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'percent' && p.value > PERCENT_MAX) ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MESSAGE })
    // A refused date still reaches this check (zod runs it after non-fatal issues): only real dates are compared.
    if (isCalendarDate(p.validFrom) && isCalendarDate(p.validTo) && compareDates(p.validFrom, p.validTo) > 0) ctx.addIssue({ code: 'custom', path: ['validTo'], message: DATES_ORDER_MESSAGE })
  }, alongsideFieldErrors('kind', 'value', 'validFrom', 'validTo'))

export type PromoCodeInput = z.output<typeof promoCodeInputSchema>

/**
 * GET /api/promo-codes/check (docs/decisions/0062): what a code would take off the booking the
 * form describes, for its summary. The booking's own fields, checked as the booking checks them;
 * the e-mail is optional (without it the one-use-per-address limit waits for the booking).
 */
export const promoCheckSchema = z.object({
  promoCode: z.string({ error: PROMO_UNKNOWN }).trim().min(1, PROMO_UNKNOWN).max(40, PROMO_UNKNOWN),
  tourPackageId: bookingRequestSchema.shape.tourPackageId,
  numberOfPeople: bookingRequestSchema.shape.numberOfPeople,
  tourDate: tourDateField,
  tourTime: tourTimeField,
  email: z.string().max(254).optional(),
})
