import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { LOCALE_CODES } from '../../core/i18n/locales.ts'
import { MAX_GROUP } from '../../core/pricing.ts'
import { TOUR_TIMES } from '../../core/slots.ts'
import { createdAt, oneOf } from './columns.ts'
import { tourPackages } from './catalogue-schema.ts'

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
 * Visitors waiting for a taken slot (docs/decisions/0057). When the slot can be
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

export type WaitlistEntry = typeof waitlistEntries.$inferSelect
export type WaitlistAddress = typeof waitlistAddresses.$inferSelect
