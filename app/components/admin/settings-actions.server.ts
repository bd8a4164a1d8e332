import { bookingRulesSchema, guideBookingRulesSchema } from '../../../core/schemas/booking-move.ts'
import { taxSettingsSchema } from '../../../core/schemas/tax-documents.ts'
import { testEmailSchema } from '../../../core/schemas/test-email.ts'
import { TOUR_PACKAGE_NOT_FOUND, tourPackageUpdateSchema } from '../../../core/schemas/tour-package-update.ts'
import { voucherRulesSchema } from '../../../core/schemas/voucher.ts'
import { GUIDE_WORD_KEYS, guideWordsSchema } from '../../../core/guide-words.ts'
import { refusal } from '../../../core/i18n/refusal.ts'
import { isLocale } from '../../../core/i18n/locales.ts'
import type { Services } from '../../../server/for-app.ts'
import { formObject, intent, NO_FIELDS, notFound, rowId } from '../../lib/admin-route.server.ts'

/**
 * The Settings section's forms on its route action (docs/decisions/0088), each with the schema of
 * its JSON API twin.
 */
export function settingsIntents(services: Services) {
  return {
    // The About page's words in one language (docs/decisions/0075), by the words' schema.
    guideWords: intent({
      schema: guideWordsSchema,
      input: (form) => Object.fromEntries(GUIDE_WORD_KEYS.map((key) => [key, String(form.get(key) ?? '')])),
      run: (words, form) => {
        const locale = form.get('locale')
        if (!isLocale(locale)) notFound(refusal('adminErrors.noSuchLanguage'))
        return services.guideWords.save(locale, words)
      },
    }),
    // A test e-mail, sent at once, in the admin's dashboard language: POST /api/admin/test-email's schema.
    testEmail: intent({ schema: testEmailSchema, run: ({ email }, _form, admin) => services.mail.sendTest(email, admin.locale) }),
    // One tour's prices, promotion, duration, translations and bookable switch (docs/decisions/0019, 0045).
    // An unticked box sends nothing: not bookable.
    tour: intent({
      schema: tourPackageUpdateSchema,
      input: (form) => ({ ...formObject(form), available: form.get('available') === 'on' }),
      run: async (input, form) => {
        if (!(await services.catalogue.update(rowId(form), input))) notFound(TOUR_PACKAGE_NOT_FOUND)
      },
    }),
    // How often a guest may change a booking themselves (docs/decisions/0055).
    bookingRules: intent({
      schema: bookingRulesSchema,
      run: async ({ guestMoveLimit }) => ({ guestMoveLimit: await services.bookingMoves.setGuestMoveLimit(guestMoveLimit) }),
    }),
    // The bookings the guide makes (docs/decisions/0059): their largest group and how long they wait for payment.
    guideBookingRules: intent({ schema: guideBookingRulesSchema, run: (input) => services.bookingMoves.setGuideRules(input) }),
    // Gift vouchers' validity and amounts (docs/decisions/0065), by the voucher rules' schema.
    voucherRules: intent({ schema: voucherRulesSchema, run: (input) => services.vouchers.setRules(input) }),
    // What receipts print about the business (docs/decisions/0080).
    receipts: intent({
      schema: taxSettingsSchema,
      input: (form) => ({ ...formObject(form), registered: form.get('registered') === 'on', pricesIncludeTax: form.get('pricesIncludeTax') === 'on' }),
      run: (input) => services.taxDocuments.saveSettings(input),
    }),
    // A new calendar subscription URL (docs/decisions/0050); the old one stops at once. Says whether
    // there was one, for the toast: created or replaced.
    calendarFeed: intent({
      schema: NO_FIELDS,
      run: async (_input, _form, admin) => {
        const before = await services.calendarFeed.current()
        return { ...(await services.calendarFeed.replace(admin)), replaced: before.url !== null }
      },
    }),
  }
}
