import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { Webhook } from 'standardwebhooks'
import {
  BOOKING_UPDATE,
  MAX_DELIVERY_ATTEMPTS,
  createWebhookBodySchema,
  deliveryBody,
  deliveryDelayMs,
  signatureHeaders,
  webhookBodyProblem,
  webhookUrlProblem,
} from './octo-webhooks.ts'

const SECRET = `whsec_${Buffer.from('a secret of thirty-two bytes!!!!').toString('base64')}`

describe('OCTO webhooks (docs/decisions/0081)', () => {
  it('signs a delivery as Standard Webhooks define it: HMAC-SHA256 of id.timestamp.body, which a receiver’s library accepts and a changed body fails', () => {
    const at = new Date()
    const body = JSON.stringify({ booking: { status: 'CONFIRMED' } })
    const headers = signatureHeaders(SECRET, 'msg_1', at, body)
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)))
    const expected = crypto.createHmac('sha256', Buffer.from(SECRET.slice('whsec_'.length), 'base64')).update(`msg_1.${headers['webhook-timestamp']}.${body}`).digest('base64')
    expect(headers['webhook-signature']).toBe(`v1,${expected}`)
    expect(new Webhook(SECRET).verify(body, headers)).toEqual(JSON.parse(body))
    expect(() => new Webhook(SECRET).verify(body.replace('CONFIRMED', 'CANCELLED'), headers)).toThrow()
    expect(() => new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(body, headers)).toThrow()
  })

  it('backs off from 30 seconds, doubling, to an hour at most; the attempts end within a working day', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(deliveryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000])
    const total = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) => deliveryDelayMs(i + 1)).reduce((a, b) => a + b, 0)
    expect(total).toBeLessThan(8 * 3_600_000)
    expect(total).toBeGreaterThan(3_600_000)
  })

  it('takes https addresses; http only when private addresses are allowed; never credentials or other schemes', () => {
    expect(webhookUrlProblem('https://reseller.example/hooks/octo', false)).toBeNull()
    expect(webhookUrlProblem('http://reseller.example/hooks', false)).toMatch(/https/)
    expect(webhookUrlProblem('http://127.0.0.1:8080/hooks', true)).toBeNull()
    expect(webhookUrlProblem('ftp://reseller.example/hooks', true)).toMatch(/https/)
    expect(webhookUrlProblem('https://user:pass@reseller.example/hooks', false)).toMatch(/credentials/)
    expect(webhookUrlProblem('not a url', false)).toMatch(/web address/)
    expect(webhookUrlProblem(`https://reseller.example/${'x'.repeat(2000)}`, false)).toMatch(/2000/)
  })

  it('refuses what it cannot honour instead of ignoring it: another event, no retries, custom headers, the contact’s language', () => {
    const ok = createWebhookBodySchema.parse({ url: 'https://r.example/h', event: BOOKING_UPDATE })
    expect(webhookBodyProblem(ok)).toBeNull()
    expect(webhookBodyProblem({ ...ok, retryOnError: true, headers: {} })).toBeNull()
    expect(webhookBodyProblem({ ...ok, event: 'availability_update' })).toMatch(/booking_update/)
    expect(webhookBodyProblem({ ...ok, retryOnError: false })).toMatch(/retried/)
    expect(webhookBodyProblem({ ...ok, headers: { 'x-api-key': 'k' } })).toMatch(/headers/)
    expect(webhookBodyProblem({ ...ok, useContactLanguage: true })).toMatch(/English/)
    expect(createWebhookBodySchema.safeParse({ event: BOOKING_UPDATE }).success).toBe(false)
  })

  it('delivers OCTO’s { webhook, booking } with the booking untouched', () => {
    const booking = { uuid: 'b1', status: 'CANCELLED' } as unknown as Parameters<typeof deliveryBody>[1]
    const parsed = JSON.parse(deliveryBody({ id: 'w1', url: 'https://r.example/h' }, booking))
    expect(parsed).toEqual({ webhook: { id: 'w1', event: 'booking_update', url: 'https://r.example/h', retryOnError: true, useContactLanguage: false, headers: {}, capabilities: [] }, booking })
  })
})
