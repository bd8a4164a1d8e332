import crypto from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { bookings, resellers, type Reseller } from '../db/schema.ts'
import type { ResellerInput } from '../../core/schemas/reseller.ts'
import { ServiceError } from './service-error.ts'
import { refusal } from '../../core/i18n/refusal.ts'

/**
 * The guide's resellers (docs/decisions/0074): accounts that sell the tours through OCTO, each
 * with one API key. The key is shown once, when it is made; only its SHA-256 hash is kept. Every
 * OCTO request looks its key up here, so a revoked or replaced key stops at once on every instance.
 */

const RESELLER_NOT_FOUND_MESSAGE = refusal('adminErrors.resellerNotFound')
/** How a key starts: the guide (and a secret scanner) can tell it is this site's OCTO key. */
const KEY_PREFIX = 'jlt_'
/** How often a key's last use is written: a reseller polling availability would otherwise write on every call. */
const LAST_USED_EVERY_MS = 60_000

export type ResellerView = {
  id: number
  name: string
  note: string | null
  commissionPercent: number
  keyPrefix: string
  minLeadHours: number
  tourPackageIds: number[]
  testMode: boolean
  lastUsedAt: string | null
  revokedAt: string | null
  createdAt: string
  /** Its bookings still to come (on hold or confirmed). */
  liveBookings: number
}

/** A reseller with the key just made for it: the only time the key is seen. */
export type ResellerWithKey = ResellerView & { apiKey: string }

const hashKey = (key: string) => crypto.createHash('sha256').update(key, 'utf8').digest('hex')

function newKey() {
  const key = `${KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`
  return { key, keyHash: hashKey(key), keyPrefix: key.slice(0, KEY_PREFIX.length + 6) }
}

const toView = (r: Reseller, liveBookings = 0): ResellerView => ({
  id: r.id,
  name: r.name,
  note: r.note,
  commissionPercent: r.commissionPercent,
  keyPrefix: r.keyPrefix,
  minLeadHours: r.minLeadHours,
  tourPackageIds: r.tourPackageIds,
  testMode: r.testMode,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  liveBookings,
})

export function createResellerService(deps: { db: Db; now: () => Date }) {
  const { db } = deps

  async function one(id: number): Promise<Reseller> {
    const [row] = await db.select().from(resellers).where(eq(resellers.id, id))
    if (!row) throw new ServiceError('not-found', RESELLER_NOT_FOUND_MESSAGE)
    return row
  }

  async function liveCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map()
    const rows = await db
      .select({ resellerId: bookings.resellerId, n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(inArray(bookings.resellerId, ids), ne(bookings.status, 'cancelled'), or(isNull(bookings.holdExpiresAt), sql`${bookings.holdExpiresAt} > ${deps.now()}`)))
      .groupBy(bookings.resellerId)
    return new Map(rows.map((r) => [r.resellerId!, r.n]))
  }

  return {
    async list(): Promise<ResellerView[]> {
      const rows = await db.select().from(resellers).orderBy(asc(resellers.name), asc(resellers.id))
      const counts = await liveCounts(rows.map((r) => r.id))
      return rows.map((r) => toView(r, counts.get(r.id) ?? 0))
    },

    async create(input: ResellerInput): Promise<ResellerWithKey> {
      const { key, keyHash, keyPrefix } = newKey()
      const [row] = await db.insert(resellers).values({ ...input, keyHash, keyPrefix }).returning()
      return { ...toView(row!), apiKey: key }
    },

    async update(id: number, input: ResellerInput): Promise<ResellerView> {
      await one(id)
      const [row] = await db.update(resellers).set({ ...input, updatedAt: deps.now() }).where(eq(resellers.id, id)).returning()
      return toView(row!, (await liveCounts([id])).get(id) ?? 0)
    },

    /** Stops the key at once; the reseller's bookings stay as they are (the guide cancels them if need be). */
    async revoke(id: number): Promise<ResellerView> {
      const row = await one(id)
      const [revoked] = await db
        .update(resellers)
        .set({ revokedAt: row.revokedAt ?? deps.now(), updatedAt: deps.now() })
        .where(eq(resellers.id, id))
        .returning()
      return toView(revoked!, (await liveCounts([id])).get(id) ?? 0)
    },

    /** A new key for the reseller (a lost or leaked one): the old one stops at once, and a revoked reseller is active again. */
    async replaceKey(id: number): Promise<ResellerWithKey> {
      await one(id)
      const { key, keyHash, keyPrefix } = newKey()
      const [row] = await db.update(resellers).set({ keyHash, keyPrefix, revokedAt: null, updatedAt: deps.now() }).where(eq(resellers.id, id)).returning()
      return { ...toView(row!, (await liveCounts([id])).get(id) ?? 0), apiKey: key }
    },

    /** The active reseller whose key this is, or null (unknown, revoked or replaced). */
    async authenticate(key: string): Promise<Reseller | null> {
      if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null
      const [row] = await db.select().from(resellers).where(and(eq(resellers.keyHash, hashKey(key)), isNull(resellers.revokedAt)))
      if (!row) return null
      const now = deps.now()
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
        await db
          .update(resellers)
          .set({ lastUsedAt: now })
          .where(and(eq(resellers.id, row.id), or(isNull(resellers.lastUsedAt), lt(resellers.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)))))
      }
      return row
    },
  }
}

export type ResellerService = ReturnType<typeof createResellerService>
