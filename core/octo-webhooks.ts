import './schemas/zod-config.ts'
import { z } from 'zod'
import { Webhook as StandardWebhook } from 'standardwebhooks'
import type { Booking as OctoBooking, CapabilityId } from '@octocloud/types'

/**
 * OCTO's `octo/webhooks` capability as this supplier offers it (docs/decisions/0081). Pure: the
 * server's webhook service (server/services/octo-webhooks.ts) stores, leases and sends.
 *
 * @octocloud/types 2.0.4 names the capability (`CapabilityId.OCTO_WEBHOOKS`) but no longer carries
 * its shapes; they are OCTO's as its documentation and the package's 1.x `Webhook` type give them:
 * `POST /webhooks` with `{ url, event }`, `GET /webhooks`, `DELETE /webhooks/:id`, a webhook
 * `{ id, event, url, retryOnError, useContactLanguage, headers, capabilities }` and a delivery
 * `{ webhook, booking }` for the event `booking_update`.
 */

/** The one event a booking change sends (OCTO's `availability_update` is not offered). */
export const BOOKING_UPDATE = 'booking_update'
export const WEBHOOK_URL_MAX = 2000
/** Webhooks one reseller may keep: enough for a live and a test system and a spare. */
export const MAX_WEBHOOKS_PER_RESELLER = 10
/** Attempts of one delivery before it is marked failed; with the delays below, about six hours. */
export const MAX_DELIVERY_ATTEMPTS = 10
/** How long one delivery may take, connecting and reading together. */
export const DELIVERY_TIMEOUT_MS = 10_000

/** OCTO's webhook as a reseller reads it. */
export type OctoWebhook = {
  id: string
  event: typeof BOOKING_UPDATE
  url: string
  retryOnError: boolean
  useContactLanguage: boolean
  headers: Record<string, string>
  capabilities: CapabilityId[]
}

/** OCTO's delivery of a booking change. */
export type BookingUpdate = { webhook: OctoWebhook; booking: OctoBooking }

export const webhookView = (w: { id: string; url: string }): OctoWebhook => ({
  id: w.id,
  event: BOOKING_UPDATE,
  url: w.url,
  // Every delivery is retried until it is taken or its attempts run out (MAX_DELIVERY_ATTEMPTS).
  retryOnError: true,
  useContactLanguage: false,
  headers: {},
  capabilities: [],
})

/**
 * Why a webhook URL is refused, or null: https only, no credentials in it; `allowHttp` also takes
 * http (OCTO_WEBHOOKS_ALLOW_PRIVATE, for tests and a channel manager on the guide's own network).
 */
export function webhookUrlProblem(url: string, allowHttp: boolean): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'url: not a web address'
  }
  if (url.length > WEBHOOK_URL_MAX) return `url: at most ${WEBHOOK_URL_MAX} characters`
  if (parsed.protocol !== 'https:' && !(allowHttp && parsed.protocol === 'http:')) return 'url: must start with https://'
  if (parsed.username !== '' || parsed.password !== '') return 'url: must not carry credentials; verify the signature headers instead'
  return null
}

/** The body of `POST /webhooks`: OCTO's fields; what this supplier cannot honour is refused, not ignored. */
export const createWebhookBodySchema = z.object({
  url: z.string({ error: 'url: required' }).trim().min(1, 'url: required'),
  event: z.string({ error: 'event: required' }),
  retryOnError: z.boolean().optional(),
  useContactLanguage: z.boolean().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  capabilities: z.array(z.string()).optional(),
})

export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>

/** What of a valid body cannot be honoured, or null. */
export function webhookBodyProblem(body: CreateWebhookBody): string | null {
  if (body.event !== BOOKING_UPDATE) return `event: only ${BOOKING_UPDATE} is offered`
  if (body.retryOnError === false) return 'retryOnError: every delivery is retried until it is taken'
  if (body.useContactLanguage === true) return 'useContactLanguage: deliveries are in English'
  if (body.headers && Object.keys(body.headers).length > 0) return 'headers: custom headers are not sent; verify the signature headers instead'
  return null
}

/** The delay before attempt n + 1 after n failed attempts: 30 s doubling, at most an hour. */
export function deliveryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

/** The delivery's body: OCTO's `{ webhook, booking }`, the booking as `GET /bookings/:uuid` shows it. */
export const deliveryBody = (webhook: { id: string; url: string }, booking: OctoBooking): string => JSON.stringify({ webhook: webhookView(webhook), booking } satisfies BookingUpdate)

/**
 * The Standard Webhooks headers of a delivery (OCTO defines no signature): `webhook-id` the same
 * on every retry of one delivery, `webhook-timestamp` in seconds, and `webhook-signature`, the
 * HMAC-SHA256 of `id.timestamp.body` with the webhook's secret (`whsec_` + base64).
 */
export function signatureHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new StandardWebhook(secret).sign(messageId, at, body),
  }
}

