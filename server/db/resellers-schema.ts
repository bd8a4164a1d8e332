import { sql } from 'drizzle-orm'
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { COMMISSION_MAX_PERCENT, MIN_LEAD_HOURS_MAX } from '../../core/schemas/reseller.ts'
import { createdAt, updatedAt } from './columns.ts'

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
