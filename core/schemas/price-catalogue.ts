import './zod-config.ts'
import { z } from 'zod'
import { daysBetween, isCalendarDate } from '../dates.ts'
import type { PriceCatalogueEntry } from '../pricing.ts'
import { alongsideFieldErrors } from './fields.ts'

/**
 * The admin's edit of a package's prices (docs/decisions/0019: the catalogue lives in the database
 * and is editable). Whole yen only; the promotion dates are Japan calendar dates,
 * either may be left open (null), and the window must not end before it starts.
 */

const yen = (label: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, `${label} must be a whole number of yen`).transform(Number)], {
      error: `${label} must be a whole number of yen`,
    })
    .pipe(
      z
        .number()
        .int(`${label} must be a whole number of yen`)
        .min(0, `${label} cannot be negative`)
        .max(10_000_000, `${label} must be at most ¥10,000,000`),
    )

const optionalYen = (label: string) => z.preprocess((v) => (v === '' || v === undefined ? null : v), yen(label).nullable())

const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().refine(isCalendarDate, `${label} must be a valid date`).nullable(),
  )

export const priceCatalogueEntrySchema = z
  .object({
    basePrice: yen('Base price'),
    extraGuestPrice: yen('Extra guest price'),
    soloPrice: optionalYen('Solo price'),
    soloPromoStart: optionalDate('Promotion start'),
    soloPromoEnd: optionalDate('Promotion end'),
  })
  .superRefine((e, ctx) => {
    // Only two real dates are compared: a malformed one has its own issue above, and daysBetween would throw on it (a 500).
    if (isCalendarDate(e.soloPromoStart) && isCalendarDate(e.soloPromoEnd) && daysBetween(e.soloPromoStart, e.soloPromoEnd) < 0) {
      ctx.addIssue({ code: 'custom', path: ['soloPromoEnd'], message: 'Promotion end must not be before its start' })
    }
  }, alongsideFieldErrors('soloPromoStart', 'soloPromoEnd')) satisfies z.ZodType<PriceCatalogueEntry, unknown>
