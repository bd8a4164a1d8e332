import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local HTTP double of the three Stripe API calls the server makes, for the real stripe
 * SDK pointed at it through STRIPE_API_URL: POST /v1/payment_intents, GET
 * /v1/payment_intents/:id and POST /v1/refunds. It records every request with its
 * Idempotency-Key and, like Stripe, answers a repeated key with the first response.
 * Tests drive the intents' fate by hand (succeed, fail) as the card network would.
 */

export type RecordedRequest = { method: string; path: string; idempotencyKey: string | undefined; params: Record<string, unknown> }

export type DoubleIntent = {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: string
  client_secret: string
  metadata: Record<string, string>
  last_payment_error: { message: string } | null
  latest_charge: string | null
  created: number
  livemode: false
}

/** Stripe's form encoding ('metadata[bookingId]=1') back into objects, one level deep is enough here. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const m = /^([^[]+)\[([^\]]+)\]$/.exec(key)
    if (m) {
      const inner = (out[m[1]!] ??= {}) as Record<string, string>
      inner[m[2]!] = value
    } else out[key] = value
  }
  return out
}

export async function startStripeDouble() {
  const intents = new Map<string, DoubleIntent>()
  const refunds = new Map<string, { id: string; amount: number; payment_intent: string; status: string }>()
  const requests: RecordedRequest[] = []
  const byKey = new Map<string, { status: number; body: unknown }>()
  let seq = 0
  let refundFailure: string | null = null
  let intentFailure: string | null = null

  const error = (status: number, message: string) => ({ status, body: { error: { type: 'invalid_request_error', message } } })

  function handle(method: string, path: string, params: Record<string, unknown>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (intentFailure) return error(400, intentFailure)
      const id = `pi_double_${++seq}`
      const intent: DoubleIntent = {
        id,
        object: 'payment_intent',
        amount: Number(params.amount),
        currency: String(params.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_double`,
        metadata: (params.metadata as Record<string, string>) ?? {},
        last_payment_error: null,
        latest_charge: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      }
      intents.set(id, intent)
      return { status: 200, body: intent }
    }
    const get = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
    if (method === 'GET' && get) {
      const intent = intents.get(get[1]!)
      return intent ? { status: 200, body: intent } : error(404, `No such payment_intent: '${get[1]}'`)
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (refundFailure) return error(400, refundFailure)
      const intent = intents.get(String(params.payment_intent))
      if (!intent) return error(404, `No such payment_intent: '${String(params.payment_intent)}'`)
      if (intent.status !== 'succeeded') return error(400, 'This PaymentIntent does not have a successful charge to refund.')
      const amount = params.amount === undefined ? intent.amount : Number(params.amount)
      const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((a, r) => a + r.amount, 0)
      if (amount + refunded > intent.amount) return error(400, `Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${intent.amount - refunded})`)
      const refund = { id: `re_double_${++seq}`, object: 'refund', amount, payment_intent: intent.id, status: 'succeeded', currency: intent.currency }
      refunds.set(refund.id, refund)
      return { status: 200, body: refund }
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`)
  }

  const server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double')
      const params = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(body)
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, params })
      let answer: { status: number; body: unknown }
      const cacheKey = idempotencyKey && req.method === 'POST' ? `${url.pathname} ${idempotencyKey}` : null
      if (cacheKey && byKey.has(cacheKey)) answer = byKey.get(cacheKey)!
      else {
        answer = handle(req.method ?? 'GET', url.pathname, params)
        if (cacheKey && answer.status < 500) byKey.set(cacheKey, answer)
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` })
      res.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    requests,
    intents,
    refunds,
    /** The guest's card was accepted: the intent succeeded (as after confirmPayment). */
    succeed(id: string) {
      const intent = intents.get(id)!
      intent.status = 'succeeded'
      intent.latest_charge = `ch_double_${++seq}`
      return intent
    },
    /** The card was declined. */
    fail(id: string, message = 'Your card was declined.') {
      const intent = intents.get(id)!
      intent.status = 'requires_payment_method'
      intent.last_payment_error = { message }
      intent.latest_charge = `ch_double_${++seq}`
      return intent
    },
    /** Forget everything: each test starts with an empty Stripe account. */
    reset() {
      intents.clear()
      refunds.clear()
      requests.length = 0
      byKey.clear()
      refundFailure = null
      intentFailure = null
    },
    /** Make the next payments' creation fail (null to heal). */
    failIntents(message: string | null) {
      intentFailure = message
    },
    /** Make the next refunds fail (null to heal). */
    failRefunds(message: string | null) {
      refundFailure = message
    },
    env(): Record<string, string> {
      return { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_URL: url }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>
