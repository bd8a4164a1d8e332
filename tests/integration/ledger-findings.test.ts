import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings } from '../../server/db/schema.ts'
import { withMoney } from '../../server/services/ledger.ts'
import { action as changeAction } from '../../app/routes/change-booking.tsx'
import { ENGINES } from './databases.ts'
import { startWithCatalogue, type TestApp } from './app.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { postAdminSection } from './admin-section.ts'
import { action as calendarAction } from '../../app/routes/admin/calendar.tsx'
import { promoCodeInputSchema } from '../../core/schemas/promo-code.ts'

/**
 * What an outside test of the money found (docs/decisions/0067), each through every way in:
 * 1. a booking paid in full by a gift voucher or a 100 % promo code could be moved to a dearer
 *    tour for free;
 * 2. after the guide called off a day, a guest could pick a dearer tour at the old price;
 * 3. a payment that arrives after the hold lapsed: kept when the slot is still free and the price
 *    unchanged, given back otherwise.
 */

// Wednesday 2030-05-01, 12:00 in Japan.
const NOW = '2030-05-01T03:00:00.000Z'
const SAT = '2030-05-18'
const SUN = '2030-05-19'
const CARD = '4242424242424242'
const REFUNDED = 'Your payment arrived after this booking could no longer be kept, so it is being refunded in full. Please contact us.'

describe.each(ENGINES)('the money findings on %s', (engine) => {
  let app: TestApp
  let halfDay: number
  let fullDay: number
  beforeEach(async () => {
    ;({ app, halfDay, fullDay } = await startWithCatalogue(engine, NOW))
  })
  afterEach(async () => {
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const book = (over: Record<string, unknown> = {}) =>
    app.client().post('/api/bookings', { name: 'Aiko Tanaka', email: `aiko${Math.random()}@example.com`, phone: '+44 7700 900123', numberOfPeople: 2, tourPackageId: halfDay, tourDate: SAT, tourTime: 'morning', acceptPolicy: true, ...over })
  const stored = async (reference: string) => (await withMoney(app.db, await app.db.select().from(bookings).where(eq(bookings.reference, reference))))[0]!
  const payByCard = async (reference: string) => {
    const guest = app.client()
    expect((await guest.post('/api/create-payment-intent', { bookingId: reference })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${reference}/simulated-payment`, { cardNumber: CARD })).status).toBe(200)
    return guest.post(`/api/bookings/${reference}/payment-success`)
  }
  async function voucherCode(amount: number) {
    const guest = app.client()
    const bought = await guest.post('/api/vouchers', { choice: 'custom', amount, buyerName: 'Mei Chen', buyerEmail: 'mei@example.com', locale: 'en' })
    const token = bought.json.token as string
    await guest.post(`/api/vouchers/${token}/payment-intent`)
    await guest.post(`/api/vouchers/${token}/simulated-payment`, { cardNumber: CARD })
    expect((await guest.post(`/api/vouchers/${token}/payment-success`)).json).toEqual({ status: 'paid' })
    return (await guest.get(`/api/vouchers/${token}`)).json.code as string
  }
  /** The change page's action at `path` (a form post, or its data request with .data). */
  async function postChange(reference: string, target: Record<string, unknown>, path: string) {
    const body = new URLSearchParams(Object.entries(target).map(([k, v]) => [k, String(v)]))
    const request = new Request(`http://127.0.0.1${path}`, { method: 'POST', body })
    const context = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }
    const result = (await changeAction({ request, context, params: { reference } } as unknown as Parameters<typeof changeAction>[0])) as unknown
    return result instanceof Response ? { status: result.status, location: result.headers.get('Location'), data: null } : { status: 200, location: null, data: (result as { data: Record<string, unknown> }).data }
  }

  const fullDayForFive = { tourDate: SAT, tourTime: 'full-day', tourPackageId: 0, numberOfPeople: 5 }

  /** A dearer move of a booking nothing was charged for by card asks the card for the difference, on every way in; nothing is reported that was not charged. */
  async function expectDifferenceAsked(reference: string, difference: number) {
    const target = { ...fullDayForFive, tourPackageId: fullDay }
    const api = await app.client().post(`/api/bookings/${reference}/move`, target)
    expect(api.status).toBe(202)
    expect(api.json).toMatchObject({ status: 'payment-required', change: { difference } })
    for (const path of [`/booking-confirmation/${reference}/change`, `/ja/booking-confirmation/${reference}/change.data`]) {
      const posted = await postChange(reference, target, path)
      expect(posted.status, path).toBe(302)
      expect(posted.location).toMatch(new RegExp(`/checkout/${reference}$`))
    }
    // The booking stays as it was until the difference is paid: paid, for two, owing nothing.
    const booking = await stored(reference)
    expect(booking).toMatchObject({ status: 'paid', tourTime: 'morning', numberOfPeople: 2, money: { card: 0, due: 0 } })
    // The checkout takes the difference; nothing says it was received; no card refund is promised.
    expect((await app.client().post('/api/create-payment-intent', { bookingId: reference })).json).toMatchObject({ amount: difference })
    expect((await app.services.adminBookings.revenue(2030)).total).toMatchObject({ received: 0 })
    expect((await app.client().get(`/api/bookings/${reference}/cancellation-quote`)).json).toMatchObject({ amountPaid: 0, refund: { amount: 0 } })
  }

  it('finding 1: a booking paid in full by a gift voucher asks for the difference of a dearer tour', async () => {
    const booked = await book({ voucherCode: await voucherCode(14_300) })
    expect(booked.json).toMatchObject({ totalPrice: 0, voucherAmount: 14_300 })
    expect((await app.client().post(`/api/bookings/${booked.json.reference}/payment-success`)).json).toEqual({ status: 'paid' })
    await expectDifferenceAsked(booked.json.reference, 35_200 - 14_300)
  })

  it('finding 1: a booking paid in full by a 100 % promo code asks for the difference of a dearer tour', async () => {
    await app.services.promoCodes.create(promoCodeInputSchema.parse({ code: 'FRIEND', kind: 'percent', value: 100 }))
    const booked = await book({ promoCode: 'FRIEND' })
    expect(booked.json).toMatchObject({ totalPrice: 0, discount: 14_300 })
    expect((await app.client().post(`/api/bookings/${booked.json.reference}/payment-success`)).json).toEqual({ status: 'paid' })
    // The code keeps the yen it took off: the dearer tour costs the rest.
    await expectDifferenceAsked(booked.json.reference, 35_200 - 14_300)
  })

  it('finding 2: after a call-off, the same tour moves to a new date free, but a dearer tour costs its difference, on every way in', async () => {
    const booked = await book()
    const reference = booked.json.reference as string
    expect((await payByCard(reference)).json).toEqual({ status: 'paid' })
    // Called off by Calendar's call-off form, on its route action (docs/decisions/0088).
    expect((await postAdminSection(app, calendarAction, '/admin/calendar', { intent: 'callOff', tourDate: SAT, cause: 'snow' }, { byScript: true, username: 'guide-admin' })).status).toBe(200)
    const dearer = { tourDate: SUN, tourTime: 'full-day', tourPackageId: fullDay, numberOfPeople: 5 }
    const api = await app.client().post(`/api/bookings/${reference}/move`, dearer)
    expect([api.status, api.json.change?.difference]).toEqual([202, 35_200 - 14_300])
    for (const path of [`/booking-confirmation/${reference}/change`, `/ko/booking-confirmation/${reference}/change.data`]) {
      expect(await postChange(reference, dearer, path), path).toMatchObject({ status: 302, location: expect.stringMatching(/\/checkout\//) })
    }
    expect(await stored(reference)).toMatchObject({ tourDate: SAT, totalPrice: 14_300, status: 'paid' })
    // The same tour for the same group on a new date: free of charge.
    const free = await postChange(reference, { tourDate: SUN, tourTime: 'morning', tourPackageId: halfDay, numberOfPeople: 2 }, `/booking-confirmation/${reference}/change.data`)
    expect(free.data).toMatchObject({ kind: 'changed', refund: { amount: 0 } })
    expect(await stored(reference)).toMatchObject({ tourDate: SUN, totalPrice: 14_300, status: 'paid', money: { card: 14_300, due: 0 } })
  })

  it('finding 3: a payment after the hold lapsed is kept while the slot is free and the price unchanged, through the API and the sweep’s record alike', async () => {
    const swept = await book({ tourDate: SUN })
    expect((await app.client().post('/api/create-payment-intent', { bookingId: swept.json.reference })).status).toBe(200)
    app.clock.advanceMinutes(20)
    const unswept = await book()
    expect((await app.client().post('/api/create-payment-intent', { bookingId: unswept.json.reference })).status).toBe(200)
    // The first hold lapses and the sweep records it; the second lapses after the sweep ran.
    app.clock.advanceMinutes(11)
    expect(await app.services.bookings.expireHolds()).toBe(1)
    app.clock.advanceMinutes(20)
    expect(await stored(swept.json.reference)).toMatchObject({ status: 'cancelled' })
    expect(await stored(unswept.json.reference)).toMatchObject({ status: 'pending' })
    for (const b of [unswept, swept]) {
      const guest = app.client()
      expect((await guest.post(`/api/bookings/${b.json.reference}/simulated-payment`, { cardNumber: CARD })).status).toBe(200)
      expect((await guest.post(`/api/bookings/${b.json.reference}/payment-success`)).json).toEqual({ status: 'paid' })
      expect(await stored(b.json.reference)).toMatchObject({ status: 'paid', money: { card: 14_300, due: 0 } })
    }
  })

  it('finding 3: a payment after the hold lapsed is given back when the slot went to someone else, and the booking stays cancelled', async () => {
    const late = await book()
    expect((await app.client().post('/api/create-payment-intent', { bookingId: late.json.reference })).status).toBe(200)
    app.clock.advanceMinutes(31)
    expect((await book({ name: 'Ben Quick' })).status).toBe(201)
    const guest = app.client()
    expect((await guest.post(`/api/bookings/${late.json.reference}/simulated-payment`, { cardNumber: CARD })).status).toBe(200)
    const refused = await guest.post(`/api/bookings/${late.json.reference}/payment-success`)
    expect([refused.status, refused.json.message]).toEqual([409, REFUNDED])
    expect(await stored(late.json.reference)).toMatchObject({ status: 'cancelled', amountRefunded: 14_300, money: { card: 0, due: 0 } })
    // Asked again, the same answer, and no second refund.
    expect((await guest.post(`/api/bookings/${late.json.reference}/payment-success`)).status).toBe(409)
    expect((await stored(late.json.reference)).amountRefunded).toBe(14_300)
  })
})
