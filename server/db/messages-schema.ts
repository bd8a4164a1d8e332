import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { GROUP_SIZE_OPTIONS } from '../../core/contact-options.ts'
import { THEMES } from '../../core/themes.ts'
import type { Notice } from '../../core/admin-notices.ts'
import { createdAt, oneOf } from './columns.ts'
import { bookings } from './bookings-schema.ts'

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

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull(),
    read: boolean('read').notNull().default(false),
    actionLink: text('action_link'),
    /** What title and message say, as a message id and its values, for each admin's language (docs/decisions/0086); null on rows from before. */
    notice: jsonb('notice').$type<Notice>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_created_at_idx').on(t.createdAt),
    check('notifications_type_check', sql`${t.type} in ('booking', 'message', 'system')`),
  ],
)

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

export type ContactMessage = typeof contactMessages.$inferSelect
export type Notification = typeof notifications.$inferSelect
export type OutgoingEmail = typeof outgoingEmails.$inferSelect
