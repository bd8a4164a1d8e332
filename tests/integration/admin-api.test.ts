import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { bookings, notifications, outgoingEmails, slotClaims, users } from '../../server/db/schema.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp, type TestClient } from './app.ts'
import { DUPLICATE_USERNAME_MESSAGE, LAST_ADMIN_MESSAGE, SELF_DELETE_MESSAGE, SELF_DEMOTE_MESSAGE } from '../../server/services/admin-users.ts'
import { failureOf } from '../../server/http/service-failure.ts'
import { partsClaimedBy, type TourTime } from '../../core/slots.ts'
import { insertBookings, type BookingFixture } from '../booking-fixture.ts'
import { withMoney } from '../../server/services/ledger.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { parseCsv } from './csv.ts'
import { action as settingsAction, loader as settingsLoader } from '../../app/routes/admin/settings.tsx'
import { loader as slotsLoader } from '../../app/routes/admin/booking-slots.ts'
import { loadAdminSection, postAdminSection } from './admin-section.ts'

const HASH = /scrypt\$|passwordHash|password_hash|\$argon2|\$2[aby]\$/

/** Every admin endpoint (docs/decisions/0011), with a body good enough to pass validation. */
const ADMIN_ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/api/admin/users'],
  ['POST', '/api/register', { username: 'someone', password: 'long-enough' }],
  ['PATCH', '/api/admin/users/1', { username: 'someone' }],
  ['DELETE', '/api/admin/users/1'],
  ['POST', '/api/logout-everywhere'],
  ['GET', '/api/bookings'],
  ['GET', '/api/bookings?format=csv'],
  ['GET', '/api/bookings.csv'],
  ['PATCH', '/api/bookings/1/status', { status: 'confirmed' }],
  ['DELETE', '/api/bookings/1'],
]

let seq = 0
async function insertBooking(
  app: TestApp,
  over: Partial<BookingFixture> & { tourDate: string; tourTime: TourTime },
  claim: { expiresAt?: Date | null } | false = {},
) {
  seq++
  const [row] = await insertBookings(app.db, {
      reference: `ref-${seq}-abcdefghij`,
      name: `Guest ${seq}`,
      email: `guest${seq}@example.com`,
      phone: '+81 90-0000-0000',
      numberOfPeople: 2,
      tourPackageId: over.tourTime === 'full-day' ? 2 : 1,
      totalPrice: 14300,
      status: 'confirmed',
      ...over,
    })
  if (claim !== false && row!.status !== 'cancelled') {
    await app.db
      .insert(slotClaims)
      .values(partsClaimedBy(over.tourTime).map((part) => ({ tourDate: over.tourDate, part, bookingId: row!.id, expiresAt: claim.expiresAt ?? null })))
  }
  return row!
}

describe.each(ENGINES)('admin API on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  const clock = new TestClock(new Date('2025-05-20T03:00:00Z'))

  beforeEach(async () => {
    clock.set('2025-05-20T03:00:00Z')
    app = await startTestApp(engine, { clock })
    admin = await app.loggedIn(true)
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  describe('access control (docs/decisions/0012)', () => {
    it.each(ADMIN_ENDPOINTS)('%s %s answers 401 without a session and 403 for a non-admin', async (method, path, body) => {
      const anonymous = await app.client().request(method, path, body)
      expect(anonymous.status).toBe(401)
      expect(anonymous.json).toEqual({ message: 'You must be logged in as an admin' })
      const user = await app.loggedIn(false)
      const denied = await user.request(method, path, body)
      expect(denied.status).toBe(403)
      expect(denied.json).toEqual({ message: 'You do not have admin privileges' })
    })

    it('has no dashboard-only booking routes: the Bookings and Calendar sections read and save through their route loaders and actions (docs/decisions/0088)', async () => {
      const [booking] = await insertBookings(app.db, { reference: 'GONE-ROUTES-1', name: 'Aiko Tanaka', email: 'aiko@example.com', phone: '+81 90-0000-0000', numberOfPeople: 2, tourPackageId: 1, tourDate: '2025-06-07', tourTime: 'morning', totalPrice: 14300, status: 'confirmed' })
      const move = { tourDate: '2025-06-14', tourTime: 'morning', tourPackageId: 1, numberOfPeople: 2 }
      const gone: [string, string, unknown?][] = [
        ['GET', '/api/admin/bookings/calendar?month=2025-06'],
        ['GET', `/api/admin/bookings/${booking!.id}`],
        ['POST', '/api/admin/bookings', { name: 'Kenji Sato', email: 'kenji@example.jp', ...move, payment: 'confirmed' }],
        ['POST', `/api/admin/bookings/${booking!.id}/move`, move],
        ['GET', `/api/admin/bookings/${booking!.id}/changes`],
        ['GET', `/api/admin/bookings/${booking!.id}/ledger`],
        ['GET', `/api/admin/bookings/${booking!.id}/cancellation-quote?cause=guest`],
        ['POST', `/api/admin/bookings/${booking!.id}/cancel`, { cause: 'guest' }],
        ['GET', `/api/admin/bookings/${booking!.id}/payments`],
      ]
      for (const [method, path, body] of gone) {
        expect((await admin.request(method, path, body)).status, `${method} ${path}`).toBe(404)
      }
      expect((await app.db.select().from(bookings)).map((b) => [b.status, b.tourDate])).toEqual([['confirmed', '2025-06-07']])
    })
  })

  describe('users', () => {
    it('lists, creates, edits and deletes users without ever answering a password hash', async () => {
      const created = await admin.post('/api/register', {
        username: 'Helper',
        password: 'helper-password',
        email: 'helper@example.com',
        name: 'Helpful Person',
        isAdmin: false,
        notificationPreference: 'whatsapp',
        whatsappNumber: '+81 90-1111-2222',
      })
      expect(created.status).toBe(201)
      expect(created.json).toMatchObject({ username: 'Helper', isAdmin: false, notificationPreference: 'whatsapp', whatsappNumber: '+81 90-1111-2222' })
      const list = await admin.get('/api/admin/users')
      expect(list.status).toBe(200)
      expect(list.json.map((u: { username: string }) => u.username)).toEqual(['guide-admin', 'Helper'])

      const id = created.json.id
      const edited = await admin.patch(`/api/admin/users/${id}`, { username: 'helper2', password: '', name: 'Renamed', isAdmin: true })
      expect(edited.status).toBe(200)
      expect(edited.json).toMatchObject({ username: 'helper2', name: 'Renamed', isAdmin: true, email: 'helper@example.com' })
      // A blank password kept the old one.
      expect((await app.client().post('/api/login', { username: 'helper2', password: 'helper-password' })).status).toBe(200)
      // A new password replaces it.
      expect((await admin.patch(`/api/admin/users/${id}`, { username: 'helper2', password: 'brand-new-pass' })).status).toBe(200)
      expect((await app.client().post('/api/login', { username: 'helper2', password: 'helper-password' })).status).toBe(401)

      for (const res of [created, list, edited]) expect(res.text).not.toMatch(HASH)

      const removed = await admin.delete(`/api/admin/users/${id}`)
      expect(removed.status).toBe(200)
      expect((await admin.get('/api/admin/users')).json).toHaveLength(1)
      expect((await admin.delete(`/api/admin/users/${id}`)).status).toBe(404)
    })

    it('refuses a duplicate username, whatever its case, with 409', async () => {
      const res = await admin.post('/api/register', { username: 'GUIDE-ADMIN', password: 'long-enough' })
      expect(res.status).toBe(409)
      expect(res.json.message).toBe(DUPLICATE_USERNAME_MESSAGE)
      const other = await admin.post('/api/register', { username: 'other', password: 'long-enough' })
      const rename = await admin.patch(`/api/admin/users/${other.json.id}`, { username: 'Guide-Admin' })
      expect(rename.status).toBe(409)
      expect(rename.json.message).toBe(DUPLICATE_USERNAME_MESSAGE)
    })

    it('validates the form on the server: password required on create', async () => {
      const res = await admin.post('/api/register', { username: 'nopass' })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe('Password must be at least 6 characters.')
    })

    it('never lets an admin delete their own account or remove the last admin', async () => {
      const [me] = await app.db.select().from(users).where(eq(users.username, 'guide-admin'))
      const self = await admin.delete(`/api/admin/users/${me!.id}`)
      expect(self.status).toBe(400)
      expect(self.json.message).toBe(SELF_DELETE_MESSAGE)
      const demoteSelf = await admin.patch(`/api/admin/users/${me!.id}`, { username: 'guide-admin', isAdmin: false })
      expect(demoteSelf.status).toBe(400)
      expect(demoteSelf.json.message).toBe(SELF_DEMOTE_MESSAGE)

      // A second admin exists: it may be demoted, and then the first is the last one.
      const second = await app.createUser('second-admin', 'second-password', true)
      const secondClient = app.client()
      await secondClient.post('/api/login', { username: 'second-admin', password: 'second-password' })
      expect((await admin.patch(`/api/admin/users/${second.id}`, { username: 'second-admin', isAdmin: false })).status).toBe(200)
      // The demoted admin's session ended with their rights.
      expect((await secondClient.get('/api/user')).status).toBe(401)

      // Make the second an admin again, then have it try to remove the first: fine while two exist…
      expect((await admin.patch(`/api/admin/users/${second.id}`, { username: 'second-admin', isAdmin: true })).status).toBe(200)
      await secondClient.post('/api/login', { username: 'second-admin', password: 'second-password' })
      expect((await secondClient.delete(`/api/admin/users/${me!.id}`)).status).toBe(200)
      // …but now second-admin is the last admin: another admin-less path is refused.
      const helper = await app.createUser('helper', 'helper-password', false)
      expect((await secondClient.patch(`/api/admin/users/${helper.id}`, { username: 'helper', isAdmin: true })).status).toBe(200)
      expect((await secondClient.patch(`/api/admin/users/${helper.id}`, { username: 'helper', isAdmin: false })).status).toBe(200)
      const admins = await app.db.select().from(users).where(eq(users.isAdmin, true))
      expect(admins).toHaveLength(1)
    })

    it('refuses to delete or demote the last admin when asked by another account', async () => {
      // Only reachable when the last admin is not the caller: set it up through the service.
      const [me] = await app.db.select().from(users).where(eq(users.username, 'guide-admin'))
      // The service refuses with a kind; failureOf is the answer the API gives for it (docs/decisions/0037).
      const refusal = (call: Promise<unknown>) => call.then(() => 'accepted', failureOf)
      await expect(refusal(app.services.adminUsers.remove(-1, me!.id))).resolves.toMatchObject({ status: 409, message: LAST_ADMIN_MESSAGE })
      await expect(refusal(app.services.adminUsers.update(-1, me!.id, { username: 'guide-admin', isAdmin: false }))).resolves.toMatchObject({
        status: 409,
        message: LAST_ADMIN_MESSAGE,
      })
    })
  })

  describe('bookings', () => {
    async function seedBookings() {
      const a = await insertBooking(app, { name: 'Aiko Tanaka', email: 'aiko@example.com', tourDate: '2025-06-07', tourTime: 'afternoon', totalPrice: 16500, status: 'paid', paidAt: new Date() })
      const b = await insertBooking(app, { name: 'Ben Smith', email: 'ben@example.org', tourDate: '2025-06-07', tourTime: 'morning', totalPrice: 14300, status: 'pending', holdExpiresAt: new Date('2025-05-20T03:30:00Z') }, { expiresAt: new Date('2025-05-20T03:30:00Z') })
      const c = await insertBooking(app, { name: 'Chloé Martin', phone: '+33 6 12 34 56 78', tourDate: '2025-06-14', tourTime: 'full-day', totalPrice: 22000, status: 'confirmed' })
      const d = await insertBooking(app, { name: 'Dai Sato', tourDate: '2025-06-08', tourTime: 'morning', totalPrice: 8800, status: 'cancelled' })
      return { a, b, c, d }
    }

    it('lists by tour date then 12-hour time by default, with filter, sort, search and paging', async () => {
      const { a, b, c, d } = await seedBookings()
      const all = await admin.get('/api/bookings')
      expect(all.status).toBe(200)
      expect(all.json).toMatchObject({ total: 4, page: 1, pageSize: 25 })
      expect(all.json.items.map((x: { id: number }) => x.id)).toEqual([b.id, a.id, d.id, c.id])
      expect(all.json.items[0]).toMatchObject({ timeText: '9:00 AM', packageName: 'Half-Day Private Tour' })
      expect(all.json.items[1].timeText).toBe('2:00 PM')

      const paid = await admin.get('/api/bookings?status=paid')
      expect(paid.json.items.map((x: { id: number }) => x.id)).toEqual([a.id])
      const byPrice = await admin.get('/api/bookings?sort=totalPrice&dir=desc')
      expect(byPrice.json.items.map((x: { totalPrice: number }) => x.totalPrice)).toEqual([22000, 16500, 14300, 8800])

      expect((await admin.get('/api/bookings?q=CHLO')).json.items.map((x: { id: number }) => x.id)).toEqual([c.id])
      expect((await admin.get('/api/bookings?q=example.org')).json.items.map((x: { id: number }) => x.id)).toEqual([b.id])
      expect((await admin.get(`/api/bookings?q=${encodeURIComponent('June 14')}`)).json.total).toBe(1)
      expect((await admin.get(`/api/bookings?q=${encodeURIComponent('2:00 pm')}`)).json.items.map((x: { id: number }) => x.id)).toEqual([a.id])
      expect((await admin.get(`/api/bookings?q=id:${d.id}`)).json.items.map((x: { id: number }) => x.id)).toEqual([d.id])
      expect((await admin.get(`/api/bookings?bookingId=${c.id}`)).json.items.map((x: { id: number }) => x.id)).toEqual([c.id])
      expect((await admin.get('/api/bookings?bookingId=abc')).json.total).toBe(4)

      const page2 = await admin.get('/api/bookings?pageSize=3&page=2')
      expect(page2.json).toMatchObject({ total: 4, page: 2, pageSize: 3 })
      expect(page2.json.items.map((x: { id: number }) => x.id)).toEqual([c.id])

      expect((await admin.get('/api/bookings?sort=nope')).status).toBe(400)
      expect((await admin.get('/api/bookings?status=lost')).status).toBe(400)
    })

    it('shows a pending booking whose hold ran out as cancelled', async () => {
      const { b } = await seedBookings()
      clock.advanceMinutes(45)
      const res = await admin.get(`/api/bookings?bookingId=${b.id}`)
      expect(res.json.items[0].status).toBe('cancelled')
      expect((await admin.get('/api/bookings?status=pending')).json.total).toBe(0)
    })

    it('exports the filtered list as CSV, with formula-looking text neutralised', async () => {
      await seedBookings()
      await insertBooking(app, { name: '=HYPERLINK("x")', tourDate: '2025-06-21', tourTime: 'morning' })
      const csv = await admin.get('/api/bookings.csv?status=confirmed')
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
      const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n')
      expect(lines[0]).toMatch(/^id,reference,name,email/)
      expect(lines).toHaveLength(3)
      expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`)
      expect((await admin.get('/api/bookings?format=csv&q=chlo')).text.trim().split('\r\n')).toHaveLength(2)
    })

    it('exports CSV with phone numbers as typed, a slot column and times in Japan time, and still neutralises formulas', async () => {
      const formulas = ['=HYPERLINK("http://x","y")', '+SUM(A1:A2)', '-2+3', '@x', '+1+1', '+81 90-1234-5678+A1']
      const rows = [
        await insertBooking(app, { name: 'Phone Plus', phone: '+81 90-1234-5678', tourDate: '2025-06-21', tourTime: 'morning', locale: 'ko' }, false),
        await insertBooking(app, { name: 'Full Day', phone: '(555) 123-4567', tourDate: '2025-06-22', tourTime: 'full-day' }, false),
      ]
      for (const [i, name] of formulas.entries()) {
        rows.push(await insertBooking(app, { name, phone: '+44 20 7946 0958', tourDate: '2025-07-05', tourTime: i % 2 ? 'morning' : 'afternoon' }, false))
      }
      // 2025-06-01 15:30 UTC is 2025-06-02 00:30 in Japan: the day changes too.
      await app.db.update(bookings).set({ createdAt: new Date('2025-06-01T15:30:00Z') }).where(eq(bookings.id, rows[0]!.id))
      const csv = await admin.get('/api/bookings.csv')
      expect(csv.status).toBe(200)
      const records = parseCsv(csv.text.replace(/^\uFEFF/, ''))
      const byId = (id: number) => records.find((r) => r.id === String(id))!
      expect(byId(rows[0]!.id)).toMatchObject({ name: 'Phone Plus', phone: '+81 90-1234-5678', slot: 'Morning', 'createdAt (Japan time)': '2025-06-02 00:30', language: '한국어 (ko)' })
      expect(byId(rows[1]!.id)).toMatchObject({ phone: '(555) 123-4567', slot: 'Full Day', language: 'English' })
      expect(byId(rows[2]!.id)).toMatchObject({ phone: '+44 20 7946 0958', slot: 'Afternoon' })
      for (const [i, name] of formulas.entries()) expect(byId(rows[i + 2]!.id).name).toBe(`'${name}`)
    })

    it('exports every matching booking as CSV, not only the first page', async () => {
      const many = Array.from({ length: 520 }, (_, i) => ({
        reference: `bulk-${i}-abcdefghij`,
        name: `Bulk Guest ${i}`,
        email: `bulk${i}@example.com`,
        phone: '+81 90-0000-0000',
        numberOfPeople: 2,
        tourPackageId: 1,
        tourDate: '2025-07-05',
        tourTime: 'morning',
        totalPrice: 14300,
        status: 'cancelled',
      }))
      await insertBookings(app.db, many)
      const csv = await admin.get('/api/bookings?format=csv&status=cancelled')
      expect(csv.status).toBe(200)
      const rows = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n')
      expect(rows).toHaveLength(1 + 520)
      expect(csv.text).toContain('Bulk Guest 519')
    })

    it('changes status any to any; the change persists; cancelling frees the slot and reviving claims it again', async () => {
      const { c } = await seedBookings()
      const cancel = await admin.patch(`/api/bookings/${c.id}/status`, { status: 'cancelled' })
      expect(cancel.status).toBe(200)
      expect(cancel.json.status).toBe('cancelled')
      expect(await app.db.select().from(slotClaims).where(eq(slotClaims.bookingId, c.id))).toHaveLength(0)
      expect((await admin.get(`/api/bookings?bookingId=${c.id}`)).json.items[0].status).toBe('cancelled')

      const revive = await admin.patch(`/api/bookings/${c.id}/status`, { status: 'confirmed' })
      expect(revive.status).toBe(200)
      expect(revive.json.status).toBe('confirmed')
      const claims = await app.db.select().from(slotClaims).where(eq(slotClaims.bookingId, c.id))
      expect(claims.map((x) => x.part).sort()).toEqual(['afternoon', 'morning'])
      expect(claims.every((x) => x.expiresAt === null)).toBe(true)

      const paid = await admin.patch(`/api/bookings/${c.id}/status`, { status: 'paid' })
      expect(paid.json.status).toBe('paid')
      const [row] = await app.db.select().from(bookings).where(eq(bookings.id, c.id))
      expect(row!.status).toBe('paid')

      expect((await admin.patch(`/api/bookings/${c.id}/status`, { status: 'lost' })).status).toBe(400)
      expect((await admin.patch('/api/bookings/99999/status', { status: 'paid' })).status).toBe(404)
    })

    it('refuses to revive a cancelled booking whose slot someone else now holds (409)', async () => {
      const { d } = await seedBookings()
      const taker = await insertBooking(app, { tourDate: '2025-06-08', tourTime: 'full-day', status: 'confirmed' })
      const res = await admin.patch(`/api/bookings/${d.id}/status`, { status: 'confirmed' })
      expect(res.status).toBe(409)
      expect(res.json.message).toBe('This booking cannot be restored: its time slot has been taken by another booking since it was cancelled.')
      const [row] = await app.db.select().from(bookings).where(eq(bookings.id, d.id))
      expect(row!.status).toBe('cancelled')
      const claims = await app.db.select().from(slotClaims).where(eq(slotClaims.tourDate, '2025-06-08'))
      expect(claims.every((x) => x.bookingId === taker.id)).toBe(true)
    })

    it('a status switch tells the guest and the admins, and never cancels a paid booking past its refund', async () => {
      const { a, c } = await seedBookings()
      const noticesFor = async (id: number) => (await app.db.select().from(notifications)).filter((n) => n.actionLink?.endsWith(`bookingId=${id}`)).map((n) => n.title)
      const mailsFor = async (id: number) => (await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.bookingId, id))).map((m) => m.kind)

      // Cash taken on the day: the guest gets the payment e-mail with its calendar file, once.
      expect((await admin.patch(`/api/bookings/${c.id}/status`, { status: 'paid' })).status).toBe(200)
      expect(await noticesFor(c.id)).toEqual(['Payment received'])
      expect(await mailsFor(c.id)).toContain('payment-confirmed')
      const [confirmation] = await app.db.select().from(outgoingEmails).where(and(eq(outgoingEmails.bookingId, c.id), eq(outgoingEmails.kind, 'payment-confirmed')))
      expect(confirmation!.attachments?.[0]?.filename).toBe('tour.ics')
      expect((await admin.patch(`/api/bookings/${c.id}/status`, { status: 'paid' })).status).toBe(200)
      expect((await mailsFor(c.id)).filter((k) => k === 'payment-confirmed')).toHaveLength(1)

      // Money received: only the Cancel action (which decides the refund) may cancel it.
      const refused = await admin.patch(`/api/bookings/${a.id}/status`, { status: 'cancelled' })
      expect(refused.status).toBe(409)
      expect(refused.json.message).toBe('This booking has been paid: cancel it with the Cancel action, which decides the refund.')
      const [kept] = await app.db.select().from(bookings).where(eq(bookings.id, a.id))
      expect(kept!.status).toBe('paid')
      expect(await app.db.select().from(slotClaims).where(eq(slotClaims.bookingId, a.id))).toHaveLength(1)

      // Unpaid: the cancellation is announced to the guest and noted for the admins.
      const e = await insertBooking(app, { tourDate: '2025-06-21', tourTime: 'morning', status: 'confirmed' })
      expect((await admin.patch(`/api/bookings/${e.id}/status`, { status: 'cancelled' })).status).toBe(200)
      expect(await noticesFor(e.id)).toEqual(['Booking cancelled'])
      expect(await mailsFor(e.id)).toContain('booking-cancelled')
    })

    it('never revives a cancelled, refunded booking as paid or confirmed: 409 with the reason, slot not re-claimed (docs/decisions/0029)', async () => {
      // A guest pays by card (simulated provider), then cancels in time and gets ¥14,300 back.
      const guest = app.client()
      const made = await guest.post('/api/bookings', { name: 'Refunded Guest', email: 'refunded@example.com', phone: '+81 90-5555-6666', numberOfPeople: 2, tourPackageId: 1, tourDate: '2025-06-07', tourTime: 'morning', acceptPolicy: true })
      expect(made.status, made.text).toBe(201)
      const reference = made.json.reference as string
      expect((await guest.post('/api/create-payment-intent', { bookingId: reference })).status).toBe(200)
      expect((await guest.post(`/api/bookings/${reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
      expect((await guest.post(`/api/bookings/${reference}/payment-success`)).json.status).toBe('paid')
      const paid = (await admin.get('/api/bookings?q=refunded@')).json.items[0]
      expect(paid).toMatchObject({ status: 'paid', allowedStatuses: ['paid'] })
      // Paid stays paid: the menu cannot send it back to waiting for payment.
      const toPending = await admin.patch(`/api/bookings/${paid.id}/status`, { status: 'pending' })
      expect(toPending.status).toBe(409)
      expect(toPending.json.message).toContain('cannot be made Pending')
      const cancelled = await guest.post(`/api/bookings/${reference}/cancel`)
      expect(cancelled.json.refund).toMatchObject({ amount: paid.totalPrice, status: 'succeeded' })

      const listed = (await admin.get(`/api/bookings?bookingId=${paid.id}`)).json.items[0]
      expect(listed).toMatchObject({ status: 'cancelled', amountRefunded: paid.totalPrice, allowedStatuses: ['cancelled'] })
      for (const status of ['paid', 'confirmed', 'pending'] as const) {
        const res = await admin.patch(`/api/bookings/${paid.id}/status`, { status })
        expect(res.status, status).toBe(409)
        expect(res.json.message).toContain(`of this booking has been refunded, so it cannot be made`)
      }
      const [row] = await withMoney(app.db, await app.db.select().from(bookings).where(eq(bookings.id, paid.id)))
      expect(row).toMatchObject({ status: 'cancelled', amountRefunded: paid.totalPrice })
      expect(await app.db.select().from(slotClaims).where(eq(slotClaims.bookingId, paid.id))).toHaveLength(0)
      // The slot stays on sale, and nobody was told of a payment that did not happen.
      const june7 = (await app.client().get('/api/time-slots?month=2025-06')).json.dates.find((d: { date: string }) => d.date === '2025-06-07')
      expect(june7.slots.find((s: { tourTime: string }) => s.tourTime === 'morning')).toMatchObject({ available: true })
      expect((await app.db.select().from(notifications)).filter((n) => n.title === 'Payment received')).toHaveLength(1)
    })

    it('deletes a booking and frees its slot, but keeps a paid booking that was not refunded', async () => {
      const { a, c } = await seedBookings()
      const refused = await admin.delete(`/api/bookings/${a.id}`)
      expect(refused.status).toBe(409)
      expect(refused.json.message).toBe('This booking was paid and has not been fully refunded, so it cannot be deleted: its payment record must be kept. Cancel it (with a refund if due) instead.')
      const ok = await admin.delete(`/api/bookings/${c.id}`)
      expect(ok.status).toBe(200)
      expect(await app.db.select().from(bookings).where(eq(bookings.id, c.id))).toHaveLength(0)
      expect(await app.db.select().from(slotClaims).where(eq(slotClaims.tourDate, '2025-06-14'))).toHaveLength(0)
      expect((await admin.delete(`/api/bookings/${c.id}`)).status).toBe(404)
    })

    it('works with bookings made through the public flow: list, cancel, revive, conflict', async () => {
      const visitor = app.client()
      const body = { name: 'Public Guest', email: 'public@example.com', phone: '+81 90-5555-6666', numberOfPeople: 3, tourPackageId: 1, tourDate: '2025-06-07', tourTime: 'morning', acceptPolicy: true }
      const made = await visitor.post('/api/bookings', body)
      expect(made.status, made.text).toBe(201)
      const listed = await admin.get('/api/bookings?q=public@')
      expect(listed.json.total).toBe(1)
      const booking = listed.json.items[0]
      expect(booking).toMatchObject({ name: 'Public Guest', status: 'pending', timeText: '9:00 AM', numberOfPeople: 3, totalPrice: 16500 })
      expect(JSON.stringify(listed.json)).not.toMatch(HASH)

      // The admin cancels; a second guest takes the morning; reviving the first now conflicts.
      expect((await admin.patch(`/api/bookings/${booking.id}/status`, { status: 'cancelled' })).status).toBe(200)
      const second = await app.client().post('/api/bookings', { ...body, name: 'Second Guest', email: 'second@example.com' })
      expect(second.status, second.text).toBe(201)
      const revive = await admin.patch(`/api/bookings/${booking.id}/status`, { status: 'confirmed' })
      expect(revive.status).toBe(409)
      expect(revive.json.message).toBe('This booking cannot be restored: its time slot has been taken by another booking since it was cancelled.')

      // Once the second is deleted the first can be revived, and the public slot list agrees.
      const secondId = (await admin.get('/api/bookings?q=second@')).json.items[0].id
      expect((await admin.delete(`/api/bookings/${secondId}`)).status).toBe(200)
      expect((await admin.patch(`/api/bookings/${booking.id}/status`, { status: 'confirmed' })).status).toBe(200)
      const slots = await app.client().get('/api/time-slots?month=2025-06')
      const june7 = slots.json.dates.find((d: { date: string }) => d.date === '2025-06-07')
      expect(june7.slots.find((s: { tourTime: string }) => s.tourTime === 'morning')).toMatchObject({ available: false, reason: 'booked' })
      // Confirmed holds for good: an hour later it is still confirmed.
      clock.advanceMinutes(60)
      expect((await admin.get(`/api/bookings?bookingId=${booking.id}`)).json.items[0].status).toBe('confirmed')
    })

    it('draws the month calendar with free, held, booked and closed slots', async () => {
      const { a, b } = await seedBookings()
      await app.db.execute(
        // Close the afternoon of 2025-06-21 (a Saturday) with a note.
        (await import('drizzle-orm')).sql`insert into weekend_availability (date, day_of_week, afternoon_available, admin_notes) values ('2025-06-21', 6, false, 'Festival')`,
      )
      // As the Calendar section and the booking dialogs' month read it (docs/decisions/0088).
      const month = (value: string) => loadAdminSection(app, slotsLoader, `/admin/booking-slots?month=${value}`, { username: 'guide-admin' })
      const res = { json: (await month('2025-06')).days }
      expect(res.json.map((d: { date: string }) => d.date)).toEqual(['2025-06-01', '2025-06-07', '2025-06-08', '2025-06-14', '2025-06-15', '2025-06-21', '2025-06-22', '2025-06-28', '2025-06-29'])
      const june7 = res.json.find((d: { date: string }) => d.date === '2025-06-07')!
      expect(june7.slots.map((s: { state: string }) => s.state)).toEqual(['held', 'booked', 'booked'])
      expect(june7.slots[1]!.booking).toMatchObject({ id: a.id, name: 'Aiko Tanaka' })
      expect(june7.slots[0]!.booking!.id).toBe(b.id)
      // Each row says whose slot its booking is, so the calendar names a booking once, in its own
      // row: the full day taken by the afternoon's booking is not a booking of its own (docs/decisions/0075).
      expect(june7.slots.map((s) => s.booking!.tourTime)).toEqual(['morning', 'afternoon', 'afternoon'])
      const june14 = res.json.find((d: { date: string }) => d.date === '2025-06-14')!
      expect(june14.slots.map((s) => s.booking!.tourTime)).toEqual(['full-day', 'full-day', 'full-day'])
      // Today is 2025-05-20: every day of June is the guide's to book; May's first weekend is past.
      expect(res.json.map((d: { guideWindow: string }) => d.guideWindow)).toEqual(Array(9).fill('open'))
      const may = { json: (await month('2025-05')).days }
      expect(may.json.map((d: { date: string; guideWindow: string }) => `${d.date} ${d.guideWindow}`).slice(0, 6)).toEqual(['2025-05-03 past', '2025-05-04 past', '2025-05-10 past', '2025-05-11 past', '2025-05-17 past', '2025-05-18 past'])
      expect(may.json.at(-1)).toMatchObject({ date: '2025-05-31', guideWindow: 'open' })
      const beyond = { json: (await month('2025-12')).days }
      expect(beyond.json.at(-1)).toMatchObject({ date: '2025-12-28', guideWindow: 'beyond' })
      const june21 = res.json.find((d: { date: string }) => d.date === '2025-06-21')!
      expect(june21).toMatchObject({ note: 'Festival' })
      // A closed afternoon closes the full day too (docs/decisions/0029); the switch itself stays as set.
      expect(june21.slots.map((s: { state: string }) => s.state)).toEqual(['free', 'closed', 'closed'])
      expect(june21.slots.map((s: { open: boolean }) => s.open)).toEqual([true, false, true])
      // A month that is not yyyy-mm is no request of the dashboard's: refused with a 400.
      expect(await month('June').then(() => 'answered', (thrown: { init?: { status?: number } }) => thrown.init?.status)).toBe(400)
    })
  })

  describe('tour package catalogue (Dashboard → Settings, docs/decisions/0088)', () => {
    /** A tour's form in Settings as the page's script sends it; an unticked bookable box sends nothing. */
    const saveTour = (fields: Record<string, string>) => postAdminSection(app, settingsAction, '/admin/settings', { intent: 'tour', ...fields }, { byScript: true, username: 'guide-admin', language: 'en' })

    it('lets the admin edit prices, duration, availability and the promotion window', async () => {
      const { tours } = await loadAdminSection(app, settingsLoader, '/admin/settings', { username: 'guide-admin' })
      const half = tours.find((p) => p.slug === 'half-day')!
      const form = { id: String(half.id), basePrice: '15000', extraGuestPrice: '2500', soloPrice: '', soloPromoStart: '', soloPromoEnd: '', duration: 'About 5 hours' }
      const res = await saveTour(form)
      expect(res).toMatchObject({ status: 200, data: { ok: true } })
      expect(await app.services.catalogue.get(half.id)).toMatchObject({ basePrice: 15000, extraGuestPrice: 2500, soloPrice: null, soloPromoStart: null, available: false })
      expect((await loadAdminSection(app, settingsLoader, '/admin/settings', { username: 'guide-admin' })).tours.find((p) => p.id === half.id)).toMatchObject({ basePrice: 15000, available: false })
      const bad = await saveTour({ ...form, basePrice: '16000', soloPromoStart: '2025-06-01', soloPromoEnd: '' })
      expect(bad.status).toBe(400)
      expect(bad.data?.message).toBe('Set both promotion dates, or leave both empty')
      expect((await app.services.catalogue.get(half.id))?.basePrice).toBe(15000)
      expect((await saveTour({ ...form, id: '999' })).status).toBe(404)
    })

    it('has no JSON API of its own any more: the Settings section’s action is the way in', async () => {
      expect((await admin.get('/api/admin/tour-packages')).status).toBe(404)
      expect((await admin.patch('/api/admin/tour-packages/1', { basePrice: 1, extraGuestPrice: 1, soloPrice: null, soloPromoStart: null, soloPromoEnd: null, duration: 'x', available: true })).status).toBe(404)
      // The guests' list of bookable tours stays.
      expect((await app.client().get('/api/tour-packages')).status).toBe(200)
    })
  })
})
