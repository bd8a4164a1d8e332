import './zod-config.ts'
import { z } from 'zod'
import { daysBetween, isCalendarDate } from '../dates.ts'
import type { PriceCatalogueEntry } from '../pricing.ts'
import { refusalMessage, yenValue, type AdminErrorMessageId } from '../i18n/refusal.ts'
import { alongsideFieldErrors } from './fields.ts'

/**
 * The admin's edit of a package's prices (docs/decisions/0019: the catalogue lives in the database
 * and is editable). Whole yen only; the promotion dates are Japan calendar dates,
 * either may be left open (null), and the window must not end before it starts.
 */

const PRICE_MAX = 10_000_000
/** The tour edit's own check of the window says the same (core/schemas/tour-package-update.ts). */
export const PROMO_ORDER_MESSAGE = refusalMessage('adminErrors.tourPromoOrder')

/** A price's refusals, each field with its own ids so the dashboard names it in its language (docs/decisions/0087). */
type PriceRefusals = { whole: AdminErrorMessageId; negative: AdminErrorMessageId; tooHigh: AdminErrorMessageId }

const yen = ({ whole, negative, tooHigh }: PriceRefusals) => {
  const wholeMessage = refusalMessage(whole)
  return z
    .union([z.number(), z.string().trim().regex(/^\d+$/, wholeMessage).transform(Number)], { error: wholeMessage })
    .pipe(z.number().int(wholeMessage).min(0, refusalMessage(negative)).max(PRICE_MAX, refusalMessage(tooHigh, { max: yenValue(PRICE_MAX) })))
}

const optionalYen = (refusals: PriceRefusals) => z.preprocess((v) => (v === '' || v === undefined ? null : v), yen(refusals).nullable())

const optionalDate = (invalid: AdminErrorMessageId) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().refine(isCalendarDate, refusalMessage(invalid)).nullable(),
  )

export const priceCatalogueEntrySchema = z
  .object({
    basePrice: yen({ whole: 'adminErrors.tourBasePriceWhole', negative: 'adminErrors.tourBasePriceNegative', tooHigh: 'adminErrors.tourBasePriceTooHigh' }),
    extraGuestPrice: yen({ whole: 'adminErrors.tourExtraGuestPriceWhole', negative: 'adminErrors.tourExtraGuestPriceNegative', tooHigh: 'adminErrors.tourExtraGuestPriceTooHigh' }),
    soloPrice: optionalYen({ whole: 'adminErrors.tourSoloPriceWhole', negative: 'adminErrors.tourSoloPriceNegative', tooHigh: 'adminErrors.tourSoloPriceTooHigh' }),
    soloPromoStart: optionalDate('adminErrors.tourPromoStartDate'),
    soloPromoEnd: optionalDate('adminErrors.tourPromoEndDate'),
  })
  .superRefine((e, ctx) => {
    // Only two real dates are compared: a malformed one has its own issue above, and daysBetween would throw on it (a 500).
    if (isCalendarDate(e.soloPromoStart) && isCalendarDate(e.soloPromoEnd) && daysBetween(e.soloPromoStart, e.soloPromoEnd) < 0) {
      ctx.addIssue({ code: 'custom', path: ['soloPromoEnd'], message: PROMO_ORDER_MESSAGE })
    }
  }, alongsideFieldErrors('soloPromoStart', 'soloPromoEnd')) satisfies z.ZodType<PriceCatalogueEntry, unknown>
