import './zod-config.ts'
import { z } from 'zod'
import { refusalMessage } from '../i18n/refusal.ts'
import { HOTEL_MAX, HOTEL_REFUSAL, MEETING_POINT_REFUSAL, PICKUP, type MeetingPointInput, type MeetingPointText } from '../meeting-points.ts'
import { controlCharactersMessage, hasOnlyTextControls, ID_MAX, isSingleLine, singleLineMessage } from './fields.ts'
import { translationsSchema } from './translations.ts'

/**
 * The meeting points' payloads (docs/decisions/0052): the booking request's choice of place and
 * the dashboard's forms. The rules they serve are in core/meeting-points.ts, without zod, so the
 * booking page can use them without loading the validation library up front.
 */

/** The booking request's two fields (core/schemas/booking.ts): which place, and the hotel for a pickup. */
export const meetingPointField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: MEETING_POINT_REFUSAL })
    .trim()
    .max(12, MEETING_POINT_REFUSAL)
    .refine((v) => v === PICKUP || /^[1-9]\d*$/.test(v), MEETING_POINT_REFUSAL)
    .optional(),
)

export const pickupHotelField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
  z
    .string({ error: HOTEL_REFUSAL })
    .max(HOTEL_MAX, refusalMessage('errors.hotelTooLong', { max: HOTEL_MAX }))
    .refine(isSingleLine, refusalMessage('errors.hotelOneLine'))
    .optional(),
)


const oneLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLine, singleLineMessage(label))

const instructionsText = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v === null || v === undefined ? '' : v),
    z.string({ error: `${label} must be text` }).max(600, `${label} must be at most 600 characters`).refine(hasOnlyTextControls, controlCharactersMessage(label)),
  )

const degrees = (label: string, limit: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((n) => n >= -limit && n <= limit, `${label} must be between -${limit} and ${limit}`)

const translatedText = z
  .strictObject({
    name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(120, 'Name must be at most 120 characters').refine(isSingleLine, singleLineMessage('Name')).optional()),
    instructions: instructionsText('Instructions').optional(),
    address: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(200, 'Address must be at most 200 characters').refine(isSingleLine, singleLineMessage('Address')).optional()),
  })
  .transform((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => typeof v === 'string' && v !== '')) as MeetingPointText)

/** PUT/POST /api/admin/meeting-points: one place as the guide writes it. */
export const meetingPointSchema: z.ZodType<MeetingPointInput, unknown> = z.object({
  name: oneLine('Name', 120),
  address: oneLine('Address', 200),
  addressJa: oneLine('Japanese address', 200),
  latitude: degrees('Latitude', 90),
  longitude: degrees('Longitude', 180),
  instructions: instructionsText('Instructions'),
  translations: translationsSchema(translatedText, (t) => Object.keys(t).length > 0).optional().default({}),
  /** A photo from the guide's library; null or absent for none. */
  photoMediaId: z.union([z.null(), z.number().int().min(1).max(ID_MAX)], { error: 'Choose one of your photos' }).optional().default(null),
})

const pointId = z.union([z.null(), z.number().int().min(1).max(ID_MAX)], { error: 'Choose one of your meeting points' })

/** PUT /api/admin/trip-settings, the meeting part: pickup on or off, and each slot's default. */
export const meetingSettingsSchema = z.strictObject({
  pickupEnabled: z.boolean({ error: 'Pickup must be on or off' }),
  defaults: z.strictObject({ morning: pointId, afternoon: pointId, 'full-day': pointId }),
})
