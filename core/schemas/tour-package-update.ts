import './zod-config.ts'
import { z } from 'zod'
import { daysBetween, isCalendarDate } from '../dates.ts'
import type { TourTranslations } from '../i18n/tour-text.ts'
import { refusal, refusalMessage } from '../i18n/refusal.ts'
import { alongsideFieldErrors, checkbox, isSingleLine, optionalText } from './fields.ts'
import { PROMO_ORDER_MESSAGE, priceCatalogueEntrySchema } from './price-catalogue.ts'
import { translationsSchema } from './translations.ts'

/**
 * The admin's edit of one tour package (docs/decisions/0019): the prices and promotion window of
 * price-catalogue.ts plus the duration text and whether the tour is bookable.
 * The stored catalogue needs both promotion dates or neither (a database check),
 * so a half-open window is refused here with a message the form can show.
 */
export const PROMO_BOTH_MESSAGE = refusalMessage('adminErrors.tourPromoBoth')

/** The refusal of an edit of a tour that does not exist, from the Settings page's action. */
export const TOUR_PACKAGE_NOT_FOUND = refusal('adminErrors.tourPackageNotFound')

/** The longest each text may be, in every language: a name and a duration fit on one line of a card. */
export const TOUR_TEXT_LIMITS = { name: 100, shortDescription: 300, description: 2000, duration: 100 } as const

/**
 * One language's translation of the tour's words (docs/decisions/0045): every field optional, a blank
 * one falls back to the English text. The name, the short description and the duration are one line.
 */
const { name, shortDescription, description, duration } = TOUR_TEXT_LIMITS
const NAME_ONE_LINE = refusalMessage('adminErrors.tourNameOneLine')
const SHORT_DESCRIPTION_ONE_LINE = refusalMessage('adminErrors.tourShortDescriptionOneLine')
const DURATION_REQUIRED = refusalMessage('adminErrors.tourDurationRequired')
const DURATION_TOO_LONG = refusalMessage('adminErrors.tourDurationTooLong', { max: duration })
const DURATION_ONE_LINE = refusalMessage('adminErrors.tourDurationOneLine')
const translationSchema = z.object({
  name: optionalText(name, refusalMessage('adminErrors.tourNameTooLong', { max: name }), { oneLine: NAME_ONE_LINE }),
  shortDescription: optionalText(shortDescription, refusalMessage('adminErrors.tourShortDescriptionTooLong', { max: shortDescription }), { oneLine: SHORT_DESCRIPTION_ONE_LINE }),
  description: optionalText(description, refusalMessage('adminErrors.tourDescriptionTooLong', { max: description }), { multiLine: refusalMessage('adminErrors.tourDescriptionControl') }),
  duration: optionalText(duration, DURATION_TOO_LONG, { oneLine: DURATION_ONE_LINE }),
})

const tourTranslationsSchema = translationsSchema(translationSchema, (texts) => Object.values(texts).some(Boolean)).transform((t): TourTranslations => t)

export const tourPackageUpdateSchema = z
  .object({
    ...priceCatalogueEntrySchema.shape,
    duration: z.string({ error: DURATION_REQUIRED }).trim().min(1, DURATION_REQUIRED).max(duration, DURATION_TOO_LONG).refine(isSingleLine, DURATION_ONE_LINE),
    available: checkbox,
    /** Absent keeps the stored translations; given, it replaces them all. */
    translations: tourTranslationsSchema.optional(),
  })
  .superRefine((e, ctx) => {
    if ((e.soloPromoStart === null) !== (e.soloPromoEnd === null)) {
      ctx.addIssue({ code: 'custom', path: [e.soloPromoStart === null ? 'soloPromoStart' : 'soloPromoEnd'], message: PROMO_BOTH_MESSAGE })
    } else if (isCalendarDate(e.soloPromoStart) && isCalendarDate(e.soloPromoEnd) && daysBetween(e.soloPromoStart, e.soloPromoEnd) < 0) {
      ctx.addIssue({ code: 'custom', path: ['soloPromoEnd'], message: PROMO_ORDER_MESSAGE })
    }
  }, alongsideFieldErrors('soloPromoStart', 'soloPromoEnd'))

export type TourPackageUpdateInput = z.input<typeof tourPackageUpdateSchema>
export type TourPackageUpdate = z.output<typeof tourPackageUpdateSchema>
