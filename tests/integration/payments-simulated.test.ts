import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { addDays, todayInTokyo } from '../../core/dates.ts'
import { bookings } from '../../server/db/schema.ts'
import { REFUSAL_IDS_HEADER } from '../../core/i18n/refusal.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { claimsOf, insertBooking, notificationCount, paymentRows, reload } from './payments-helpers.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { cancelQuote, guideCancels } from './guide-desk.ts'

/**
 * The simulated provider (docs/decisions/0014) and the cancellation policy (docs/decisions/0016) through the HTTP API.
 * No Stripe keys: config.paymentMode is 'simulated'.
 */
describe.each(ENGINES)('simulated payments and cancellation (%s)', (engine) => {
  let app: TestApp
  let clock: TestClock

  beforeEach(async () => {
    // 10:00 in Tokyo: the policy counts calendar days in Japan, not hours.
    clock = new TestClock(new Date('2026-03-02T01:00:00Z'))
    app = await startTestApp(engine, { clock })
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const today = () => todayInTokyo(clock.now())

  async function pay(reference: string, cardNumber: string) {
    const client = app.client()
    const started = await client.post('/api/create-payment-intent', { bookingId: reference, amount: 1 })
    expect(started.status).toBe(200)
    expect(started.json.mode).toBe('simulated')
    const charge = await client.post(`/api/bookings/${reference}/simulated-payment`, { cardNumber })
    if (charge.status !== 200) return { charge, success: null }
    return { charge, success: await client.post(`/api/bookings/${reference}/payment-success`) }
  }

  it('the success card pays the booking once, for the stored total', async () => {
    const booking = await insertBooking(app, { tourDate: addDays(today(), 20), totalPrice: 20900 })
    const { charge, success } = await pay(booking.reference, '4242 4242 4242 4242')
    expect(charge.json).toEqual({ status: 'succeeded' })
    expect(success).toMatchObject({ status: 200, json: { status: 'paid' } })
    const row = await reload(app, booking.id)
    expect(row).toMatchObject({ status: 'paid', paymentProvider: 'simulated', holdExpiresAt: null })
    expect((await claimsOf(app, booking.id)).map((c) => c.expiresAt)).toEqual([null])
    // Paying again is refused; confirming again is harmless.
    expect((await app.client().post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(409)
    expect((await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).status).toBe(200)
    expect(await notificationCount(app, 'Payment received')).toBe(1)
    const intents = await paymentRows(app, booking.id, 'intent')
    expect(intents.every((p) => p.amount === 20900)).toBe(true)
  })

  it('the decline card is refused with Stripe’s message, recorded, and leaves the booking unpaid', async () => {
    const booking = await insertBooking(app, { tourDate: addDays(today(), 20) })
    const { charge } = await pay(booking.reference, '4000 0000 0000 0002')
    expect(charge).toMatchObject({ status: 402, json: { message: 'Your card was declined.' } })
    expect((await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).status).toBe(409)
    expect((await reload(app, booking.id)).status).toBe('pending')
    const failures = await paymentRows(app, booking.id, 'charge')
    expect(failures.map((f) => [f.status, f.detail])).toEqual([['failed', 'Your card was declined.']])
    // The card number itself is stored nowhere.
    const all = JSON.stringify(await paymentRows(app, booking.id))
    expect(all).not.toContain('0002')
    expect(all).not.toContain('4000')
    // After a decline the success card still works.
    const retry = await app.client().post(`/api/bookings/${booking.reference}/simulated-payment`, { cardNumber: '4242424242424242' })
    expect(retry.status).toBe(200)
    expect((await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).json).toEqual({ status: 'paid' })
  })

  it('a card number missing or too long is refused on its field, in English for the API and by its id for the page, for a booking and a voucher alike', async () => {
    const booking = await insertBooking(app, { tourDate: addDays(today(), 20) })
    const ids = { [REFUSAL_IDS_HEADER]: '1' }
    for (const url of [`/api/bookings/${booking.reference}/simulated-payment`, '/api/vouchers/no-such-token/simulated-payment']) {
      expect(await app.client().post(url, {}), url).toMatchObject({ status: 400, json: { message: 'Please enter a card number', errors: { cardNumber: 'Please enter a card number' } } })
      const long = await app.client().request('POST', url, { cardNumber: '4'.repeat(41) }, ids)
      expect(long, url).toMatchObject({ status: 400, json: { message: 'Your card number is incorrect.', refusals: { cardNumber: { id: 'errors.cardIncorrect' } } } })
      const empty = await app.client().request('POST', url, { cardNumber: '' }, ids)
      expect(empty.json.refusals, url).toEqual({ cardNumber: { id: 'errors.cardNumberMissing' } })
    }
    expect((await reload(app, booking.id)).status).toBe('pending')
    expect(await paymentRows(app, booking.id, 'charge')).toEqual([])
  })

  it('a zero total is paid without a payment', async () => {
    const booking = await insertBooking(app, { tourDate: addDays(today(), 20), totalPrice: 0 })
    expect((await app.client().post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(400)
    expect((await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).json).toEqual({ status: 'paid' })
    expect((await reload(app, booking.id)).status).toBe('paid')
    expect(await notificationCount(app, 'Payment received')).toBe(1)
  })

  // docs/decisions/0016: full refund 7 or more days before the tour date, none from 6 days before.
  it.each([
    [8, 14300, 'full-refund-7-days'],
    [7, 14300, 'full-refund-7-days'],
    [6, 0, 'no-refund-within-6-days'],
    [0, 0, 'no-refund-within-6-days'],
  ])('a guest cancelling %i days before gets %i yen back', async (daysBefore, refund, rule) => {
    const booking = await insertBooking(app, { tourDate: addDays(today(), daysBefore) })
    await pay(booking.reference, '4242424242424242')
    const quote = await app.client().get(`/api/bookings/${booking.reference}/cancellation-quote`)
    expect(quote.json).toMatchObject({ canCancel: true, amountPaid: 14300, refund: { amount: refund, rule } })
    const res = await app.client().post(`/api/bookings/${booking.reference}/cancel`)
    expect(res.status).toBe(200)
    expect(res.json.refund).toMatchObject({ amount: refund, status: refund > 0 ? 'succeeded' : 'none' })
    const row = await reload(app, booking.id)
    expect(row).toMatchObject({ status: 'cancelled', amountRefunded: refund, cancellationReason: 'cancelled by the guest' })
    expect(await claimsOf(app, booking.id)).toHaveLength(0)
    expect(await notificationCount(app, 'Booking cancelled')).toBe(1)
    expect((await paymentRows(app, booking.id, 'refund')).length).toBe(refund > 0 ? 1 : 0)
    // Cancelling twice changes nothing.
    expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).status).toBe(409)
    expect(await notificationCount(app, 'Booking cancelled')).toBe(1)
    expect((await reload(app, booking.id)).amountRefunded).toBe(refund)
  })

  it('the guide cancelling for weather refunds in full even on the day; the admin may override the amount', async () => {
    await app.loggedIn()
    const onTheDay = await insertBooking(app, { tourDate: today() })
    await pay(onTheDay.reference, '4242424242424242')
    // The cancel dialog says the policy's rule before the guide cancels through it.
    expect((await cancelQuote(app, onTheDay.id, 'guide-weather')).refund).toMatchObject({ amount: 14300, rule: 'guide-cancelled' })
    const weather = await guideCancels(app, onTheDay.id, { cause: 'guide-weather', reason: 'typhoon warning' })
    expect(weather.status).toBe(200)
    expect(weather.data.result).toMatchObject({ id: onTheDay.id, refund: { amount: 14300, status: 'succeeded' } })
    expect(await reload(app, onTheDay.id)).toMatchObject({ status: 'cancelled', amountRefunded: 14300, cancellationReason: 'typhoon warning' })

    const partial = await insertBooking(app, { tourDate: addDays(today(), 3), tourTime: 'afternoon' })
    await pay(partial.reference, '4242424242424242')
    // One rule, one message, for every refund out of range (core/cancellation-policy.ts refundChoiceProblem).
    for (const refundAmount of [-1, 1.5, 20000]) {
      const refused = await guideCancels(app, partial.id, { cause: 'guest', refundAmount })
      expect(refused.status, String(refundAmount)).toBe(400)
      expect(refused.data.message).toMatch(/^The refund must be a whole number of yen from ¥0 to ¥[\d,]+$/)
      expect(refused.data.errors).toEqual({ refundAmount: refused.data.message })
    }
    expect((await reload(app, partial.id)).status).toBe('paid')
    // Three days ahead the policy refunds the guest nothing; the guide gives ¥5,000 back as goodwill.
    expect((await cancelQuote(app, partial.id, 'guest')).refund).toMatchObject({ amount: 0 })
    const goodwill = await guideCancels(app, partial.id, { cause: 'guest', refundAmount: 5000 })
    expect(goodwill.data.result).toMatchObject({ refund: { amount: 5000, status: 'succeeded' } })
    expect((await reload(app, partial.id)).amountRefunded).toBe(5000)
  })

  it('a paid booking the admin marked confirmed is still refunded by the policy when cancelled', async () => {
    const admin = await app.loggedIn()
    const booking = await insertBooking(app, { tourDate: addDays(today(), 20) })
    await pay(booking.reference, '4242424242424242')
    // The menu no longer allows paid → confirmed (docs/decisions/0029), but bookings stored
    // before that may be in this state: their refund must still follow the policy.
    const refused = await admin.patch(`/api/bookings/${booking.id}/status`, { status: 'confirmed' })
    expect(refused.status).toBe(409)
    expect((await reload(app, booking.id)).status).toBe('paid')
    await app.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, booking.id))
    const quote = await app.client().get(`/api/bookings/${booking.reference}/cancellation-quote`)
    expect(quote.json).toMatchObject({ amountPaid: 14300, refund: { amount: 14300 } })
    const res = await app.client().post(`/api/bookings/${booking.reference}/cancel`)
    expect(res.json.refund).toMatchObject({ amount: 14300, status: 'succeeded' })
    expect(await reload(app, booking.id)).toMatchObject({ status: 'cancelled', amountRefunded: 14300 })
  })

  it('a confirmation retried after the guest cancelled a paid booking reports the cancellation, not "paid"', async () => {
    const booking = await insertBooking(app, { tourDate: addDays(today(), 20) })
    expect((await pay(booking.reference, '4242424242424242')).success).toMatchObject({ status: 200, json: { status: 'paid' } })
    expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).json.refund).toMatchObject({ amount: 14300, status: 'succeeded' })
    expect(await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).toMatchObject({ status: 409, json: { message: 'This booking has been cancelled.' } })
    expect(await reload(app, booking.id)).toMatchObject({ status: 'cancelled', amountRefunded: 14300 })
  })

  it('a payment completing after the guest cancelled is refunded in full, and never reported paid when confirmed again', async () => {
    const booking = await insertBooking(app, { tourDate: addDays(today(), 20) })
    const client = app.client()
    expect((await client.post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(200)
    expect((await client.post(`/api/bookings/${booking.reference}/cancel`)).json.refund).toMatchObject({ amount: 0, status: 'none' })
    // The card form was already submitted in another tab.
    expect((await client.post(`/api/bookings/${booking.reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    const refunded = { status: 409, json: { message: 'Your payment arrived after this booking could no longer be kept, so it is being refunded in full. Please contact us.' } }
    expect(await client.post(`/api/bookings/${booking.reference}/payment-success`)).toMatchObject(refunded)
    expect(await client.post(`/api/bookings/${booking.reference}/payment-success`)).toMatchObject(refunded)
    expect(await reload(app, booking.id)).toMatchObject({ status: 'cancelled', paidAt: null, amountRefunded: 14300 })
    expect(await paymentRows(app, booking.id, 'refund')).toHaveLength(1)
    expect(await notificationCount(app, 'Payment received')).toBe(0)
  })

  it('an unpaid pending booking can be cancelled by the guest without refund, freeing the slot', async () => {
    const booking = await insertBooking(app, { tourDate: addDays(today(), 20) })
    const quote = await app.client().get(`/api/bookings/${booking.reference}/cancellation-quote`)
    expect(quote.json).toMatchObject({ canCancel: true, amountPaid: 0, refund: { amount: 0 } })
    // Said before cancelling, and for ¥0: nothing is charged (docs/decisions/0029), for the guest and the admin alike.
    const nothing = 'Nothing has been paid for this booking, so cancelling it charges nothing and refunds nothing.'
    expect(quote.json.preview).toBe(nothing)
    await app.loggedIn()
    const adminQuote = await cancelQuote(app, booking.id, 'guest')
    expect(adminQuote).toMatchObject({ amountPaid: 0, preview: nothing })
    expect(adminQuote.refund.explanation).not.toContain('charged in full')
    expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).json.refund).toMatchObject({ amount: 0, status: 'none' })
    expect(await claimsOf(app, booking.id)).toHaveLength(0)
    expect((await app.client().get('/api/bookings/NOSUCHREF000/cancellation-quote')).status).toBe(404)
  })
})
