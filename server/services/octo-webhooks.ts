import { englishText } from '../i18n/refusals.ts'
import crypto from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Booking as OctoBooking } from '@octocloud/types'
import type { Db, Tx } from '../db/client.ts'
import { octoWebhookDeliveries, octoWebhooks, resellers, type OctoWebhookDelivery, type Reseller } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { loggableError } from '../http/errors.ts'
import {
  BOOKING_UPDATE,
  DELIVERY_TIMEOUT_MS,
  MAX_DELIVERY_ATTEMPTS,
  MAX_WEBHOOKS_PER_RESELLER,
  createWebhookBodySchema,
  deliveryBody,
  deliveryDelayMs,
  signatureHeaders,
  webhookBodyProblem,
  webhookUrlProblem,
  webhookView,
  type OctoWebhook,
} from '../../core/octo-webhooks.ts'
import { octoStatusOf } from '../../core/octo.ts'
import type { Booking } from './ledger.ts'
import { OctoError } from './octo.ts'
import { postJson } from './outgoing-request.ts'

/**
 * Resellers' OCTO webhooks (docs/decisions/0081). A reseller registers, lists and deletes its own
 * through /octo/v1/webhooks. Every change of one of its bookings writes one delivery per webhook in
 * the change's own transaction (`bookingChanged`, called by the lifecycle's writer); the job
 * `deliver-octo-webhooks` sends them after the commit, each taken by one instance at a time with a
 * conditional UPDATE of its lease (the mail outbox's pattern, docs/decisions/0008), signed with the
 * webhook's secret, retried with backoff, and marked failed after MAX_DELIVERY_ATTEMPTS.
 */

/** How long past the request's own time limit a delivery's lease lasts. */
const LEASE_MARGIN_MS = 60_000

/** A webhook as the guide sees it beside its reseller in Dashboard → Channels. */
export type WebhookAdminView = {
  id: string
  url: string
  event: string
  createdAt: string
  /** The last delivery that was tried, whatever came of it. */
  last: { at: string; bookingStatus: string; status: 'pending' | 'delivered' | 'failed'; responseStatus: number | null; error: string | null } | null
  delivered: number
  pending: number
  failed: number
}

export type OctoWebhookDeps = {
  db: Db
  logger: Logger
  now: () => Date
  allowPrivate: boolean
  userAgent: string
  /** The booking as `GET /bookings/:uuid` shows it to its reseller (server/services/octo.ts). */
  viewOf: (reseller: Reseller, bookingId: number) => Promise<OctoBooking>
}

const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`

export function createOctoWebhookService(deps: OctoWebhookDeps) {
  const { db, now } = deps

  async function claim(batchSize: number): Promise<OctoWebhookDelivery[]> {
    const at = now()
    const free = or(isNull(octoWebhookDeliveries.lockedUntil), lt(octoWebhookDeliveries.lockedUntil, at))
    // In order per booking and webhook: a change waits until the one before it is delivered or
    // failed, so a receiver never gets an older state after a newer one.
    const first = sql`not exists (select 1 from octo_webhook_deliveries earlier where earlier.webhook_id = ${octoWebhookDeliveries.webhookId} and earlier.booking_id = ${octoWebhookDeliveries.bookingId} and earlier.status = 'pending' and earlier.id < ${octoWebhookDeliveries.id})`
    const due = and(eq(octoWebhookDeliveries.status, 'pending'), lte(octoWebhookDeliveries.nextAttemptAt, at), free, first)
    const candidates = db
      .select({ id: octoWebhookDeliveries.id })
      .from(octoWebhookDeliveries)
      .where(due)
      .orderBy(asc(octoWebhookDeliveries.nextAttemptAt), asc(octoWebhookDeliveries.id))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    return db
      .update(octoWebhookDeliveries)
      .set({ lockedUntil: new Date(at.getTime() + DELIVERY_TIMEOUT_MS + LEASE_MARGIN_MS), attempts: sql`${octoWebhookDeliveries.attempts} + 1` })
      .where(and(inArray(octoWebhookDeliveries.id, candidates), due))
      .returning()
  }

  async function deliver(row: OctoWebhookDelivery): Promise<'delivered' | 'retry' | 'failed'> {
    const [target] = await db
      .select({ webhook: octoWebhooks, reseller: resellers })
      .from(octoWebhooks)
      .innerJoin(resellers, eq(resellers.id, octoWebhooks.resellerId))
      .where(eq(octoWebhooks.id, row.webhookId))
    const attemptAt = now()
    const finish = (values: Partial<typeof octoWebhookDeliveries.$inferInsert>) =>
      db
        .update(octoWebhookDeliveries)
        .set({ lockedUntil: null, lastAttemptAt: attemptAt, ...values })
        .where(eq(octoWebhookDeliveries.id, row.id))
    // Deleted with its webhook (the cascade) or its reseller revoked: nothing more is sent to it.
    if (!target) return 'failed'
    if (target.reseller.revokedAt) {
      await finish({ status: 'failed', lastError: 'The reseller’s key was revoked: not sent', lastResponseStatus: null })
      return 'failed'
    }
    let problem: string
    let responseStatus: number | null = null
    try {
      const body = deliveryBody(target.webhook, await deps.viewOf(target.reseller, row.bookingId))
      const sentAt = now()
      const answer = await postJson(target.webhook.url, body, signatureHeaders(target.webhook.secret, row.messageId, sentAt, body), {
        timeoutMs: DELIVERY_TIMEOUT_MS,
        allowPrivate: deps.allowPrivate,
        userAgent: deps.userAgent,
      })
      responseStatus = answer.status
      if (answer.status >= 200 && answer.status < 300) {
        await finish({ status: 'delivered', deliveredAt: now(), lastResponseStatus: answer.status, lastError: null })
        return 'delivered'
      }
      problem = `The webhook answered ${answer.status}`
    } catch (error) {
      const cause = error as { code?: unknown; message?: unknown }
      problem = `The webhook could not be reached (${typeof cause.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error)})`
    }
    const giveUp = row.attempts >= MAX_DELIVERY_ATTEMPTS
    await finish({
      status: giveUp ? 'failed' : 'pending',
      lastResponseStatus: responseStatus,
      lastError: problem.slice(0, 500),
      nextAttemptAt: new Date(now().getTime() + deliveryDelayMs(row.attempts)),
    })
    deps.logger.warn({ deliveryId: row.id, webhookId: row.webhookId, attempts: row.attempts, giveUp, error: problem }, 'OCTO webhook not delivered')
    return giveUp ? 'failed' : 'retry'
  }

  async function webhookOf(reseller: Reseller, id: string) {
    const [row] = /^[0-9a-f-]{36}$/i.test(id) ? await db.select().from(octoWebhooks).where(and(eq(octoWebhooks.id, id.toLowerCase()), eq(octoWebhooks.resellerId, reseller.id))) : []
    if (!row) throw new OctoError('BAD_REQUEST', 'The webhook id was missing or invalid', { id })
    return row
  }

  return {
    /** `POST /webhooks`: the webhook, with its signing secret this once. */
    async create(reseller: Reseller, body: unknown): Promise<OctoWebhook & { secret: string }> {
      const parsed = createWebhookBodySchema.safeParse(body ?? {})
      if (!parsed.success) throw new OctoError('BAD_REQUEST', englishText(parsed.error.issues[0]!.message))
      const problem = webhookBodyProblem(parsed.data) ?? webhookUrlProblem(parsed.data.url, deps.allowPrivate)
      if (problem) throw new OctoError('BAD_REQUEST', problem)
      const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(octoWebhooks).where(eq(octoWebhooks.resellerId, reseller.id))) as [{ count: number }]
      if (count >= MAX_WEBHOOKS_PER_RESELLER) throw new OctoError('UNPROCESSABLE_ENTITY', `A reseller may keep at most ${MAX_WEBHOOKS_PER_RESELLER} webhooks: delete one first`)
      const [row] = await db.insert(octoWebhooks).values({ id: crypto.randomUUID(), resellerId: reseller.id, event: BOOKING_UPDATE, url: parsed.data.url, secret: newSecret(), createdAt: now() }).returning()
      return { ...webhookView(row!), secret: row!.secret }
    },

    async list(reseller: Reseller): Promise<OctoWebhook[]> {
      const rows = await db.select().from(octoWebhooks).where(eq(octoWebhooks.resellerId, reseller.id)).orderBy(asc(octoWebhooks.createdAt), asc(octoWebhooks.id))
      return rows.map(webhookView)
    },

    /** `DELETE /webhooks/:id`: the webhook and its deliveries not yet made. */
    async remove(reseller: Reseller, id: string): Promise<OctoWebhook> {
      const row = await webhookOf(reseller, id)
      await db.delete(octoWebhooks).where(eq(octoWebhooks.id, row.id))
      return webhookView(row)
    },

    /**
     * A reseller's booking changed (in the change's transaction): one delivery per webhook of its
     * reseller, sent after the commit. Returns how many were written.
     */
    async bookingChanged(tx: Tx, booking: Booking): Promise<number> {
      if (booking.resellerId === null) return 0
      const hooks = await tx.select({ id: octoWebhooks.id }).from(octoWebhooks).where(and(eq(octoWebhooks.resellerId, booking.resellerId), eq(octoWebhooks.event, BOOKING_UPDATE)))
      if (hooks.length === 0) return 0
      const at = now()
      const bookingStatus = octoStatusOf(booking, at)
      await tx.insert(octoWebhookDeliveries).values(hooks.map((h) => ({ messageId: `msg_${crypto.randomUUID()}`, webhookId: h.id, bookingId: booking.id, bookingStatus, nextAttemptAt: at, createdAt: at })))
      return hooks.length
    },

    /** Send what is due (the job). Safe on several instances at once: each delivery is leased to one. */
    async processDue(options: { batchSize?: number } = {}): Promise<{ delivered: number; retry: number; failed: number }> {
      const result = { delivered: 0, retry: 0, failed: 0 }
      const batchSize = options.batchSize ?? 20
      for (;;) {
        const rows = await claim(batchSize)
        if (rows.length === 0) return result
        // One receiver slow to answer does not hold up another's: a batch is sent together.
        const outcomes = await Promise.all(
          rows.map((row) =>
            deliver(row).catch((error) => {
              deps.logger.error({ deliveryId: row.id, error: loggableError(error) }, 'OCTO webhook delivery failed')
              return 'retry' as const
            }),
          ),
        )
        for (const outcome of outcomes) result[outcome]++
        if (rows.length < batchSize) return result
      }
    },

    /** Each reseller's webhooks with their last delivery and counts, for Dashboard → Channels. */
    async adminViews(): Promise<Map<number, WebhookAdminView[]>> {
      const hooks = await db.select().from(octoWebhooks).orderBy(asc(octoWebhooks.createdAt), asc(octoWebhooks.id))
      const byReseller = new Map<number, WebhookAdminView[]>()
      if (hooks.length === 0) return byReseller
      const ids = hooks.map((h) => h.id)
      const counts = await db
        .select({ webhookId: octoWebhookDeliveries.webhookId, status: octoWebhookDeliveries.status, count: sql<number>`count(*)::int` })
        .from(octoWebhookDeliveries)
        .where(inArray(octoWebhookDeliveries.webhookId, ids))
        .groupBy(octoWebhookDeliveries.webhookId, octoWebhookDeliveries.status)
      const lasts = await db
        .selectDistinctOn([octoWebhookDeliveries.webhookId])
        .from(octoWebhookDeliveries)
        .where(and(inArray(octoWebhookDeliveries.webhookId, ids), sql`${octoWebhookDeliveries.lastAttemptAt} is not null`))
        .orderBy(octoWebhookDeliveries.webhookId, desc(octoWebhookDeliveries.lastAttemptAt), desc(octoWebhookDeliveries.id))
      for (const h of hooks) {
        const count = (status: string) => counts.find((c) => c.webhookId === h.id && c.status === status)?.count ?? 0
        const last = lasts.find((l) => l.webhookId === h.id)
        const view: WebhookAdminView = {
          id: h.id,
          url: h.url,
          event: h.event,
          createdAt: h.createdAt.toISOString(),
          last: last ? { at: last.lastAttemptAt!.toISOString(), bookingStatus: last.bookingStatus, status: last.status as 'pending' | 'delivered' | 'failed', responseStatus: last.lastResponseStatus, error: last.lastError } : null,
          delivered: count('delivered'),
          pending: count('pending'),
          failed: count('failed'),
        }
        byReseller.set(h.resellerId, [...(byReseller.get(h.resellerId) ?? []), view])
      }
      return byReseller
    },

    /** Whether each booking's last change reached every webhook of its reseller (the call-off's note). */
    async toldByWebhook(bookingIds: readonly number[]): Promise<Set<number>> {
      const told = new Set<number>()
      if (bookingIds.length === 0) return told
      const rows = await db
        .select({ bookingId: octoWebhookDeliveries.bookingId, delivered: sql<boolean>`bool_or(${octoWebhookDeliveries.status} = 'delivered')` })
        .from(octoWebhookDeliveries)
        .where(inArray(octoWebhookDeliveries.bookingId, [...bookingIds]))
        .groupBy(octoWebhookDeliveries.bookingId)
      for (const r of rows) if (r.delivered) told.add(r.bookingId)
      return told
    },
  }
}

export type OctoWebhookService = ReturnType<typeof createOctoWebhookService>
