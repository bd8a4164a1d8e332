import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

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
