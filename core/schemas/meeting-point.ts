import './zod-config.ts'
import { z } from 'zod'
import { refusalMessage } from '../i18n/refusal.ts'
import { HOTEL_MAX, HOTEL_REFUSAL, MEETING_POINT_REFUSAL, PICKUP, type MeetingPointInput, type MeetingPointText } from '../meeting-points.ts'
import { hasOnlyTextControls, ID_MAX, isSingleLine } from './fields.ts'
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


/** A one-line text of the guide's meeting point, with the refusals the dashboard says for its field. */
type OneLineText = { max: number; required: string; tooLong: string; oneLine: string }
const NAME: OneLineText = {
  max: 120,
  required: refusalMessage('adminErrors.meetingPointNameRequired'),
  tooLong: refusalMessage('adminErrors.meetingPointNameTooLong', { max: 120 }),
  oneLine: refusalMessage('adminErrors.meetingPointNameOneLine'),
}
const ADDRESS: OneLineText = {
  max: 200,
  required: refusalMessage('adminErrors.meetingPointAddressRequired'),
  tooLong: refusalMessage('adminErrors.meetingPointAddressTooLong', { max: 200 }),
  oneLine: refusalMessage('adminErrors.meetingPointAddressOneLine'),
}
const ADDRESS_JA: OneLineText = {
  max: 200,
  required: refusalMessage('adminErrors.meetingPointAddressJaRequired'),
  tooLong: refusalMessage('adminErrors.meetingPointAddressJaTooLong', { max: 200 }),
  oneLine: refusalMessage('adminErrors.meetingPointAddressJaOneLine'),
}
const INSTRUCTIONS_MAX = 600

const oneLine = ({ max, required, tooLong, oneLine }: OneLineText) => z.string({ error: required }).trim().min(1, required).max(max, tooLong).refine(isSingleLine, oneLine)

/** A translated text may be left out: only its length and its one line are checked. */
const translatedLine = ({ max, tooLong, oneLine }: OneLineText) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(max, tooLong).refine(isSingleLine, oneLine).optional())

const instructionsText = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v === null || v === undefined ? '' : v),
  z
    .string({ error: 'Instructions must be text' })
    .max(INSTRUCTIONS_MAX, refusalMessage('adminErrors.meetingPointInstructionsTooLong', { max: INSTRUCTIONS_MAX }))
    .refine(hasOnlyTextControls, refusalMessage('adminErrors.meetingPointInstructionsControl')),
)

const degrees = (limit: number, messages: { number: string; range: string }) =>
  z.coerce
    .number({ error: messages.number })
    .refine(Number.isFinite, messages.number)
    .refine((n) => n >= -limit && n <= limit, messages.range)

const translatedText = z
  .strictObject({
    name: translatedLine(NAME),
    instructions: instructionsText.optional(),
    address: translatedLine(ADDRESS),
  })
  .transform((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => typeof v === 'string' && v !== '')) as MeetingPointText)

/** One place as the guide writes it: Settings' meeting point forms (app/components/admin/trip-actions.server.ts). */
export const meetingPointSchema: z.ZodType<MeetingPointInput, unknown> = z.object({
  name: oneLine(NAME),
  address: oneLine(ADDRESS),
  addressJa: oneLine(ADDRESS_JA),
  latitude: degrees(90, { number: refusalMessage('adminErrors.meetingPointLatitude'), range: refusalMessage('adminErrors.meetingPointLatitudeRange', { max: 90 }) }),
  longitude: degrees(180, { number: refusalMessage('adminErrors.meetingPointLongitude'), range: refusalMessage('adminErrors.meetingPointLongitudeRange', { max: 180 }) }),
  instructions: instructionsText,
  translations: translationsSchema(translatedText, (t) => Object.keys(t).length > 0).optional().default({}),
  /** A photo from the guide's library; null or absent for none. */
  photoMediaId: z.union([z.null(), z.number().int().min(1).max(ID_MAX)], { error: 'Choose one of your photos' }).optional().default(null),
})

const pointId = z.union([z.null(), z.number().int().min(1).max(ID_MAX)], { error: 'Choose one of your meeting points' })

/** The trip settings' meeting part (Settings' trip form): pickup on or off, and each slot's default. */
export const meetingSettingsSchema = z.strictObject({
  pickupEnabled: z.boolean({ error: 'Pickup must be on or off' }),
  defaults: z.strictObject({ morning: pointId, afternoon: pointId, 'full-day': pointId }),
})
