import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import ICAL from 'ical.js'
import { eq } from 'drizzle-orm'
import { auditLog, bookings, tourPackages } from '../../server/db/schema.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp, type TestClient } from './app.ts'
import { insertBookings } from '../booking-fixture.ts'
import { action as settingsAction, loader as settingsLoader } from '../../app/routes/admin/settings.tsx'
import { loadAdminSection, postAdminSection, postAdminSectionAsVisitor } from './admin-section.ts'

/**
 * docs/decisions/0050: the guide's private calendar feed, fetched over HTTP
 * the way a calendar app subscribes, and parsed with a maintained iCalendar parser (ical.js).
 */

// Wednesday 2030-05-01, 12:00 in Japan. The booking window ends 180 days ahead: 2030-10-28.
const NOW = '2030-05-01T03:00:00.000Z'

type Parsed = { calendar: ICAL.Component; events: ICAL.Component[] }
function parse(text: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return { calendar, events: calendar.getAllSubcomponents('vevent') }
}
const byName = (events: ICAL.Component[], name: string) => events.find((e) => String(e.getFirstPropertyValue('summary')).includes(name))
const tokenOf = (url: string) => new URL(url).pathname.replace(/^\/calendar\//, '').replace(/\.ics$/, '')

describe.each(ENGINES)('the guide’s calendar feed on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    admin = await app.loggedIn(true)
  })
  afterEach(async () => {
    await app.close()
  })

  let seq = 0
  async function insert(values: Partial<typeof bookings.$inferInsert> & { name: string; tourDate: string }) {
    const [pkg] = await app.db.select().from(tourPackages).where(eq(tourPackages.isHalfDay, true))
    const [row] = await insertBookings(app.db, {
        reference: `FEED${String(++seq).padStart(8, '0')}`,
        email: 'guest@example.com',
        phone: '+81 90 1234 5678',
        numberOfPeople: 2,
        tourPackageId: pkg!.id,
        tourTime: 'morning',
        totalPrice: 14300,
        status: 'paid',
        updatedAt: new Date('2030-04-20T00:00:00Z'),
        ...values,
      })
    return row!
  }

  /** Settings' calendar-link button, as the page's fetcher posts it, by the admin. */
  async function createFeed() {
    const res = await postAdminSection(app, settingsAction, '/admin/settings', { intent: 'calendarFeed' }, { byScript: true, username: 'guide-admin' })
    expect(res.status).toBe(200)
    return res.data!.result as { url: string; createdAt: string }
  }
  /** The link as Settings shows it. */
  const shownFeed = async () => (await loadAdminSection(app, settingsLoader, '/admin/settings', { username: 'guide-admin' })).calendarFeed
  const fetchFeed = (token: string) => app.client().get(`/calendar/${token}.ics`)

  it('has no URL until the admin makes one, and then serves every live booking in the window as text/calendar', async () => {
    expect(await shownFeed()).toEqual({ url: null, createdAt: null })
    const { url, createdAt } = await createFeed()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(createdAt).toBe(NOW)
    expect(await shownFeed()).toEqual({ url, createdAt })
    // Replacing the URL is recorded, as is everything that exposes guests' data.
    expect((await app.db.select().from(auditLog)).map((e) => [e.action, e.actorUsername])).toEqual([['calendar-feed.replace', 'guide-admin']])

    const paid = await insert({ name: 'Paid Guest', tourDate: '2030-05-11', status: 'paid', paidAt: new Date(), specialRequests: 'Vegetarian child; our train arrives 10:12', numberOfPeople: 3, phone: '+44 7700 900123' })
    const confirmed = await insert({ name: 'Confirmed Guest', tourDate: '2030-05-12', tourTime: 'afternoon', status: 'confirmed' })
    const hold = await insert({ name: 'Holding Guest', tourDate: '2030-05-18', status: 'pending', holdExpiresAt: new Date('2030-05-01T03:25:00Z') })
    await insert({ name: 'Lapsed Guest', tourDate: '2030-05-19', status: 'pending', holdExpiresAt: new Date('2030-05-01T02:59:00Z') })
    await insert({ name: 'Cancelled Guest', tourDate: '2030-05-25', status: 'cancelled', cancelledAt: new Date() })
    const recent = await insert({ name: 'Recent Guest', tourDate: '2030-04-06', status: 'paid' }) // 25 days back
    await insert({ name: 'Old Guest', tourDate: '2030-03-30', status: 'paid' }) // 32 days back
    const last = await insert({ name: 'Last Day Guest', tourDate: '2030-10-27', status: 'confirmed' })
    await insert({ name: 'Beyond Guest', tourDate: '2030-11-02', status: 'confirmed' })
    await insert({ name: 'Erased Guest', tourDate: '2030-05-26', status: 'paid', anonymizedAt: new Date() })

    const res = await fetchFeed(tokenOf(url))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/)
    const { calendar, events } = parse(res.text)
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Joetsu Local Tours: bookings')
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H')
    expect(String(calendar.getFirstPropertyValue('x-published-ttl'))).toBe('PT1H')
    expect(calendar.getFirstPropertyValue('method')).toBeNull()

    const names = events.map((e) => String(e.getFirstPropertyValue('summary'))).sort()
    expect(names).toEqual(['Confirmed: Confirmed Guest (2 people)', 'Confirmed: Last Day Guest (2 people)', 'HOLD – unpaid: Holding Guest (2 people)', 'Paid: Paid Guest (3 people)', 'Paid: Recent Guest (2 people)'])

    const paidEvent = new ICAL.Event(byName(events, 'Paid Guest')!)
    expect(paidEvent.uid).toBe(`guide-feed-${paid.reference}@127.0.0.1`)
    // 9:00 in Japan, for the half day's five hours.
    expect(paidEvent.startDate.toJSDate().toISOString()).toBe('2030-05-11T00:00:00.000Z')
    expect(paidEvent.endDate.toJSDate().toISOString()).toBe('2030-05-11T05:00:00.000Z')
    expect(paidEvent.description).toContain('Guests: 3')
    expect(paidEvent.description).toContain('Phone: +44 7700 900123')
    expect(paidEvent.description).toContain('Note: Vegetarian child; our train arrives 10:12')
    expect(paidEvent.description).toContain(`Booking: http://127.0.0.1/admin/dashboard?tab=bookings&bookingId=${paid.id}`)
    expect(byName(events, 'Paid Guest')!.getFirstPropertyValue('url')).toBe(`http://127.0.0.1/admin/dashboard?tab=bookings&bookingId=${paid.id}`)
    expect(byName(events, 'Paid Guest')!.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect((byName(events, 'Paid Guest')!.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe(NOW)
    expect((byName(events, 'Paid Guest')!.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString()).toBe('2030-04-20T00:00:00.000Z')

    const holdEvent = byName(events, 'Holding Guest')!
    expect(holdEvent.getFirstPropertyValue('status')).toBe('TENTATIVE')
    expect(String(holdEvent.getFirstPropertyValue('description'))).toContain('unpaid hold until 2030-05-01T03:25:00Z')
    expect(new ICAL.Event(byName(events, 'Confirmed Guest')!).startDate.toJSDate().toISOString()).toBe('2030-05-12T05:00:00.000Z')
    expect([hold, confirmed, recent, last].every((b) => events.some((e) => e.getFirstPropertyValue('uid') === `guide-feed-${b.reference}@127.0.0.1`))).toBe(true)
  })

  it('keeps an event’s UID and raises its SEQUENCE and LAST-MODIFIED when the booking changes, so subscribed calendars update it', async () => {
    const { url } = await createFeed()
    const made = await app.client().post('/api/bookings', { name: 'Changing Guest', email: 'changing@example.com', phone: '+81 90 1111 2222', numberOfPeople: 2, tourPackageId: 1, tourDate: '2030-05-11', tourTime: 'morning', acceptPolicy: true })
    expect(made.status).toBe(201)
    const before = new ICAL.Event(parse((await fetchFeed(tokenOf(url))).text).events[0]!)
    expect(before.summary).toBe('HOLD – unpaid: Changing Guest (2 people)')

    app.clock.advanceMinutes(5)
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, made.json.reference))
    expect((await admin.patch(`/api/bookings/${row!.id}/status`, { status: 'confirmed' })).status).toBe(200)
    const after = new ICAL.Event(parse((await fetchFeed(tokenOf(url))).text).events[0]!)
    expect(after.uid).toBe(before.uid)
    expect(after.summary).toBe('Confirmed: Changing Guest (2 people)')
    expect(after.sequence).toBeGreaterThan(before.sequence)

    // Cancelled: gone from the feed, so the calendar drops it at its next refresh.
    app.clock.advanceMinutes(5)
    expect((await admin.patch(`/api/bookings/${row!.id}/status`, { status: 'cancelled' })).status).toBe(200)
    expect(parse((await fetchFeed(tokenOf(url))).text).events).toEqual([])
  })

  it('answers a wrong, a replaced or a missing token with a plain 404 that says nothing more, and the new URL at once on every instance', async () => {
    const nothingYet = await fetchFeed('A'.repeat(43))
    expect(nothingYet.status).toBe(404)

    const first = await createFeed()
    const oldToken = tokenOf(first.url)
    expect((await fetchFeed(oldToken)).status).toBe(200)
    // A second instance on the same database.
    const other = await startTestApp(engine, { database: app.database, clock: app.clock })
    try {
      expect((await other.client().get(`/calendar/${oldToken}.ics`)).status).toBe(200)
      const second = await createFeed()
      expect(second.url).not.toBe(first.url)
      const newToken = tokenOf(second.url)
      for (const client of [app.client(), other.client()]) {
        const old = await client.get(`/calendar/${oldToken}.ics`)
        expect(old.status).toBe(404)
        expect(old.text).toBe('Not found')
        expect(old.headers.get('cache-control')).toBe('no-store')
        expect((await client.get(`/calendar/${newToken}.ics`)).status).toBe(200)
      }
      for (const wrong of [newToken.slice(0, -1), `${newToken}x`, newToken.toLowerCase() === newToken ? newToken.toUpperCase() : newToken.toLowerCase(), 'x', '%00', '..']) {
        const res = await fetchFeed(wrong)
        expect(res.status, wrong).toBe(404)
        expect(res.text, wrong).not.toMatch(/token|replaced|expired/i)
      }
      expect((await app.client().get(`/calendar/${newToken}`)).status).toBe(404)
    } finally {
      await other.close()
    }
  })

  it('lets only an admin read or replace the URL, and only from the site itself', async () => {
    await createFeed()
    const before = (await shownFeed()).url
    await app.createUser('helper', 'correct-horse-battery', false)
    for (const username of [undefined, 'helper']) {
      const res = await postAdminSectionAsVisitor(app, settingsAction, '/admin/settings', { intent: 'calendarFeed' }, { username })
      expect(res, username).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Fsettings' })
    }
    // Another site's page cannot post Settings' form through the admin's browser: the app's same-origin guard is in front of the pages too.
    expect((await admin.request('POST', '/admin/settings', 'intent=calendarFeed', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(403)
    expect((await shownFeed()).url).toBe(before)
  })

  it('no longer answers the dashboard’s old JSON routes for the link: Settings’ loader and action took them over', async () => {
    const { url } = await createFeed()
    const anonymous = await app.client().get('/api/admin/calendar-feed')
    expect(anonymous.status).toBe(404)
    expect(anonymous.text).not.toContain('/calendar/')
    expect((await admin.get('/api/admin/calendar-feed')).status).toBe(404)
    expect((await admin.post('/api/admin/calendar-feed')).status).toBe(404)
    expect((await shownFeed()).url).toBe(url)
  })
})

describe.each(ENGINES)('the calendar feed’s rate limit on %s', (engine) => {
  it('answers 429 with Retry-After past the limit per address, right token or wrong', async () => {
    const app = await startTestApp(engine, { env: { RATE_LIMIT_CALENDAR_FEED_PER_MINUTE: '3' } })
    try {
      const guide = await app.createUser('guide-admin', 'correct-horse-battery', true)
      const token = tokenOf((await app.services.calendarFeed.replace({ id: guide.id, username: guide.username })).url!)
      expect((await app.client().get(`/calendar/${token}.ics`)).status).toBe(200)
      expect((await app.client().get('/calendar/wrong-token-guess-number-one.ics')).status).toBe(404)
      expect((await app.client().get(`/calendar/${token}.ics`)).status).toBe(200)
      const limited = await app.client().get(`/calendar/${token}.ics`)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(limited.text).not.toContain('BEGIN:VCALENDAR')
    } finally {
      await app.close()
    }
  })
})
