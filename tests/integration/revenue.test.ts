import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp, type TestClient } from './app.ts'
import { insertBooking } from './payments-helpers.ts'

/** The revenue view (issue 20 point 4, docs/decisions/0058) through the API and its CSV. */

describe.each(ENGINES)('revenue on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date('2026-11-02T01:00:00Z')) })
    admin = await app.loggedIn(true)
  })
  afterEach(async () => {
    await app.close()
  })

  it('sums each month by the tour’s date: tours and guests that take place, money received, refunded and kept', async () => {
    await insertBooking(app, { tourDate: '2026-12-05', status: 'paid', totalPrice: 14300 })
    await insertBooking(app, { tourDate: '2026-12-06', tourTime: 'full-day', status: 'paid', totalPrice: 27500 })
    const refunded = await insertBooking(app, { tourDate: '2026-12-12', status: 'paid', totalPrice: 14300 })
    expect((await admin.post(`/api/admin/bookings/${refunded.id}/cancel`, { cause: 'guide-weather', refundAmount: 0 })).status).toBe(200)
    await insertBooking(app, { tourDate: '2026-12-13', status: 'pending' })
    await insertBooking(app, { tourDate: '2027-01-09', status: 'paid' })

    const res = await admin.get('/api/admin/revenue?year=2026')
    expect(res.status).toBe(200)
    const december = res.json.months[11]
    expect(december).toMatchObject({ month: '2026-12', tours: 2, guests: 4, received: 56100, refunded: 0, net: 56100 })
    expect(december.byTourType).toEqual({ 'Half-Day Private Tour': 28600, 'Full-Day Private Tour': 27500 })
    expect(res.json.total).toMatchObject({ tours: 2, net: 56100 })

    const csv = await admin.get('/api/admin/revenue.csv?year=2026')
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('month (tour date),tours,guests,received,refunded,net,discounts (promo codes),paid by voucher (not new money),voucher sales (month paid),voucher refunds,net: Full-Day Private Tour,net: Half-Day Private Tour')
    expect(lines[12]).toBe('2026-12,2,4,56100,0,56100,0,0,0,0,27500,28600')
    expect(lines[13]).toBe('total,2,4,56100,0,56100,0,0,0,0,27500,28600')
    expect(lines).toHaveLength(14)
  })

  it('refuses a bad year and anyone but the guide', async () => {
    for (const year of ['', 'abc', '1999', '2026.5', '99999']) expect((await admin.get(`/api/admin/revenue?year=${year}`)).status, year).toBe(400)
    expect((await app.client().get('/api/admin/revenue?year=2026')).status).toBe(401)
    expect((await app.client().get('/api/admin/revenue.csv?year=2026')).status).toBe(401)
  })
})
