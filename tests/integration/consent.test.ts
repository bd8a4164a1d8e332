import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bookings, slotClaims, tourPackages } from '../../server/db/schema.ts'
import { POLICY_VERSION } from '../../core/cancellation-policy.ts'
import { POLICY_CONSENT_MESSAGE } from '../../core/schemas/booking.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { postBookingPage } from './booking-page.ts'
import { insertBookings } from '../booking-fixture.ts'
import { dashboardBooking } from './guide-desk.ts'

/**
 * docs/decisions/0050: a booking needs the guest's consent to the
 * cancellation policy and terms, through every way in (the JSON API, the page's script-free
 * form post and its data request), and stores when it was given and which version.
 */

// Wednesday 2030-05-01, 12:00 in Japan; Saturday 05-11 is bookable.
const NOW = '2030-05-01T03:00:00.000Z'
const SAT = '2030-05-11'

describe.each(ENGINES)('consent to the cancellation policy and terms on %s', (engine) => {
  let app: TestApp
  let halfDay: number
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    const packages = await app.db.select().from(tourPackages)
    halfDay = packages.find((p) => p.isHalfDay)!.id
  })
  afterEach(async () => {
    await app.close()
  })

  const details = (overrides: Record<string, unknown> = {}) => ({
    name: 'Aiko Tanaka',
    email: 'aiko@example.com',
    phone: '+44 7700 900123',
    numberOfPeople: 2,
    tourPackageId: halfDay,
    tourDate: SAT,
    tourTime: 'morning',
    ...overrides,
  })
  const asForm = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]))

  const pageAction = (fields: Record<string, string>, byScript: boolean) => postBookingPage(app, fields, { byScript })

  async function nothingStored() {
    expect(await app.db.select().from(bookings)).toHaveLength(0)
    expect(await app.db.select().from(slotClaims)).toHaveLength(0)
  }

  it('refuses a booking through the API without the tick, or with anything but a tick, naming the field, and stores nothing', async () => {
    for (const consent of [undefined, false, 'false', '', 'off', null, 0, 'yes']) {
      const res = await app.client().post('/api/bookings', details(consent === undefined ? {} : { acceptPolicy: consent }))
      expect(res.status, JSON.stringify(consent)).toBe(400)
      expect(res.json.errors, JSON.stringify(consent)).toEqual({ acceptPolicy: POLICY_CONSENT_MESSAGE })
      expect(res.json.message).toBe(POLICY_CONSENT_MESSAGE)
    }
    await nothingStored()
  })

  it('refuses it through the page, posted without a script and sent by the page’s script alike, and stores nothing', async () => {
    const plain = await pageAction(asForm(details()), false)
    expect(plain.status).toBe(400)
    expect(plain.data).toMatchObject({ kind: 'invalid', errors: { acceptPolicy: POLICY_CONSENT_MESSAGE } })
    // What the guest typed comes back, so the form is shown again as it was.
    expect((plain.data as { values: Record<string, string> }).values).toMatchObject({ name: 'Aiko Tanaka', email: 'aiko@example.com' })

    const scripted = await pageAction(asForm(details()), true)
    expect(scripted.status).toBe(400)
    expect(scripted.data).toMatchObject({ kind: 'invalid', errors: { acceptPolicy: POLICY_CONSENT_MESSAGE } })
    await nothingStored()
  })

  it('refuses it in the guest’s language on a translated page', async () => {
    const result = await postBookingPage(app, asForm(details()), { byScript: true, path: '/ja/booking.data', clientAddress: '192.0.2.9' })
    expect((result.data as { errors: Record<string, string> }).errors.acceptPolicy).toBe('予約するには、キャンセルポリシーと利用規約に同意してください')
    await nothingStored()
  })

  it('stores the moment and the policy version of an accepted booking, from every way in, and shows them to the admin', async () => {
    const api = await app.client().post('/api/bookings', details({ acceptPolicy: true }))
    expect(api.status).toBe(201)
    app.clock.advanceMinutes(3)
    const plain = await pageAction(asForm(details({ acceptPolicy: 'on', tourTime: 'afternoon', email: 'plain@example.com' })), false)
    expect(plain.status).toBe(302)
    app.clock.advanceMinutes(4)
    const scripted = await pageAction(asForm(details({ acceptPolicy: 'on', tourDate: '2030-05-12', email: 'script@example.com' })), true)
    expect(scripted.status).toBe(201)

    const rows = await app.db.select().from(bookings)
    expect(rows.map((r) => [r.email, r.policyAcceptedAt?.toISOString(), r.policyVersion]).sort()).toEqual([
      ['aiko@example.com', NOW, POLICY_VERSION],
      ['plain@example.com', '2030-05-01T03:03:00.000Z', POLICY_VERSION],
      ['script@example.com', '2030-05-01T03:07:00.000Z', POLICY_VERSION],
    ])

    const admin = await app.loggedIn(true)
    const id = rows.find((r) => r.email === 'aiko@example.com')!.id
    // As the dashboard's booking dialog shows it.
    expect(await dashboardBooking(app, id)).toMatchObject({ policyAcceptedAt: NOW, policyVersion: POLICY_VERSION })
    const list = await admin.get('/api/bookings')
    expect(list.json.items.every((b: { policyVersion: string | null }) => b.policyVersion === POLICY_VERSION)).toBe(true)
  })

  it('keeps a moment and a version together in the database', async () => {
    const [pkg] = await app.db.select().from(tourPackages)
    const row = { reference: 'CONSENTHALF1', name: 'G', email: 'g@example.com', phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: pkg!.id, tourDate: SAT, tourTime: 'morning', totalPrice: 1 }
    await expect(insertBookings(app.db, { ...row, policyAcceptedAt: new Date() })).rejects.toThrow()
    await expect(insertBookings(app.db, { ...row, policyVersion: POLICY_VERSION })).rejects.toThrow()
    // A booking from before the form asked has neither.
    await insertBookings(app.db, row)
    const [stored] = await app.db.select().from(bookings)
    expect(await dashboardBooking(app, stored!.id)).toMatchObject({ policyAcceptedAt: null, policyVersion: null })
  })
})
