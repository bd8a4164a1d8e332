import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { processedEvents } from '../../server/db/schema.ts'
import { REFUSAL_IDS_HEADER } from '../../core/i18n/refusal.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { startStripeDouble, type StripeDouble } from './stripe-double.ts'
import { claimsOf, insertBooking, notificationCount, paymentRows, postWebhook, reload, signedEvent } from './payments-helpers.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { cancelQuote, guideCancels } from './guide-desk.ts'
import { action as bookingsAction } from '../../app/routes/admin/bookings.tsx'

/**
 * The Stripe path (docs/decisions/0014) end to end: the real stripe SDK on the server, pointed through
 * STRIPE_API_URL at a local double of the Stripe API.
 */
describe.each(ENGINES)('payments with Stripe (%s)', (engine) => {
  let app: TestApp
  let stripe: StripeDouble
  let clock: TestClock
  let tourDate: string

  beforeAll(async () => {
    stripe = await startStripeDouble()
  })
  afterAll(async () => {
    await stripe.close()
  })
  beforeEach(async () => {
    stripe.reset()
    clock = new TestClock(new Date('2026-03-02T01:00:00Z'))
    app = await startTestApp(engine, { clock, env: stripe.env() })
    const from = addDays(todayInTokyo(clock.now()), 20)
    tourDate = weekendDatesBetween(from, addDays(from, 6))[0]!
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const start = (reference: string, extra: Record<string, unknown> = {}) => app.client().post('/api/create-payment-intent', { bookingId: reference, ...extra })
  const intentCreates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')

  it('creates the intent for the stored total, whatever the client sends, with an idempotency key and metadata', async () => {
    const booking = await insertBooking(app, { tourDate, totalPrice: 16500 })
    const res = await start(booking.reference, { amount: 1, tourPackageId: 99, numberOfPeople: 1, isHalfDay: true })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ mode: 'stripe', publishableKey: 'pk_test_x', amount: 16500 })
    expect(res.json.clientSecret).toMatch(/^pi_double_\d+_secret_double$/)
    const [create] = intentCreates()
    expect(create!.params).toMatchObject({ amount: '16500', currency: 'jpy', metadata: { bookingId: String(booking.id), reference: booking.reference } })
    // Automatic payment methods and no fixed list, so the wallets (Apple Pay, Google Pay) can appear (docs/decisions/0050).
    expect(create!.params).toMatchObject({ automatic_payment_methods: { enabled: 'true' } })
    expect(create!.params).not.toHaveProperty('payment_method_types')
    expect(create!.idempotencyKey).toContain(`booking-${booking.id}-`)
    const row = await reload(app, booking.id)
    expect(row.paymentIntentId).toBe(res.json.clientSecret.replace('_secret_double', ''))
    expect(row.status).toBe('pending')
    expect((await paymentRows(app, booking.id, 'intent')).map((p) => [p.amount, p.status])).toEqual([[16500, 'created']])
  })

  it('reuses the same intent for the same booking', async () => {
    const booking = await insertBooking(app, { tourDate })
    // Two tabs racing: the idempotency key makes Stripe answer both with one intent.
    const [first, racer] = await Promise.all([start(booking.reference), start(booking.reference)])
    expect(racer.json.clientSecret).toBe(first.json.clientSecret)
    const second = await start(booking.reference)
    expect(second.status).toBe(200)
    expect(second.json.clientSecret).toBe(first.json.clientSecret)
    expect(stripe.intents.size).toBe(1)
    expect(new Set(intentCreates().map((r) => r.idempotencyKey)).size).toBe(1)
    expect((await reload(app, booking.id)).paymentIntentId).toBe(first.json.clientSecret.replace('_secret_double', ''))
  })

  it('refuses unknown, numeric, paid, cancelled and expired bookings with a clear message', async () => {
    expect((await start('ZZZZZZZZZZZZ')).status).toBe(404)
    const paid = await insertBooking(app, { tourDate, status: 'paid' })
    expect((await start(String(paid.id))).status).toBe(404)
    expect(await start(paid.reference)).toMatchObject({ status: 409, json: { message: 'This booking has already been paid.' } })
    const cancelled = await insertBooking(app, { tourDate: addDays(tourDate, 7), status: 'cancelled' })
    expect(await start(cancelled.reference)).toMatchObject({ status: 409, json: { message: 'This booking has been cancelled.' } })
    const lapsed = await insertBooking(app, { tourDate: addDays(tourDate, 14), holdMinutes: 30 })
    clock.advanceMinutes(31)
    expect(await start(lapsed.reference)).toMatchObject({ status: 410, json: { message: "This booking's hold has expired. Please book again." } })
    expect(intentCreates()).toHaveLength(0)
  })

  it('payment-success on an unpaid intent leaves the booking unpaid', async () => {
    const booking = await insertBooking(app, { tourDate })
    await start(booking.reference)
    const res = await app.client().post(`/api/bookings/${booking.reference}/payment-success`)
    expect(res.status).toBe(409)
    expect((await reload(app, booking.id)).status).toBe('pending')
    expect(await notificationCount(app, 'Payment received')).toBe(0)
    // The server asked Stripe, it did not take the browser's word.
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/payment_intents/'))).toBe(true)
  })

  it('does not mark paid when the succeeded amount differs from the booking total, and flags it', async () => {
    const booking = await insertBooking(app, { tourDate })
    const res = await start(booking.reference)
    const id = res.json.clientSecret.replace('_secret_double', '')
    stripe.succeed(id).amount = 100
    expect((await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).status).toBe(409)
    const row = await reload(app, booking.id)
    expect(row.status).toBe('pending')
    expect(row.attentionReason).toMatch(/does not match/)
  })

  it('redirect first, then webhook (and its replay): one paid booking, one notification', async () => {
    const booking = await insertBooking(app, { tourDate })
    const id = (await start(booking.reference)).json.clientSecret.replace('_secret_double', '')
    const intent = stripe.succeed(id)
    const success = await app.client().post(`/api/bookings/${booking.reference}/payment-success`)
    expect(success).toMatchObject({ status: 200, json: { status: 'paid' } })
    const signed = signedEvent('payment_intent.succeeded', intent)
    expect(await postWebhook(app, signed)).toMatchObject({ status: 200, json: { outcome: 'processed' } })
    expect(await postWebhook(app, signed)).toMatchObject({ status: 200, json: { outcome: 'duplicate' } })
    const row = await reload(app, booking.id)
    expect(row.status).toBe('paid')
    expect(row.paidAt).not.toBeNull()
    expect(row.holdExpiresAt).toBeNull()
    expect(await notificationCount(app, 'Payment received')).toBe(1)
    expect((await claimsOf(app, booking.id)).map((c) => c.expiresAt)).toEqual([null])
    expect(await app.db.select().from(processedEvents).where(eq(processedEvents.id, signed.event.id))).toHaveLength(1)
  })

  it('webhook first, then redirect: one paid booking, one notification', async () => {
    const booking = await insertBooking(app, { tourDate, tourTime: 'full-day', totalPrice: 22000 })
    const id = (await start(booking.reference)).json.clientSecret.replace('_secret_double', '')
    const intent = stripe.succeed(id)
    expect((await postWebhook(app, signedEvent('payment_intent.succeeded', intent))).status).toBe(200)
    expect((await reload(app, booking.id)).status).toBe('paid')
    expect(await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).toMatchObject({ status: 200, json: { status: 'paid' } })
    // A second delivery under a new event id changes nothing either.
    expect((await postWebhook(app, signedEvent('payment_intent.succeeded', intent))).status).toBe(200)
    expect(await notificationCount(app, 'Payment received')).toBe(1)
    expect((await claimsOf(app, booking.id)).every((c) => c.expiresAt === null)).toBe(true)
    expect((await claimsOf(app, booking.id))).toHaveLength(2)
    expect((await paymentRows(app, booking.id, 'charge')).map((p) => p.status)).toEqual(['succeeded'])
  })

  it('webhook and redirect racing each other still give one paid booking and one notification', async () => {
    const booking = await insertBooking(app, { tourDate })
    const id = (await start(booking.reference)).json.clientSecret.replace('_secret_double', '')
    const intent = stripe.succeed(id)
    const signed = signedEvent('payment_intent.succeeded', intent)
    const results = await Promise.all([
      postWebhook(app, signed),
      app.client().post(`/api/bookings/${booking.reference}/payment-success`),
      postWebhook(app, signed),
      app.client().post(`/api/bookings/${booking.reference}/payment-success`),
    ])
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect((await reload(app, booking.id)).status).toBe('paid')
    expect(await notificationCount(app, 'Payment received')).toBe(1)
    expect((await paymentRows(app, booking.id, 'charge')).filter((p) => p.status === 'succeeded')).toHaveLength(1)
  })

  it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
    const booking = await insertBooking(app, { tourDate })
    const id = (await start(booking.reference)).json.clientSecret.replace('_secret_double', '')
    const intent = stripe.succeed(id)
    const forged = signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_wrong' })
    expect(await postWebhook(app, forged)).toMatchObject({ status: 400, json: { message: 'Invalid signature' } })
    const unsigned = await app.client().post('/api/webhooks/stripe', forged.payload)
    expect(unsigned.status).toBe(400)
    // A valid signature over a different body is refused too.
    const good = signedEvent('payment_intent.succeeded', intent)
    expect((await postWebhook(app, { payload: good.payload.replace('"amount":14300', '"amount":14301'), signature: good.signature })).status).toBe(400)
    expect((await reload(app, booking.id)).status).toBe('pending')
    expect(await app.db.select().from(processedEvents)).toHaveLength(0)
  })

  it('records a failed attempt from payment_intent.payment_failed and keeps the booking unpaid', async () => {
    const booking = await insertBooking(app, { tourDate })
    const id = (await start(booking.reference)).json.clientSecret.replace('_secret_double', '')
    const intent = stripe.fail(id)
    expect((await postWebhook(app, signedEvent('payment_intent.payment_failed', intent))).status).toBe(200)
    const failures = await paymentRows(app, booking.id, 'charge')
    expect(failures.map((f) => [f.status, f.detail])).toEqual([['failed', 'Your card was declined.']])
    expect((await reload(app, booking.id)).status).toBe('pending')
  })

  it('honours a payment that succeeds after the hold expired when the slot is still free', async () => {
    const booking = await insertBooking(app, { tourDate, holdMinutes: 30 })
    const id = (await start(booking.reference)).json.clientSecret.replace('_secret_double', '')
    clock.advanceMinutes(45)
    // The sweep has run: the booking is cancelled and its slot released.
    await app.services.bookings.expireHolds()
    expect((await reload(app, booking.id)).status).toBe('cancelled')
    const intent = stripe.succeed(id)
    expect((await postWebhook(app, signedEvent('payment_intent.succeeded', intent))).status).toBe(200)
    const row = await reload(app, booking.id)
    expect(row.status).toBe('paid')
    expect(row.cancellationReason).toBeNull()
    expect((await claimsOf(app, booking.id)).map((c) => c.expiresAt)).toEqual([null])
    expect(await notificationCount(app, 'Payment received')).toBe(1)
  })

  it('refunds automatically (once) and flags the booking when a late payment finds its slot taken', async () => {
    const late = await insertBooking(app, { tourDate, holdMinutes: 30, name: 'Late Payer' })
    const id = (await start(late.reference)).json.clientSecret.replace('_secret_double', '')
    clock.advanceMinutes(45)
    // The sweep frees the slot and someone else books it.
    await app.services.bookings.expireHolds()
    const rival = await insertBooking(app, { tourDate, status: 'confirmed', name: 'Rival Guest' })
    const intent = stripe.succeed(id)
    expect(await app.client().post(`/api/bookings/${late.reference}/payment-success`)).toMatchObject({ status: 409 })
    expect((await postWebhook(app, signedEvent('payment_intent.succeeded', intent))).status).toBe(200)
    const row = await reload(app, late.id)
    expect(row.status).toBe('cancelled')
    expect(row.attentionReason).toMatch(/refunded automatically/)
    expect(row.amountRefunded).toBe(14300)
    const refundCalls = stripe.requests.filter((r) => r.path === '/v1/refunds')
    expect(refundCalls.length).toBeGreaterThanOrEqual(1)
    expect(new Set(refundCalls.map((r) => r.idempotencyKey)).size).toBe(1)
    expect(stripe.refunds.size).toBe(1)
    expect(refundCalls[0]!.params).toMatchObject({ payment_intent: id, amount: '14300' })
    expect(await claimsOf(app, rival.id)).toHaveLength(1)
    expect(await notificationCount(app, 'Payment received')).toBe(0)
    expect(await notificationCount(app, 'Payment needs attention')).toBe(1)

  })

  it('webhook first, then payment-success, for a late payer whose slot was taken: the guest hears of the refund, never "paid"', async () => {
    const late = await insertBooking(app, { tourDate, holdMinutes: 30, name: 'Late Payer' })
    const id = (await start(late.reference)).json.clientSecret.replace('_secret_double', '')
    clock.advanceMinutes(45)
    await app.services.bookings.expireHolds()
    await insertBooking(app, { tourDate, status: 'confirmed', name: 'Rival Guest' })
    const intent = stripe.succeed(id)
    expect((await postWebhook(app, signedEvent('payment_intent.succeeded', intent))).status).toBe(200)
    expect(stripe.refunds.size).toBe(1)
    // The browser's call after confirmPayment arrives second, and again on a reload.
    for (let i = 0; i < 2; i++) {
      expect(await app.client().post(`/api/bookings/${late.reference}/payment-success`)).toMatchObject({
        status: 409,
        json: { message: 'Your payment arrived after this booking could no longer be kept, so it is being refunded in full. Please contact us.' },
      })
    }
    expect(await reload(app, late.id)).toMatchObject({ status: 'cancelled', paidAt: null, amountRefunded: 14300 })
    expect(stripe.refunds.size).toBe(1)
    expect(await notificationCount(app, 'Payment received')).toBe(0)
  })

  it('a payment landing after the guest cancelled is refunded, and payment-success after the webhook says so', async () => {
    const booking = await insertBooking(app, { tourDate })
    const id = (await start(booking.reference)).json.clientSecret.replace('_secret_double', '')
    expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).json.refund).toMatchObject({ amount: 0, status: 'none' })
    const intent = stripe.succeed(id)
    expect((await postWebhook(app, signedEvent('payment_intent.succeeded', intent))).status).toBe(200)
    expect(await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).toMatchObject({
      status: 409,
      json: { message: 'Your payment arrived after this booking could no longer be kept, so it is being refunded in full. Please contact us.' },
    })
    expect(await reload(app, booking.id)).toMatchObject({ status: 'cancelled', cancellationReason: 'cancelled by the guest', amountRefunded: 14300 })
    expect([...stripe.refunds.values()].map((r) => [r.payment_intent, r.amount])).toEqual([[id, 14300]])
    expect(await notificationCount(app, 'Payment received')).toBe(0)
  })

  it('admin cancel for weather refunds in full through Stripe, once, and releases the slot', async () => {
    const booking = await insertBooking(app, { tourDate: addDays(todayInTokyo(clock.now()), 3) })
    const id = (await start(booking.reference)).json.clientSecret.replace('_secret_double', '')
    stripe.succeed(id)
    await app.client().post(`/api/bookings/${booking.reference}/payment-success`)
    await app.loggedIn()
    const quote = await cancelQuote(app, booking.id, 'guide-weather')
    expect(quote.refund).toMatchObject({ amount: 14300, rule: 'guide-cancelled' })
    const res = await guideCancels(app, booking.id, { cause: 'guide-weather' })
    expect(res.status).toBe(200)
    expect(res.data.result.refund).toMatchObject({ amount: 14300, status: 'succeeded' })
    const refundCall = stripe.requests.find((r) => r.path === '/v1/refunds')!
    expect(refundCall.idempotencyKey).toBeTruthy()
    const row = await reload(app, booking.id)
    expect(row).toMatchObject({ status: 'cancelled', amountRefunded: 14300, attentionReason: null, attention: null })
    expect(await claimsOf(app, booking.id)).toHaveLength(0)
    expect((await guideCancels(app, booking.id, { cause: 'guide-weather' })).status).toBe(409)
    expect(stripe.refunds.size).toBe(1)
    expect(await notificationCount(app, 'Booking cancelled')).toBe(1)
    // Stripe's own charge.refunded report afterwards does not double-count.
    const charge = { id: 'ch_x', object: 'charge', payment_intent: id, amount: 14300, amount_refunded: 14300 }
    expect((await postWebhook(app, signedEvent('charge.refunded', charge))).status).toBe(200)
    expect((await reload(app, booking.id)).amountRefunded).toBe(14300)
    // The money trail: intent, charge, refund.
    const trail = await paymentRows(app, booking.id)
    expect(trail.map((p) => `${p.kind}:${p.status}`)).toEqual(expect.arrayContaining(['intent:created', 'charge:succeeded', 'refund:succeeded']))
  })

  it('a payment Stripe cannot start is a 502 that says so, in English for the API and by its id for the page, and nothing of Stripe’s words', async () => {
    const booking = await insertBooking(app, { tourDate })
    stripe.failIntents('Your account cannot currently make live charges.')
    const api = await start(booking.reference)
    expect(api.status).toBe(502)
    expect(api.json).toEqual({ message: 'Could not create payment' })
    const page = await app.client().request('POST', '/api/create-payment-intent', { bookingId: booking.reference }, { [REFUSAL_IDS_HEADER]: '1' })
    expect(page.status).toBe(502)
    expect(page.json).toEqual({ message: 'Could not create payment', refusal: { id: 'errors.paymentStartFailed' } })
    expect((await reload(app, booking.id)).status).toBe('pending')
  })

  it('a refund Stripe refuses leaves the booking cancelled and flagged for the admin', async () => {
    const booking = await insertBooking(app, { tourDate })
    const id = (await start(booking.reference)).json.clientSecret.replace('_secret_double', '')
    stripe.succeed(id)
    await app.client().post(`/api/bookings/${booking.reference}/payment-success`)
    stripe.failRefunds('Your balance is insufficient.')
    const res = await app.client().post(`/api/bookings/${booking.reference}/cancel`)
    expect(res.status).toBe(200)
    expect(res.json.refund).toMatchObject({ amount: 14300, status: 'failed' })
    const row = await reload(app, booking.id)
    expect(row.status).toBe('cancelled')
    expect(row.amountRefunded).toBe(0)
    expect(row.attentionReason).toMatch(/refund .* failed/i)
    expect(row.attention).toMatchObject({ kind: 'refundFailed', values: { amount: 14300 } })
  })

  it('only an admin cancels as the guide: a visitor and a signed-in non-admin are sent to the login page, cancelling nothing', async () => {
    const booking = await insertBooking(app, { tourDate })
    const helper = await app.createUser('helper-user', 'correct-horse-battery', false)
    for (const user of [null, { id: helper.id, username: helper.username, isAdmin: false, language: null }]) {
      const request = new Request('http://127.0.0.1/admin/bookings', { method: 'POST', body: new URLSearchParams({ intent: 'cancel', id: String(booking.id), cause: 'guest' }) })
      const context = { services: app.services, config: app.config, cspNonce: '', user, clientAddress: '192.0.2.9' }
      const thrown = await bookingsAction({ request, context, params: {} } as never).catch((error: unknown) => error)
      expect(thrown).toBeInstanceOf(Response)
      expect((thrown as Response).headers.get('location')).toMatch(/^\/admin\/login\?denied=1/)
    }
    expect((await reload(app, booking.id)).status).toBe('pending')
  })
})
