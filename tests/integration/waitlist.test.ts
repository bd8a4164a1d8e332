import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { outgoingEmails, tourPackages, waitlistAddresses, waitlistEntries, type TourPackage } from '../../server/db/schema.ts'
import { SLOT_TAKEN_MESSAGE } from '../../server/services/bookings.ts'
import { WAITLIST_NOT_BOOKABLE_MESSAGE, WAITLIST_RATE_MESSAGE, WAITLIST_SLOT_FREE_MESSAGE } from '../../core/schemas/waitlist.ts'
import { JOINED_MESSAGE } from '../../server/services/waitlist.ts'
import { loader as joinLoader } from '../../app/routes/waitlist-join.tsx'
import { loader as leaveLoader } from '../../app/routes/waitlist-leave.tsx'
import { loader as bookingLoader } from '../../app/routes/booking.tsx'
import { openDatabase } from '../../server/db/client.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClient, TestClock, type TestApp, type TestClient as Client } from './app.ts'
import { insertBooking, reload } from './payments-helpers.ts'
import { confirmTokenFor, loadPage, postJoinPage, postLeavePage, signUpFields } from './waitlist-pages.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { action as calendarAction } from '../../app/routes/admin/calendar.tsx'
import { postAdminSection } from './admin-section.ts'
import { calendarDays, guideCancels, guideMoves } from './guide-desk.ts'

/**
 * docs/decisions/0057: a visitor waits for a taken slot; whenever the slot can
 * be booked again (a cancellation by the guest, the guide or a call-off's refund, an unpaid hold
 * that runs out, a move away, the guide deleting the booking or reopening the slot), everyone
 * waiting gets one e-mail, in their language, with the booking link and the removal link; the
 * first to book gets the slot. Everyone here has confirmed their address at the link of its
 * confirmation e-mail first (docs/decisions/0070, tested in waitlist-confirmation.test.ts).
 */

// Monday 2026-03-02, 10:00 in Japan.
const NOW = '2026-03-02T01:00:00Z'
const today = todayInTokyo(new Date(NOW))
const [SAT1, SUN1, SAT2] = weekendDatesBetween(addDays(today, 20), addDays(today, 40)) as [string, string, string]

type Fields = Record<string, string>

/** The admin's session runs on the test clock: after moving it by weeks, log in again. */
async function logInAgain(app: TestApp) {
  const client = new TestClient(app.baseUrl)
  expect((await client.post('/api/login', { username: 'guide-admin', password: 'correct-horse-battery' })).status).toBe(200)
  return client
}

// The booking page's loader reads the site's address from the environment, where Vite puts its own BASE_URL ('/').
beforeAll(() => {
  vi.stubEnv('BASE_URL', 'http://127.0.0.1')
})

describe.each(ENGINES)('the waitlist on %s', (engine) => {
  let app: TestApp
  let admin: Client
  let half: TourPackage
  let full: TourPackage
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env: { RATE_LIMIT_WAITLIST_PER_HOUR: '50' } })
    admin = await app.loggedIn(true)
    const packages = await app.db.select().from(tourPackages)
    half = packages.find((p) => p.slug === 'half-day')!
    full = packages.find((p) => p.slug === 'full-day')!
  })
  afterEach(async () => {
    await app.close()
  })

  /** The dashboard's forms as the page's fetcher posts them, by the admin: the Calendar's day form (a box left out is a slot closed) and Settings'. */
  const daySave = (fields: Fields) => postAdminSection(app, calendarAction, '/admin/calendar', { intent: 'availability', ...fields }, { byScript: true, username: 'guide-admin', language: 'en' })
  const settings = (fields: Fields) => postAdminSection(app, settingsAction, '/admin/settings', fields, { byScript: true, username: 'guide-admin', language: 'en' })

  const request = (email: string, tourDate: string, tourTime: 'morning' | 'afternoon' | 'full-day', extra: Fields = {}) => signUpFields({ half, full }, email, tourDate, tourTime, extra)
  /** An address confirms itself at the link of its confirmation e-mail (docs/decisions/0070), unless it already has. */
  async function confirmAddress(email: string) {
    const address = email.trim().toLowerCase()
    const [row] = await app.db.select().from(waitlistAddresses).where(eq(waitlistAddresses.email, address))
    if (!row || row.confirmedAt) return
    expect((await app.client().post(`/api/waitlist/confirm/${await confirmTokenFor(app, address)}`)).status).toBe(200)
  }
  /** A visitor who waits: signs up through the API, and confirms the address. */
  const join = async (email: string, tourDate: string, tourTime: 'morning' | 'afternoon' | 'full-day', extra: Fields = {}, client = app.client()) => {
    const joined = await client.post('/api/waitlist', request(email, tourDate, tourTime, extra))
    await confirmAddress(email)
    return joined
  }
  const entries = () => app.db.select().from(waitlistEntries).orderBy(waitlistEntries.id)
  const waitlistMails = () => app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'waitlist-open')).orderBy(outgoingEmails.id)
  const mailedTo = async () => (await waitlistMails()).map((m) => m.toAddress).sort()

  it('joins a taken slot through the API, the form post and the data request, in the page’s language, once per address', async () => {
    await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'paid' })
    const api = await join('Api@Example.com ', SAT1, 'morning')
    expect(api.status).toBe(201)
    expect(api.json).toEqual({ message: JOINED_MESSAGE, tourDate: SAT1, tourTime: 'morning' })
    expect(api.json.token).toBeUndefined()

    const form = await postJoinPage(app, request('form@example.com', SAT1, 'morning'), { byScript: false, path: '/ja/booking/waitlist' })
    expect(form.status).toBe(302)
    expect(form.location).toBe(`/ja/booking/waitlist?date=${SAT1}&tourTime=morning&joined=1`)

    const data = await postJoinPage(app, request('data@example.com', SAT1, 'morning', { locale: 'en' }), { byScript: true, path: '/ko/booking/waitlist.data' })
    expect(data).toMatchObject({ status: 201, data: { kind: 'joined' } })

    // The full day uses the booked morning too: it can be waited for.
    expect((await join('api@example.com', SAT1, 'full-day')).status).toBe(201)
    // Again with another group size: the same answer, and the first entry stays as it was.
    expect((await join('API@example.com', SAT1, 'morning', { numberOfPeople: '4' })).status).toBe(201)

    const rows = await entries()
    expect(rows.map((e) => [e.email, e.tourTime, e.locale, e.numberOfPeople])).toEqual([
      ['api@example.com', 'morning', 'en', 2],
      ['form@example.com', 'morning', 'ja', 2],
      ['data@example.com', 'morning', 'ko', 2],
      ['api@example.com', 'full-day', 'en', 2],
    ])
    expect(new Set(rows.map((e) => e.token)).size).toBe(4)
    expect(rows.every((e) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(e.token) && e.notifiedAt === null)).toBe(true)
  })

  it('refuses bad requests through every way in and stores nothing', async () => {
    await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'paid' })
    const cases: [Fields, number, string, string | null][] = [
      [request('not-an-address', SAT1, 'morning'), 400, 'Please enter a valid email address', 'email'],
      [request('a@example.com', SAT1, 'morning', { numberOfPeople: '6' }), 400, 'Maximum 5 people per group', 'numberOfPeople'],
      [request('a@example.com', SAT1, 'morning', { tourPackageId: String(full.id) }), 400, 'This tour does not fit the selected time slot', 'tourPackageId'],
      [request('a@example.com', addDays(SAT1, 2), 'morning'), 400, 'Tours are only available on weekends (Saturday and Sunday)', 'tourDate'],
      [request('a@example.com', SAT1, 'morning', { website: 'http://spam.example' }), 400, 'Your request could not be submitted.', null],
      // Free: book it instead.
      [request('a@example.com', SAT1, 'afternoon'), 409, WAITLIST_SLOT_FREE_MESSAGE, null],
      // Past, and far beyond the booking window: nothing to wait for.
      [request('a@example.com', weekendDatesBetween(addDays(today, -7), today)[0]!, 'morning'), 400, WAITLIST_NOT_BOOKABLE_MESSAGE, 'tourDate'],
      [request('a@example.com', weekendDatesBetween(addDays(today, 400), addDays(today, 410))[0]!, 'morning'), 400, WAITLIST_NOT_BOOKABLE_MESSAGE, 'tourDate'],
    ]
    for (const [fields, status, message, field] of cases) {
      const api = await app.client().post('/api/waitlist', fields)
      expect([api.status, api.json.message], JSON.stringify(fields)).toEqual([status, message])
      if (field) expect(api.json.errors?.[field]).toBe(message)
      const form = await postJoinPage(app, fields, { byScript: false })
      expect(form.status, JSON.stringify(fields)).toBe(status)
      const data = await postJoinPage(app, fields, { byScript: true, path: '/ja/booking/waitlist.data' })
      expect(data.status).toBe(status)
      expect(data.data!.kind).toBe(status === 409 ? 'free' : 'refused')
      // The page speaks its own language.
      expect(data.data!.message).not.toBe(message)
    }
    // A script-free refusal gives back what the visitor typed, without the honeypot.
    const refused = await postJoinPage(app, request('not-an-address', SAT1, 'morning'), { byScript: false })
    expect(refused.data).toMatchObject({ kind: 'refused', values: { email: 'not-an-address', numberOfPeople: '2' } })
    expect(await entries()).toEqual([])
  })

  it('counts every way in against one limit per client address; another address still joins', async () => {
    await app.close()
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env: { RATE_LIMIT_WAITLIST_PER_HOUR: '3' } })
    await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'paid' })
    const address = '192.0.2.77'
    expect((await postJoinPage(app, request('one@example.com', SAT1, 'morning'), { byScript: false, clientAddress: address })).status).toBe(302)
    expect((await postJoinPage(app, request('two@example.com', SAT1, 'morning'), { byScript: true, clientAddress: address })).status).toBe(201)
    // Even a refused request counts.
    expect((await postJoinPage(app, request('bad', SAT1, 'morning'), { byScript: true, clientAddress: address })).status).toBe(400)
    const over = await postJoinPage(app, request('three@example.com', SAT1, 'morning'), { byScript: true, clientAddress: address })
    expect(over.status).toBe(429)
    expect(Number(over.headers?.['Retry-After'])).toBeGreaterThan(0)
    const overForm = await postJoinPage(app, request('three@example.com', SAT1, 'morning'), { byScript: false, clientAddress: address, path: '/ja/booking/waitlist' })
    expect(overForm.status).toBe(429)
    // The API's client (127.0.0.1) has its own budget, then meets the same limit.
    for (let i = 0; i < 3; i++) expect((await join(`api${i}@example.com`, SAT1, 'morning')).status).toBe(201)
    const api = await join('api9@example.com', SAT1, 'morning')
    expect([api.status, api.json.message]).toEqual([429, WAITLIST_RATE_MESSAGE])
    expect(api.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await entries()).map((e) => e.email).sort()).toEqual(['api0@example.com', 'api1@example.com', 'api2@example.com', 'one@example.com', 'two@example.com'])
  })

  it('e-mails everyone waiting, in their language, when the guest cancels: the booking link with the slot chosen and the removal link', async () => {
    const booking = await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    expect((await join('en@example.com', SAT1, 'morning')).status).toBe(201)
    expect((await postJoinPage(app, request('ko@example.com', SAT1, 'morning'), { byScript: true, path: '/ko/booking/waitlist.data' })).status).toBe(201)
    await confirmAddress('ko@example.com')
    expect(await waitlistMails()).toEqual([])

    expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).status).toBe(200)
    const mails = await waitlistMails()
    expect(mails.map((m) => m.toAddress)).toEqual(['en@example.com', 'ko@example.com'])
    const [en, ko] = mails as [(typeof mails)[number], (typeof mails)[number]]
    const [enEntry, koEntry] = await entries()
    expect(en.subject).toMatch(/^Morning on (Saturday|Sunday), March 2\d, 2026 is free again: book it now$/)
    expect(en.text).toContain(`http://127.0.0.1/booking?date=${SAT1}&tourTime=morning`)
    expect(en.text).toContain(`http://127.0.0.1/waitlist/${enEntry!.token}`)
    expect(en.text).toContain('It goes to whoever books first')
    expect(ko.subject).toContain('자리가 났습니다')
    expect(ko.text).toContain(`http://127.0.0.1/ko/booking?date=${SAT1}&tourTime=morning`)
    expect(ko.text).toContain(`http://127.0.0.1/ko/waitlist/${koEntry!.token}`)
    expect(ko.dedupeKey).toBe(`waitlist:${koEntry!.id}:1`)
    expect((await entries()).every((e) => e.notifiedAt !== null && e.notices === 1)).toBe(true)

    // The booking link preselects the freed slot on the booking page.
    const res = await app.client().get(`/api/time-slots?month=${SAT1.slice(0, 7)}`)
    expect(res.json.dates.find((d: { date: string }) => d.date === SAT1).slots[0]).toMatchObject({ tourTime: 'morning', available: true })
  })

  it('a visitor who books the slot they waited for leaves its list: the next opening tells only who still waits', async () => {
    const first = await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    expect((await join('en@example.com', SAT1, 'morning')).status).toBe(201)
    expect((await join('en@example.com', SAT1, 'full-day')).status).toBe(201)
    expect((await join('ko@example.com', SAT1, 'morning')).status).toBe(201)
    expect((await app.client().post(`/api/bookings/${first.reference}/cancel`)).status).toBe(200)
    expect(await mailedTo()).toEqual(['en@example.com', 'en@example.com', 'ko@example.com'])

    // en books the freed morning, with the address written otherwise: only that slot's entry goes.
    const booked = await app.client().post('/api/bookings', {
      name: 'Waited Guest',
      email: ' EN@Example.com',
      phone: '+81 90-1234-5678',
      numberOfPeople: 2,
      tourPackageId: half.id,
      tourDate: SAT1,
      tourTime: 'morning',
      acceptPolicy: true,
    })
    expect(booked.status).toBe(201)
    expect((await entries()).map((e) => [e.email, e.tourTime])).toEqual([
      ['en@example.com', 'full-day'],
      ['ko@example.com', 'morning'],
    ])

    // The morning frees again: ko hears of it a second time, en only of the full day it still waits for.
    expect((await app.client().post(`/api/bookings/${booked.json.reference}/cancel`)).status).toBe(200)
    expect(await mailedTo()).toEqual(['en@example.com', 'en@example.com', 'en@example.com', 'ko@example.com', 'ko@example.com'])
  })

  it('e-mails on a guide’s cancellation with a refund, a status switch to cancelled and a deletion', async () => {
    const paid = await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    const switched = await insertBooking(app, { tourDate: SAT1, tourTime: 'afternoon', status: 'confirmed' })
    const deleted = await insertBooking(app, { tourDate: SUN1, tourTime: 'full-day', status: 'pending', holdMinutes: 60 })
    await join('morning@example.com', SAT1, 'morning')
    await join('afternoon@example.com', SAT1, 'afternoon')
    await join('sunday@example.com', SUN1, 'afternoon')

    expect((await guideCancels(app, paid.id, { cause: 'guide-other', reason: 'Guide unwell' })).status).toBe(200)
    expect(await mailedTo()).toEqual(['morning@example.com'])
    expect((await admin.patch(`/api/bookings/${switched.id}/status`, { status: 'cancelled' })).status).toBe(200)
    expect(await mailedTo()).toEqual(['afternoon@example.com', 'morning@example.com'])
    expect((await admin.delete(`/api/bookings/${deleted.id}`)).status).toBeLessThan(300)
    expect(await mailedTo()).toEqual(['afternoon@example.com', 'morning@example.com', 'sunday@example.com'])
  })

  it('e-mails when an unpaid hold runs out (the sweep), and when a lapsed full day taken over on one half frees the other', async () => {
    await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'pending', holdMinutes: 30 })
    await insertBooking(app, { tourDate: SUN1, tourTime: 'full-day', status: 'pending', holdMinutes: 30 })
    await join('sat@example.com', SAT1, 'morning')
    await join('sun-morning@example.com', SUN1, 'morning')
    await join('sun-afternoon@example.com', SUN1, 'afternoon')
    await join('sun-day@example.com', SUN1, 'full-day')

    app.clock.advanceMinutes(31)
    // Before the sweep a visitor books Sunday morning: the lapsed full day is expired and its afternoon freed.
    const booked = await app.client().post('/api/bookings', {
      name: 'Next Guest',
      email: 'next@example.com',
      phone: '+81 90 0000 1111',
      numberOfPeople: 2,
      tourPackageId: half.id,
      tourDate: SUN1,
      tourTime: 'morning',
      acceptPolicy: true,
    })
    expect(booked.status).toBe(201)
    // The morning went to the new booking, the full day needs it too: only the afternoon is told.
    expect(await mailedTo()).toEqual(['sun-afternoon@example.com'])

    expect(await app.services.bookings.expireHolds()).toBe(1)
    expect(await mailedTo()).toEqual(['sat@example.com', 'sun-afternoon@example.com'])
    // The sweep again: nothing new.
    expect(await app.services.bookings.expireHolds()).toBe(0)
    expect(await waitlistMails()).toHaveLength(2)
  })

  it('e-mails when a booking moves away (the guide’s move and the guest’s own), not for the slot it moves to', async () => {
    const booking = await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    await insertBooking(app, { tourDate: SAT1, tourTime: 'afternoon', status: 'confirmed' })
    await join('morning@example.com', SAT1, 'morning')
    await join('day@example.com', SAT1, 'full-day')
    expect((await guideMoves(app, booking.id, { tourDate: SAT2, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 2, tellGuest: false })).status).toBe(200)
    // The full day still needs the afternoon, which is booked.
    expect(await mailedTo()).toEqual(['morning@example.com'])

    // Waiting for SAT2 morning (taken by the move); the guest moves on to Sunday on their own.
    await join('sat2@example.com', SAT2, 'morning')
    expect((await app.client().post(`/api/bookings/${booking.reference}/move`, { tourDate: SUN1, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 2 })).status).toBe(200)
    expect(await mailedTo()).toEqual(['morning@example.com', 'sat2@example.com'])
    // A change of group size on the same slot frees nothing.
    await join('sun@example.com', SUN1, 'morning')
    expect((await app.client().post(`/api/bookings/${booking.reference}/move`, { tourDate: SUN1, tourTime: 'morning', tourPackageId: half.id, numberOfPeople: 3 })).status).toBe(200)
    expect(await waitlistMails()).toHaveLength(2)
  })

  it('a dearer change holds its new slot while the difference is unpaid: its lapse is told by the minute job, a cancellation at once', async () => {
    const pay = async (reference: string) => {
      const client = app.client()
      expect((await client.post('/api/create-payment-intent', { bookingId: reference })).status).toBe(200)
      expect((await client.post(`/api/bookings/${reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
      expect((await client.post(`/api/bookings/${reference}/payment-success`)).json.status).toBe('paid')
    }
    const first = await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', totalPrice: 14300 })
    await pay(first.reference)
    // A dearer choice (a full day on SAT2) holds SAT2 for the difference.
    const held = await app.client().post(`/api/bookings/${first.reference}/move`, { tourDate: SAT2, tourTime: 'full-day', tourPackageId: full.id, numberOfPeople: 2 })
    expect(held.json.status).toBe('payment-required')
    await join('sat2@example.com', SAT2, 'afternoon')
    expect(await app.services.waitlist.tellFreedSlots()).toBe(0)
    // The difference is never paid: the hold runs out, no transaction reports it, the job does.
    app.clock.advanceMinutes(31)
    admin = await logInAgain(app)
    expect(await app.services.bookings.expireHolds()).toBe(0)
    expect(await app.services.waitlist.tellFreedSlots()).toBe(1)
    expect(await mailedTo()).toEqual(['sat2@example.com'])
    expect(await app.services.waitlist.tellFreedSlots()).toBe(0)

    // Another paid booking holds a later day for a dearer change, then is cancelled: both its slots are told at once.
    const later = weekendDatesBetween(addDays(today, 41), addDays(today, 50))[0]!
    const second = await insertBooking(app, { tourDate: SUN1, tourTime: 'morning', totalPrice: 14300 })
    await pay(second.reference)
    expect((await app.client().post(`/api/bookings/${second.reference}/move`, { tourDate: later, tourTime: 'full-day', tourPackageId: full.id, numberOfPeople: 2 })).json.status).toBe('payment-required')
    await join('later@example.com', later, 'morning')
    await join('sun1@example.com', SUN1, 'morning')
    expect((await guideCancels(app, second.id, { cause: 'guide-other', reason: 'Guide unwell' })).status).toBe(200)
    expect(await mailedTo()).toEqual(['later@example.com', 'sat2@example.com', 'sun1@example.com'])
  })

  it('tells nobody while a call-off keeps the slot closed, and everyone when the guide reopens it; once per opening', async () => {
    const booking = await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    await join('morning@example.com', SAT1, 'morning')
    await join('afternoon-too@example.com', SAT1, 'full-day')
    // Calendar's call-off form, on its route action (docs/decisions/0088).
    expect((await postAdminSection(app, calendarAction, '/admin/calendar', { intent: 'callOff', tourDate: SAT1, tourTime: 'morning', cause: 'snow', note: '' }, { byScript: true, username: 'guide-admin' })).status).toBe(200)
    // The call-off's refund frees the booking's claim, but the slot is closed.
    expect((await app.client().post(`/api/bookings/${booking.reference}/disruption-refund`)).status).toBe(200)
    expect(await reload(app, booking.id)).toMatchObject({ status: 'cancelled' })
    expect(await waitlistMails()).toEqual([])

    // The guide opens the morning again (the full day with it).
    const put = await daySave({ date: SAT1, morningAvailable: 'on', afternoonAvailable: 'on', fullDayAvailable: 'on', adminNotes: '' })
    expect(put.status).toBe(200)
    expect(await mailedTo()).toEqual(['afternoon-too@example.com', 'morning@example.com'])
    // Saving the switches again is no new opening.
    expect((await daySave({ date: SAT1, morningAvailable: 'on', afternoonAvailable: 'on', fullDayAvailable: 'on', adminNotes: 'Snow cleared' })).status).toBe(200)
    expect(await waitlistMails()).toHaveLength(2)

    // Taken again, then freed again: a second e-mail each, under a new dedupe key.
    const again = await insertBooking(app, { tourDate: SAT1, tourTime: 'full-day', status: 'pending', holdMinutes: 60 })
    await app.db.transaction((tx) => app.services.waitlist.reconcile(tx, [SAT1]))
    expect((await entries()).map((e) => e.notifiedAt)).toEqual([null, null])
    expect((await admin.patch(`/api/bookings/${again.id}/status`, { status: 'cancelled' })).status).toBe(200)
    const mails = await waitlistMails()
    expect(mails).toHaveLength(4)
    expect(mails.map((m) => m.dedupeKey!.split(':')[2]).sort()).toEqual(['1', '1', '2', '2'])
    // The same release seen twice tells nobody twice.
    expect(await app.db.transaction((tx) => app.services.waitlist.reconcile(tx, [SAT1]))).toBe(0)
    expect(await waitlistMails()).toHaveLength(4)
  })

  it('tells nobody when the freed slot cannot be booked: the full day with the other half taken, a date too close', async () => {
    const morning = await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    await insertBooking(app, { tourDate: SAT1, tourTime: 'afternoon', status: 'confirmed' })
    await join('day@example.com', SAT1, 'full-day')
    await join('afternoon@example.com', SAT1, 'afternoon')
    expect((await admin.patch(`/api/bookings/${morning.id}/status`, { status: 'cancelled' })).status).toBe(200)
    expect(await waitlistMails()).toEqual([])

    // SUN1 booked and waited for; then the date comes within the two days no one can book.
    const sunday = await insertBooking(app, { tourDate: SUN1, tourTime: 'morning', status: 'confirmed' })
    await join('sunday@example.com', SUN1, 'morning')
    app.clock.set(new Date(`${addDays(SUN1, -1)}T01:00:00Z`))
    admin = await logInAgain(app)
    expect((await admin.patch(`/api/bookings/${sunday.id}/status`, { status: 'cancelled' })).status).toBe(200)
    expect(await waitlistMails()).toEqual([])
  })

  it('removes an entry by its token: the link’s page changes nothing, its button (form post or script) and the API remove it', async () => {
    await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await join(email, SAT1, 'morning')
    const [a, b, c] = (await entries()) as [(typeof waitlistEntries.$inferSelect), (typeof waitlistEntries.$inferSelect), (typeof waitlistEntries.$inferSelect)]

    const page = await loadPage<{ entry: Record<string, unknown> | null }>(leaveLoader as never, `/ja/waitlist/${a.token}`, app, { token: a.token })
    expect(page.status).toBe(200)
    expect(page.data.entry).toMatchObject({ tourDate: SAT1, tourTime: 'morning', numberOfPeople: 2, locale: 'en' })
    // Opening the link (a mail scanner does) twice changes nothing.
    await loadPage(leaveLoader as never, `/waitlist/${a.token}`, app, { token: a.token })
    expect(await entries()).toHaveLength(3)
    // The page over HTTP carries the private headers and is limited like every secret link.
    const unknown = await loadPage<{ entry: unknown }>(leaveLoader as never, '/waitlist/0123456789ABCDEFGHJKMNPQRS', app, { token: '0123456789ABCDEFGHJKMNPQRS' })
    expect(unknown).toMatchObject({ status: 404, data: { entry: null } })

    expect(await postLeavePage(app, a.token, false)).toMatchObject({ status: 302, location: `/waitlist/${a.token}?removed=1` })
    expect(await postLeavePage(app, b.token, true, `/ko/waitlist/${b.token}.data`)).toMatchObject({ status: 200, data: { kind: 'removed' } })
    expect(await postLeavePage(app, b.token, true)).toMatchObject({ status: 404, data: { kind: 'missing' } })
    const removedPage = await loadPage<{ entry: unknown; removed: boolean }>(leaveLoader as never, `/waitlist/${a.token}?removed=1`, app, { token: a.token })
    expect(removedPage).toMatchObject({ status: 200, data: { entry: null, removed: true } })

    expect((await app.client().delete(`/api/waitlist/${c.token.toLowerCase()}`)).status).toBe(204)
    expect((await app.client().delete(`/api/waitlist/${c.token}`)).status).toBe(404)
    expect((await app.client().delete('/api/waitlist/nonsense')).status).toBe(404)
    expect(await entries()).toEqual([])
  })

  it('a day a full-day booking fills still opens on the booking page, so its slots can be waited for; a day the guide closed does not (docs/decisions/0070)', async () => {
    await insertBooking(app, { tourDate: SAT1, tourTime: 'full-day', status: 'paid' })
    type BookingPage = { selectedDate: string | null; selectedTime: string | null; dates: { date: string; slots: { tourTime: string; reason: string | null }[] }[] }
    const load = (path: string) => loadPage<BookingPage>(bookingLoader as never, path, app)
    // The page without JavaScript (the calendar's GET form) and its data request: the day is chosen, no slot is.
    for (const path of [`/booking?date=${SAT1}`, `/ja/booking?date=${SAT1}&tourTime=morning`, `/booking.data?date=${SAT1}`]) {
      const page = await load(path)
      expect(page.data, path).toMatchObject({ selectedDate: SAT1, selectedTime: null })
      expect(page.data.dates.find((d) => d.date === SAT1)!.slots.map((slot) => [slot.tourTime, slot.reason])).toEqual([
        ['morning', 'booked'],
        ['afternoon', 'booked'],
        ['full-day', 'booked'],
      ])
    }
    // Each of its slots can be waited for.
    for (const tourTime of ['morning', 'afternoon', 'full-day']) {
      expect((await loadPage<{ state: string }>(joinLoader as never, `/booking/waitlist?date=${SAT1}&tourTime=${tourTime}`, app)).data.state).toBe('taken')
    }
    // A day the guide closed has nothing to book or to wait for.
    // The Calendar's day form with every box left unticked.
    expect((await daySave({ date: SUN1, adminNotes: '' })).status).toBe(200)
    expect((await load(`/booking?date=${SUN1}`)).data.selectedDate).toBeNull()
  })

  it('the join page offers the form for a taken slot only, and the guide’s calendar counts the confirmed addresses that wait', async () => {
    await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    await join('a@example.com', SAT1, 'morning')
    await join('b@example.com', SAT1, 'morning')
    await join('c@example.com', SAT1, 'full-day')
    // An address that never confirmed is never told, so it does not count as waiting (docs/decisions/0070).
    expect((await app.client().post('/api/waitlist', request('unconfirmed@example.com', SAT1, 'morning'))).status).toBe(201)
    const taken = await loadPage<{ state: string; packages: { id: number }[] }>(joinLoader as never, `/booking/waitlist?date=${SAT1}&tourTime=morning`, app)
    expect(taken.data.state).toBe('taken')
    expect(taken.data.packages.map((p) => p.id)).toEqual([half.id])
    expect((await loadPage<{ state: string }>(joinLoader as never, `/booking/waitlist?date=${SAT1}&tourTime=afternoon`, app)).data.state).toBe('free')
    expect((await loadPage<{ state: string }>(joinLoader as never, `/booking/waitlist?date=nonsense&tourTime=morning`, app)).data.state).toBe('not-bookable')

    const day = (await calendarDays(app, SAT1.slice(0, 7))).find((d) => d.date === SAT1)!
    expect(day.slots.map((s) => [s.tourTime, s.waiting])).toEqual([
      ['morning', 2],
      ['afternoon', 0],
      ['full-day', 1],
    ])
  })

  it('entries go the day after their date (retention sweep), and with a guest’s erasure; lookup and export show them', async () => {
    await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    await insertBooking(app, { tourDate: SAT2, tourTime: 'morning', status: 'confirmed' })
    await join('keep@example.com', SAT2, 'morning')
    await join('Gone@Example.com', SAT1, 'morning')
    await join('gone@example.com', SAT2, 'morning')

    const lookup = { json: (await settings({ intent: 'lookUpGuest', email: 'GONE@example.com' })).data?.result as { waitlist: { tourDate: string }[] } }
    expect(lookup.json.waitlist.map((w) => w.tourDate)).toEqual([SAT2, SAT1])
    expect(JSON.stringify(lookup.json)).not.toContain((await entries())[1]!.token)
    const exported = await admin.get('/api/admin/guest-data/export?email=gone@example.com')
    expect(exported.json.waitlist).toHaveLength(2)

    // On the tour date itself the entry stays; the day after, the sweep deletes it.
    app.clock.set(new Date(`${SAT1}T03:00:00Z`))
    expect((await app.services.guestData.sweep()).waitlist).toBe(0)
    app.clock.set(new Date(`${addDays(SAT1, 1)}T03:00:00Z`))
    expect((await app.services.guestData.sweep()).waitlist).toBe(1)
    admin = await logInAgain(app)
    expect((await entries()).map((e) => e.email)).toEqual(['keep@example.com', 'gone@example.com'])

    const erased = await settings({ intent: 'eraseGuest', email: 'gone@example.com' })
    expect(erased.status).toBe(200)
    expect(erased.data?.result).toMatchObject({ erased: { waitlist: 1 } })
    expect((await entries()).map((e) => e.email)).toEqual(['keep@example.com'])
  })

  it.skipIf(engine !== 'postgres')('two waiting visitors book the freed slot at once through two instances: one booking, one clear refusal', async () => {
    const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
    // Both instances count one limit per address in PostgreSQL: the same budget on each.
    const other = await startTestApp(engine, { clock: app.clock, database: second, env: { RATE_LIMIT_WAITLIST_PER_HOUR: '50' } })
    try {
      for (let round = 0; round < 10; round++) {
        const date = weekendDatesBetween(addDays(today, 30 + round * 7), addDays(today, 36 + round * 7))[0]!
        const booking = await insertBooking(app, { tourDate: date, tourTime: 'afternoon', status: 'confirmed' })
        expect((await join(`first${round}@example.com`, date, 'afternoon')).status).toBe(201)
        const joined = await join(`second${round}@example.com`, date, 'afternoon', {}, new TestClient(other.baseUrl))
        expect(joined.status, joined.text).toBe(201)
        expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).status).toBe(200)
        const told = await app.db.select().from(outgoingEmails).where(and(eq(outgoingEmails.kind, 'waitlist-open')))
        expect(told.map((m) => m.toAddress).filter((a) => a === `first${round}@example.com` || a === `second${round}@example.com`).sort()).toEqual([`first${round}@example.com`, `second${round}@example.com`])
        const book = (client: TestClient, who: string) =>
          client.post('/api/bookings', {
            name: who,
            email: `${who}${round}@example.com`,
            phone: '+81 90 0000 2222',
            numberOfPeople: 2,
            tourPackageId: half.id,
            tourDate: date,
            tourTime: 'afternoon',
            acceptPolicy: true,
          })
        const results = await Promise.all([book(app.client(), 'first'), book(new TestClient(other.baseUrl), 'second')])
        expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual([201, 409])
        expect(results.find((r) => r.status === 409)!.json.message).toBe(SLOT_TAKEN_MESSAGE)
        // Taken again: the one who lost waits again for the next opening; the winner, who holds it, waits no more.
        const loser = results.find((r) => r.status === 409) === results[0] ? 'first' : 'second'
        expect((await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.tourDate, date))).map((e) => [e.email, e.notifiedAt])).toEqual([[`${loser}${round}@example.com`, null]])
      }
    } finally {
      await other.close()
      await second.close()
    }
  }, 120_000)
})
