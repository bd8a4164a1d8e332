import { lt } from 'drizzle-orm'
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, RLWrapperTimeouts, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Config } from '../config/index.ts'
import type { Database } from '../db/client.ts'
import { rateLimits } from '../db/schema.ts'

/**
 * Abuse limits (docs/decisions/0024): fixed windows counted by rate-limiter-flexible. On
 * PostgreSQL the counters live in the database (`rate_limits`), so every instance counts
 * against the same total; the embedded database serves one process, which counts in
 * memory. If the database fails or takes over a second, each instance counts in its own
 * memory (the library's insurance limiter): a limit never turns a request into an error,
 * and the request itself then meets the database's 503 (docs/decisions/0025).
 */
export type HitCounter = {
  /** Counts one hit under each key; resolves to the seconds to wait when any key is over its limit, else 0. */
  hit(...keys: string[]): Promise<number>
}

const limiterOptions = (name: string, points: number, windowMs: number) => ({ keyPrefix: name, points, duration: Math.ceil(windowMs / 1000) })

/** Counts in this process's memory: the embedded database's store (one process per data folder). */
export function memoryHitCounter(name: string, points: number, windowMs: number): HitCounter {
  return counting(new RateLimiterMemory(limiterOptions(name, points, windowMs)))
}

/**
 * How long a count may take in the database before this instance counts in memory
 * instead: a stalled database must not hold every request for the statement timeout
 * twice over (the limit's query, then the request's own).
 */
const STORE_TIMEOUT_MS = 1000

function hitCounter(database: Database, name: string, points: number, windowMs: number): HitCounter {
  if (database.kind !== 'postgres') return memoryHitCounter(name, points, windowMs)
  const options = limiterOptions(name, points, windowMs)
  const store = new RateLimiterDrizzle({
    ...options,
    storeClient: database.db,
    schema: rateLimits,
    // Expired rows are pruned by this server's own job (pruneExpiredLimits), on the
    // schedule of every other job, not by a timer of the library's per limiter.
    clearExpiredByTimeout: false,
  })
  return counting(new RLWrapperTimeouts({ limiter: store, timeoutMs: STORE_TIMEOUT_MS, insuranceLimiter: new RateLimiterMemory(options) }))
}

/**
 * Keys are counted in order, and a hit refused under one key is not counted under the next.
 * Counting every key of a refused hit let concurrent requests interleave: on the database's
 * store one request could be the 10th under the address and the 11th under (address, user)
 * because a refused one had counted there first, so 10 concurrent logins admitted 5 to 9.
 * This way the hits admitted under the first key are the only ones the next key sees.
 */
function counting(limiter: RateLimiterAbstract | RLWrapperTimeouts): HitCounter {
  return {
    async hit(...keys) {
      for (const key of keys) {
        try {
          await limiter.consume(key)
        } catch (outcome) {
          if (!(outcome instanceof RateLimiterRes)) throw outcome
          return Math.ceil(outcome.msBeforeNext / 1000)
        }
      }
      return 0
    },
  }
}

/** Every limit of the site, built once per process (server/services/index.ts). */
export function createRateLimits(database: Database, env: Config['env']) {
  return {
    login: hitCounter(database, 'login', env.RATE_LIMIT_LOGIN_PER_MINUTE, 60_000),
    contact: hitCounter(database, 'contact', env.RATE_LIMIT_CONTACT_PER_MINUTE, 60_000),
    bookings: hitCounter(database, 'bookings', env.RATE_LIMIT_BOOKINGS_PER_HOUR, 60 * 60_000),
    /** "Tell me if this slot frees up" (docs/decisions/0057). */
    waitlist: hitCounter(database, 'waitlist', env.RATE_LIMIT_WAITLIST_PER_HOUR, 60 * 60_000),
    /** Reviews written or changed at their private link (docs/decisions/0063). */
    reviews: hitCounter(database, 'reviews', env.RATE_LIMIT_REVIEWS_PER_HOUR, 60 * 60_000),
    /** Reads and actions by booking reference: generous, against scripted guessing. */
    lookups: hitCounter(database, 'lookups', env.RATE_LIMIT_LOOKUPS_PER_MINUTE, 60_000),
    /** The guide's calendar feed (docs/decisions/0050): a calendar app fetches it every few minutes at most. */
    calendarFeed: hitCounter(database, 'calendar-feed', env.RATE_LIMIT_CALENDAR_FEED_PER_MINUTE, 60_000),
    /** A reseller's OCTO requests, per key (docs/decisions/0074). */
    octo: hitCounter(database, 'octo', env.RATE_LIMIT_OCTO_PER_MINUTE, 60_000),
  }
}

export type RateLimits = ReturnType<typeof createRateLimits>

/** Deletes counters whose window has ended (PostgreSQL; the memory store forgets by itself). */
export async function pruneExpiredLimits(database: Database): Promise<void> {
  if (database.kind === 'postgres') await database.db.delete(rateLimits).where(lt(rateLimits.expire, new Date()))
}
