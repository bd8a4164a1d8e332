import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { bookingChanges, disruptionOffers, notifications, outgoingEmails, tourPackages, type TourPackage } from '../../server/db/schema.ts'
import { CALL_OFF_DATE_MESSAGE, NO_OPEN_OFFER_MESSAGE } from '../../server/services/disruptions.ts'
import { action as changeAction } from '../../app/routes/change-booking.tsx'
import { loader as checkoutLoader } from '../../app/routes/checkout.tsx'
import { openDatabase } from '../../server/db/client.ts'
import { createServices } from '../../server/services/index.ts'
import { createLogger } from '../../server/logger.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp, type TestClient } from './app.ts'
import { claimsOf, insertBooking, paymentRows, reload } from './payments-helpers.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { action as calendarAction, loader as calendarLoader } from '../../app/routes/admin/calendar.tsx'
import { loadAdminSection, postAdminSection } from './admin-section.ts'
import { guideCancels } from './guide-desk.ts'

/**
 * docs/decisions/0056: the guide calls off a day; every live booking on it is
 * offered a new date free of charge at any time or a full refund; an unanswered offer is refunded
 * in full at its deadline; exactly one answer counts.
 */

// Monday 2026-03-02, 10:00 in Japan. The first Saturday is 5 days away: inside the 7 days in which
// a guest could neither change nor get money back on their own.
const NOW = '2026-03-02T01:00:00Z'
const today = todayInTokyo(new Date(NOW))
const [SAT, SUN, , , LATER] = weekendDatesBetween(today, addDays(today, 40)) as [string, string, string, string, string]

describe.each(ENGINES)('calling off a day on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let half: TourPackage
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    admin = await app.loggedIn(true)
    const packages = await app.db.select().from(tourPackages)
    half = packages.find((p) => p.slug === 'half-day')!
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  async function paid(tourTime: 'morning' | 'afternoon', name: string) {
    const booking = await insertBooking(app, { tourDate: SAT, tourTime, name, totalPrice: 14300 })
    const client = app.client()
    expect((await client.post('/api/create-payment-intent', { bookingId: booking.reference })).status).toBe(200)
    expect((await client.post(`/api/bookings/${booking.reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    expect((await client.post(`/api/bookings/${booking.reference}/payment-success`)).json.status).toBe('paid')
    return reload(app, booking.id)
  }
  /** The guide calls off a day by Calendar's call-off form, on its route action (docs/decisions/0088), as the dialog's script sends it. */
  const callOff = (fields: Record<string, string>, language?: string) =>
    postAdminSection(app, calendarAction, '/admin/calendar', { intent: 'callOff', tourTime: '', note: '', ...fields }, { byScript: true, username: 'guide-admin', language })
  /** The called-off days, as the Calendar section's loader gives them to the page. */
  const callOffs = async () => (await loadAdminSection(app, calendarLoader, '/admin/calendar', { username: 'guide-admin' })).disruptions
  const offerOf = async (bookingId: number) => (await app.db.select().from(disruptionOffers).where(eq(disruptionOffers.bookingId, bookingId)))[0]

  it('closes the day, offers every live booking a new date or a refund by e-mail, and tells the guide', async () => {
    const morning = await paid('morning', 'Morning Guest')
    const afternoon = await insertBooking(app, { tourDate: SAT, tourTime: 'afternoon', status: 'pending', holdMinutes: 60, name: 'Afternoon Guest' })
    await insertBooking(app, { tourDate: SAT, status: 'cancelled', name: 'Cancelled Guest' })
    const res = await callOff({ tourDate: SAT, tourTime: '', cause: 'snow', note: 'The pass to Kasugayama is closed' })
    expect(res.status).toBe(200)
    const made = res.data!.result as { tourDate: string; tourTime: string | null; cause: string; by: string | null; offers: { name: string; state: string }[] }
    expect(made).toMatchObject({ tourDate: SAT, tourTime: null, cause: 'snow', by: 'guide-admin' })
    expect(made.offers.map((o: { name: string; state: string }) => [o.name, o.state]).sort()).toEqual([['Afternoon Guest', 'open'], ['Morning Guest', 'open']])

    // Nobody can book the day any more.
    const slots = (await app.client().get(`/api/time-slots?month=${SAT.slice(0, 7)}`)).json.dates.find((d: { date: string }) => d.date === SAT).slots
    expect(slots.map((s: { available: boolean }) => s.available)).toEqual([false, false, false])

    const mails = await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'booking-disrupted'))
    expect(mails).toHaveLength(2)
    const mail = mails.find((m) => m.bookingId === morning.id)!
    expect(mail.subject).toMatch(/^Your tour on Saturday, March 7, 2026 cannot go ahead/)
    expect(mail.text).toContain('because of heavy snow')
    expect(mail.text).toContain('A note from your guide: The pass to Kasugayama is closed')
    // 48 hours before the 9:00 start.
    expect(mail.text).toContain('Thursday, March 5, 2026 at 9:00 AM (Japan time)')
    expect(mail.text).toContain(`/booking-confirmation/${morning.reference}/change`)
    expect((await offerOf(afternoon.id))!.deadline.toISOString()).toBe('2026-03-05T05:00:00.000Z')
    const [notice] = await app.db.select().from(notifications).where(eq(notifications.title, 'Day called off'))
    expect(notice!.message).toContain('2 bookings were offered a new date or a full refund')
    expect(await callOffs()).toHaveLength(1)
  })

  it('takes no payment for a called-off day: the API refuses with the reason, the checkout page points to the change page, and an unpaid guest is promised no refund (docs/decisions/0067)', async () => {
    const hold = await insertBooking(app, { tourDate: SAT, tourTime: 'afternoon', status: 'pending', holdMinutes: 600, name: 'Holding Guest' })
    const client = app.client()
    expect((await client.post('/api/create-payment-intent', { bookingId: hold.reference })).status).toBe(200)
    expect((await callOff({ tourDate: SAT, cause: 'snow' })).status).toBe(200)
    const refused = await client.post('/api/create-payment-intent', { bookingId: hold.reference })
    expect([refused.status, refused.json.message]).toEqual([409, 'The guide has called off this tour. Please choose a new date or a refund on your booking page instead of paying.'])
    for (const path of [`/checkout/${hold.reference}`, `/ja/checkout/${hold.reference}`]) {
      const request = new Request(`http://127.0.0.1${path}`)
      const page = (await checkoutLoader({ request, context: { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }, params: { reference: hold.reference } } as unknown as Parameters<typeof checkoutLoader>[0])).data
      expect(page.calledOff, path).toMatchObject({ paid: false })
    }
    const [mail] = await app.db.select().from(outgoingEmails).where(and(eq(outgoingEmails.kind, 'booking-disrupted'), eq(outgoingEmails.bookingId, hold.id)))
    expect(mail!.text).toContain('Nothing has been paid yet, so please do not pay for this date.')
    expect(mail!.text).not.toMatch(/refund/i)
    // Its answer "cancel" charges and refunds nothing.
    const cancelled = await client.post(`/api/bookings/${hold.reference}/disruption-refund`)
    expect(cancelled.json).toMatchObject({ status: 'cancelled', refund: { amount: 0, status: 'none' } })
  })

  it('lets the guest move the same tour to a new date inside the last week free of charge; the move is not counted against their limit', async () => {
    const booking = await paid('morning', 'Moving Guest')
    expect((await callOff({ tourDate: SAT, cause: 'typhoon' })).status).toBe(200)
    const res = await app.client().post(`/api/bookings/${booking.reference}/move`, { tourDate: SUN, tourTime: 'afternoon', tourPackageId: half.id, numberOfPeople: 2 })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ booking: { tourDate: SUN, tourTime: 'afternoon', totalPrice: 14300 }, refund: { status: 'none' } })
    expect((await offerOf(booking.id))!.state).toBe('moved')
    const [change] = await app.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id))
    expect(change!.actor).toBe('disruption')
    // The answer is given: the deadline refunds nothing, and the booking keeps its new slot.
    app.clock.advanceMinutes(4 * 24 * 60)
    expect(await app.services.disruptions.refundUnanswered()).toBe(0)
    expect(await reload(app, booking.id)).toMatchObject({ status: 'paid', tourDate: SUN })
    // A normal change afterwards follows the normal rules again: inside 7 days, refused.
    expect((await app.client().post(`/api/bookings/${booking.reference}/move`, { tourDate: LATER, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 2 })).status).toBe(409)
  })

  it('refunds in full when the guest asks, through the API, the page’s form and the ordinary cancel button', async () => {
    const a = await paid('morning', 'Guest A')
    const b = await paid('afternoon', 'Guest B')
    expect((await callOff({ tourDate: SAT, cause: 'transport' })).status).toBe(200)
    const viaApi = await app.client().post(`/api/bookings/${a.reference}/disruption-refund`)
    expect(viaApi.json).toMatchObject({ status: 'cancelled', refund: { amount: 14300, status: 'succeeded' } })
    expect((await offerOf(a.id))!.state).toBe('refunded')
    // The page's form post, in Japanese.
    const request = new Request(`http://127.0.0.1/ja/booking-confirmation/${b.reference}/change`, { method: 'POST', body: new URLSearchParams({ intent: 'refund' }) })
    const context = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }
    const viaPage = (await changeAction({ request, context, params: { reference: b.reference } } as unknown as Parameters<typeof changeAction>[0])) as { data: { kind: string; refund: { amount: number } } }
    expect(viaPage.data).toMatchObject({ kind: 'refunded', refund: { amount: 14300 } })
    for (const booking of [a, b]) {
      expect(await reload(app, booking.id)).toMatchObject({ status: 'cancelled', amountRefunded: 14300 })
      expect(await claimsOf(app, booking.id)).toEqual([])
    }
    // Asked again: nothing is left to answer.
    const again = await app.client().post(`/api/bookings/${a.reference}/disruption-refund`)
    expect([again.status, again.json.message]).toEqual([409, NO_OPEN_OFFER_MESSAGE])
    expect((await paymentRows(app, a.id, 'refund')).map((r) => r.amount)).toEqual([14300])
  })

  it('refunds the ordinary cancel button in full too, though the policy alone would refund nothing 5 days before', async () => {
    const booking = await paid('morning', 'Cancelling Guest')
    expect((await app.client().get(`/api/bookings/${booking.reference}/cancellation-quote`)).json.refund.amount).toBe(0)
    expect((await callOff({ tourDate: SAT, tourTime: 'morning', cause: 'guide-unwell' })).status).toBe(200)
    expect((await app.client().get(`/api/bookings/${booking.reference}/cancellation-quote`)).json.refund.amount).toBe(14300)
    expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).json.refund).toMatchObject({ amount: 14300 })
    expect((await offerOf(booking.id))!.state).toBe('refunded')
  })

  it('refunds an unanswered offer in full at its deadline, once, and tells the guide', async () => {
    const booking = await paid('afternoon', 'Silent Guest')
    expect((await callOff({ tourDate: SAT, tourTime: 'afternoon', cause: 'snow' })).status).toBe(200)
    app.clock.set('2026-03-05T04:59:00Z')
    expect(await app.services.disruptions.refundUnanswered()).toBe(0)
    app.clock.set('2026-03-05T05:01:00Z')
    expect(await app.services.disruptions.refundUnanswered()).toBe(1)
    expect(await app.services.disruptions.refundUnanswered()).toBe(0)
    expect(await reload(app, booking.id)).toMatchObject({ status: 'cancelled', amountRefunded: 14300 })
    expect((await offerOf(booking.id))!.state).toBe('auto-refunded')
    const [told] = await app.db.select().from(notifications).where(eq(notifications.title, 'Refunded after no answer'))
    expect(told!.message).toContain('Silent Guest did not answer')
    const [cancelMail] = await app.db.select().from(outgoingEmails).where(and(eq(outgoingEmails.bookingId, booking.id), eq(outgoingEmails.kind, 'booking-cancelled')))
    expect(cancelMail!.text).toContain('because of the weather')
  })

  it('closes the offer of a booking cancelled another way, refunding nothing more', async () => {
    const booking = await paid('morning', 'Other Way')
    expect((await callOff({ tourDate: SAT, cause: 'other' })).status).toBe(200)
    expect((await guideCancels(app, booking.id, { cause: 'guide-other' })).status).toBe(200)
    app.clock.set('2026-03-06T00:00:00Z')
    expect(await app.services.disruptions.refundUnanswered()).toBe(0)
    expect((await offerOf(booking.id))!.state).toBe('closed')
    expect((await paymentRows(app, booking.id, 'refund')).map((r) => r.amount)).toEqual([14300])
  })

  it('refuses a bad call-off with a clear message, and only the guide may call off', async () => {
    for (const tourDate of [addDays(SAT, -2), weekendDatesBetween(addDays(today, -7), today)[0]!]) {
      const refused = await callOff({ tourDate, cause: 'snow' }, 'en')
      expect([refused.status, refused.data?.message], tourDate).toEqual([400, CALL_OFF_DATE_MESSAGE])
    }
    for (const fields of [{ tourDate: SAT, cause: 'locusts' }, { tourDate: SAT, cause: 'snow', tourTime: 'evening' }, { tourDate: 'soon', cause: 'snow' }, { tourDate: SAT, cause: 'snow', note: 'a\nb' }] as Record<string, string>[]) {
      expect((await callOff(fields)).status, JSON.stringify(fields)).toBe(400)
    }
    // Without an admin session, the section and its action send the visitor to the login page.
    const context = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }
    const post = new Request('http://127.0.0.1/admin/calendar', { method: 'POST', body: new URLSearchParams({ intent: 'callOff', tourDate: SAT, cause: 'snow' }) })
    for (const sent of [
      await calendarAction({ request: post, context, params: {} } as never).catch((thrown: unknown) => thrown),
      await calendarLoader({ request: new Request('http://127.0.0.1/admin/calendar'), context, params: {} } as never).catch((thrown: unknown) => thrown),
    ]) {
      expect(sent).toBeInstanceOf(Response)
      expect((sent as Response).headers.get('Location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fcalendar')
    }
    expect(await callOffs()).toEqual([])
  })

  it('has no JSON call-off routes: Calendar’s call-off form and its loader are the way in (docs/decisions/0088)', async () => {
    expect((await admin.get('/api/admin/disruptions')).status).toBe(404)
    expect((await admin.post('/api/admin/disruptions', { tourDate: SAT, cause: 'snow' })).status).toBe(404)
    expect(await callOffs()).toEqual([])
  })

  it.skipIf(engine !== 'postgres')('lets exactly one of the guest’s answer and the deadline’s refund happen, on two instances', async () => {
    const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
    try {
      const other = createServices({ database: second, config: app.config, logger: createLogger('silent'), clock: app.clock })
      for (let round = 0; round < 8; round++) {
        const date = weekendDatesBetween(addDays(today, 20), addDays(today, 120))[round]!
        const booking = await insertBooking(app, { tourDate: date, status: 'confirmed', name: `Racer ${round}` })
        expect((await callOff({ tourDate: date, cause: 'snow' })).status).toBe(200)
        const deadline = (await offerOf(booking.id))!.deadline
        app.clock.set(new Date(deadline.getTime() + 60_000))
        const target = weekendDatesBetween(addDays(today, 130), addDays(today, 170))[round]!
        const [moved, refunded] = await Promise.allSettled([
          app.services.bookingMoves.moveByGuest(booking.reference, { tourDate: target, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 2 }),
          other.disruptions.refundUnanswered(),
        ])
        const row = await reload(app, booking.id)
        const offer = (await offerOf(booking.id))!
        if (moved.status === 'fulfilled') expect([row.status, row.tourDate, offer.state], `round ${round}`).toEqual(['confirmed', target, 'moved'])
        else expect([row.status, offer.state, refunded.status === 'fulfilled' && refunded.value], `round ${round}`).toEqual(['cancelled', 'auto-refunded', 1])
        app.clock.set(NOW)
      }
    } finally {
      await second.close()
    }
  }, 60_000)
})
