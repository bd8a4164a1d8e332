import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { and, eq, ne } from 'drizzle-orm'
import ICAL from 'ical.js'
import { bookingChanges, bookings, notifications, outgoingEmails, slotClaims, tourPackages, users, weekendAvailability } from '../../server/db/schema.ts'
import { partsClaimedBy, type TourTime } from '../../core/slots.ts'
import { PAID_PRICE_FIXED_MESSAGE } from '../../core/booking-changes.ts'
import { MOVE_CANCELLED_MESSAGE, MOVE_NOTHING_MESSAGE } from '../../server/services/booking-moves.ts'
import { SLOT_TAKEN_MESSAGE } from '../../server/services/slot-claims.ts'
import { openDatabase } from '../../server/db/client.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClient, TestClock, type TestApp } from './app.ts'
import { claimsOf, insertBooking, reload } from './payments-helpers.ts'
import type { Booking } from '../../server/services/ledger.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { postAdminSection } from './admin-section.ts'
import { guideSaves } from './guide-desk.ts'

/**
 * docs/decisions/0055: the guide moves a booking to another slot in one
 * transaction; a taken, closed or impossible slot changes nothing; the guest's calendar event
 * moves (same UID, higher SEQUENCE); the booking keeps its history.
 */

// Wednesday 2030-05-01, 12:00 in Japan. Weekends: 05-04/05, 05-11/12, 05-18/19, …
const NOW = '2030-05-01T03:00:00.000Z'

describe.each(ENGINES)('the guide moves a booking on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let halfDay: number
  let fullDay: number
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    admin = await app.loggedIn(true)
    const packages = await app.db.select().from(tourPackages)
    halfDay = packages.find((p) => p.slug === 'half-day')!.id
    fullDay = packages.find((p) => p.slug === 'full-day')!.id
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  /**
   * The move dialog's save through the Bookings section's route action (docs/decisions/0088), by
   * script, in English: `json` is the booking moved, or the refusal with its message.
   */
  const move = async (id: number | string, body: Record<string, string | number | boolean>, on: TestApp = app) => {
    const answer = await guideSaves(on, 'move', { id, tourPackageId: halfDay, numberOfPeople: 2, tourTime: 'morning', ...body, tellGuest: body.tellGuest ?? true })
    return { status: answer.status, json: answer.data.ok ? answer.data.result.booking : answer.data, text: JSON.stringify(answer.data) }
  }
  const claimed = async (id: number) => (await claimsOf(app, id)).map((c) => `${c.tourDate} ${c.part}`).sort()
  const guestMail = (id: number) => app.db.select().from(outgoingEmails).where(and(eq(outgoingEmails.bookingId, id), eq(outgoingEmails.kind, 'booking-moved')))

  it('moves a paid booking to a free slot: claims, booking, history, notification and the guest’s e-mail with the moved calendar event', async () => {
    await app.db.update(users).set({ email: 'guide@example.jp', notificationsEnabled: true, notificationPreference: 'email' })
    const booking = await insertBooking(app, { tourDate: '2030-05-11', status: 'paid', totalPrice: 14300 })
    await app.db.update(bookings).set({ reminderSentAt: new Date(NOW) }).where(eq(bookings.id, booking.id))
    // The guest already has the tour in their calendar: the payment e-mail carried it.
    await app.db.transaction((tx) => app.services.bookingEvents.paid(tx, booking))

    const res = await move(booking.id, { tourDate: '2030-05-18', tourTime: 'afternoon' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: booking.id, tourDate: '2030-05-18', tourTime: 'afternoon', totalPrice: 14300, status: 'paid' })
    expect(await claimed(booking.id)).toEqual(['2030-05-18 afternoon'])
    const moved = await reload(app, booking.id)
    expect(moved.reminderSentAt).toBeNull()

    // As the booking's details dialog lists its changes.
    const history = await app.services.bookingMoves.history(booking.id)
    expect(history).toEqual([
      expect.objectContaining({
        actor: 'guide',
        by: 'guide-admin',
        from: { tourDate: '2030-05-11', tourTime: 'morning', tourPackageId: halfDay, numberOfPeople: 2, total: 14300 },
        to: { tourDate: '2030-05-18', tourTime: 'afternoon', tourPackageId: halfDay, numberOfPeople: 2, total: 14300 },
        guestTold: true,
      }),
    ])
    const [notice] = await app.db.select().from(notifications).where(eq(notifications.title, 'Booking moved'))
    expect(notice!.message).toContain('moved from')

    const [mail] = await guestMail(booking.id)
    expect(mail!.toAddress).toBe('aiko@example.com')
    expect(mail!.subject).toMatch(/^Booking changed: your tour on Saturday, May 18, 2030/)
    expect(mail!.text).toContain('It was for Saturday, May 11, 2030 (Morning)')
    const [paidMail] = await app.db.select().from(outgoingEmails).where(and(eq(outgoingEmails.bookingId, booking.id), eq(outgoingEmails.kind, 'payment-confirmed')))
    const event = (row: typeof mail) => new ICAL.Component(ICAL.parse(Buffer.from(row!.attachments![0]!.content, 'base64').toString('utf8'))).getFirstSubcomponent('vevent')!
    const before = event(paidMail)
    const after = event(mail)
    expect(after.getFirstPropertyValue('uid')).toBe(before.getFirstPropertyValue('uid'))
    expect(Number(after.getFirstPropertyValue('sequence'))).toBeGreaterThan(Number(before.getFirstPropertyValue('sequence')))
    expect(String(after.getFirstPropertyValue('dtstart'))).toBe('2030-05-18T05:00:00Z') // 14:00 in Japan
    // The admins hear of it by e-mail too.
    const [adminMail] = await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'admin-booking-moved'))
    expect(adminMail!.subject).toBe('Booking moved: Aiko Tanaka, now Saturday, May 18, 2030')
    expect(adminMail!.text).toContain('moved from Saturday, May 11, 2030 (Morning) to Saturday, May 18, 2030 (Afternoon), by the guide.')
  })

  it('moves quietly when the guide says so, changes the tour and group, and prices an unpaid booking as the guide types', async () => {
    const booking = await insertBooking(app, { tourDate: '2030-05-11', status: 'confirmed', totalPrice: 14300 })
    const res = await move(booking.id, { tourDate: '2030-05-12', tourTime: 'full-day', tourPackageId: fullDay, numberOfPeople: 4, totalPrice: 30000, tellGuest: false })
    expect(res.status).toBe(200)
    expect(await claimed(booking.id)).toEqual(['2030-05-12 afternoon', '2030-05-12 morning'])
    expect(await reload(app, booking.id)).toMatchObject({ tourPackageId: fullDay, numberOfPeople: 4, totalPrice: 30000, tourTime: 'full-day' })
    expect(await guestMail(booking.id)).toHaveLength(0)
    expect(await app.db.select().from(notifications).where(eq(notifications.title, 'Booking moved'))).toHaveLength(1)
    // The price stays when the guide does not type one.
    expect((await move(booking.id, { tourDate: '2030-05-18', tourTime: 'full-day', tourPackageId: fullDay, numberOfPeople: 4 })).json.totalPrice).toBe(30000)
    expect((await app.services.bookingMoves.history(booking.id)).map((c) => c.guestTold)).toEqual([false, true])
  })

  it('lets the guide move within the week and onto today, and keeps an unpaid hold’s expiry on the new slot', async () => {
    const booking = await insertBooking(app, { tourDate: '2030-05-11', status: 'pending', holdMinutes: 30 })
    // Saturday 05-04 is inside the guests' 2-day lead but open to the guide.
    expect((await move(booking.id, { tourDate: '2030-05-04' })).status).toBe(200)
    const [claim] = await claimsOf(app, booking.id)
    expect(claim!.expiresAt?.toISOString()).toBe(booking.holdExpiresAt!.toISOString())
  })

  it('refuses what cannot be, with a clear message, and changes nothing', async () => {
    const booking = await insertBooking(app, { tourDate: '2030-05-11', status: 'paid', totalPrice: 14300 })
    await insertBooking(app, { tourDate: '2030-05-18', status: 'confirmed', name: 'Other Guest' })
    await app.db.insert(weekendAvailability).values({ date: '2030-05-25', dayOfWeek: 6, morningAvailable: false, afternoonAvailable: true, fullDayAvailable: true })
    const cancelled = await insertBooking(app, { tourDate: '2030-06-01', status: 'cancelled' })

    const cases: Array<[string, number, Record<string, string | number>, number, string | RegExp]> = [
      ['a taken slot', booking.id, { tourDate: '2030-05-18' }, 409, SLOT_TAKEN_MESSAGE],
      ['a full day over a taken half', booking.id, { tourDate: '2030-05-18', tourTime: 'full-day', tourPackageId: fullDay }, 409, SLOT_TAKEN_MESSAGE],
      ['a slot the guide closed', booking.id, { tourDate: '2030-05-25' }, 409, SLOT_TAKEN_MESSAGE],
      ['a date in the past', booking.id, { tourDate: '2030-04-27' }, 400, /from today until/],
      ['beyond the booking window', booking.id, { tourDate: '2031-05-03' }, 400, /from today until/],
      ['a weekday', booking.id, { tourDate: '2030-05-15' }, 400, 'Tours are only available on weekends (Saturday and Sunday)'],
      ['a half-day tour in the full-day slot', booking.id, { tourDate: '2030-06-08', tourTime: 'full-day' }, 400, 'This tour does not fit the selected time slot'],
      ['more people than the guide’s limit', booking.id, { tourDate: '2030-06-08', numberOfPeople: 13 }, 400, 'The group can be from 1 to 12 people'],
      ['the same slot', booking.id, { tourDate: '2030-05-11' }, 400, MOVE_NOTHING_MESSAGE],
      ['a new price on a paid booking', booking.id, { tourDate: '2030-06-08', totalPrice: 9000 }, 409, PAID_PRICE_FIXED_MESSAGE],
      ['a negative price', booking.id, { tourDate: '2030-06-08', totalPrice: -1 }, 400, /whole number of yen/],
      ['an unknown tour', booking.id, { tourDate: '2030-06-08', tourPackageId: 99999 }, 400, 'This tour is not available for booking'],
      ['a cancelled booking', cancelled.id, { tourDate: '2030-06-08' }, 409, MOVE_CANCELLED_MESSAGE],
      ['a booking that does not exist', 99999, { tourDate: '2030-06-08' }, 404, 'Booking not found'],
      ['no date', booking.id, { tourDate: '' }, 400, /./],
    ]
    for (const [what, id, body, status, message] of cases) {
      const res = await move(id, body)
      expect(res.status, what).toBe(status)
      expect(res.json.message, what).toMatch(message)
    }
    expect((await move('abc', { tourDate: '2030-06-08' })).status).toBe(400)
    // A visitor's post is sent to the login page (tests/integration/admin-booking-dialogs-forms.test.ts).

    expect(await reload(app, booking.id)).toMatchObject({ tourDate: '2030-05-11', tourTime: 'morning', totalPrice: 14300 })
    expect(await claimed(booking.id)).toEqual(['2030-05-11 morning'])
    expect(await app.db.select().from(bookingChanges)).toHaveLength(0)
    expect(await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'booking-moved'))).toHaveLength(0)
  })

  it('takes over a slot whose hold lapsed, and lets the guide set how often guests may move', async () => {
    const booking = await insertBooking(app, { tourDate: '2030-05-11', status: 'paid' })
    const lapsed = await insertBooking(app, { tourDate: '2030-05-18', status: 'pending', holdMinutes: 5 })
    app.clock.advanceMinutes(10)
    expect((await move(booking.id, { tourDate: '2030-05-18' })).status).toBe(200)
    expect((await reload(app, lapsed.id)).status).toBe('cancelled')

    // Settings' booking rules form, on its route action (docs/decisions/0088).
    const saveLimit = (guestMoveLimit: string) => postAdminSection(app, settingsAction, '/admin/settings', { intent: 'bookingRules', guestMoveLimit }, { byScript: true, username: 'guide-admin' })
    expect(await app.services.bookingMoves.guestMoveLimit()).toBe(2)
    expect(await saveLimit('0')).toMatchObject({ status: 200, data: { ok: true, result: { guestMoveLimit: 0 } } })
    expect((await saveLimit('11')).status).toBe(400)
    expect((await saveLimit('1.5')).status).toBe(400)
    expect(await app.services.bookingMoves.guestMoveLimit()).toBe(0)
  })

  it('has no JSON routes for the booking rules: Settings’ forms, on its route action, are the way in (docs/decisions/0088)', async () => {
    expect((await admin.get('/api/admin/booking-rules')).status).toBe(404)
    expect((await admin.put('/api/admin/booking-rules', { guestMoveLimit: 0 })).status).toBe(404)
    expect((await admin.get('/api/admin/guide-booking-rules')).status).toBe(404)
    expect((await admin.put('/api/admin/guide-booking-rules', { groupLimit: 8, holdHours: 2 })).status).toBe(404)
    expect(await app.services.bookingMoves.guestMoveLimit()).toBe(2)
    expect(await app.services.bookingMoves.guideRules()).toEqual({ groupLimit: 12, holdHours: 48 })
  })

  it('exports each booking’s moves in the CSV', async () => {
    const booking = await insertBooking(app, { tourDate: '2030-05-11', status: 'paid' })
    await move(booking.id, { tourDate: '2030-05-18' })
    const csv = (await admin.get('/api/bookings.csv')).text
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toContain(',changes')
    expect(row).toContain('2030-05-11 morning → 2030-05-18 morning (guide-admin, 2030-05-01 12:00)')
  })

  it.skipIf(engine !== 'postgres')('never double-books in 200 racing moves through two instances, and a loser keeps its slot', async () => {
    const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
    const other = await startTestApp(engine, { clock: app.clock, database: second })
    try {
      const saturdays = Array.from({ length: 20 }, (_, i) => new Date(Date.UTC(2030, 4, 11 + 7 * i)).toISOString().slice(0, 10))
      const pool: Booking[] = []
      for (const [i, date] of saturdays.entries()) pool.push(await insertBooking(app, { tourDate: date, tourTime: i % 2 ? 'afternoon' : 'morning', status: 'paid' }))
      const times: TourTime[] = ['morning', 'afternoon', 'full-day']
      let seed = 7
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31
        return seed % n
      }
      let wins = 0
      for (let round = 0; round < 100; round++) {
        const a = pool[random(pool.length)]!
        let b = pool[random(pool.length)]!
        while (b.id === a.id) b = pool[random(pool.length)]!
        const tourTime = times[random(3)]!
        const target = { tourDate: saturdays[random(saturdays.length)]!, tourTime, tourPackageId: tourTime === 'full-day' ? fullDay : halfDay, numberOfPeople: 2 }
        const before = await Promise.all([reload(app, a.id), reload(app, b.id)])
        // The guide's two moves, each through the route action of its own instance, with its own database pool.
        const results = await Promise.all([move(a.id, target, app), move(b.id, target, other)])
        for (const [i, res] of results.entries()) {
          expect([200, 400, 409], `round ${round}: ${res.text}`).toContain(res.status)
          const now = await reload(app, before[i]!.id)
          if (res.status === 200) wins++
          // A refused move leaves the booking where it was.
          else expect([now.tourDate, now.tourTime], `round ${round}`).toEqual([before[i]!.tourDate, before[i]!.tourTime])
        }
        expect(results.filter((r) => r.status === 200).length, `round ${round}`).toBeLessThanOrEqual(1)
      }
      expect(wins).toBeGreaterThan(0)
      // Every booking holds exactly the halves of its own slot, and no half twice.
      const live = await app.db.select().from(bookings).where(ne(bookings.status, 'cancelled'))
      const claims = await app.db.select().from(slotClaims)
      const expected = live.flatMap((b) => partsClaimedBy(b.tourTime as TourTime).map((part) => `${b.tourDate} ${part} ${b.id}`)).sort()
      expect(claims.map((c) => `${c.tourDate} ${c.part} ${c.bookingId}`).sort()).toEqual(expected)
      expect(new Set(expected.map((e) => e.split(' ').slice(0, 2).join(' '))).size).toBe(expected.length)
    } finally {
      await other.close()
      await second.close()
    }
  }, 120_000)
})
