import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { CHANNEL_NAME_MAX, CHANNEL_URL_MAX } from '../../core/schemas/channel-calendar.ts'
import { HALF_DAY_PARTS } from '../../core/slots.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'
import { bookings } from './bookings-schema.ts'
import { resellers } from './resellers-schema.ts'

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
