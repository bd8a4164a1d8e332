import './zod-config.ts'
import { z } from 'zod'
import { isPlace, type Place } from '../media/places.ts'
import { refusalMessage } from '../i18n/refusal.ts'
import { isSingleLine } from './fields.ts'
import { translationsSchema, type TranslatedLocale } from './translations.ts'
import { ID_MAX } from './fields.ts'

/**
 * The guide's description of a photo and where it sits (docs/decisions/0048): one schema for the
 * dashboard's forms, in the browser and in the Photos section's route action.
 */
export const ALT_MAX = 250
/** The largest photo an upload may carry, through the Photos page's form. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
export const ALT_REQUIRED = refusalMessage('adminErrors.photoAltRequired')
/** adminErrors.photoAltRequired in English, as the Photos section answers it in English (server/i18n/refusals.unit.test.ts holds them equal). */
export const ALT_REQUIRED_MESSAGE = 'Describe the photo for visitors who cannot see it'
const ALT_TOO_LONG = refusalMessage('adminErrors.photoAltTooLong', { max: ALT_MAX })
const ALT_ONE_LINE = refusalMessage('adminErrors.photoAltOneLine')

export type AltTranslations = Partial<Record<TranslatedLocale, string>>

const altText = z
  .string({ error: ALT_REQUIRED })
  .trim()
  .min(1, ALT_REQUIRED)
  .max(ALT_MAX, ALT_TOO_LONG)
  .refine(isSingleLine, ALT_ONE_LINE)

const optionalAlt = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string().max(ALT_MAX, ALT_TOO_LONG).refine(isSingleLine, ALT_ONE_LINE),
)

/** A focal point's position: the script-free form's field takes any text, so its refusals are ids too (docs/decisions/0087). */
const FOCAL = {
  left: { number: refusalMessage('adminErrors.photoFocalLeftNumber'), whole: refusalMessage('adminErrors.photoFocalLeftWhole') },
  top: { number: refusalMessage('adminErrors.photoFocalTopNumber'), whole: refusalMessage('adminErrors.photoFocalTopWhole') },
}
const percent = (side: keyof typeof FOCAL) =>
  z.coerce
    .number({ error: FOCAL[side].number })
    .int(FOCAL[side].whole)
    .min(0, FOCAL[side].number)
    .max(100, FOCAL[side].number)

export const photoDetailsSchema = z.object({
  alt: altText,
  /**
   * Per language (docs/decisions/0075): a language left out keeps its stored description, a blank
   * one removes it (the page then reads the English), a text sets it. Saving one language, or the
   * English, never changes another.
   */
  altTranslations: translationsSchema(optionalAlt, () => true)
    .transform((t): AltTranslations => t)
    .optional(),
  focalX: percent('left'),
  focalY: percent('top'),
})
export type PhotoDetails = z.output<typeof photoDetailsSchema>

/** What an upload carries beside the file: the description, required from the start. */
export const photoUploadSchema = photoDetailsSchema.pick({ alt: true }).extend({
  focalX: percent('left').default(50),
  focalY: percent('top').default(50),
})

export const placementSchema = z.object({
  place: z.custom<Place>(isPlace, 'Choose a place on the site'),
  /** null takes the photo off the place: its artwork shows again. */
  mediaId: z.coerce.number({ error: 'Choose a photo' }).int('Choose a photo').min(1, 'Choose a photo').max(ID_MAX, 'Choose a photo').nullable(),
})
export type Placement = z.output<typeof placementSchema>
