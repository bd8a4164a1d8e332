import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { bookings, notifications, slotClaims, tourPackages } from '../../server/db/schema.ts'
import { openDatabase } from '../../server/db/client.ts'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config/index.ts'
import { createLogger } from '../../server/logger.ts'
import { createServices } from '../../server/services/index.ts'
import { addDays, dayOfWeek, todayInTokyo } from '../../core/dates.ts'
import { weekendAvailabilitySchema } from '../../core/schemas/availability.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { action as bookingAction } from '../../app/routes/booking.tsx'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../app/lib/form-post.ts'
import { BOOKING_RATE_MESSAGE } from '../../server/services/bookings.ts'
import { withMoney } from '../../server/services/ledger.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { action as calendarAction, loader as calendarLoader } from '../../app/routes/admin/calendar.tsx'
import { loadAdminSection, postAdminSection, postAdminSectionAsVisitor } from './admin-section.ts'

// Wednesday 2030-05-01, 12:00 in Japan. The first bookable day is Friday 05-03.
const NOW = '2030-05-01T03:00:00Z'
const SAT = '2030-05-11'
const SUN = '2030-05-12'

type Packages = { half: number; full: number }

function request(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Aiko Tanaka',
    email: 'aiko@example.com',
    phone: '+44 7700 900123',
    numberOfPeople: 2,
    tourDate: SAT,
    tourTime: 'morning',
    specialRequests: 'We love castles',
    interestTheme: 'explorer',
    acceptPolicy: true,
    ...overrides,
  }
}

describe.each(ENGINES)('bookings on %s', (engine) => {
  let app: TestApp
  let pkg: Packages

  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    const rows = await app.db.select().from(tourPackages)
    pkg = {
      half: rows.find((r) => r.isHalfDay)!.id,
      full: rows.find((r) => !r.isHalfDay)!.id,
    }
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const book = (overrides: Record<string, unknown> = {}, client = app.client()) =>
    client.post(
      '/api/bookings',
      request({
        tourPackageId: overrides.tourTime === 'full-day' ? pkg.full : pkg.half,
        ...overrides,
      }),
    )

  /** The Calendar section's day form as the page's fetcher posts it, by the admin `app.loggedIn(true)` made: a box left out is a slot closed. */
  const daySave = (fields: Record<string, string>) => postAdminSection(app, calendarAction, '/admin/calendar', { intent: 'availability', ...fields }, { byScript: true, username: 'guide-admin', language: 'en' })

  async function slotsOf(date: string) {
    const res = await app.client().get(`/api/time-slots?from=${date}&to=${date}`)
    expect(res.status).toBe(200)
    const day = res.json.dates.find((d: { date: string }) => d.date === date)
    return Object.fromEntries(
      day.slots.map((s: { tourTime: string; available: boolean; reason: string | null }) => [s.tourTime, s.reason ?? 'open']),
    )
  }

  it('test dates are what they claim', () => {
    expect(todayInTokyo(new Date(NOW))).toBe('2030-05-01')
    expect(dayOfWeek(SAT)).toBe(6)
    expect(dayOfWeek(SUN)).toBe(0)
  })

  describe('creating a booking', () => {
    it('creates a pending booking priced by the server, holding its slot, with a public reference', async () => {
      const res = await book({
        numberOfPeople: 3,
        totalPrice: 1,
        status: 'paid',
        userId: 99,
      })
      expect(res.status).toBe(201)
      expect(res.json).toMatchObject({
        name: 'Aiko Tanaka',
        tourDate: SAT,
        tourTime: 'morning',
        numberOfPeople: 3,
        totalPrice: 16_500,
        status: 'pending',
        isHalfDay: true,
        tourPackage: { name: 'Half-Day Private Tour' },
        interestTheme: 'explorer',
      })
      expect(res.json.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/)
      expect(res.json).not.toHaveProperty('id')
      expect(res.json).not.toHaveProperty('adminNotes')
      expect(new Date(res.json.holdExpiresAt).getTime()).toBe(new Date(NOW).getTime() + 30 * 60_000)

      const [stored] = await withMoney(app.db, await app.db.select().from(bookings))
      expect(stored).toMatchObject({
        totalPrice: 16_500,
        status: 'pending',
        userId: null,
        reference: res.json.reference,
      })
      const claims = await app.db.select().from(slotClaims)
      expect(claims).toHaveLength(1)
      expect(claims[0]).toMatchObject({
        tourDate: SAT,
        part: 'morning',
        bookingId: stored!.id,
      })
      const notes = await app.db.select().from(notifications)
      expect(notes.map((n) => n.title)).toContain('New booking')
    })

    it('prices five guests on a full day at ¥35,200 whatever total the client sends', async () => {
      const res = await book({
        tourTime: 'full-day',
        numberOfPeople: 5,
        totalPrice: 100,
      })
      expect(res.status).toBe(201)
      expect(res.json.totalPrice).toBe(35_200)
      expect(res.json.isHalfDay).toBe(false)
    })

    it('refuses a weekday with the spec message', async () => {
      const res = await book({ tourDate: '2030-05-10' })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe('Tours are only available on weekends (Saturday and Sunday)')
      expect(res.json.errors.tourDate).toBe('Tours are only available on weekends (Saturday and Sunday)')
      expect(await app.db.select().from(bookings)).toHaveLength(0)
    })

    it('refuses six people', async () => {
      const res = await book({ numberOfPeople: 6 })
      expect(res.status).toBe(400)
      expect(res.json.errors.numberOfPeople).toBe('Maximum 5 people per group')
      expect(await app.db.select().from(bookings)).toHaveLength(0)
    })

    it('refuses a group larger than the tour allows', async () => {
      await app.db.update(tourPackages).set({ maxGroupSize: 3 }).where(eq(tourPackages.id, pkg.half))
      const res = await book({ numberOfPeople: 4 })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe('This tour takes at most 3 people per group')
    })

    it('refuses a package that does not fit the slot, both ways', async () => {
      const halfInFullDay = await book({
        tourTime: 'full-day',
        tourPackageId: pkg.half,
      })
      expect(halfInFullDay.status).toBe(400)
      expect(halfInFullDay.json.message).toBe('This tour does not fit the selected time slot')
      const fullInMorning = await book({
        tourTime: 'morning',
        tourPackageId: pkg.full,
      })
      expect(fullInMorning.status).toBe(400)
      expect(await app.db.select().from(slotClaims)).toHaveLength(0)
    })

    it('refuses an unknown or withdrawn package', async () => {
      expect((await book({ tourPackageId: 999 })).status).toBe(400)
      await app.db.update(tourPackages).set({ available: false }).where(eq(tourPackages.id, pkg.half))
      const res = await book()
      expect(res.status).toBe(400)
      expect(res.json.message).toBe('This tour is not available for booking')
    })

    it('refuses dates inside the lead time and beyond the horizon', async () => {
      // Saturday 05-04 is only 3 days ahead: fine. Move the clock to Friday 05-10 in Japan.
      app.clock.set('2030-05-09T16:00:00Z') // Friday 01:00 in Japan
      const tooSoon = await book({ tourDate: SAT })
      expect(tooSoon.status).toBe(400)
      expect(tooSoon.json.message).toBe('Bookings open 2 days ahead and up to 180 days ahead. Please choose another date.')
      app.clock.set(NOW)
      const farAhead = await book({ tourDate: '2030-11-02' }) // 185 days ahead, a Saturday
      expect(dayOfWeek('2030-11-02')).toBe(6)
      expect(farAhead.status).toBe(400)
      expect(await app.db.select().from(bookings)).toHaveLength(0)
    })

    it('answers the schema messages for a bad e-mail, a short phone and a missing slot', async () => {
      const res = await book({ email: 'nope', phone: '123', tourTime: '' })
      expect(res.status).toBe(400)
      expect(res.json.errors).toMatchObject({
        email: 'Please enter a valid email address',
        phone: 'Please enter a valid phone number',
        tourTime: 'Please select a date and time slot',
      })
    })

    it('stores nothing when the honeypot is filled', async () => {
      const res = await book({ website: 'http://spam.example' })
      expect(res.status).toBe(400)
      expect(await app.db.select().from(bookings)).toHaveLength(0)
      expect(await app.db.select().from(slotClaims)).toHaveLength(0)
    })

    it('rate limits scripted bookings with 429', async () => {
      const limit = app.config.env.RATE_LIMIT_BOOKINGS_PER_HOUR
      const client = app.client()
      const statuses: number[] = []
      for (let i = 0; i <= limit; i++) statuses.push((await client.post('/api/bookings', { website: '' })).status)
      expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true)
      expect(statuses[limit]).toBe(429)
      expect((await book({}, client)).status).toBe(429)
    })
  })

  /**
   * The /booking route action the way React Router runs it: for the script-free form post
   * (POST /booking, /book) and for the data request (POST /booking.data, /book.data) alike,
   * with the client address Express puts in the load context.
   */
  async function runBookingAction(fields: Record<string, string>, clientAddress: string) {
    const request = new Request('http://127.0.0.1/booking.data', { method: 'POST', body: new URLSearchParams(fields) })
    const context = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress }
    const result = (await bookingAction({ request, context, params: {} } as unknown as Parameters<typeof bookingAction>[0])) as unknown
    if (result instanceof Response) return { status: result.status, retryAfter: result.headers.get('retry-after'), message: null }
    const { data, init } = result as { data: { message: string }; init: { status?: number; headers?: Record<string, string> } | null }
    return { status: init?.status ?? 200, retryAfter: init?.headers?.['Retry-After'] ?? null, message: data.message }
  }

  describe('the page script sends the details form to the route action (docs/decisions/0043)', () => {
    /** As the page's fetcher sends it: the same fields plus the hidden marker, answered with data. */
    async function sendByScript(fields: Record<string, string>) {
      const request = new Request('http://127.0.0.1/booking.data', { method: 'POST', body: new URLSearchParams({ ...fields, [VIA_SCRIPT_FIELD]: VIA_SCRIPT }) })
      const context = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.44' }
      const result = (await bookingAction({ request, context, params: {} } as unknown as Parameters<typeof bookingAction>[0])) as unknown
      expect(result).not.toBeInstanceOf(Response)
      const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null }
      return { status: init?.status ?? 200, data }
    }
    const fieldsOf = (overrides: Record<string, unknown> = {}) => Object.fromEntries(Object.entries(request({ tourPackageId: pkg.half, ...overrides })).map(([k, v]) => [k, String(v)]))

    it('answers the new booking as data, not a redirect, and the slot is taken', async () => {
      const created = await sendByScript(fieldsOf())
      expect(created.status).toBe(201)
      expect(created.data).toMatchObject({ kind: 'created', booking: { tourDate: SAT, tourTime: 'morning', status: 'pending' } })
      expect(String((created.data.booking as { reference: string }).reference)).toMatch(/^[A-Z0-9-]+$/)
      expect(await app.db.select().from(bookings)).toHaveLength(1)

      // The same slot again: a conflict without field errors, which sends the guest back to the calendar.
      const taken = await sendByScript(fieldsOf({ email: 'second@example.com' }))
      expect(taken).toEqual({ status: 409, data: { kind: 'conflict', message: 'This time slot is no longer available' } })
    })

    it('answers a refusal with its field errors and without echoing what the guest typed', async () => {
      const refused = await sendByScript(fieldsOf({ email: 'not-an-address', numberOfPeople: 9 }))
      expect(refused.status).toBe(400)
      expect(refused.data.kind).toBe('invalid')
      expect(Object.keys(refused.data.errors as object).sort()).toEqual(['email', 'numberOfPeople'])
      expect(refused.data).not.toHaveProperty('values')
      expect(await app.db.select().from(bookings)).toHaveLength(0)
    })
  })

  describe('one booking limit for every way in (docs/decisions/0024)', () => {
    it('counts the API and the page action (form post and .data request) against one limit per address', async () => {
      const limit = app.config.env.RATE_LIMIT_BOOKINGS_PER_HOUR
      // The API client connects from 127.0.0.1: the page's posts from the same address share its budget.
      for (let i = 0; i < limit - 1; i++) expect((await app.client().post('/api/bookings', { website: 'bot' })).status).toBe(400)
      expect((await runBookingAction({ website: 'bot' }, '127.0.0.1')).status).toBe(400)
      const fields = Object.fromEntries(Object.entries(request({ tourPackageId: pkg.half })).map(([k, v]) => [k, String(v)]))
      const refused = await runBookingAction(fields, '127.0.0.1')
      expect(refused).toMatchObject({ status: 429, message: BOOKING_RATE_MESSAGE })
      expect(Number(refused.retryAfter)).toBeGreaterThan(0)
      const api = await book()
      expect(api.status).toBe(429)
      expect(api.json.message).toBe(BOOKING_RATE_MESSAGE)
      expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await app.db.select().from(bookings)).toHaveLength(0)
      // Another address is not affected, through the page as through the API.
      const other = await runBookingAction(fields, '198.51.100.23')
      expect(other.status).toBe(302)
      expect(await app.db.select().from(bookings)).toHaveLength(1)
    })

    it('stops a client at the limit on the page action alone (no API call), with 429 and Retry-After', async () => {
      const limit = app.config.env.RATE_LIMIT_BOOKINGS_PER_HOUR
      for (let i = 0; i < limit; i++) expect((await runBookingAction({ website: 'bot' }, '203.0.113.9')).status).toBe(400)
      const refused = await runBookingAction({ website: 'bot' }, '203.0.113.9')
      expect(refused).toMatchObject({ status: 429, message: BOOKING_RATE_MESSAGE })
      expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    })
  })

  describe('one group per slot (docs/decisions/0002)', () => {
    it('refuses a second booking of the same slot with 409', async () => {
      expect((await book()).status).toBe(201)
      const second = await book({ name: 'Ben' })
      expect(second.status).toBe(409)
      expect(second.json.message).toBe('This time slot is no longer available')
      expect(await app.db.select().from(bookings)).toHaveLength(1)
      // The afternoon of the same day and the morning of Sunday stay open.
      expect((await book({ tourTime: 'afternoon' })).status).toBe(201)
      // Another guest: one address may hold only two unpaid bookings (docs/decisions/0024).
      expect((await book({ tourDate: SUN, email: 'sunday@example.com' })).status).toBe(201)
    })

    it('a full-day booking blocks the morning and the afternoon', async () => {
      expect((await book({ tourTime: 'full-day' })).status).toBe(201)
      expect((await book({ tourTime: 'morning' })).status).toBe(409)
      expect((await book({ tourTime: 'afternoon' })).status).toBe(409)
      expect(await slotsOf(SAT)).toEqual({
        morning: 'booked',
        afternoon: 'booked',
        'full-day': 'booked',
      })
    })

    it('a half-day booking blocks the full day', async () => {
      expect((await book({ tourTime: 'afternoon' })).status).toBe(201)
      expect((await book({ tourTime: 'full-day' })).status).toBe(409)
      expect(await slotsOf(SAT)).toEqual({
        morning: 'open',
        afternoon: 'booked',
        'full-day': 'booked',
      })
      // The failed full-day attempt left no claim on the morning behind.
      expect((await book({ tourTime: 'morning' })).status).toBe(201)
    })

    it('an expired hold frees the slot without any sweep having run', async () => {
      const first = await book({ tourTime: 'full-day' })
      expect(first.status).toBe(201)
      app.clock.advanceMinutes(29)
      expect((await book({ tourTime: 'morning' })).status).toBe(409)
      app.clock.advanceMinutes(2)
      expect(await slotsOf(SAT)).toEqual({
        morning: 'open',
        afternoon: 'open',
        'full-day': 'open',
      })
      expect((await app.client().get(`/api/bookings/${first.json.reference}`)).json.status).toBe('cancelled')

      const second = await book({ tourTime: 'morning', name: 'Ben' })
      expect(second.status).toBe(201)
      const [lapsed] = await app.db.select().from(bookings).where(eq(bookings.reference, first.json.reference))
      expect(lapsed).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'payment not completed in time',
      })
      // The lapsed full-day booking released its afternoon as well.
      expect(await slotsOf(SAT)).toEqual({
        morning: 'booked',
        afternoon: 'open',
        'full-day': 'booked',
      })
      expect((await app.db.select().from(notifications)).map((n) => n.title)).toContain('Booking expired')
    })

    it('the sweep records lapsed holds once, and leaves live ones alone', async () => {
      const lapsing = await book()
      app.clock.advanceMinutes(20)
      const live = await book({ tourTime: 'afternoon' })
      app.clock.advanceMinutes(11)
      expect(await app.services.bookings.expireHolds()).toBe(1)
      expect(await app.services.bookings.expireHolds()).toBe(0)
      const rows = await app.db.select().from(bookings)
      expect(rows.find((r) => r.reference === lapsing.json.reference)!.status).toBe('cancelled')
      expect(rows.find((r) => r.reference === live.json.reference)!.status).toBe('pending')
      expect((await app.db.select().from(slotClaims)).map((c) => c.part)).toEqual(['afternoon'])
      expect((await app.db.select().from(notifications)).filter((n) => n.title === 'Booking expired')).toHaveLength(1)
    })

    it('a sweep that saw a hold lapse but runs after it was paid leaves the paid slot alone', async () => {
      const created = await book({ tourTime: 'full-day' })
      const [row] = await app.db.select().from(bookings)
      app.clock.advanceMinutes(31)
      // The sweep lists the lapsed hold; before it gets to it, the late payment is honoured.
      expect((await app.services.lifecycle.apply(row!.id, { type: 'status', to: 'paid' })).booking).toMatchObject({ status: 'paid' })
      const expired = await app.db.transaction((tx) => app.services.lifecycle.applyInTx(tx, row!.id, { type: 'lapse' }))
      expect(expired.done.patch).toBeNull()
      expect((await app.db.select().from(slotClaims)).map((c) => [c.part, c.expiresAt])).toEqual([
        ['morning', null],
        ['afternoon', null],
      ])
      expect((await book({ name: 'Ben' })).status).toBe(409)
      expect((await app.client().get(`/api/bookings/${created.json.reference}`)).json.status).toBe('paid')
    })

    it('a confirmed booking keeps its slot past the hold; a cancelled one frees it', async () => {
      const created = await book()
      const [row] = await app.db.select().from(bookings)
      await app.services.lifecycle.apply(row!.id, { type: 'status', to: 'confirmed' })
      app.clock.advanceMinutes(120)
      expect(await app.services.bookings.expireHolds()).toBe(0)
      expect((await book()).status).toBe(409)
      expect((await app.client().get(`/api/bookings/${created.json.reference}`)).json.status).toBe('confirmed')

      const { booking: cancelled } = await app.services.refunds.cancel({ bookingId: row!.id, cause: 'guest', reason: 'guest asked' })
      expect(cancelled.status).toBe('cancelled')
      expect(await app.db.select().from(slotClaims)).toHaveLength(0)
      expect((await book({ name: 'Ben' })).status).toBe(201)
      // Reviving the cancelled booking now conflicts and leaves it cancelled.
      await expect(app.services.lifecycle.apply(row!.id, { type: 'status', to: 'confirmed' })).rejects.toThrow('This time slot is no longer available')
      const [after] = await app.db.select().from(bookings).where(eq(bookings.id, row!.id))
      expect(after!.status).toBe('cancelled')
    })
  })

  describe('GET /api/time-slots', () => {
    it('shows lead time, held, booked and closed slots, and the window', async () => {
      await book({ tourDate: SUN, tourTime: 'afternoon' })
      await app.loggedIn(true)
      // The Calendar's day form: the morning's box left unticked.
      const closed = await daySave({ date: SAT, afternoonAvailable: 'on', fullDayAvailable: 'on', adminNotes: 'family event' })
      expect(closed.status).toBe(200)

      const res = await app.client().get('/api/time-slots?month=2030-05')
      expect(res.status).toBe(200)
      expect(res.json.window).toEqual({
        first: '2030-05-03',
        last: addDays('2030-05-01', 180),
      })
      const dates = res.json.dates.map((d: { date: string }) => d.date)
      expect(dates).toEqual([
        '2030-05-04',
        '2030-05-05',
        '2030-05-11',
        '2030-05-12',
        '2030-05-18',
        '2030-05-19',
        '2030-05-25',
        '2030-05-26',
      ])
      expect(JSON.stringify(res.json)).not.toContain('family event')
      const sat = res.json.dates.find((d: { date: string }) => d.date === SAT)
      expect(sat.slots).toEqual([
        {
          tourTime: 'morning',
          available: false,
          reason: 'closed',
          startTime: '9:00 AM',
          // 9:00 in Japan is midnight UTC: the instant other time zones are written from.
          startsAt: `${SAT}T00:00:00.000Z`,
        },
        {
          tourTime: 'afternoon',
          available: true,
          reason: null,
          startTime: '2:00 PM',
          startsAt: `${SAT}T05:00:00.000Z`,
        },
        // The full day uses the morning: closing the morning closes it too (docs/decisions/0029).
        {
          tourTime: 'full-day',
          available: false,
          reason: 'closed',
          startTime: '9:00 AM',
          startsAt: `${SAT}T00:00:00.000Z`,
        },
      ])
      expect(await slotsOf(SUN)).toEqual({
        morning: 'open',
        afternoon: 'booked',
        'full-day': 'booked',
      })

      // A closed slot cannot be booked either, nor the full day that needs it (docs/decisions/0029).
      expect((await book({ tourTime: 'morning' })).status).toBe(409)
      const fullDay = await book({ tourTime: 'full-day' })
      expect(fullDay.status).toBe(409)
      expect(fullDay.json.message).toBe('This time slot is no longer available')
      expect((await book({ tourTime: 'afternoon' })).status).toBe(201)

      // Two days later the first weekend is inside the lead time.
      app.clock.set('2030-05-03T03:00:00Z')
      expect(await slotsOf('2030-05-04')).toEqual({
        morning: 'outside-window',
        afternoon: 'outside-window',
        'full-day': 'outside-window',
      })
    })

    it('answers 400 for bad or too long ranges', async () => {
      const client = app.client()
      expect((await client.get('/api/time-slots?month=2030-13')).status).toBe(400)
      expect((await client.get('/api/time-slots?from=2030-05-01')).status).toBe(400)
      expect((await client.get('/api/time-slots?from=2030-05-01&to=2030-12-01')).status).toBe(400)
      expect((await client.get('/api/time-slots?from=2030-05-10&to=2030-05-01')).status).toBe(400)
      expect((await client.get('/api/time-slots')).status).toBe(200)
    })
  })

  describe('GET /api/tour-packages', () => {
    it('the price pages, the booking form and the API leave out tours that are not bookable', async () => {
      await app.db.update(tourPackages).set({ available: false }).where(eq(tourPackages.id, pkg.full))
      expect((await app.services.catalogue.bookable()).map((t) => t.slug)).toEqual(['half-day'])
      expect((await app.services.catalogue.bookableForGuests()).map((t) => t.id)).toEqual([pkg.half])
      expect((await app.services.catalogue.list()).map((t) => t.slug)).toEqual(['half-day', 'full-day'])
    })

    it('lists the bookable tours with the figures quote() needs', async () => {
      await app.db.update(tourPackages).set({ available: false }).where(eq(tourPackages.id, pkg.full))
      const res = await app.client().get('/api/tour-packages')
      expect(res.status).toBe(200)
      expect(res.json).toHaveLength(1)
      expect(res.json[0]).toMatchObject({
        id: pkg.half,
        isHalfDay: true,
        basePrice: 14_300,
        extraGuestPrice: 2_200,
        soloPrice: 8_800,
        maxGroupSize: 5,
      })
    })
  })

  describe('GET /api/bookings/:reference (docs/decisions/0006)', () => {
    it('answers for the reference only: a numeric id or an unknown reference reveals nothing', async () => {
      const created = await book()
      const res = await app.client().get(`/api/bookings/${created.json.reference}`)
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({
        reference: created.json.reference,
        name: 'Aiko Tanaka',
        email: 'aiko@example.com',
        status: 'pending',
      })
      expect(res.json).not.toHaveProperty('id')
      for (const path of ['/api/bookings/1', '/api/bookings/0000000001', '/api/bookings/ZZZZZZZZZZZZ']) {
        const guess = await app.client().get(path)
        expect(guess.status).toBe(404)
        expect(guess.text).not.toContain('Aiko')
        expect(guess.json).toEqual({ message: 'Booking not found' })
      }
    })
  })

  describe('admin weekend availability (docs/decisions/0039), through the Calendar section’s day form', () => {
    it('is admin only: anyone else goes to the login page, and nothing changes', async () => {
      await app.createUser('helper', 'correct-horse-battery', false)
      for (const username of [undefined, 'helper']) {
        const res = await postAdminSectionAsVisitor(app, calendarAction, '/admin/calendar', { intent: 'availability', date: SAT, afternoonAvailable: 'on', fullDayAvailable: 'on' }, { username })
        expect(res, username).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Fcalendar' })
      }
      expect(await slotsOf(SAT)).toEqual({
        morning: 'open',
        afternoon: 'open',
        'full-day': 'open',
      })
    })

    it('refuses weekdays, upserts weekend dates and reopens them', async () => {
      await app.loggedIn(true)
      const weekday = await daySave({ date: '2030-05-10', afternoonAvailable: 'on', fullDayAvailable: 'on' })
      expect(weekday.status).toBe(400)
      expect(weekday.data?.errors).toEqual({ date: 'Weekend availability can only be created for Saturday and Sunday' })

      const closed = await daySave({ date: SAT, morningAvailable: 'on', afternoonAvailable: 'on', adminNotes: 'rain day?' })
      expect(closed.status).toBe(200)
      expect(closed.data?.result).toMatchObject({
        date: SAT,
        dayOfWeek: 6,
        morningAvailable: true,
        fullDayAvailable: false,
        adminNotes: 'rain day?',
      })
      // Closing the full day closes both halves (docs/decisions/0029), and no half can be booked.
      expect(await slotsOf(SAT)).toEqual({
        morning: 'closed',
        afternoon: 'closed',
        'full-day': 'closed',
      })
      expect((await book({ tourTime: 'afternoon' })).status).toBe(409)

      const reopened = await daySave({ date: SAT, morningAvailable: 'on', afternoonAvailable: 'on', fullDayAvailable: 'on', adminNotes: 'rain day?' })
      expect(reopened.data?.result).toMatchObject({
        fullDayAvailable: true,
        adminNotes: 'rain day?',
      })
      expect(await slotsOf(SAT)).toEqual({
        morning: 'open',
        afternoon: 'open',
        'full-day': 'open',
      })
      // A switch the save leaves out keeps its stored value, and so does the note (the call-off closes slots this way).
      await app.services.availability.upsert(weekendAvailabilitySchema.parse({ date: SUN, afternoonAvailable: false, adminNotes: 'snow' }))
      await app.services.availability.upsert(weekendAvailabilitySchema.parse({ date: SUN, morningAvailable: true }))
      expect(await slotsOf(SUN)).toMatchObject({ morning: 'open', afternoon: 'closed' })

      await book({ tourTime: 'morning' })
      const { days } = await loadAdminSection(app, calendarLoader, `/admin/calendar?month=${SAT.slice(0, 7)}`, { username: 'guide-admin' })
      const shown = days.filter((d) => d.date === SAT || d.date === SUN)
      expect(shown).toHaveLength(2)
      expect(shown[0]).toMatchObject({ date: SAT, note: 'rain day?' })
      expect(shown[0]!.slots.map((slot) => [slot.tourTime, slot.state])).toEqual([
        ['morning', 'held'],
        ['afternoon', 'free'],
        ['full-day', 'held'],
      ])
      expect(shown[1]).toMatchObject({ date: SUN, note: 'snow' })
    })

    it('no longer answers the dashboard’s old JSON routes for the switches: the Calendar section’s loader and action took them over', async () => {
      const admin = await app.loggedIn(true)
      expect((await admin.get('/api/admin/weekend-availability')).status).toBe(404)
      expect((await admin.request('PUT', `/api/admin/weekend-availability/${SAT}`, { morningAvailable: false })).status).toBe(404)
      expect((await slotsOf(SAT)).morning).toBe('open')
    })
  })

  it.skipIf(engine !== 'postgres')('two app servers racing 50 claims for one slot: exactly one wins', async () => {
    const database = await testDatabase('postgres')
    const second = await openDatabase({ databaseUrl: database.url! })
    try {
      const services2 = createServices({
        database: second,
        config: app.config,
        logger: createLogger('silent'),
        clock: app.clock,
      })
      const attempts = Array.from({ length: 50 }, (_, i) => {
        const services = i % 2 === 0 ? app.services : services2
        const tourTime = i % 3 === 0 ? 'full-day' : 'morning'
        return services.bookings
          .create({
            ...request({
              name: `Guest ${i}`,
              tourTime,
              tourPackageId: tourTime === 'full-day' ? pkg.full : pkg.half,
            }),
            numberOfPeople: 2,
          } as never)
          .then(
            () => 'won',
            (error: Error) => error.message,
          )
      })
      const results = await Promise.all(attempts)
      expect(results.filter((r) => r === 'won')).toHaveLength(1)
      expect(results.filter((r) => r === 'This time slot is no longer available')).toHaveLength(49)
      const claims = await app.db.select().from(slotClaims)
      const winners = new Set(claims.map((c) => c.bookingId))
      expect(winners.size).toBe(1)
      expect(await app.db.select().from(bookings)).toHaveLength(1)
    } finally {
      await second.close()
    }
  })

  it.skipIf(engine !== 'postgres')('two HTTP servers on one PostgreSQL: 50 concurrent POSTs give one 201 and 49 409s', async () => {
    const database = await testDatabase('postgres')
    const second = await openDatabase({ databaseUrl: database.url! })
    const servers: http.Server[] = []
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: app.config.dataDir, LOG_LEVEL: 'silent', BASE_URL: 'http://127.0.0.1', RATE_LIMIT_BOOKINGS_PER_HOUR: '1000' })
      const logger = createLogger('silent')
      const urls: string[] = []
      for (const db of [database, second]) {
        const services = createServices({ database: db, config, logger, clock: app.clock })
        const server = http.createServer(createApp({ database: db, services, config, logger }).app)
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
        servers.push(server)
        urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
      }
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${urls[i % 2]}/api/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(request({ name: `Guest ${i}`, tourPackageId: pkg.half })),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } })),
        ),
      )
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1)
      const conflicts = responses.filter((r) => r.status === 409)
      expect(conflicts).toHaveLength(49)
      expect(conflicts.every((r) => r.body.message === 'This time slot is no longer available')).toBe(true)
      expect(await app.db.select().from(bookings)).toHaveLength(1)
    } finally {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
      await second.close()
    }
  })

  it.skipIf(engine !== 'postgres')('racing claims on a lapsed hold: exactly one takes it over', async () => {
    await book({ tourTime: 'full-day' })
    app.clock.advanceMinutes(31)
    const database = await testDatabase('postgres')
    const second = await openDatabase({ databaseUrl: database.url! })
    try {
      const services2 = createServices({
        database: second,
        config: app.config,
        logger: createLogger('silent'),
        clock: app.clock,
      })
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? app.services : services2).bookings
            .create(
              request({
                name: `Guest ${i}`,
                tourPackageId: pkg.half,
              }) as never,
            )
            .then(
              () => 'won',
              (error: Error) => error.message,
            ),
        ),
      )
      expect(results.filter((r) => r === 'won')).toHaveLength(1)
      expect(results.filter((r) => r === 'This time slot is no longer available')).toHaveLength(19)
      expect((await app.db.select().from(notifications)).filter((n) => n.title === 'Booking expired')).toHaveLength(1)
    } finally {
      await second.close()
    }
  })

  it.skipIf(engine !== 'postgres')('the sweep holding a lapsed booking while a new booking takes its slot: no deadlock, both succeed', async () => {
    const lapsing = await book({ tourTime: 'full-day' })
    const [held] = await app.db.select().from(bookings).where(eq(bookings.reference, lapsing.json.reference))
    app.clock.advanceMinutes(31)
    const database = await testDatabase('postgres')
    const sweeper = await openDatabase({ databaseUrl: database.url! })
    /** Resolves once some other connection of this database waits for a row lock. */
    async function someoneWaitsForALock() {
      for (let i = 0; i < 500; i++) {
        const result = (await app.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] }
        if (result.rows[0]!.n > 0) return
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      throw new Error('the booking request never waited for the lapsed booking')
    }
    try {
      let claim: ReturnType<typeof book> | undefined
      // The sweep on another app server, caught after its first statement: it holds the lapsed
      // booking's row and has yet to delete that booking's claims. A guest books the morning
      // meanwhile, and must wait for the booking row before touching any claim.
      const expired = await sweeper.db.transaction(async (tx) => {
        await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, held!.id)).for('update')
        claim = book({ tourTime: 'morning', name: 'Ben' })
        await someoneWaitsForALock()
        return (await app.services.lifecycle.applyInTx(tx, held!.id, { type: 'lapse' })).booking
      })
      expect(expired).toMatchObject({ status: 'cancelled', cancellationReason: 'payment not completed in time' })
      const taken = await claim!
      expect(taken.status).toBe(201)
      expect((await app.db.select().from(slotClaims)).map((c) => c.part)).toEqual(['morning'])
      expect((await app.db.select().from(notifications)).filter((n) => n.title === 'Booking expired')).toHaveLength(1)
    } finally {
      await sweeper.close()
    }
  })

  it('races over HTTP on one server: exactly one 201 and the rest 409', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => book({ name: `Guest ${i}` })))
    const statuses = results.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(9)
  })
})
