import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClient, TestClock, type TestApp } from './app.ts'
import { insertBooking } from './payments-helpers.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { loader as revenueLoader } from '../../app/routes/admin/revenue.tsx'
import { loadAdminSection } from './admin-section.ts'
import { guideCancels } from './guide-desk.ts'

/** The revenue view (docs/decisions/0058) through the Revenue section's loader and its CSV. */

describe.each(ENGINES)('revenue on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date('2026-11-02T01:00:00Z')) })
    admin = await app.loggedIn(true)
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  /** The Revenue section's figures of `year`, as its route loader gives them to the page. */
  const revenueOf = async (year: number) => (await loadAdminSection(app, revenueLoader, `/admin/revenue?year=${year}`, { username: 'guide-admin' })).revenue

  /** Pays a pending booking through the checkout with the simulated success card. */
  async function pay(reference: string) {
    const guest = app.client()
    expect((await guest.post('/api/create-payment-intent', { bookingId: reference })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${reference}/payment-success`)).json).toEqual({ status: 'paid' })
  }

  it('counts tours and guests by the tour’s month, and money by the month it moved, from the ledger (docs/decisions/0067)', async () => {
    // Paid in November, for tours in December and January.
    const a = await insertBooking(app, { tourDate: '2026-12-05', totalPrice: 14300 })
    const b = await insertBooking(app, { tourDate: '2026-12-06', tourTime: 'full-day', totalPrice: 27500 })
    const c = await insertBooking(app, { tourDate: '2026-12-12', totalPrice: 14300 })
    const d = await insertBooking(app, { tourDate: '2027-01-09', totalPrice: 14300 })
    for (const booking of [a, b, c, d]) await pay(booking.reference)
    await insertBooking(app, { tourDate: '2026-12-13', status: 'pending' })
    // Called off by the guide for the weather in December, refunded in full: December's refund.
    app.clock.advanceMinutes(30 * 24 * 60)
    admin = new TestClient(admin.baseUrl)
    expect((await admin.post('/api/login', { username: 'guide-admin', password: 'correct-horse-battery' })).status).toBe(200)
    expect((await guideCancels(app, c.id, { cause: 'guide-weather' })).status).toBe(200)

    const revenue = await revenueOf(2026)
    const [november, december] = [revenue.months[10]!, revenue.months[11]!]
    expect(november).toMatchObject({ month: '2026-11', tours: 0, received: 70400, refunded: 0, net: 70400 })
    expect(november.byTourType).toEqual({ 'Half-Day Private Tour': 42900, 'Full-Day Private Tour': 27500 })
    expect(december).toMatchObject({ month: '2026-12', tours: 2, guests: 4, received: 0, refunded: 14300, net: -14300 })
    expect(december.byTourType).toEqual({ 'Half-Day Private Tour': -14300 })
    expect(revenue.total).toMatchObject({ tours: 2, received: 70400, refunded: 14300, net: 56100 })

    const csv = await admin.get('/api/admin/revenue.csv?year=2026')
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe(
      'month,tours (tour date),guests (tour date),received (month moved),refunded (month moved),net (month moved),discounts (promo codes; tour date),paid by voucher (not new money; tour date),voucher sales (month paid),voucher refunds (month refunded),net: Full-Day Private Tour,net: Half-Day Private Tour',
    )
    expect(lines[11]).toBe('2026-11,0,0,70400,0,70400,0,0,0,0,27500,42900')
    expect(lines[12]).toBe('2026-12,2,4,0,14300,-14300,0,0,0,0,0,-14300')
    expect(lines[13]).toBe('total,2,4,70400,14300,56100,0,0,0,0,27500,28600')
    expect(lines).toHaveLength(14)
    // The January tour's money is November's; its own year shows the tour alone.
    expect((await revenueOf(2027)).total).toMatchObject({ tours: 1, received: 0, net: 0 })
  })

  it('refuses a bad year and anyone but the guide', async () => {
    for (const year of ['', 'abc', '1999', '2026.5', '99999']) {
      const refused = await admin.get(`/api/admin/revenue.csv?year=${year}`)
      expect(refused.status, year).toBe(400)
      expect(refused.json.message, year).toBe('Year must be a year such as 2026')
    }
    expect((await app.client().get('/api/admin/revenue.csv?year=2026')).status).toBe(401)
    // The section's figures: anyone without an admin session is sent to the login page.
    const anonymous = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }
    const sent = await revenueLoader({ request: new Request('http://127.0.0.1/admin/revenue?year=2026'), context: anonymous, params: {} } as never).catch((thrown: unknown) => thrown)
    expect(sent).toBeInstanceOf(Response)
    expect((sent as Response).headers.get('Location')).toMatch(/^\/admin\/login/)
  })

  it('answers no JSON revenue: the Revenue section’s loader has the figures (docs/decisions/0088)', async () => {
    expect((await admin.get('/api/admin/revenue?year=2026')).status).toBe(404)
  })
})
