import './zod-config.ts'
import { z } from 'zod'
import { isPlace, type Place } from '../media/places.ts'
import { refusalMessage } from '../i18n/refusal.ts'
import { isSingleLine } from './fields.ts'
import { translationsSchema, type TranslatedLocale } from './translations.ts'
import { ID_MAX } from './fields.ts'

/**
 * The guide's description of a photo and where it sits (docs/decisions/0048): one schema for the
 * dashboard's forms and the API.
 */
export const ALT_MAX = 250
export const ALT_REQUIRED = refusalMessage('adminErrors.photoAltRequired')
/** adminErrors.photoAltRequired in English, as the JSON API answers it (server/i18n/refusals.unit.test.ts holds them equal). */
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

const percent = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number from 0 to 100` })
    .int(`${label} must be a whole number from 0 to 100`)
    .min(0, `${label} must be a number from 0 to 100`)
    .max(100, `${label} must be a number from 0 to 100`)

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
  focalX: percent('The focal point’s left position'),
  focalY: percent('The focal point’s top position'),
})
export type PhotoDetails = z.output<typeof photoDetailsSchema>

/** What an upload carries beside the file: the description, required from the start. */
export const photoUploadSchema = photoDetailsSchema.pick({ alt: true }).extend({
  focalX: percent('The focal point’s left position').default(50),
  focalY: percent('The focal point’s top position').default(50),
})

export const placementSchema = z.object({
  place: z.custom<Place>(isPlace, 'Choose a place on the site'),
  /** null takes the photo off the place: its artwork shows again. */
  mediaId: z.coerce.number({ error: 'Choose a photo' }).int('Choose a photo').min(1, 'Choose a photo').max(ID_MAX, 'Choose a photo').nullable(),
})
export type Placement = z.output<typeof placementSchema>
