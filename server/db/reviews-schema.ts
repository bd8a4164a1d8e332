import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { LOCALE_CODES } from '../../core/i18n/locales.ts'
import { REVIEW_LIMITS, REVIEW_STATES } from '../../core/reviews.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'
import { bookings } from './bookings-schema.ts'
import { tourPackages } from './catalogue-schema.ts'

/**
 * The request to review one finished paid tour (docs/decisions/0063): one row
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
