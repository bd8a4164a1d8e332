import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, contactMessages, outgoingEmails, tourPackages } from '../../server/db/schema.ts'
import { openDatabase } from '../../server/db/client.ts'
import { createGuestDataService } from '../../server/services/guest-data.ts'
import { createLogger } from '../../server/logger.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'

// 00:30 on 2026-11-22 in Japan is still 2026-11-21 in UTC: cut-offs must follow Japan.
const NOW = '2026-11-21T15:30:00Z'

describe.each(ENGINES)('guests’ personal data on %s', (engine) => {
  let app: TestApp
  let tourId: number
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    const [tour] = await app.db.select().from(tourPackages).limit(1)
    tourId = tour!.id
  })
  afterEach(async () => {
    await app.close()
  })

  let seq = 0
  async function booking(tourDate: string, status: string, email = `guest${++seq}@example.com`, extra: Partial<typeof bookings.$inferInsert> = {}) {
    const [row] = await app.db
      .insert(bookings)
      .values({
        reference: `REF${String(++seq).padStart(9, '0')}`,
        name: 'Real Guest',
        email,
        phone: '+1 555 123 4567',
        numberOfPeople: 2,
        tourPackageId: tourId,
        tourDate,
        tourTime: 'morning',
        status,
        totalPrice: 14300,
        specialRequests: 'Vegetarian lunch please',
        ...extra,
      })
      .returning()
    return row!
  }
  async function message(createdAt: string, email = `writer${++seq}@example.com`) {
    const [row] = await app.db
      .insert(contactMessages)
      .values({ name: 'Real Writer', email, phone: '+44 20 1234 5678', message: 'Can we see the castle?', createdAt: new Date(createdAt) })
      .returning()
    return row!
  }
  const reload = async (id: number) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0]!

  it('anonymises exactly the rows past their period, keeps amounts and statuses, and is idempotent', async () => {
    const paidOld = await booking('2021-11-21', 'paid') // 5 years + 1 day before 2026-11-22
    const paidKept = await booking('2021-11-22', 'paid')
    const cancelledOld = await booking('2025-11-21', 'cancelled') // 12 months + 1 day
    const cancelledKept = await booking('2025-11-22', 'cancelled')
    const expiredOld = await booking('2025-11-21', 'pending')
    const msgOld = await message('2024-11-21T14:59:59Z') // just before 2024-11-22 00:00 in Japan
    const msgKept = await message('2024-11-21T15:00:00Z')

    const first = await app.services.guestData.sweep()
    expect(first).toMatchObject({ bookings: 3, messages: 1 })

    for (const row of [paidOld, cancelledOld, expiredOld]) {
      const after = await reload(row.id)
      expect(after.name).toBe('Anonymised guest')
      expect(after.email).toBe(`booking-${row.id}@anonymised.invalid`)
      expect(after.phone).toBe('')
      expect(after.specialRequests).toBeNull()
      expect(after.anonymizedAt).not.toBeNull()
      expect(after.totalPrice).toBe(14300)
      expect(after.status).toBe(row.status)
      expect(after.tourDate).toBe(row.tourDate)
    }
    for (const row of [paidKept, cancelledKept]) expect((await reload(row.id)).name).toBe('Real Guest')

    const messages = await app.db.select().from(contactMessages)
    expect(messages.find((m) => m.id === msgOld.id)).toMatchObject({ name: 'Anonymised guest', phone: null })
    expect(messages.find((m) => m.id === msgKept.id)).toMatchObject({ name: 'Real Writer', email: msgKept.email })

    expect(await app.services.guestData.sweep()).toMatchObject({ bookings: 0, messages: 0, emails: 0 })
  })

  it('lets two instances sweep at once without failing or double counting', async () => {
    for (let i = 0; i < 20; i++) await booking('2020-01-0' + ((i % 9) + 1), 'paid')
    const second = engine === 'postgres' ? await openDatabase({ databaseUrl: app.database.url }) : null
    try {
      const other = createGuestDataService({ db: second?.db ?? app.db, config: app.config, logger: createLogger('silent'), now: app.clock.now })
      const [a, b] = await Promise.all([app.services.guestData.sweep(), other.sweep()])
      expect(a.bookings + b.bookings).toBe(20)
    } finally {
      await second?.close()
    }
  })

  it('finds, exports and erases a guest through the admin API, with an audit trail', async () => {
    const email = 'Traveller@Example.com'
    const past = await booking('2026-10-03', 'paid', email)
    await message('2026-09-01T00:00:00Z', 'traveller@example.com')
    await app.db.insert(outgoingEmails).values({ kind: 'booking-received', toAddress: 'traveller@example.com', subject: 'Your booking', html: '<p>hi</p>', text: 'hi', status: 'sent' })
    const admin = await app.loggedIn(true)

    const found = await admin.get(`/api/admin/guest-data?email=${encodeURIComponent('traveller@example.com')}`)
    expect(found.status).toBe(200)
    expect(found.json.bookings).toHaveLength(1)
    expect(found.json.messages).toHaveLength(1)
    expect(found.json.emails).toHaveLength(1)
    expect(found.json.erasureBlockers).toEqual([])

    const exported = await admin.get(`/api/admin/guest-data/export?email=${encodeURIComponent(email)}`)
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="guest-data-/)
    expect(exported.json.bookings[0]).toMatchObject({ reference: past.reference, name: 'Real Guest', totalPrice: 14300 })
    expect(exported.json.messages[0]).toMatchObject({ message: 'Can we see the castle?' })

    const erased = await admin.post('/api/admin/guest-data/erase', { email })
    expect(erased.status).toBe(200)
    expect(erased.json).toMatchObject({ ok: true, bookings: 1, messages: 1, emails: 1 })
    const after = await reload(past.id)
    expect(after).toMatchObject({ name: 'Anonymised guest', status: 'paid', totalPrice: 14300 })
    expect((await admin.get(`/api/admin/guest-data?email=${encodeURIComponent(email)}`)).json.bookings).toHaveLength(0)

    const audit = await admin.get('/api/admin/audit-log')
    expect(audit.json.map((e: { action: string }) => e.action)).toEqual(['guest-data.lookup', 'guest-data.erase', 'guest-data.export', 'guest-data.lookup'])
    expect(audit.json[1]).toMatchObject({ actorUsername: 'guide-admin', subject: email })
  })

  it('refuses to erase a guest with a tour still to come or a payment under way, saying why', async () => {
    const email = 'future@example.com'
    await booking('2026-12-05', 'paid', email)
    await booking('2026-12-06', 'pending', email, { holdExpiresAt: new Date('2026-11-21T15:50:00Z') })
    const admin = await app.loggedIn(true)
    const res = await admin.post('/api/admin/guest-data/erase', { email })
    expect(res.status).toBe(409)
    expect(res.json.message).toMatch(/cannot be erased yet/)
    expect(res.json.blockers.map((b: { reason: string }) => b.reason)).toEqual([
      'Payment is not finished yet (the booking is still held for payment).',
      'The tour is still to come: cancel it first.',
    ])
    const rows = await app.db.select().from(bookings).where(eq(bookings.email, email))
    expect(rows.every((r) => r.name === 'Real Guest')).toBe(true)
  })

  it('keeps guest data behind the admin guard', async () => {
    const anonymous = app.client()
    expect((await anonymous.get('/api/admin/guest-data?email=a@example.com')).status).toBe(401)
    expect((await anonymous.post('/api/admin/guest-data/erase', { email: 'a@example.com' })).status).toBe(401)
    const user = await app.loggedIn(false)
    expect((await user.get('/api/admin/guest-data/export?email=a@example.com')).status).toBe(403)
    expect((await user.get('/api/admin/audit-log')).status).toBe(403)
  })
})
