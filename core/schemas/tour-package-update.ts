import './zod-config.ts'
import { z } from 'zod'
import { daysBetween, isCalendarDate } from '../dates.ts'
import { checkbox, isSingleLine, singleLineMessage } from './fields.ts'
import { priceCatalogueEntrySchema } from './price-catalogue.ts'

/**
 * The admin's edit of one tour package (docs/decisions/0019): the prices and promotion window of
 * price-catalogue.ts plus the duration text and whether the tour is bookable.
 * The stored catalogue needs both promotion dates or neither (a database check),
 * so a half-open window is refused here with a message the form can show.
 */
export const PROMO_BOTH_MESSAGE = 'Set both promotion dates, or leave both empty'

export const tourPackageUpdateSchema = z
  .object({
    ...priceCatalogueEntrySchema.shape,
    duration: z.string({ error: 'Duration is required' }).trim().min(1, 'Duration is required').max(100, 'Duration must be at most 100 characters').refine(isSingleLine, singleLineMessage('Duration')),
    available: checkbox,
  })
  .superRefine((e, ctx) => {
    if ((e.soloPromoStart === null) !== (e.soloPromoEnd === null)) {
      ctx.addIssue({ code: 'custom', path: [e.soloPromoStart === null ? 'soloPromoStart' : 'soloPromoEnd'], message: PROMO_BOTH_MESSAGE })
    } else if (isCalendarDate(e.soloPromoStart) && isCalendarDate(e.soloPromoEnd) && daysBetween(e.soloPromoStart, e.soloPromoEnd) < 0) {
      ctx.addIssue({ code: 'custom', path: ['soloPromoEnd'], message: 'Promotion end must not be before its start' })
    }
  })

export type TourPackageUpdateInput = z.input<typeof tourPackageUpdateSchema>
export type TourPackageUpdate = z.output<typeof tourPackageUpdateSchema>
