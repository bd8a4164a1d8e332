import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, payments } from '../../server/db/schema.ts'
import { POLICY_VERSION } from '../../core/cancellation-policy.ts'
import { POLICY_CONSENT_MESSAGE } from '../../core/schemas/booking.ts'
import { action as checkoutAction, loader as checkoutLoader } from '../../app/routes/checkout.tsx'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../app/lib/form-post.ts'
import { ENGINES } from './databases.ts'
import { startWithCatalogue, type TestApp } from './app.ts'
import { insertBooking, reload } from './payments-helpers.ts'
import { dashboardBooking, guideCreates } from './guide-desk.ts'

/**
 * A booking the guide makes (docs/decisions/0059) never had the guest's tick on the policy and
 * terms: the guest gives it at the checkout, before paying (docs/decisions/0073). The server
 * refuses to start the payment without it through every way in (the JSON API, the checkout
 * page's form post and its data request) and records the moment and POLICY_VERSION.
 */

// Wednesday 2030-05-01, 12:00 in Japan. Weekends: 05-04/05, 05-11/12, 05-18/19, …
const NOW = '2030-05-01T03:00:00.000Z'
const JA_CONSENT_MESSAGE = '予約するには、キャンセルポリシーと利用規約に同意してください'

const context = (app: TestApp) => ({ services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.7' })

/** The checkout page's action as React Router runs it: a script-free form post, or the page's data request. */
async function postCheckoutPage(app: TestApp, reference: string, fields: Record<string, string>, byScript: boolean) {
  const body = new URLSearchParams(fields)
  if (byScript) body.append(VIA_SCRIPT_FIELD, VIA_SCRIPT)
  const path = byScript ? `/ja/checkout/${reference}.data` : `/ja/checkout/${reference}`
  const request = new Request(`http://127.0.0.1${path}`, { method: 'POST', body })
  const result = (await checkoutAction({ request, context: context(app), params: { reference } } as unknown as Parameters<typeof checkoutAction>[0])) as unknown
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), data: null }
  const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null }
  return { status: init?.status ?? 200, location: null, data }
}

async function loadCheckout(app: TestApp, reference: string) {
  const request = new Request(`http://127.0.0.1/ja/checkout/${reference}`)
  return (await checkoutLoader({ request, context: context(app), params: { reference } } as unknown as Parameters<typeof checkoutLoader>[0])).data
}

describe.each(ENGINES)('consent at the checkout of a booking the guide made on %s', (engine) => {
  let app: TestApp
  let halfDay: number
  beforeEach(async () => {
    ;({ app, halfDay } = await startWithCatalogue(engine, NOW))
  })
  afterEach(async () => {
    await app.close()
  })

  async function guideBooking(body: Record<string, string> = {}) {
    const res = await guideCreates(app, {
      name: 'Kenji Sato',
      email: 'kenji@example.jp',
      tourDate: '2030-05-18',
      tourTime: 'morning',
      tourPackageId: halfDay,
      numberOfPeople: 7,
      locale: 'ja',
      ...body,
    })
    expect(res.status, JSON.stringify(res.data)).toBe(200)
    return reload(app, res.data.result.id)
  }

  async function nothingStarted(id: number) {
    const row = await reload(app, id)
    expect(row).toMatchObject({ policyAcceptedAt: null, policyVersion: null, paymentIntentId: null })
    expect(await app.db.select().from(payments).where(eq(payments.bookingId, id))).toEqual([])
  }

  it('refuses to start the payment through the API without the tick, or with anything but a tick, naming the field, and starts nothing', async () => {
    const booking = await guideBooking()
    const guest = app.client()
    for (const consent of [undefined, false, 'false', '', 'off', null, 0, 'yes']) {
      const body = consent === undefined ? { bookingId: booking.reference } : { bookingId: booking.reference, acceptPolicy: consent }
      const res = await guest.post('/api/create-payment-intent', body)
      expect(res.status, JSON.stringify(consent)).toBe(400)
      expect(res.json).toMatchObject({ message: POLICY_CONSENT_MESSAGE, errors: { acceptPolicy: POLICY_CONSENT_MESSAGE } })
    }
    await nothingStarted(booking.id)
  })

  it('records the moment and the policy version with the payment’s start, keeps the first moment, and the guest pays as before', async () => {
    const booking = await guideBooking()
    expect((await loadCheckout(app, booking.reference)).consentNeeded).toBe(true)
    const guest = app.client()
    const started = await guest.post('/api/create-payment-intent', { bookingId: booking.reference, acceptPolicy: true })
    expect(started.status).toBe(200)
    expect(started.json.clientSecret).toBeTruthy()
    expect(await reload(app, booking.id)).toMatchObject({ policyAcceptedAt: new Date(NOW), policyVersion: POLICY_VERSION })
    expect((await loadCheckout(app, booking.reference)).consentNeeded).toBe(false)

    // Opened again later: the consent is on record, so the payment starts without a second tick, and the moment stays.
    app.clock.advanceMinutes(10)
    expect((await guest.post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(200)
    expect((await guest.post('/api/create-payment-intent', { bookingId: booking.reference, acceptPolicy: true })).status).toBe(200)
    expect((await reload(app, booking.id)).policyAcceptedAt).toEqual(new Date(NOW))

    expect((await guest.post(`/api/bookings/${booking.reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${booking.reference}/payment-success`)).json).toMatchObject({ status: 'paid' })
    expect(await dashboardBooking(app, booking.id)).toMatchObject({ status: 'paid', policyAcceptedAt: NOW, policyVersion: POLICY_VERSION })
  })

  it('takes the tick from the checkout page’s form post and its data request, refuses it missing in the page’s language, and stores nothing then', async () => {
    const booking = await guideBooking()
    for (const byScript of [false, true]) {
      const refused = await postCheckoutPage(app, booking.reference, {}, byScript)
      expect(refused.status, `by script: ${byScript}`).toBe(400)
      expect(refused.data).toMatchObject({ kind: 'refused', errors: { acceptPolicy: JA_CONSENT_MESSAGE } })
      expect((await postCheckoutPage(app, booking.reference, { acceptPolicy: 'off' }, byScript)).status).toBe(400)
    }
    await nothingStarted(booking.id)

    // Without a script the browser lands on the checkout again, which now goes on to the payment.
    const plain = await postCheckoutPage(app, booking.reference, { acceptPolicy: 'on' }, false)
    expect(plain).toMatchObject({ status: 302, location: `/ja/checkout/${booking.reference}` })
    expect(await reload(app, booking.id)).toMatchObject({ policyAcceptedAt: new Date(NOW), policyVersion: POLICY_VERSION, paymentIntentId: null })

    const other = await guideBooking({ tourTime: 'afternoon', email: 'second@example.jp' })
    app.clock.advanceMinutes(5)
    const scripted = await postCheckoutPage(app, other.reference, { acceptPolicy: 'on' }, true)
    expect(scripted).toMatchObject({ status: 200, data: { kind: 'accepted' } })
    expect(await reload(app, other.id)).toMatchObject({ policyAcceptedAt: new Date('2030-05-01T03:05:00.000Z'), policyVersion: POLICY_VERSION })
    expect((await app.client().post('/api/create-payment-intent', { bookingId: other.reference })).status).toBe(200)
  })

  it('asks when the guest pays a booking the guide confirmed without payment, too', async () => {
    const booking = await guideBooking({ payment: 'confirmed' })
    expect((await loadCheckout(app, booking.reference)).consentNeeded).toBe(true)
    expect((await app.client().post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(400)
    await nothingStarted(booking.id)
    expect((await app.client().post('/api/create-payment-intent', { bookingId: booking.reference, acceptPolicy: true })).status).toBe(200)
    expect(await reload(app, booking.id)).toMatchObject({ status: 'confirmed', policyVersion: POLICY_VERSION })
  })

  it('asks before a booking with nothing to pay is settled at once, since that is its payment', async () => {
    const free = await insertBooking(app, { tourDate: '2030-05-19', totalPrice: 0 })
    await app.db.update(bookings).set({ arrangedBy: 'guide-admin' }).where(eq(bookings.id, free.id))
    const guest = app.client()
    const refused = await guest.post(`/api/bookings/${free.reference}/payment-success`, {})
    expect(refused.status).toBe(400)
    expect(refused.json.errors).toEqual({ acceptPolicy: POLICY_CONSENT_MESSAGE })
    expect(await reload(app, free.id)).toMatchObject({ status: 'pending', policyAcceptedAt: null })
    expect((await guest.post(`/api/bookings/${free.reference}/payment-success`, { acceptPolicy: true })).json).toEqual({ status: 'paid' })
    expect(await reload(app, free.id)).toMatchObject({ status: 'paid', policyVersion: POLICY_VERSION })
  })

  it('asks nothing more of a guest who ticked the box on the booking form', async () => {
    const own = await app.client().post('/api/bookings', {
      name: 'Aiko Tanaka',
      email: 'aiko@example.com',
      phone: '+44 7700 900123',
      numberOfPeople: 2,
      tourPackageId: halfDay,
      tourDate: '2030-05-11',
      tourTime: 'morning',
      acceptPolicy: true,
    })
    expect(own.status).toBe(201)
    expect((await loadCheckout(app, own.json.reference)).consentNeeded).toBe(false)
    expect((await app.client().post('/api/create-payment-intent', { bookingId: own.json.reference })).status).toBe(200)
  })
})
