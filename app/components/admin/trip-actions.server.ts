import { z } from 'zod'
import { isLocale, type Locale } from '../../../core/i18n/locales.ts'
import { refusalMessage } from '../../../core/i18n/refusal.ts'
import { meetingPointSchema, meetingSettingsSchema } from '../../../core/schemas/meeting-point.ts'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import { TOUR_TIMES } from '../../../core/slots.ts'
import { TRIP_SEASONS, whatToBringSchema } from '../../../core/what-to-bring.ts'
import { withLanguageEdited } from '../../../core/what-to-bring-edit.ts'
import type { Services } from '../../../server/for-app.ts'
import { intent, rowId } from '../../lib/admin-route.server.ts'

const text = (form: FormData, name: string) => String(form.get(name) ?? '')

/** A meeting point's form as its schema's object: each other language's words in fields of their own ('name-ko'). */
const pointInput = (form: FormData) => ({
  ...Object.fromEntries(['name', 'address', 'addressJa', 'latitude', 'longitude', 'instructions'].map((key) => [key, text(form, key)])),
  translations: Object.fromEntries(
    TRANSLATED_LOCALES.map(({ code }) => [code, { name: text(form, `name-${code}`), instructions: text(form, `instructions-${code}`), address: text(form, `address-${code}`) }]),
  ),
  photoMediaId: text(form, 'photoMediaId') ? Number(text(form, 'photoMediaId')) : null,
})

/** The trip settings' form: pickup, each slot's usual place, and one language's seasonal texts. */
const tripSettingsFormSchema = meetingSettingsSchema.extend({
  locale: z.custom<Locale>(isLocale, { error: refusalMessage('adminErrors.noSuchLanguage') }),
  texts: z.record(z.enum(TRIP_SEASONS), z.string()),
})

/**
 * Settings → the trip's forms on the Settings action (docs/decisions/0052, 0088), the only way the
 * guide changes the trip, each with its schema from core/: a meeting point added or edited,
 * offered or not, moved in the list; and the trip settings, whose "what to bring" is saved one
 * language at a time, the others kept as stored.
 */
export function tripIntents({ trip }: Services) {
  return {
    addPoint: intent({ schema: meetingPointSchema, input: pointInput, run: (input) => trip.addPoint(input) }),
    updatePoint: intent({ schema: meetingPointSchema, input: pointInput, run: (input, form) => trip.updatePoint(rowId(form), input) }),
    pointOffered: intent({
      schema: z.object({ active: z.enum(['true', 'false']) }),
      run: ({ active }, form) => trip.setActive(rowId(form), active === 'true'),
    }),
    movePoint: intent({
      schema: z.object({ direction: z.enum(['up', 'down']) }),
      run: ({ direction }, form) => trip.move(rowId(form), direction),
    }),
    tripSettings: intent({
      schema: tripSettingsFormSchema,
      input: (form) => ({
        pickupEnabled: form.get('pickupEnabled') === 'on',
        defaults: Object.fromEntries(TOUR_TIMES.map((time) => [time, text(form, `default-${time}`) ? Number(text(form, `default-${time}`)) : null])),
        locale: form.get('locale'),
        texts: Object.fromEntries(TRIP_SEASONS.map((season) => [season, text(form, `bring-${season}`)])),
      }),
      run: async ({ pickupEnabled, defaults, locale, texts }) => {
        const { whatToBring } = await trip.settings()
        const edited = whatToBringSchema.parse(withLanguageEdited(whatToBring, locale, texts, trip.shippedWhatToBring(locale)))
        return trip.saveSettings({ pickupEnabled, defaults, whatToBring: edited })
      },
    }),
  }
}
