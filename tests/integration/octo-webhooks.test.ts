import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { zBaseError, zBooking } from '@octocloud/types'
import { bookings, notifications, octoWebhookDeliveries } from '../../server/db/schema.ts'
import { MAX_DELIVERY_ATTEMPTS, deliveryDelayMs } from '../../core/octo-webhooks.ts'
import { ENGINES } from './databases.ts'
import { startWithCatalogue, TestClient, type TestApp } from './app.ts'
import { startWebhookReceiver, validSignature } from './webhook-receiver.ts'
import { resellerInputSchema } from '../../core/schemas/reseller.ts'
import { loader as channelsLoader } from '../../app/routes/admin/channels.tsx'
import { action as calendarAction } from '../../app/routes/admin/calendar.tsx'
import { loadAdminSection, postAdminSection } from './admin-section.ts'

/**
 * OCTO's `octo/webhooks` (docs/decisions/0081): a reseller registers a webhook over HTTP with its
 * key, and each change of its bookings (confirmed, updated, cancelled by it or by the guide,
 * expired) reaches a receiver started here, signed, with the booking as `GET /bookings/:uuid`
 * shows it. Deliveries are sent by the job's function (`processDue`), called here by hand.
 */

// Wednesday 2030-05-01, 12:00 in Japan; 2030-05-18 is a Saturday 17 days ahead.
const NOW = '2030-05-01T03:00:00.000Z'
const SATURDAY = '2030-05-18'
const MORNING = `${SATURDAY}T09:00:00+09:00`
const AFTERNOON = `${SATURDAY}T14:00:00+09:00`

function octoClient(app: TestApp, key: string) {
  const client = new TestClient(app.baseUrl)
  const h = { authorization: `Bearer ${key}`, 'octo-capabilities': 'octo/pricing, octo/webhooks' }
  return {
    get: (path: string) => client.get(`/octo/v1${path}`, h),
    post: (path: string, body: unknown = {}) => client.post(`/octo/v1${path}`, body, h),
    patch: (path: string, body: unknown = {}) => client.patch(`/octo/v1${path}`, body, h),
    delete: (path: string) => client.delete(`/octo/v1${path}`, h),
  }
}
type Octo = ReturnType<typeof octoClient>

const expectOctoError = (res: { status: number; json: unknown }, status: number, error: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(status)
  expect(zBaseError.parse(res.json).error).toBe(error)
}

describe.each(ENGINES)('OCTO webhooks on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let halfDay: number
  let klook: Octo
  let klookId: number
  let viator: Octo

  const start = async (env: Record<string, string>) => {
    ;({ app, admin, halfDay } = await startWithCatalogue(engine, NOW, { RATE_LIMIT_OCTO_PER_MINUTE: '1000', ...env }))
    // Made by the service Dashboard → Channels' action calls; the new key comes with it.
    const made = await app.services.resellers.create(resellerInputSchema.parse({ name: 'Klook', commissionPercent: 20 }))
    klookId = made.id
    klook = octoClient(app, made.apiKey)
    viator = octoClient(app, (await app.services.resellers.create(resellerInputSchema.parse({ name: 'Viator', commissionPercent: 25 }))).apiKey)
  }
  /** The resellers with their webhooks as Dashboard → Channels shows them (docs/decisions/0081). */
  const listedResellers = async <T>() => JSON.parse(JSON.stringify((await loadAdminSection(app, channelsLoader, '/admin/channels', { username: 'guide-admin' })).resellers)) as T[]
  afterEach(async () => {
    await app.close()
  })

  const reserve = (client: Octo, availabilityId = MORNING) =>
    client.post('/bookings', { productId: String(halfDay), optionId: 'half-day', availabilityId, unitItems: [{ unitId: 'guest' }, { unitId: 'guest' }], resellerReference: 'KL-1' })
  const confirmed = async (client: Octo, availabilityId = MORNING) => {
    const held = await reserve(client, availabilityId)
    expect(held.status, held.text).toBe(200)
    const done = await client.post(`/bookings/${held.json.uuid}/confirm`, { contact: { fullName: 'Aiko Tanaka' } })
    expect(done.status, done.text).toBe(200)
    return done.json as { uuid: string; supplierReference: string }
  }

  describe('without private addresses allowed (production)', () => {
    beforeEach(() => start({}))

    it('registers, lists and deletes a reseller’s own webhooks, with OCTO’s errors, the capability offered, and the secret shown once', async () => {
      const capabilities = await klook.get('/capabilities')
      expect((capabilities.json as { id: string }[]).map((c) => c.id)).toEqual(['octo/pricing', 'octo/webhooks'])
      expect(capabilities.headers.get('octo-capabilities')).toBe('octo/pricing, octo/webhooks')

      const made = await klook.post('/webhooks', { url: 'https://hooks.klook.example/octo', event: 'booking_update' })
      expect(made.status, made.text).toBe(200)
      expect(made.json).toMatchObject({ event: 'booking_update', url: 'https://hooks.klook.example/octo', retryOnError: true, headers: {}, capabilities: [] })
      expect(made.json.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(made.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
      const listed = await klook.get('/webhooks')
      expect(listed.json).toEqual([{ id: made.json.id, event: 'booking_update', url: 'https://hooks.klook.example/octo', retryOnError: true, useContactLanguage: false, headers: {}, capabilities: [] }])
      // Another reseller neither sees nor deletes it.
      expect((await viator.get('/webhooks')).json).toEqual([])
      expectOctoError(await viator.delete(`/webhooks/${made.json.id}`), 400, 'BAD_REQUEST')

      expectOctoError(await klook.post('/webhooks', { url: 'http://hooks.klook.example/octo', event: 'booking_update' }), 400, 'BAD_REQUEST')
      expectOctoError(await klook.post('/webhooks', { url: 'https://user:pw@hooks.klook.example/octo', event: 'booking_update' }), 400, 'BAD_REQUEST')
      expectOctoError(await klook.post('/webhooks', { url: 'https://hooks.klook.example/octo', event: 'availability_update' }), 400, 'BAD_REQUEST')
      expectOctoError(await klook.post('/webhooks', { event: 'booking_update' }), 400, 'BAD_REQUEST')
      expectOctoError(await klook.post('/webhooks', { url: 'https://hooks.klook.example/octo', event: 'booking_update', headers: { 'x-key': 'k' } }), 400, 'BAD_REQUEST')
      expectOctoError(await klook.delete('/webhooks/not-an-id'), 400, 'BAD_REQUEST')
      expectOctoError(await new TestClient(app.baseUrl).get('/octo/v1/webhooks'), 401, 'UNAUTHORIZED')

      const deleted = await klook.delete(`/webhooks/${made.json.id}`)
      expect(deleted.status, deleted.text).toBe(200)
      expect(deleted.json.id).toBe(made.json.id)
      expect((await klook.get('/webhooks')).json).toEqual([])
      expectOctoError(await klook.delete(`/webhooks/${made.json.id}`), 400, 'BAD_REQUEST')
    })

    it('never connects to a private address: an https webhook on 127.0.0.1 is refused at delivery and the guide sees why', async () => {
      expect((await klook.post('/webhooks', { url: 'https://127.0.0.1:9/octo', event: 'booking_update' })).status).toBe(200)
      await confirmed(klook)
      expect(await app.services.octoWebhooks.processDue()).toEqual({ delivered: 0, retry: 1, failed: 0 })
      const listed = await listedResellers<{ name: string; webhooks: { last: { status: string; error: string } }[] }>()
      expect(listed.find((r) => r.name === 'Klook')!.webhooks[0]!.last).toMatchObject({ status: 'pending', error: expect.stringMatching(/private address/) })
    })
  })

  describe('delivering to a receiver on this machine', () => {
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
    let secret: string
    let webhookId: string
    beforeEach(async () => {
      await start({ OCTO_WEBHOOKS_ALLOW_PRIVATE: 'true' })
      receiver = await startWebhookReceiver()
      const made = await klook.post('/webhooks', { url: receiver.url, event: 'booking_update' })
      expect(made.status, made.text).toBe(200)
      ;({ id: webhookId, secret } = made.json)
    })
    afterEach(() => receiver.close())

    /** Sends what is due and returns what the receiver got by it, each checked as OCTO's booking and by its signature. */
    const deliveredNow = async () => {
      const before = receiver.received.length
      await app.services.octoWebhooks.processDue()
      const got = receiver.received.slice(before)
      for (const r of got) {
        expect(validSignature(secret, r), 'signature').toBe(true)
        expect(r.json.webhook.id).toBe(webhookId)
        zBooking.parse(r.json.booking)
      }
      return got
    }

    it('a confirmation, a PATCH, the reseller’s cancellation and an expired hold each reach the webhook once, signed, with the booking’s new state', async () => {
      const held = await reserve(klook)
      expect(await deliveredNow()).toEqual([])
      await klook.post(`/bookings/${held.json.uuid}/confirm`, { contact: { fullName: 'Aiko Tanaka' } })
      const [confirmation] = await deliveredNow()
      expect(confirmation!.json.booking).toMatchObject({ uuid: held.json.uuid, status: 'CONFIRMED', contact: { fullName: 'Aiko Tanaka' } })
      const [row] = await app.db.select().from(octoWebhookDeliveries)
      expect(confirmation!.headers['webhook-id']).toBe(row!.messageId)

      await klook.patch(`/bookings/${held.json.uuid}`, { contact: { fullName: 'Aiko Sato' } })
      expect((await deliveredNow()).map((r) => [r.json.booking.status, r.json.booking.contact.fullName])).toEqual([['CONFIRMED', 'Aiko Sato']])

      await klook.post(`/bookings/${held.json.uuid}/cancel`, { reason: 'Guest changed plans' })
      expect((await deliveredNow()).map((r) => r.json.booking.status)).toEqual(['CANCELLED'])

      const lapsing = await reserve(klook, AFTERNOON)
      app.clock.advanceMinutes(31)
      await app.services.bookings.expireHolds()
      expect((await deliveredNow()).map((r) => [r.json.booking.uuid, r.json.booking.status])).toEqual([[lapsing.json.uuid, 'EXPIRED']])
      // Every message once: nothing is sent again.
      expect(await deliveredNow()).toEqual([])
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(4)
    })

    it('the guide’s call-off and status menu cancel reseller bookings through the webhook, and the guide’s notes say who was told by it', async () => {
      const early = await confirmed(klook)
      const other = await confirmed(viator, AFTERNOON)
      await deliveredNow()
      // Calendar's call-off form, on its route action (docs/decisions/0088).
      const called = await postAdminSection(app, calendarAction, '/admin/calendar', { intent: 'callOff', tourDate: SATURDAY, tourTime: 'morning', cause: 'snow' }, { byScript: true, username: 'guide-admin' })
      expect(called.status, JSON.stringify(called.data)).toBe(200)
      expect((await deliveredNow()).map((r) => [r.json.booking.uuid, r.json.booking.status])).toEqual([[early.uuid, 'CANCELLED']])
      const messages = (await app.db.select().from(notifications)).map((n) => `${n.title}: ${n.message}`)
      expect(messages.find((t) => t.startsWith('Day called off'))).toContain('1 reseller booking was cancelled. Klook is told through its webhook')
      expect(messages.find((t) => t.startsWith('Reseller booking cancelled'))).toContain('Klook is told through its webhook')

      // Viator has no webhook: the guide is told to tell it.
      const [viatorBooking] = await app.db.select().from(bookings).where(eq(bookings.reference, other.supplierReference))
      const cancelled = await admin.patch(`/api/bookings/${viatorBooking!.id}/status`, { status: 'cancelled' })
      expect(cancelled.status, cancelled.text).toBe(200)
      expect(await deliveredNow()).toEqual([])
      const after = (await app.db.select().from(notifications)).map((n) => `${n.title}: ${n.message}`)
      expect(after.find((t) => t.startsWith('Reseller booking cancelled') && t.includes('through Viator'))).toContain('Viator has no webhook: tell Viator.')

      // The status menu on a booking of a reseller with a webhook: delivered.
      const late = await confirmed(klook, '2030-05-25T09:00:00+09:00')
      await deliveredNow()
      const [lateRow] = await app.db.select().from(bookings).where(eq(bookings.reference, late.supplierReference))
      expect((await admin.patch(`/api/bookings/${lateRow!.id}/status`, { status: 'cancelled' })).status).toBe(200)
      expect((await deliveredNow()).map((r) => [r.json.booking.uuid, r.json.booking.status])).toEqual([[late.uuid, 'CANCELLED']])
    })

    it('a receiver that fails is retried with backoff, then marked failed and shown to the guide beside the reseller', async () => {
      receiver.answerWith(500)
      await confirmed(klook)
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
        expect(await deliveredNow(), `attempt ${attempt}`).toHaveLength(1)
        // Not again before its delay has passed.
        expect(await deliveredNow()).toEqual([])
        app.clock.advanceMinutes(deliveryDelayMs(attempt) / 60_000)
      }
      expect(await deliveredNow()).toEqual([])
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
      const [row] = await app.db.select().from(octoWebhookDeliveries)
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS, lastResponseStatus: 500, lastError: 'The webhook answered 500' })

      const listed = await listedResellers<{ id: number; webhooks: unknown[] }>()
      expect(listed.find((r) => r.id === klookId)!.webhooks).toEqual([
        expect.objectContaining({ id: webhookId, url: receiver.url, event: 'booking_update', delivered: 0, pending: 0, failed: 1, last: expect.objectContaining({ status: 'failed', bookingStatus: 'CONFIRMED', responseStatus: 500 }) }),
      ])

      // A receiver back in order takes the next change at once.
      receiver.answerWith(200)
      const next = await confirmed(klook, AFTERNOON)
      expect((await deliveredNow()).map((r) => r.json.booking.uuid)).toEqual([next.uuid])
      const again = await listedResellers<{ id: number; webhooks: { delivered: number; failed: number; last: { status: string } }[] }>()
      expect(again.find((r) => r.id === klookId)!.webhooks[0]).toMatchObject({ delivered: 1, failed: 1, last: { status: 'delivered' } })
    })

    it('changes of one booking go out in order: the next waits until the one before it is delivered', async () => {
      receiver.answerWith(503)
      const booking = await confirmed(klook)
      await klook.patch(`/bookings/${booking.uuid}`, { contact: { fullName: 'Second Name' } })
      expect(await deliveredNow()).toHaveLength(1)
      app.clock.advanceMinutes(1)
      receiver.answerWith(204)
      expect((await deliveredNow()).map((r) => r.headers['webhook-id'])).toEqual([receiver.received[0]!.headers['webhook-id']])
      expect(await deliveredNow()).toHaveLength(1)
      const ids = (await app.db.select().from(octoWebhookDeliveries)).sort((a, b) => a.id - b.id).map((d) => d.messageId)
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([ids[0], ids[0], ids[1]])
    })

    it('two runs at once (two instances’ jobs) send each delivery exactly once', async () => {
      const uuids = [(await confirmed(klook)).uuid, (await confirmed(klook, AFTERNOON)).uuid, (await confirmed(klook, '2030-05-25T09:00:00+09:00')).uuid]
      const results = await Promise.all([app.services.octoWebhooks.processDue({ batchSize: 1 }), app.services.octoWebhooks.processDue({ batchSize: 1 })])
      expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(3)
      expect(receiver.received.map((r) => r.json.booking.uuid).sort()).toEqual([...uuids].sort())
    })
  })
})
