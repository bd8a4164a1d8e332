import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { CHANGE_ACTORS, CHANGE_STATES } from '../../core/booking-changes.ts'
import type { Attention } from '../../core/admin-notices.ts'
import type { AnswerSnapshot } from '../../core/booking-questions.ts'
import { DISRUPTION_CAUSES, OFFER_STATES } from '../../core/disruptions.ts'
import { GUIDE_GROUP_CEILING } from '../../core/guide-bookings.ts'
import { BOOKING_STATUSES } from '../../core/schemas/booking-status.ts'
import { TOUR_TIMES } from '../../core/slots.ts'
import { THEMES } from '../../core/themes.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'
import { tourPackages, meetingPoints } from './catalogue-schema.ts'
import { users } from './people-schema.ts'
import { resellers } from './resellers-schema.ts'

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
    /**
     * Why the admin must look at this booking (e.g. paid after its slot went to someone else): the
     * note as a message id and values, read in the dashboard's language, and its English for the
     * API (docs/decisions/0086). Written together, by server/services/attention.ts only.
     */
    attention: jsonb('attention').$type<Attention>(),
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
 * A day or one slot the guide called off (docs/decisions/0056): its cause, the guide's
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

/** A booking's row; its money is its ledger's (server/services/ledger.ts reads both together as a Booking). */
export type BookingRow = typeof bookings.$inferSelect
