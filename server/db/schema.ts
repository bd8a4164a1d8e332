import { sql } from 'drizzle-orm'
import { GROUP_SIZE_OPTIONS } from '../../core/contact-options.ts'
import { MAX_GROUP } from '../../core/pricing.ts'
import { DEFAULT_GUIDE_GROUP_LIMIT, DEFAULT_GUIDE_HOLD_HOURS, GUIDE_GROUP_CEILING, GUIDE_HOLD_HOURS_MAX } from '../../core/guide-bookings.ts'
import { BOOKING_STATUSES } from '../../core/schemas/booking-status.ts'
import { NOTIFICATION_PREFERENCES } from '../../core/schemas/users.ts'
import { HALF_DAY_PARTS, TOUR_TIMES } from '../../core/slots.ts'
import { THEMES } from '../../core/themes.ts'
import { COMMISSION_MAX_PERCENT, MIN_LEAD_HOURS_MAX } from '../../core/schemas/reseller.ts'
import { CHANNEL_NAME_MAX, CHANNEL_URL_MAX } from '../../core/schemas/channel-calendar.ts'
import type { TourTranslations } from '../../core/i18n/tour-text.ts'
import type { AltTranslations } from '../../core/schemas/photo.ts'
import { IMAGE_FORMATS, PLACE_KEYS } from '../../core/media/places.ts'
import type { GuideWords } from '../../core/guide-words.ts'
import type { MeetingPointTranslations } from '../../core/meeting-points.ts'
import type { WhatToBring } from '../../core/what-to-bring.ts'
import { LOCALE_CODES } from '../../core/i18n/locales.ts'
import { CHANGE_ACTORS, CHANGE_STATES, DEFAULT_GUEST_MOVE_LIMIT, GUEST_MOVE_LIMIT_MAX } from '../../core/booking-changes.ts'
import { DISRUPTION_CAUSES, OFFER_STATES } from '../../core/disruptions.ts'
import { AMOUNT_MAX, PERCENT_MAX, PROMO_KINDS, PROMO_TOUR_KINDS } from '../../core/promo-codes.ts'
import { REVIEW_LIMITS, REVIEW_STATES } from '../../core/reviews.ts'
import { DEFAULT_VOUCHER_LIMITS, DEFAULT_VOUCHER_VALIDITY_MONTHS, VOUCHER_AMOUNT_CEILING, VOUCHER_STATUSES, VOUCHER_TEXT_LIMITS, VOUCHER_VALIDITY_MONTHS_MAX } from '../../core/vouchers.ts'
import { MOVEMENT_KINDS, TRANSITIONS } from '../../core/ledger.ts'
import { QUESTION_TYPES, type AnswerSnapshot, type BookingQuestion } from '../../core/booking-questions.ts'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  doublePrecision,
  foreignKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { bytea, createdAt, oneOf, updatedAt } from './columns.ts'

/**
 * The one database schema (the product description's entities, as docs/decisions/ settles them). Rules the database can
 * hold live here as constraints: the application checks first for a friendly message,
 * the constraint is the guarantee. Money is integer yen; tour dates are SQL dates in
 * Japan's calendar; instants are timestamptz (UTC).
 */


export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    email: text('email'),
    name: text('name'),
    notificationPreference: text('notification_preference').notNull().default('email'),
    whatsappNumber: text('whatsapp_number'),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 'Admin' and 'admin' are the same person.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_notification_preference_check', oneOf(t.notificationPreference, NOTIFICATION_PREFERENCES)),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token: a leaked table does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    visitDate: date('visit_date', { mode: 'string' }),
    groupSize: text('group_size'),
    package: text('package'),
    message: text('message').notNull(),
    /** The language of the page the visitor wrote from (docs/decisions/0044). */
    locale: text('locale').notNull().default('en'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
    /** Set when retention or an erasure request replaced the personal fields. */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt),
    check('contact_messages_group_size_check', sql`${t.groupSize} is null or ${oneOf(t.groupSize, GROUP_SIZE_OPTIONS)}`),
    check(
      'contact_messages_package_check',
      sql`${t.package} is null or ${oneOf(t.package, THEMES)}`,
    ),
  ],
)

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

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    /** Unguessable public reference (docs/decisions/0006): the only key visitors ever see. */
    reference: text('reference').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    numberOfPeople: integer('number_of_people').notNull(),
    tourPackageId: integer('tour_package_id')
      .notNull()
      .references(() => tourPackages.id, { onDelete: 'restrict' }),
    tourDate: date('tour_date', { mode: 'string' }).notNull(),
    tourTime: text('tour_time').notNull(),
    interestTheme: text('interest_theme'),
    specialRequests: text('special_requests'),
    adminNotes: text('admin_notes'),
    status: text('status').notNull().default('pending'),
    cancellationReason: text('cancellation_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Until when an unpaid pending booking holds its slot (docs/decisions/0005); null once confirmed or paid. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    currency: text('currency').notNull().default('JPY'),
    /** The language the guest booked in (core/i18n/locales.ts): their e-mails are written in it. */
    locale: text('locale').notNull().default('en'),
    paymentProvider: text('payment_provider'),
    paymentIntentId: text('payment_intent_id').unique(),
    /** When it first became paid (a lifecycle fact; what was paid is its ledger's, docs/decisions/0067). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Why the admin must look at this booking (e.g. paid after its slot went to someone else). */
    attentionReason: text('attention_reason'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /**
     * When the guest ticked "I accept the cancellation policy and terms", and which version of
     * them (POLICY_VERSION, core/cancellation-policy.ts) the page showed (docs/decisions/0050).
     * Null on bookings made before the form asked.
     */
    policyAcceptedAt: timestamp('policy_accepted_at', { withTimezone: true }),
    policyVersion: text('policy_version'),
    /** Where the tour starts (docs/decisions/0052): a meeting point, or the guest's hotel for a pickup. */
    meetingPointId: integer('meeting_point_id').references(() => meetingPoints.id, { onDelete: 'restrict' }),
    pickupHotel: text('pickup_hotel'),
    /** The guest's answers to the booking questions, with the questions as asked (docs/decisions/0053). */
    answers: jsonb('answers').$type<AnswerSnapshot[]>().notNull().default([]),
    /**
     * The guide's bookings (docs/decisions/0059): who made it in the dashboard (null: the guest on
     * the site), and the note the guest reads beside a custom price (null: the catalogue's price).
     */
    arrangedBy: text('arranged_by'),
    priceNote: text('price_note'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A reseller's booking through OCTO (docs/decisions/0074): the reseller, its own reference, and
     * the booking's OCTO uuid (the reseller's, or ours when it sent none). Null: the site's or the guide's.
     */
    resellerId: integer('reseller_id').references((): AnyPgColumn => resellers.id, { onDelete: 'restrict' }),
    resellerReference: text('reseller_reference'),
    octoUuid: uuid('octo_uuid').unique(),
    /**
     * Made with a test-mode reseller key (docs/decisions/0081): a practice booking for good, whatever
     * its reseller's mode later; left out of revenue (docs/decisions/0076).
     */
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  },
  (t) => [
    index('bookings_tour_date_idx').on(t.tourDate),
    index('bookings_status_idx').on(t.status),
    index('bookings_email_idx').on(sql`lower(${t.email})`),
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_tour_time_check', oneOf(t.tourTime, TOUR_TIMES)),
    // The site sells up to MAX_GROUP; the guide books up to their limit (docs/decisions/0059).
    check('bookings_group_size_check', sql`${t.numberOfPeople} between 1 and ${sql.raw(String(GUIDE_GROUP_CEILING))}`),
    check(
      'bookings_interest_theme_check',
      sql`${t.interestTheme} is null or ${oneOf(t.interestTheme, THEMES)}`,
    ),
    // Consent is a moment and a version together, never one without the other.
    check('bookings_policy_consent_check', sql`(${t.policyAcceptedAt} is null) = (${t.policyVersion} is null)`),
    // A place or a pickup, never both.
    check('bookings_meeting_check', sql`${t.meetingPointId} is null or ${t.pickupHotel} is null`),
    // Every reseller's booking has its OCTO uuid, and only theirs.
    check('bookings_reseller_check', sql`(${t.resellerId} is null) = (${t.octoUuid} is null)`),
    index('bookings_reseller_idx').on(t.resellerId, t.resellerReference),
  ],
)

/**
 * The guide's resellers (docs/decisions/0074): each speaks OCTO with its own API key, of which
 * only a SHA-256 hash is kept (the key is 256 random bits: a slow hash would add nothing). A
 * revoked key stops at once on every instance, as every request reads this row.
 */
export const resellers = pgTable(
  'resellers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The terms in the guide's words: "net rate", "pays monthly", a contact. */
    note: text('note'),
    /** The share of the price the reseller keeps, whole percent. */
    commissionPercent: integer('commission_percent').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's first characters, to tell keys apart in the dashboard. */
    keyPrefix: text('key_prefix').notNull(),
    /** No bookings within this many hours of a tour's start. */
    minLeadHours: integer('min_lead_hours').notNull().default(0),
    /** The tours it may sell; empty: every tour. */
    tourPackageIds: jsonb('tour_package_ids').$type<number[]>().notNull().default([]),
    /** A key for the reseller's test system: its bookings are marked test and left out of revenue. */
    testMode: boolean('test_mode').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('resellers_commission_check', sql`${t.commissionPercent} between 0 and ${sql.raw(String(COMMISSION_MAX_PERCENT))}`),
    check('resellers_min_lead_check', sql`${t.minLeadHours} between 0 and ${sql.raw(String(MIN_LEAD_HOURS_MAX))}`),
  ],
)

export type Reseller = typeof resellers.$inferSelect

/**
 * A booking's history of moves (docs/decisions/0055): one row per change of date, slot, tour or
 * group, with what it was and what it became, who made it and what it did to the price. The
 * guest's own moves are counted from here against the move limit; the dashboard and the CSV
 * show it. No personal data beyond the booking it belongs to, so erasure leaves it as it is.
 */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    /** The admin who moved it; null for the guest's own moves. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username'),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    fromTime: text('from_time').notNull(),
    fromPackageId: integer('from_package_id').notNull(),
    fromPeople: integer('from_people').notNull(),
    fromTotal: integer('from_total').notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    toTime: text('to_time').notNull(),
    toPackageId: integer('to_package_id').notNull(),
    toPeople: integer('to_people').notNull(),
    toTotal: integer('to_total').notNull(),
    /** Whether the guest was sent the new date (the guide may move quietly, e.g. after a phone call). */
    guestTold: boolean('guest_told').notNull(),
    /**
     * done: the booking moved. awaiting-payment: a dearer change whose difference the guest is
     * paying; the new slot is held for the booking until `holdExpiresAt`. lapsed: not paid in
     * time, or replaced by another choice (docs/decisions/0055).
     */
    state: text('state').notNull().default('done'),
    /** Yen the guest pays for a dearer change (0 otherwise), through its own intent. */
    difference: integer('difference').notNull().default(0),
    intentId: text('intent_id').unique(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_changes_booking_id_idx').on(t.bookingId),
    check('booking_changes_actor_check', oneOf(t.actor, CHANGE_ACTORS)),
    check('booking_changes_state_check', oneOf(t.state, CHANGE_STATES)),
    check('booking_changes_difference_check', sql`${t.difference} >= 0`),
    check('booking_changes_time_check', sql`${oneOf(t.fromTime, TOUR_TIMES)} and ${oneOf(t.toTime, TOUR_TIMES)}`),
    check('booking_changes_totals_check', sql`${t.fromTotal} >= 0 and ${t.toTotal} >= 0`),
  ],
)

/**
 * A day or one slot the guide called off (issue 19, docs/decisions/0056): its cause, the guide's
 * note for the guests, and who called it off. The slots are closed through the guide's switches
 * (weekend_availability) in the same transaction.
 */
export const disruptions = pgTable(
  'disruptions',
  {
    id: serial('id').primaryKey(),
    tourDate: date('tour_date', { mode: 'string' }).notNull(),
    /** Null: the whole day. */
    tourTime: text('tour_time'),
    cause: text('cause').notNull(),
    note: text('note'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username'),
    createdAt: createdAt(),
  },
  (t) => [
    index('disruptions_tour_date_idx').on(t.tourDate),
    check('disruptions_cause_check', oneOf(t.cause, DISRUPTION_CAUSES)),
    check('disruptions_tour_time_check', sql`${t.tourTime} is null or ${oneOf(t.tourTime, TOUR_TIMES)}`),
  ],
)

/**
 * The choice a call-off gives each live booking on it: a new date free of charge or a full
 * refund, answered by the guest or refunded at `deadline` (docs/decisions/0056). One offer per
 * booking and call-off; the state moves from open exactly once, under the booking's row lock.
 */
export const disruptionOffers = pgTable(
  'disruption_offers',
  {
    id: serial('id').primaryKey(),
    disruptionId: integer('disruption_id')
      .notNull()
      .references(() => disruptions.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('open'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('disruption_offers_booking_key').on(t.disruptionId, t.bookingId),
    index('disruption_offers_open_idx').on(t.state, t.deadline),
    check('disruption_offers_state_check', oneOf(t.state, OFFER_STATES)),
  ],
)

/**
 * The addresses on the waitlist (docs/decisions/0070): an address waits only once it has proven
 * itself by the link of one confirmation e-mail (double opt-in). Until `confirmed_at` is set,
 * nothing but that e-mail is sent to it: `confirmation_sent_at` keeps it to one per window
 * (WAITLIST_CONFIRM_HOURS), `confirm_token` is the link's secret (260 bits) and `locale` the
 * language it was written in. `opening_mails` counts the "free again" e-mails of the Japan day
 * `opening_mail_day`, across all its slots, against WAITLIST_MAILS_PER_ADDRESS_PER_DAY; every
 * write to the row happens under the address's advisory lock (server/services/waitlist.ts), so
 * the count holds on any number of instances. Forgotten a window after its last sign-up once it
 * has no entries left (unconfirmed entries go a window after they were made), and by erasure,
 * which takes its entries with it.
 */
export const waitlistAddresses = pgTable(
  'waitlist_addresses',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    locale: text('locale').notNull().default('en'),
    confirmToken: text('confirm_token').unique(),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmationsSent: integer('confirmations_sent').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastJoinedAt: timestamp('last_joined_at', { withTimezone: true }).notNull().defaultNow(),
    openingMailDay: date('opening_mail_day', { mode: 'string' }),
    openingMails: integer('opening_mails').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('waitlist_addresses_email_check', sql`${t.email} = lower(btrim(${t.email})) and length(${t.email}) between 3 and 254`),
    check('waitlist_addresses_locale_check', oneOf(t.locale, LOCALE_CODES)),
    check('waitlist_addresses_counts_check', sql`${t.confirmationsSent} >= 0 and ${t.openingMails} >= 0`),
  ],
)

/**
 * Visitors waiting for a taken slot (issue 19 point 4, docs/decisions/0057). When the slot can be
 * booked again, each entry not yet told gets one e-mail (`notified_at` set in the same
 * transaction as the release); when it is taken again, `notified_at` goes back to null so the
 * next opening tells it again. `notices` counts the e-mails, and names each in the outbox's
 * dedupe key. `token` is the secret of the removal link. One address waits once per slot
 * (`email` is stored trimmed and in lower case, and names its row in waitlist_addresses: only
 * the entries of a confirmed address are told, docs/decisions/0070). Deleted the day after the
 * tour date (retention sweep) or by the visitor, and with its address.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    tourDate: date('tour_date', { mode: 'string' }).notNull(),
    tourTime: text('tour_time').notNull(),
    email: text('email')
      .notNull()
      .references(() => waitlistAddresses.email, { onDelete: 'cascade' }),
    numberOfPeople: integer('number_of_people').notNull(),
    tourPackageId: integer('tour_package_id')
      .notNull()
      .references(() => tourPackages.id, { onDelete: 'cascade' }),
    /** The language of the page the visitor joined on: the e-mails are written in it. */
    locale: text('locale').notNull().default('en'),
    token: text('token').notNull().unique(),
    notices: integer('notices').notNull().default(0),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_slot_email_key').on(t.tourDate, t.tourTime, t.email),
    index('waitlist_entries_email_idx').on(t.email),
    check('waitlist_entries_tour_time_check', oneOf(t.tourTime, TOUR_TIMES)),
    check('waitlist_entries_group_size_check', sql`${t.numberOfPeople} between 1 and ${sql.raw(String(MAX_GROUP))}`),
    check('waitlist_entries_email_check', sql`${t.email} = lower(btrim(${t.email})) and length(${t.email}) between 3 and 254`),
    check('waitlist_entries_locale_check', oneOf(t.locale, LOCALE_CODES)),
    check('waitlist_entries_notices_check', sql`${t.notices} >= 0`),
  ],
)

/**
 * Promo codes (docs/decisions/0062). `uses` counts the live holds and paid bookings that took the
 * code; the check keeps it within max_uses, and the service takes a use with one conditional
 * UPDATE inside the booking's transaction, so two servers racing for the last use cannot both win.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    onePerEmail: boolean('one_per_email').notNull().default(false),
    tourKind: text('tour_kind'),
    minGroup: integer('min_group'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('promo_codes_kind_check', oneOf(t.kind, PROMO_KINDS)),
    check(
      'promo_codes_value_check',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and ${sql.raw(String(PERCENT_MAX))}) or (${t.kind} = 'amount' and ${t.value} between 1 and ${sql.raw(String(AMOUNT_MAX))})`,
    ),
    check('promo_codes_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check('promo_codes_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check('promo_codes_dates_check', sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`),
    check('promo_codes_tour_kind_check', sql`${t.tourKind} is null or ${oneOf(t.tourKind, PROMO_TOUR_KINDS)}`),
    check('promo_codes_min_group_check', sql`${t.minGroup} is null or ${t.minGroup} between 1 and ${sql.raw(String(GUIDE_GROUP_CEILING))}`),
  ],
)

/**
 * A booking's use of a promo code: one row while it counts. Released (the row deleted and the
 * code's `uses` given back, in one transaction) when the booking is cancelled before it was paid;
 * a paid booking's use stays spent (docs/decisions/0062). The one-use-per-address limit reads the
 * booking's e-mail, so erasing a booking's personal data leaves nothing here.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('promo_redemptions_promo_code_id_idx').on(t.promoCodeId)],
)

/**
 * Gift vouchers (issue 20 point 3, docs/decisions/0065). A row is made when a visitor starts a
 * purchase ('pending', unusable); the provider's word that its intent succeeded for the exact
 * amount makes it 'active' once, by a conditional UPDATE, and starts its validity. Bookings spend
 * the balance with a conditional UPDATE too; the check keeps it between 0 and the amount, so no
 * race can overspend. 'Used up' and 'expired' are read from the balance and the date. The code
 * is what the recipient types; the token is the printable page's secret, a different value, so a
 * code read off a voucher does not open its buyer's details. Erasure blanks the names, the
 * address and the message and keeps the money record.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    token: text('token').notNull().unique(),
    amount: integer('amount').notNull(),
    /**
     * What is left to spend: its amount less what bookings took and plus what they gave back, as
     * its ledger rows say (docs/decisions/0067). Written only with those rows
     * (server/services/ledger.ts), by a conditional UPDATE, so no race can overspend it.
     */
    balance: integer('balance').notNull(),
    currency: text('currency').notNull().default('JPY'),
    status: text('status').notNull().default('pending'),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    recipientName: text('recipient_name'),
    message: text('message'),
    /** The language the buyer used: their e-mail and the voucher page are written in it. */
    locale: text('locale').notNull().default('en'),
    /** The last day it can be used, in Japan's calendar; set when it is paid. */
    validUntil: date('valid_until', { mode: 'string' }),
    paymentProvider: text('payment_provider'),
    paymentIntentId: text('payment_intent_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why the guide must look at it (a payment that did not match, a refund that failed). */
    attentionReason: text('attention_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  },
  (t) => [
    index('vouchers_buyer_email_idx').on(sql`lower(${t.buyerEmail})`),
    check('vouchers_status_check', oneOf(t.status, VOUCHER_STATUSES)),
    check('vouchers_amount_check', sql`${t.amount} between 1 and ${sql.raw(String(VOUCHER_AMOUNT_CEILING))}`),
    check('vouchers_balance_check', sql`${t.balance} between 0 and ${t.amount}`),
    check('vouchers_paid_check', sql`${t.status} = 'pending' or (${t.paidAt} is not null and ${t.validUntil} is not null)`),
    check('vouchers_currency_check', sql`${t.currency} = 'JPY'`),
    check('vouchers_locale_check', oneOf(t.locale, LOCALE_CODES)),
    check('vouchers_buyer_name_check', sql`length(${t.buyerName}) <= ${sql.raw(String(VOUCHER_TEXT_LIMITS.name))}`),
    check('vouchers_recipient_name_check', sql`${t.recipientName} is null or length(${t.recipientName}) <= ${sql.raw(String(VOUCHER_TEXT_LIMITS.name))}`),
    check('vouchers_message_check', sql`${t.message} is null or length(${t.message}) <= ${sql.raw(String(VOUCHER_TEXT_LIMITS.message))}`),
  ],
)

/**
 * The request to review one finished paid tour (issue 21 point 1, docs/decisions/0063): one row
 * per booking, made by the request job together with its e-mail, so two instances never ask
 * twice. The token is the private link's secret. Cancellation and erasure delete the row.
 */
export const reviewRequests = pgTable('review_requests', {
  id: serial('id').primaryKey(),
  bookingId: integer('booking_id')
    .notNull()
    .unique()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  /** The one reminder; null until sent. */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
  /** The guest asked for no more e-mails about it (the link still works). */
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
})

/**
 * Reviews (docs/decisions/0063): written by a guest through their request's link (booking_id
 * set, source null: "verified booking"), or added by the guide from another site (source named,
 * booking_id null). One review per booking. Nothing is public until the guide approves it.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** Null: written through this site's request. Otherwise the name of the site it came from. */
    source: text('source'),
    sourceUrl: text('source_url'),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    displayName: text('display_name').notNull(),
    country: text('country'),
    /** The language it was written in. */
    locale: text('locale').notNull().default('en'),
    tourPackageId: integer('tour_package_id').references(() => tourPackages.id, { onDelete: 'set null' }),
    /** The tour's date (a booking's) or the review's date elsewhere: the page shows its month. */
    tourDate: date('tour_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('new'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** When the guest consented to publication (the form's box; the guide's word for reviews from elsewhere). */
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_booking_key').on(t.bookingId),
    index('reviews_status_idx').on(t.status),
    check('reviews_status_check', oneOf(t.status, REVIEW_STATES)),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_locale_check', oneOf(t.locale, LOCALE_CODES)),
    check('reviews_title_check', sql`length(${t.title}) between 1 and ${sql.raw(String(REVIEW_LIMITS.title.max))}`),
    check('reviews_text_check', sql`length(${t.text}) between 1 and ${sql.raw(String(REVIEW_LIMITS.text.max))}`),
    check('reviews_display_name_check', sql`length(${t.displayName}) between 1 and ${sql.raw(String(REVIEW_LIMITS.displayName.max))}`),
    check('reviews_kind_check', sql`(${t.source} is null) or (${t.bookingId} is null)`),
  ],
)

export type ReviewRequest = typeof reviewRequests.$inferSelect
export type Review = typeof reviews.$inferSelect

/**
 * Calendars of other platforms that publish no API, only an iCalendar URL of the guide's
 * listing (docs/decisions/0077): fetched on a schedule by one instance at a time (the lease
 * `fetch_claimed_until`), their events close the slots they overlap. A failed fetch records its
 * error and keeps the last good time; it changes no block.
 */
export const channelCalendars = pgTable(
  'channel_calendars',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastFetchAt: timestamp('last_fetch_at', { withTimezone: true }),
    lastGoodFetchAt: timestamp('last_good_fetch_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Events read by the last good fetch. */
    eventsCount: integer('events_count').notNull().default(0),
    /** While set in the future, one instance is fetching this calendar: no other starts. */
    fetchClaimedUntil: timestamp('fetch_claimed_until', { withTimezone: true }),
  },
  (t) => [
    check('channel_calendars_name_check', sql`length(${t.name}) between 1 and ${sql.raw(String(CHANNEL_NAME_MAX))}`),
    check('channel_calendars_url_check', sql`length(${t.url}) between 1 and ${sql.raw(String(CHANNEL_URL_MAX))} and ${t.url} ~ '^https?://'`),
  ],
)

/**
 * A half of a weekend day an imported calendar's event takes (docs/decisions/0077): one row per
 * event, day and half. The block closes its slot through a claim of its own in slot_claims, so
 * the primary key that keeps one group per slot keeps the other platforms out too. When one of
 * our bookings held the slot first, the block records it as a conflict and claims nothing.
 */
export const channelBlocks = pgTable(
  'channel_blocks',
  {
    id: serial('id').primaryKey(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => channelCalendars.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    tourDate: date('tour_date', { mode: 'string' }).notNull(),
    part: text('part').notNull(),
    summary: text('summary').notNull().default(''),
    /** Our booking that held the slot when the event came: a double booking made on the other platform. */
    conflictBookingId: integer('conflict_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('channel_blocks_event_slot_unique').on(t.calendarId, t.uid, t.tourDate, t.part),
    // The target of slot_claims' foreign key: a block's claim is of the block's own slot.
    uniqueIndex('channel_blocks_id_slot_unique').on(t.id, t.tourDate, t.part),
    index('channel_blocks_slot_idx').on(t.tourDate, t.part),
    check('channel_blocks_part_check', oneOf(t.part, HALF_DAY_PARTS)),
  ],
)

/**
 * A reseller's OCTO webhook (docs/decisions/0081): where its booking changes are delivered. The
 * id is OCTO's (a uuid); the secret signs each delivery (Standard Webhooks) and is shown once.
 */
export const octoWebhooks = pgTable(
  'octo_webhooks',
  {
    id: text('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('octo_webhooks_reseller_idx').on(t.resellerId), check('octo_webhooks_url_check', sql`${t.url} ~ '^https?://'`)],
)

/**
 * The webhook outbox (docs/decisions/0081): one row per change of a reseller's booking and
 * webhook, written in the change's transaction, sent after the commit by one instance at a time
 * (`locked_until`, taken by a conditional UPDATE), retried with backoff, then `failed`.
 */
export const octoWebhookDeliveries = pgTable(
  'octo_webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    /** Standard Webhooks' `webhook-id`: the same on every attempt, so a receiver can drop repeats. */
    messageId: text('message_id').notNull().unique(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => octoWebhooks.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The booking's OCTO status the change left (what the guide reads beside the reseller). */
    bookingStatus: text('booking_status').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The receiver's HTTP status of the last attempt; null when it could not be reached. */
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('octo_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('octo_webhook_deliveries_webhook_idx').on(t.webhookId),
    index('octo_webhook_deliveries_booking_idx').on(t.bookingId),
    check('octo_webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
)

export type OctoWebhookRow = typeof octoWebhooks.$inferSelect
export type OctoWebhookDelivery = typeof octoWebhookDeliveries.$inferSelect

export type ChannelCalendar = typeof channelCalendars.$inferSelect
export type ChannelBlock = typeof channelBlocks.$inferSelect

/**
 * One group per slot (docs/decisions/0002), held by the primary key: a booking claims one row per half
 * of the day it uses (a full-day tour claims both), so a second claim of the same half —
 * from this server or another — fails with a unique violation. A pending booking's claim
 * carries the hold's expiry; an expired claim counts as free and is removed by the next
 * claim of that half (server/services/slot-claims.ts). A claim is a booking's or an imported
 * calendar's block (docs/decisions/0077), never both; a block's claim never expires and goes
 * with its block.
 */
export const slotClaims = pgTable(
  'slot_claims',
  {
    tourDate: date('tour_date', { mode: 'string' }).notNull(),
    part: text('part').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    channelBlockId: integer('channel_block_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'slot_claims_pkey', columns: [t.tourDate, t.part] }),
    index('slot_claims_booking_id_idx').on(t.bookingId),
    uniqueIndex('slot_claims_channel_block_id_unique').on(t.channelBlockId),
    foreignKey({ name: 'slot_claims_channel_block_fk', columns: [t.channelBlockId, t.tourDate, t.part], foreignColumns: [channelBlocks.id, channelBlocks.tourDate, channelBlocks.part] }).onDelete('cascade'),
    check('slot_claims_part_check', oneOf(t.part, HALF_DAY_PARTS)),
    check('slot_claims_holder_check', sql`(${t.bookingId} is null) <> (${t.channelBlockId} is null)`),
    check('slot_claims_block_expiry_check', sql`${t.channelBlockId} is null or ${t.expiresAt} is null`),
  ],
)

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull(),
    read: boolean('read').notNull().default(false),
    actionLink: text('action_link'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_created_at_idx').on(t.createdAt),
    check('notifications_type_check', sql`${t.type} in ('booking', 'message', 'system')`),
  ],
)

/**
 * The ledger (docs/decisions/0067, core/ledger.ts): every movement of money for a booking, and
 * every gift voucher sold or refunded, one row each, with a signed amount of whole yen. Only ever
 * added to: a trigger refuses an UPDATE, and a DELETE that does not follow its booking's deletion
 * (a booking the guide deletes holds no money; its rows net to nothing in every account).
 * A booking's price, what paid it and what went back are sums of its rows; written only by
 * server/services/ledger.ts, for the lifecycle's decisions (core/booking-lifecycle.ts).
 */
export const moneyMovements = pgTable(
  'money_movements',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** The voucher whose balance a `voucher` row moves, or which a `voucher-sale` row sold. */
    voucherId: integer('voucher_id').references(() => vouchers.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    transition: text('transition').notNull(),
    /** The payment intent a card row (or a voucher's sale) charged or refunds. */
    intentId: text('intent_id'),
    /** What names it outside: a refund's idempotency key, a promo code. */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('money_movements_booking_id_idx').on(t.bookingId),
    index('money_movements_voucher_id_idx').on(t.voucherId),
    index('money_movements_created_at_idx').on(t.createdAt),
    check('money_movements_kind_check', oneOf(t.kind, MOVEMENT_KINDS)),
    check('money_movements_transition_check', oneOf(t.transition, TRANSITIONS)),
    check('money_movements_amount_check', sql`${t.amount} <> 0`),
    check('money_movements_owner_check', sql`(${t.kind} = 'voucher-sale') = (${t.bookingId} is null)`),
    check('money_movements_voucher_check', sql`(${t.kind} in ('voucher', 'voucher-sale')) = (${t.voucherId} is not null)`),
    check('money_movements_intent_check', sql`${t.kind} <> 'card' or ${t.intentId} is not null`),
    // One charge per payment intent, whichever way it was reported first (docs/decisions/0015).
    uniqueIndex('money_movements_charge_key').on(t.intentId).where(sql`${t.kind} in ('card', 'voucher-sale') and ${t.amount} > 0 and ${t.transition} <> 'refund-failed'`),
    // One row per refund: its idempotency key (a retried refund is recorded once).
    uniqueIndex('money_movements_reference_key').on(t.kind, t.reference).where(sql`${t.kind} in ('card', 'voucher-sale') and ${t.reference} is not null`),
  ],
)

/**
 * The payment provider's trail of a booking or of a gift voucher's sale (docs/decisions/0065):
 * every intent made, attempt failed, and refund asked for, with the provider's ids. What money
 * moved is the ledger's (money_movements); this is where to look in the provider.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id').references((): AnyPgColumn => vouchers.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_booking_id_idx').on(t.bookingId),
    index('payments_voucher_id_idx').on(t.voucherId),
    check('payments_owner_check', sql`(${t.bookingId} is null) <> (${t.voucherId} is null)`),
    uniqueIndex('payments_provider_kind_key').on(t.provider, t.providerId, t.kind, t.status),
    check('payments_kind_check', sql`${t.kind} in ('intent', 'charge', 'refund')`),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
)

/** Webhook events already handled: a replayed event id changes nothing. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Abuse-limit counters on PostgreSQL, shared by every instance (rate-limiter-flexible's
 * Drizzle store, docs/decisions/0024): one row per limit and key (e.g. "login:ip:1.2.3.4"),
 * the hits in the current window and when the window ends. Rows past their window are
 * pruned by a job (server/http/rate-limit.ts).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
})

/**
 * Outgoing e-mail, written in the same transaction as the event that causes it and sent
 * afterwards with retries, so a mail server outage never loses a message. dedupeKey makes
 * "send once" (e.g. one reminder per booking) a database guarantee across instances.
 */
export const outgoingEmails = pgTable(
  'outgoing_emails',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').unique(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Reply-To header, e.g. the visitor's address on a "new inquiry" e-mail to the admins. */
    replyTo: text('reply_to'),
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    contactMessageId: integer('contact_message_id').references(() => contactMessages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outgoing_emails_due_idx').on(t.status, t.nextAttemptAt),
    check('outgoing_emails_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
)

/** Who did what to guests' personal data and to money (issue 9, refunds). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
)


/**
 * The guide's photos (docs/decisions/0048). `master` is the upload as stored: turned upright,
 * its metadata (location, camera, owner) removed, at most 3000 px a side; `sha256` is its
 * content hash, which names every picture made from it. The alt text is required in English,
 * the other languages optional.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    sha256: text('sha256').notNull().unique(),
    master: bytea('master').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    originalName: text('original_name').notNull().default(''),
    alt: text('alt').notNull(),
    altTranslations: jsonb('alt_translations').$type<AltTranslations>().notNull().default({}),
    focalX: integer('focal_x').notNull().default(50),
    focalY: integer('focal_y').notNull().default(50),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('media_focal_check', sql`${t.focalX} between 0 and 100 and ${t.focalY} between 0 and 100`),
    check('media_size_check', sql`${t.width} > 0 and ${t.height} > 0 and ${t.bytes} > 0`),
    check('media_alt_check', sql`length(btrim(${t.alt})) > 0`),
  ],
)

/**
 * Pictures made from a photo (a crop at a width in a format), made on first request and kept,
 * so every instance serves them without encoding again. A cache: deleting rows loses nothing.
 */
export const mediaVariants = pgTable(
  'media_variants',
  {
    path: text('path').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    body: bytea('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('media_variants_media_idx').on(t.mediaId), check('media_variants_format_check', oneOf(t.format, IMAGE_FORMATS))],
)

/** Which photo is in which place of the public pages; a place without a row shows its artwork. */
export const photoPlacements = pgTable(
  'photo_placements',
  {
    place: text('place').primaryKey(),
    // A placed photo cannot be deleted: it must be taken off the page first.
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('photo_placements_place_check', oneOf(t.place, PLACE_KEYS)), index('photo_placements_media_idx').on(t.mediaId)],
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

export type User = typeof users.$inferSelect
export type ContactMessage = typeof contactMessages.$inferSelect
export type TourPackage = typeof tourPackages.$inferSelect
export type WeekendAvailability = typeof weekendAvailability.$inferSelect
export type Voucher = typeof vouchers.$inferSelect
/** A booking's row; its money is its ledger's (server/services/ledger.ts reads both together as a Booking). */
export type BookingRow = typeof bookings.$inferSelect
export type MoneyMovement = typeof moneyMovements.$inferSelect
export type Notification = typeof notifications.$inferSelect
export type Payment = typeof payments.$inferSelect
export type OutgoingEmail = typeof outgoingEmails.$inferSelect
export type Media = typeof media.$inferSelect
export type WaitlistEntry = typeof waitlistEntries.$inferSelect
export type WaitlistAddress = typeof waitlistAddresses.$inferSelect

// Receipts and return invoices (docs/decisions/0080): their tables live beside the rest of their domain.
export * from './tax-documents-schema.ts'
