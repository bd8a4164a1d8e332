import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { quote } from '../../core/pricing.ts'
import { bookingChanges, bookings, outgoingEmails, tourPackages, tripSettings, type TourPackage } from '../../server/db/schema.ts'
import { GUEST_MOVE_MESSAGES, GUEST_MOVE_NOTHING_MESSAGE } from '../../core/booking-changes.ts'
import { makeClaimsPermanent } from '../../server/services/slot-claims.ts'
import { CHANGE_HOLD_EXPIRED_MESSAGE, CHANGE_REFUNDED_MESSAGE } from '../../server/services/payments.ts'
import { OUTSIDE_WINDOW_MESSAGE, SLOT_TAKEN_MESSAGE } from '../../server/services/bookings.ts'
import { loadChangePage, postChangePage, type Target } from './change-page.ts'
import { loadTripPage } from './booking-page.ts'
import { ENGINES } from './databases.ts'
import { openDatabase } from '../../server/db/client.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { startStripeDouble, type StripeDouble } from './stripe-double.ts'
import { claimsOf, insertBooking, paymentRows, postWebhook, reload, signedEvent } from './payments-helpers.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { guideCancels } from './guide-desk.ts'

/**
 * docs/decisions/0055: the guest changes their own booking through every way
 * in (the JSON API, the change page's form post and its data request), within the rules, with
 * the price worked out by the server and a cheaper choice refunded through the provider.
 */

// Monday 2026-03-02, 10:00 in Japan.
const NOW = '2026-03-02T01:00:00Z'
const today = todayInTokyo(new Date(NOW))
const weekends = weekendDatesBetween(addDays(today, 20), addDays(today, 60))
const [SAT1, SUN1, SAT2, SUN2, SAT3] = weekends as [string, string, string, string, string]

describe.each(ENGINES)('the guest changes their booking on %s (simulated payments)', (engine) => {
  let app: TestApp
  let half: TourPackage
  let full: TourPackage
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    const packages = await app.db.select().from(tourPackages)
    half = packages.find((p) => p.slug === 'half-day')!
    full = packages.find((p) => p.slug === 'full-day')!
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const price = (pkg: TourPackage, people: number, date: string) => {
    const q = quote(pkg, people, date)
    if (!q.ok) throw new Error(q.message)
    return q.total
  }
  const move = (reference: string, target: Target) => app.client().post(`/api/bookings/${reference}/move`, target)

  async function paidBooking(opts: { tourDate: string; tourTime?: 'morning' | 'full-day' }) {
    const tourTime = opts.tourTime ?? 'morning'
    const booking = await insertBooking(app, { tourDate: opts.tourDate, tourTime, totalPrice: price(tourTime === 'full-day' ? full : half, 2, opts.tourDate) })
    const client = app.client()
    expect((await client.post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(200)
    expect((await client.post(`/api/bookings/${booking.reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    expect((await client.post(`/api/bookings/${booking.reference}/payment-success`)).json.status).toBe('paid')
    return reload(app, booking.id)
  }

  it('moves a paid booking at the same price through the API: one transaction, the history, the guest’s e-mail', async () => {
    const booking = await paidBooking({ tourDate: SAT1 })
    const res = await move(booking.reference, { tourDate: SUN2, tourTime: 'afternoon', tourPackageId: half.id, numberOfPeople: 2 })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ booking: { tourDate: SUN2, tourTime: 'afternoon', totalPrice: booking.totalPrice, status: 'paid' }, refund: { status: 'none' } })
    expect((await claimsOf(app, booking.id)).map((c) => [c.tourDate, c.part, c.expiresAt])).toEqual([[SUN2, 'afternoon', null]])
    const [change] = await app.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id))
    expect(change).toMatchObject({ actor: 'guest', actorUserId: null, fromDate: SAT1, toDate: SUN2, guestTold: true })
    expect(await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'booking-moved'))).toHaveLength(1)
  })

  it('refunds the difference of a cheaper choice through the provider, and a later cancellation refunds the rest exactly', async () => {
    const booking = await paidBooking({ tourDate: SAT1, tourTime: 'full-day' })
    const cheaper = price(half, 2, SAT2)
    const res = await move(booking.reference, { tourDate: SAT2, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 2 })
    expect(res.status).toBe(200)
    const difference = booking.totalPrice - cheaper
    expect(res.json.refund).toMatchObject({ amount: difference, status: 'succeeded' })
    const moved = await reload(app, booking.id)
    // The difference went back to the card: the ledger holds the new price, paid (docs/decisions/0067).
    expect(moved).toMatchObject({ totalPrice: cheaper, amountRefunded: difference, status: 'paid', money: { card: cheaper, due: 0 } })
    // The guest cancels later, within free cancellation: the rest comes back, never more than was paid.
    expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).json.refund).toMatchObject({ amount: cheaper })
    const refunds = await paymentRows(app, booking.id, 'refund')
    expect(refunds.map((r) => r.amount).reduce((a, b) => a + b, 0)).toBe(booking.totalPrice)
    // A second change of the same booking never refunds twice: the move is done.
    expect((await move(booking.reference, { tourDate: SAT3, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 2 })).status).toBe(409)
  })

  const payDifference = async (reference: string, card = '4242424242424242') => {
    const client = app.client()
    const started = await client.post('/api/create-payment-intent', { bookingId: reference })
    if (started.status !== 200) return { started, success: null }
    expect((await client.post(`/api/bookings/${reference}/simulated-payment`, { cardNumber: card })).status).toBe(200)
    return { started, success: await client.post(`/api/bookings/${reference}/payment-success`) }
  }
  const slotsOf = async (date: string) =>
    (await app.client().get(`/api/time-slots?month=${date.slice(0, 7)}`)).json.dates.find((d: { date: string }) => d.date === date).slots.map((s: { available: boolean }) => s.available)

  it('holds the new slot of a dearer choice while the guest pays the difference, then moves the booking; a later cancellation refunds both payments', async () => {
    const booking = await paidBooking({ tourDate: SAT1 })
    const dearer = price(full, 2, SAT2)
    const res = await move(booking.reference, { tourDate: SAT2, tourTime: 'full-day', tourPackageId: full.id, numberOfPeople: 2 })
    expect(res.status).toBe(202)
    expect(res.json).toMatchObject({ status: 'payment-required', change: { difference: dearer - booking.totalPrice, newTotal: dearer, tourDate: SAT2, tourTime: 'full-day' } })
    // Nothing moved yet, and nobody else can take the new slot meanwhile.
    expect(await reload(app, booking.id)).toMatchObject({ tourDate: SAT1, totalPrice: booking.totalPrice })
    expect(await slotsOf(SAT2)).toEqual([false, false, false])

    const { started, success } = await payDifference(booking.reference)
    expect(started.json).toMatchObject({ amount: dearer - booking.totalPrice, mode: 'simulated' })
    expect(success!.json).toEqual({ status: 'paid' })
    expect(await reload(app, booking.id)).toMatchObject({ tourDate: SAT2, tourTime: 'full-day', tourPackageId: full.id, totalPrice: dearer, status: 'paid' })
    expect((await claimsOf(app, booking.id)).map((c) => [c.tourDate, c.part, c.expiresAt]).sort()).toEqual([[SAT2, 'afternoon', null], [SAT2, 'morning', null]])
    expect(await slotsOf(SAT1)).toEqual([true, true, true])
    const changes = await app.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id))
    expect(changes.map((c) => [c.state, c.difference])).toEqual([['done', dearer - booking.totalPrice]])
    expect(await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'booking-moved'))).toHaveLength(1)
    // Paying again is refused, and the checkout of a moved booking goes to its page.
    expect((await app.client().post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(409)

    // Cancelled in time: everything paid comes back, each payment refunded no more than it took.
    const cancel = await app.client().post(`/api/bookings/${booking.reference}/cancel`)
    expect(cancel.json.refund).toMatchObject({ amount: dearer, status: 'succeeded' })
    const refunds = await paymentRows(app, booking.id, 'refund')
    expect(refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([dearer - booking.totalPrice, booking.totalPrice].sort((a, b) => a - b))
    expect(await reload(app, booking.id)).toMatchObject({ status: 'cancelled', amountRefunded: dearer })
  })

  it('refunds a difference paid after the hold ran out and the slot was taken, and keeps the booking as it was', async () => {
    const booking = await paidBooking({ tourDate: SAT1 })
    expect((await move(booking.reference, { tourDate: SAT2, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 4 })).status).toBe(202)
    const client = app.client()
    expect((await client.post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(200)
    app.clock.advanceMinutes(45)
    // The hold ran out: the slot is free again, and another guest books it.
    expect(await slotsOf(SAT2)).toEqual([true, true, true])
    expect((await app.client().post('/api/bookings', { name: 'Quick Guest', email: 'quick@example.com', phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: half.id, tourDate: SAT2, tourTime: 'morning', acceptPolicy: true })).status).toBe(201)
    // Starting the payment now is refused; a payment made in another tab before still arrives.
    expect((await app.client().post('/api/create-payment-intent', { bookingId: booking.reference })).json.message).toBe(CHANGE_HOLD_EXPIRED_MESSAGE)
    expect((await client.post(`/api/bookings/${booking.reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    const success = await client.post(`/api/bookings/${booking.reference}/payment-success`)
    expect([success.status, success.json.message]).toEqual([409, CHANGE_REFUNDED_MESSAGE])
    expect(await reload(app, booking.id)).toMatchObject({ tourDate: SAT1, numberOfPeople: 2, totalPrice: booking.totalPrice, status: 'paid' })
    const changes = await app.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id))
    expect(changes.map((c) => c.state)).toEqual(['lapsed'])
    const difference = price(half, 4, SAT2) - booking.totalPrice
    expect((await paymentRows(app, booking.id, 'refund')).map((r) => r.amount)).toEqual([difference])
    // The booking's own payment is whole: a cancellation in time refunds all of it.
    expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).json.refund).toMatchObject({ amount: booking.totalPrice })
  })

  it('lets a new choice replace a change still waiting for its difference, freeing the slot it held', async () => {
    const booking = await paidBooking({ tourDate: SAT1 })
    expect((await move(booking.reference, { tourDate: SAT2, tourTime: 'full-day', tourPackageId: full.id, numberOfPeople: 2 })).status).toBe(202)
    expect((await move(booking.reference, { tourDate: SUN2, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 2 })).status).toBe(200)
    expect(await slotsOf(SAT2)).toEqual([true, true, true])
    expect(await reload(app, booking.id)).toMatchObject({ tourDate: SUN2 })
    const states = (await app.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id))).map((c) => c.state).sort()
    expect(states).toEqual(['done', 'lapsed'])
    // No checkout is waiting any more.
    expect((await app.client().post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(409)
  })

  it('keeps a waiting change’s hold a hold when the booking’s own claims are made permanent', async () => {
    const booking = await paidBooking({ tourDate: SAT1 })
    expect((await move(booking.reference, { tourDate: SAT2, tourTime: 'afternoon', tourPackageId: half.id, numberOfPeople: 4 })).status).toBe(202)
    await makeClaimsPermanent(app.db, booking.id)
    expect((await claimsOf(app, booking.id)).map((c) => [c.tourDate, c.part, c.expiresAt === null]).sort()).toEqual([[SAT1, 'morning', true], [SAT2, 'afternoon', false]])
    app.clock.advanceMinutes(45)
    expect(await slotsOf(SAT2)).toEqual([true, true, true])
  })

  it('prices an unpaid hold anew, dearer or not, and keeps its hold', async () => {
    const booking = await insertBooking(app, { tourDate: SAT1, status: 'pending', holdMinutes: 30, totalPrice: price(half, 2, SAT1) })
    const res = await move(booking.reference, { tourDate: SUN1, tourTime: 'full-day', tourPackageId: full.id, numberOfPeople: 4 })
    expect(res.status).toBe(200)
    expect(await reload(app, booking.id)).toMatchObject({ totalPrice: price(full, 4, SUN1), status: 'pending' })
    expect((await claimsOf(app, booking.id)).map((c) => c.expiresAt?.toISOString())).toEqual([booking.holdExpiresAt!.toISOString(), booking.holdExpiresAt!.toISOString()])
  })

  it('refuses what the rules do not allow, with the reason, and changes nothing', async () => {
    const booking = await paidBooking({ tourDate: SAT1 })
    await insertBooking(app, { tourDate: SUN1, status: 'confirmed', name: 'Other Guest' })
    const soon = await insertBooking(app, { tourDate: weekendDatesBetween(addDays(today, 3), addDays(today, 9))[0]!, status: 'paid' })
    const cancelled = await insertBooking(app, { tourDate: SAT3, status: 'cancelled' })
    const target = (extra: Partial<Target>): Target => ({ tourDate: SAT2, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 2, ...extra })
    const cases: Array<[string, string, Target | Record<string, unknown>, number, string]> = [
      ['a slot someone holds', booking.reference, target({ tourDate: SUN1 }), 409, SLOT_TAKEN_MESSAGE],
      ['the same slot', booking.reference, target({ tourDate: SAT1 }), 400, GUEST_MOVE_NOTHING_MESSAGE],
      ['beyond the window', booking.reference, target({ tourDate: addDays(today, 400) }), 400, ''],
      ['a date in the past', booking.reference, target({ tourDate: weekendDatesBetween(addDays(today, -7), addDays(today, -1))[0]! }), 400, OUTSIDE_WINDOW_MESSAGE(2, 180)],
      ['a weekday', booking.reference, target({ tourDate: addDays(SAT2, 2) }), 400, 'Tours are only available on weekends (Saturday and Sunday)'],
      ['six people', booking.reference, target({ numberOfPeople: 6 }), 400, ''],
      ['less than 7 days before', soon.reference, target({}), 409, GUEST_MOVE_MESSAGES['too-late']],
      ['a cancelled booking', cancelled.reference, target({}), 409, GUEST_MOVE_MESSAGES.cancelled],
      ['an unknown reference', 'ABCDEFGHJKLMNPQR', target({}), 404, 'Booking not found'],
      ['no body', booking.reference, {}, 400, ''],
      ['a price from the client is ignored, not trusted', booking.reference, { ...target({ tourDate: SUN1 }), totalPrice: 1 }, 409, SLOT_TAKEN_MESSAGE],
    ]
    for (const [what, reference, body, status, message] of cases) {
      const res = await app.client().post(`/api/bookings/${reference}/move`, body)
      expect(res.status, what).toBe(status)
      if (message) expect(res.json.message, what).toBe(message)
    }
    expect(await reload(app, booking.id)).toMatchObject({ tourDate: SAT1, tourTime: 'morning', totalPrice: booking.totalPrice })
    expect((await claimsOf(app, booking.id)).map((c) => `${c.tourDate} ${c.part}`)).toEqual([`${SAT1} morning`])
    expect(await app.db.select().from(bookingChanges)).toHaveLength(0)
  })

  it('through the page’s form post and its data request, in the page’s language, up to the guide’s limit', async () => {
    const booking = await paidBooking({ tourDate: SAT1 })
    const target = (tourDate: string): Target => ({ tourDate, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 2 })
    expect(await postChangePage(app, booking.reference, target(SUN1), `/booking-confirmation/${booking.reference}/change`)).toMatchObject({ status: 200, data: { kind: 'changed' } })
    expect(await postChangePage(app, booking.reference, target(SAT2), `/ja/booking-confirmation/${booking.reference}/change.data`)).toMatchObject({ status: 200, data: { kind: 'changed' } })
    // The third change is over the limit of 2, refused in Korean on a Korean page.
    const third = await postChangePage(app, booking.reference, target(SUN2), `/ko/booking-confirmation/${booking.reference}/change.data`)
    expect(third.status).toBe(409)
    expect(third.data.message).toMatch(/온라인 변경 가능 횟수/)
    expect((await reload(app, booking.id)).tourDate).toBe(SAT2)
    // The page says so before the guest tries, and offers the guide instead.
    const page = await loadChangePage(app, booking.reference)
    expect(page.refusal).toBe(GUEST_MOVE_MESSAGES.limit)
    expect(page.chooser).toBeNull()
    // The guide raises the limit: one more change is allowed.
    await app.db.insert(tripSettings).values({ id: 1, guestMoveLimit: 3 }).onConflictDoUpdate({ target: tripSettings.id, set: { guestMoveLimit: 3 } })
    expect((await loadChangePage(app, booking.reference)).changesLeft).toBe(1)
    // A script-free post with a bad body is a 400 with the schema's message, not a 500.
    expect((await postChangePage(app, booking.reference, { tourDate: 'soon' } as unknown as Target, `/booking-confirmation/${booking.reference}/change`)).status).toBe(400)
  })

  it('the trip page offers a change, with its last free day, only while the change page takes one (docs/decisions/0072)', async () => {
    const far = await paidBooking({ tourDate: SAT1 })
    const soon = await insertBooking(app, { tourDate: weekendDatesBetween(addDays(today, 1), addDays(today, 6))[0]!, status: 'paid' })
    const tripPage = (path: string, reference: string) => loadTripPage(app, path, reference) as Promise<Record<string, unknown>>
    expect((await tripPage(`/booking-confirmation/${far.reference}`, far.reference)).changeOfPlans).toEqual({ deadline: addDays(SAT1, -7) })
    expect((await loadChangePage(app, far.reference)).refusal).toBeNull()
    // Two days away: no free day that has passed, no button to a page that refuses; the page's reason instead.
    expect((await tripPage(`/booking-confirmation/${soon.reference}`, soon.reference)).changeOfPlans).toEqual({ refusal: GUEST_MOVE_MESSAGES['too-late'] })
    expect((await loadChangePage(app, soon.reference)).refusal).toBe(GUEST_MOVE_MESSAGES['too-late'])
    const japanese = (await tripPage(`/ja/booking-confirmation/${soon.reference}.data`, soon.reference)).changeOfPlans as { refusal: string }
    expect(japanese.refusal).toMatch(/7日/)
  })

  it('shows the booking’s own slot as free to it, and reviews a change with its price before it is made', async () => {
    const booking = await paidBooking({ tourDate: SAT1, tourTime: 'full-day' })
    const page = await loadChangePage(app, booking.reference, `?date=${SAT1}`)
    expect(page.chooser.choice.date).toBe(SAT1)
    const ownDay = page.chooser.dates.find((d: { date: string }) => d.date === SAT1)
    expect(ownDay.slots.map((s: { available: boolean }) => s.available)).toEqual([true, true, true])
    const review = await loadChangePage(app, booking.reference, `?date=${SAT1}&tourTime=morning&tourPackageId=${half.id}&numberOfPeople=2&step=review`)
    expect(review.chooser.review).toMatchObject({ newTotal: price(half, 2, SAT1), refund: booking.totalPrice - price(half, 2, SAT1) })
    expect(review.chooser.problem).toBeNull()
    // Nothing was changed by looking.
    expect((await reload(app, booking.id)).tourTime).toBe('full-day')
    const missing = await loadChangePage(app, 'ABCDEFGHJKLMNPQR')
    expect(missing.booking).toBeNull()
  })
})

describe.each(ENGINES.filter((e) => e === 'postgres'))('a guest’s change racing a new booking through two instances on %s', (engine) => {
  it('lets exactly one of them have the slot, 30 times in a row, and the loser keeps what it had; two guests likewise, 20 times', async () => {
    const app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env: { RATE_LIMIT_BOOKINGS_PER_HOUR: '1000', RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000' } })
    const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
    const other = await startTestApp(engine, { clock: app.clock, database: second, env: { RATE_LIMIT_BOOKINGS_PER_HOUR: '1000', RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000' } })
    try {
      const [half] = await app.db.select().from(tourPackages).where(eq(tourPackages.slug, 'half-day'))
      const free = weekendDatesBetween(addDays(today, 20), addDays(today, 170))
      for (let round = 0; round < 30; round++) {
        const from = free[round]!
        const to = free[round + 1]!
        const booking = await insertBooking(app, { tourDate: from, status: 'confirmed', totalPrice: 14300 })
        const [moved, created] = await Promise.all([
          app.client().post(`/api/bookings/${booking.reference}/move`, { tourDate: to, tourTime: 'afternoon', tourPackageId: half!.id, numberOfPeople: 2 }),
          other.client().post('/api/bookings', { name: 'Racing Guest', email: `racer${round}@example.com`, phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: half!.id, tourDate: to, tourTime: 'afternoon', acceptPolicy: true }),
        ])
        // The change won (200, the booking refused) or the booking did (201, the change refused).
        expect([[200, 409], [409, 201]], `round ${round}: ${moved.text} ${created.text}`).toContainEqual([moved.status, created.status])
        const claims = await claimsOf(app, booking.id)
        expect(claims.map((c) => `${c.tourDate} ${c.part}`), `round ${round}`).toEqual([moved.status === 200 ? `${to} afternoon` : `${from} morning`])
      }
      // Two guests changing onto one slot at once, each through an instance: one moves, the other keeps theirs.
      for (let round = 0; round < 20; round++) {
        // A clean calendar each round (claims go with their bookings).
        await app.db.delete(bookings)
        const [first, second] = [await insertBooking(app, { tourDate: free[0]!, tourTime: 'afternoon', status: 'confirmed' }), await insertBooking(app, { tourDate: free[1]!, tourTime: 'afternoon', status: 'confirmed' })]
        const target = { tourDate: free[2]!, tourTime: 'morning', tourPackageId: half!.id, numberOfPeople: 2 }
        const answers = await Promise.all([app.client().post(`/api/bookings/${first.reference}/move`, target), other.client().post(`/api/bookings/${second.reference}/move`, target)])
        expect(answers.map((a) => a.status).sort(), `guests round ${round}`).toEqual([200, 409])
        for (const [i, booking] of [first, second].entries()) {
          const claims = (await claimsOf(app, booking.id)).map((c) => `${c.tourDate} ${c.part}`)
          expect(claims, `guests round ${round}`).toEqual([answers[i]!.status === 200 ? `${target.tourDate} morning` : `${booking.tourDate} afternoon`])
        }
      }
    } finally {
      await other.close()
      await second.close()
      await app.close()
    }
  }, 120_000)
})

describe.each(ENGINES)('a cheaper change refunded through Stripe on %s', (engine) => {
  let app: TestApp
  let stripe: StripeDouble
  beforeAll(async () => {
    stripe = await startStripeDouble()
  })
  afterAll(async () => {
    await stripe.close()
  })
  beforeEach(async () => {
    stripe.reset()
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env: stripe.env() })
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  it('takes a dearer change’s difference through Stripe, settled by the webhook, and refunds both payments on cancellation', async () => {
    const [full] = await app.db.select().from(tourPackages).where(eq(tourPackages.slug, 'full-day'))
    const booking = await insertBooking(app, { tourDate: SAT1, totalPrice: 14300 })
    const intent = (await app.client().post('/api/create-payment-intent', { bookingId: booking.reference })).json.clientSecret.replace('_secret_double', '')
    stripe.succeed(intent)
    expect((await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).json.status).toBe('paid')
    const dearer = quote(full!, 2, SAT2)
    if (!dearer.ok) throw new Error(dearer.message)
    expect((await app.client().post(`/api/bookings/${booking.reference}/move`, { tourDate: SAT2, tourTime: 'full-day', tourPackageId: full!.id, numberOfPeople: 2 })).status).toBe(202)
    const started = await app.client().post('/api/create-payment-intent', { bookingId: booking.reference })
    expect(started.json).toMatchObject({ mode: 'stripe', amount: dearer.total - 14300 })
    const changeIntent = started.json.clientSecret.replace('_secret_double', '')
    expect(changeIntent).not.toBe(intent)
    const create = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)!
    expect(create.params).toMatchObject({ amount: String(dearer.total - 14300), metadata: { bookingId: String(booking.id), reference: booking.reference } })
    // Stripe's webhook settles it, before the browser comes back.
    stripe.succeed(changeIntent)
    const event = signedEvent('payment_intent.succeeded', { id: changeIntent, object: 'payment_intent', amount: dearer.total - 14300, currency: 'jpy', status: 'succeeded', metadata: { bookingId: String(booking.id), reference: booking.reference } })
    expect((await postWebhook(app, event)).status).toBe(200)
    expect(await reload(app, booking.id)).toMatchObject({ tourDate: SAT2, tourTime: 'full-day', totalPrice: dearer.total, status: 'paid' })
    expect((await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).json.status).toBe('paid')
    // Cancelled by the guide: both payments refunded, each on its own intent, none above what it took.
    await app.loggedIn(true)
    expect((await guideCancels(app, booking.id, { cause: 'guide-weather' })).data.result.refund).toMatchObject({ amount: dearer.total, status: 'succeeded' })
    const refunds = [...stripe.refunds.values()].map((r) => [r.payment_intent, r.amount]).sort()
    expect(refunds).toEqual([[changeIntent, dearer.total - 14300], [intent, 14300]].sort())
    expect((await reload(app, booking.id)).amountRefunded).toBe(dearer.total)
  })

  it('refunds the difference once, and Stripe’s charge.refunded report of it does not count it twice', async () => {
    const [half] = await app.db.select().from(tourPackages).where(eq(tourPackages.slug, 'half-day'))
    const booking = await insertBooking(app, { tourDate: SAT1, tourTime: 'full-day', totalPrice: 30000 })
    const intent = (await app.client().post('/api/create-payment-intent', { bookingId: booking.reference })).json.clientSecret.replace('_secret_double', '')
    stripe.succeed(intent)
    expect((await app.client().post(`/api/bookings/${booking.reference}/payment-success`)).json.status).toBe('paid')
    const cheaper = quote(half!, 2, SAT2)
    if (!cheaper.ok) throw new Error(cheaper.message)
    const res = await app.client().post(`/api/bookings/${booking.reference}/move`, { tourDate: SAT2, tourTime: 'morning', tourPackageId: half!.id, numberOfPeople: 2 })
    expect(res.status).toBe(200)
    expect(stripe.refunds.size).toBe(1)
    expect([...stripe.refunds.values()][0]).toMatchObject({ amount: 30000 - cheaper.total })
    const charge = { id: 'ch_move', object: 'charge', payment_intent: intent, amount: 30000, amount_refunded: 30000 - cheaper.total }
    expect((await postWebhook(app, signedEvent('charge.refunded', charge))).status).toBe(200)
    expect(await reload(app, booking.id)).toMatchObject({ totalPrice: cheaper.total, amountRefunded: 30000 - cheaper.total, money: { card: cheaper.total, due: 0 } })
  })
})
