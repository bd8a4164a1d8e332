import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { DEFAULT_GUEST_MOVE_LIMIT, GUEST_MOVE_LIMIT_MAX } from '../../core/booking-changes.ts'
import { QUESTION_TYPES, type BookingQuestion } from '../../core/booking-questions.ts'
import { DEFAULT_GUIDE_GROUP_LIMIT, DEFAULT_GUIDE_HOLD_HOURS, GUIDE_GROUP_CEILING, GUIDE_HOLD_HOURS_MAX } from '../../core/guide-bookings.ts'
import type { GuideWords } from '../../core/guide-words.ts'
import { LOCALE_CODES } from '../../core/i18n/locales.ts'
import type { TourTranslations } from '../../core/i18n/tour-text.ts'
import type { MeetingPointTranslations } from '../../core/meeting-points.ts'
import { MAX_GROUP } from '../../core/pricing.ts'
import { DEFAULT_VOUCHER_LIMITS, DEFAULT_VOUCHER_VALIDITY_MONTHS, VOUCHER_AMOUNT_CEILING, VOUCHER_VALIDITY_MONTHS_MAX } from '../../core/vouchers.ts'
import type { WhatToBring } from '../../core/what-to-bring.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'
import { media } from './media-schema.ts'

/** The price catalogue (docs/decisions/0019): tax-inclusive yen, read by every page that shows a price. */
export const tourPackages = pgTable(
  'tour_packages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    duration: text('duration').notNull(),
    /** The name, descriptions and duration in the other languages (docs/decisions/0045). */
    translations: jsonb('translations').$type<TourTranslations>().notNull().default({}),
    isHalfDay: boolean('is_half_day').notNull().default(true),
    /** Total for 1–2 guests. */
    basePrice: integer('base_price').notNull(),
    extraGuestPrice: integer('extra_guest_price').notNull(),
    /** Price for exactly one guest while the promotion window is open. */
    soloPrice: integer('solo_price'),
    soloPromoStart: date('solo_promo_start', { mode: 'string' }),
    soloPromoEnd: date('solo_promo_end', { mode: 'string' }),
    maxGroupSize: integer('max_group_size').notNull().default(5),
    available: boolean('available').notNull().default(true),
    imageUrl: text('image_url'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tour_packages_prices_check', sql`${t.basePrice} >= 0 and ${t.extraGuestPrice} >= 0 and (${t.soloPrice} is null or ${t.soloPrice} >= 0)`),
    check('tour_packages_max_group_check', sql`${t.maxGroupSize} between 1 and ${sql.raw(String(MAX_GROUP))}`),
    check(
      'tour_packages_promo_window_check',
      sql`(${t.soloPromoStart} is null) = (${t.soloPromoEnd} is null) and (${t.soloPromoStart} is null or ${t.soloPromoStart} <= ${t.soloPromoEnd})`,
    ),
  ],
)

/**
 * Admin overrides of the default "every weekend slot is open" (docs/decisions/0039). Which slots are
 * booked is not stored here: it is derived from slot_claims, so it can never disagree.
 */
export const weekendAvailability = pgTable(
  'weekend_availability',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull().unique(),
    dayOfWeek: integer('day_of_week').notNull(),
    morningAvailable: boolean('morning_available').notNull().default(true),
    afternoonAvailable: boolean('afternoon_available').notNull().default(true),
    fullDayAvailable: boolean('full_day_available').notNull().default(true),
    adminNotes: text('admin_notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('weekend_availability_weekend_check', sql`extract(isodow from ${t.date}) in (6, 7)`),
    check('weekend_availability_day_of_week_check', sql`${t.dayOfWeek} = extract(dow from ${t.date})`),
  ],
)

/**
 * Where the guide meets guests (docs/decisions/0052): kept in Settings, never deleted once a
 * booking names one (archived instead: `active` false), so a booking always knows its place.
 */
export const meetingPoints = pgTable(
  'meeting_points',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** The address in Japanese, for a taxi driver. */
    addressJa: text('address_ja').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    instructions: text('instructions').notNull().default(''),
    /** The name and instructions in the guide's other languages (core/meeting-points.ts). */
    translations: jsonb('translations').$type<MeetingPointTranslations>().notNull().default({}),
    /** A photo of the place from the guide's library, shown on the trip page; gone with the photo. */
    photoMediaId: integer('photo_media_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('meeting_points_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('meeting_points_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
)

/**
 * The trip's settings, one row (id 1): whether the guide picks guests up at their hotel, each
 * slot's default meeting point, and the seasonal "what to bring" texts (docs/decisions/0052).
 */
export const tripSettings = pgTable(
  'trip_settings',
  {
    id: integer('id').primaryKey().default(1),
    pickupEnabled: boolean('pickup_enabled').notNull().default(true),
    morningPointId: integer('morning_point_id').references(() => meetingPoints.id, { onDelete: 'set null' }),
    afternoonPointId: integer('afternoon_point_id').references(() => meetingPoints.id, { onDelete: 'set null' }),
    fullDayPointId: integer('full_day_point_id').references(() => meetingPoints.id, { onDelete: 'set null' }),
    whatToBring: jsonb('what_to_bring').$type<WhatToBring>().notNull().default({}),
    /** How many times a guest may move a booking themselves (docs/decisions/0055); 0 turns it off. */
    guestMoveLimit: integer('guest_move_limit').notNull().default(DEFAULT_GUEST_MOVE_LIMIT),
    /** The largest group the guide books in the dashboard (docs/decisions/0059). */
    guideGroupLimit: integer('guide_group_limit').notNull().default(DEFAULT_GUIDE_GROUP_LIMIT),
    /** How many hours the guide's bookings wait for their payment (docs/decisions/0059). */
    guideHoldHours: integer('guide_hold_hours').notNull().default(DEFAULT_GUIDE_HOLD_HOURS),
    /**
     * Gift vouchers (docs/decisions/0065): how many months a voucher is good for (6 keeps it outside
     * the Payment Services Act's prepaid rules; docs/deploy.md says what a longer one obliges), and
     * the smallest and largest amount a visitor may choose.
     */
    voucherValidityMonths: integer('voucher_validity_months').notNull().default(DEFAULT_VOUCHER_VALIDITY_MONTHS),
    voucherMinAmount: integer('voucher_min_amount').notNull().default(DEFAULT_VOUCHER_LIMITS.minAmount),
    voucherMaxAmount: integer('voucher_max_amount').notNull().default(DEFAULT_VOUCHER_LIMITS.maxAmount),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('trip_settings_single_row_check', sql`${t.id} = 1`),
    check('trip_settings_guest_move_limit_check', sql`${t.guestMoveLimit} between 0 and ${sql.raw(String(GUEST_MOVE_LIMIT_MAX))}`),
    check('trip_settings_guide_group_limit_check', sql`${t.guideGroupLimit} between 1 and ${sql.raw(String(GUIDE_GROUP_CEILING))}`),
    check('trip_settings_guide_hold_hours_check', sql`${t.guideHoldHours} between 1 and ${sql.raw(String(GUIDE_HOLD_HOURS_MAX))}`),
    check('trip_settings_voucher_validity_check', sql`${t.voucherValidityMonths} between 1 and ${sql.raw(String(VOUCHER_VALIDITY_MONTHS_MAX))}`),
    check('trip_settings_voucher_amounts_check', sql`${t.voucherMinAmount} >= 1 and ${t.voucherMinAmount} <= ${t.voucherMaxAmount} and ${t.voucherMaxAmount} <= ${sql.raw(String(VOUCHER_AMOUNT_CEILING))}`),
  ],
)

/**
 * The guide's own words on the About page, one row per language (docs/decisions/0049); a field not
 * written there falls back to the English row, then to the site's own text.
 */
export const guideWords = pgTable(
  'guide_words',
  {
    locale: text('locale').primaryKey(),
    words: jsonb('words').$type<GuideWords>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [check('guide_words_locale_check', oneOf(t.locale, LOCALE_CODES))],
)

/**
 * The guide's private calendar feed (docs/decisions/0050): one row at most, holding the
 * secret token of its URL. Replacing the token is one UPDATE, so the old URL stops working on
 * every instance at once; no row means no feed. The token is kept readable (the dashboard
 * shows the URL again) and compared in constant time.
 */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    id: integer('id').primaryKey().default(1),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('calendar_feed_single_row_check', sql`${t.id} = 1`), check('calendar_feed_token_check', sql`length(${t.token}) >= 22`)],
)

/**
 * The guide's booking questions (docs/decisions/0053), asked on the booking form in `position`
 * order. Never deleted: archiving stops asking; bookings keep a snapshot of what they answered.
 * `key` names a question the seed made, so a restart never seeds it again.
 */
export const bookingQuestions = pgTable(
  'booking_questions',
  {
    id: serial('id').primaryKey(),
    key: text('key').unique(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    label: text('label').notNull(),
    help: text('help').notNull().default(''),
    translations: jsonb('translations').$type<BookingQuestion['translations']>().notNull().default({}),
    options: jsonb('options').$type<BookingQuestion['options']>().notNull().default([]),
    min: integer('min'),
    max: integer('max'),
    position: integer('position').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('booking_questions_type_check', oneOf(t.type, QUESTION_TYPES)),
    check('booking_questions_label_check', sql`length(btrim(${t.label})) > 0`),
    check('booking_questions_bounds_check', sql`${t.min} is null or ${t.max} is null or ${t.min} <= ${t.max}`),
    index('booking_questions_position_idx').on(t.position),
  ],
)

export type TourPackage = typeof tourPackages.$inferSelect
export type WeekendAvailability = typeof weekendAvailability.$inferSelect
