import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, channelBlocks, notifications, slotClaims } from '../../server/db/schema.ts'
import { openDatabase } from '../../server/db/client.ts'
import { SLOT_TAKEN_MESSAGE } from '../../server/services/slot-claims.ts'
import { CHANNEL_NAME_MESSAGE, CHANNEL_URL_LENGTH_MESSAGE, CHANNEL_URL_MESSAGE } from '../../core/schemas/channel-calendar.ts'
import { NOT_A_CALENDAR_MESSAGE } from '../../core/channel-calendar.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, startWithCatalogue, TestClient, type TestApp } from './app.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'

/**
 * Calendars of platforms without an API close our slots (docs/decisions/0077). Each calendar is
 * served by a local HTTP server in the test, which counts what it is asked and can answer
 * anything: a calendar, an error, a web page, 5 MB, or nothing at all.
 */

// Wednesday 2030-05-01, 12:00 in Japan. Weekends: 05-04/05, 05-11/12, 05-18/19, …
const NOW = '2030-05-01T03:00:00.000Z'
const SATURDAY = '2030-05-18'

const ics = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Channel//Test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
const event = (uid: string, start: string, end: string, summary = 'Booked') => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20300401T000000Z', `DTSTART;TZID=Asia/Tokyo:${start}`, `DTEND;TZID=Asia/Tokyo:${end}`, `SUMMARY:${summary}`, 'END:VEVENT'].join('\r\n')
/** Saturday 10:00–12:00 in Japan: the morning tour's time. */
const SATURDAY_MORNING = event('klook-1001', '20300518T100000', '20300518T120000', 'Klook: 2 guests')

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** A platform's calendar server on 127.0.0.1: `answer` decides each response; `requests` counts them. */
async function channelServer() {
  const sockets = new Set<import('node:net').Socket>()
  const state = { answer: ((_req, res) => res.end()) as Handler, requests: 0 }
  const server = http.createServer((req, res) => {
    state.requests++
    state.answer(req, res)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/listing.ics`
  return {
    url,
    state,
    serve(text: string, delayMs = 0) {
      state.answer = (_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(text), delayMs)
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
type ChannelServer = Awaited<ReturnType<typeof channelServer>>

describe.each(ENGINES)('calendars imported from other platforms on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let halfDay: number
  let fullDay: number
  let channel: ChannelServer
  const extra: { close(): Promise<unknown> }[] = []

  beforeEach(async () => {
    ;({ app, admin, halfDay, fullDay } = await startWithCatalogue(engine, NOW, { CHANNEL_CALENDAR_TIMEOUT_SECONDS: '1', CHANNEL_CALENDAR_INTERVAL_MINUTES: '15' }))
    channel = await channelServer()
  })
  afterEach(async () => {
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    for (const e of extra.splice(0)) await e.close()
    await channel.close()
    await app.close()
  })

  let guests = 0
  const guestBooking = (tourTime: string, tourDate = SATURDAY) =>
    new TestClient(app.baseUrl).post('/api/bookings', { name: 'Site Guest', email: `guest${++guests}@example.com`, phone: '+81 90-1111-2222', numberOfPeople: 2, tourPackageId: tourTime === 'full-day' ? fullDay : halfDay, tourDate, tourTime, acceptPolicy: true })
  const available = async (tourDate = SATURDAY) => {
    const res = await new TestClient(app.baseUrl).get(`/api/time-slots?from=${tourDate}&to=${tourDate}`)
    return Object.fromEntries((res.json.dates[0].slots as { tourTime: string; available: boolean; reason: string | null }[]).map((s) => [s.tourTime, s.available ? 'free' : s.reason]))
  }
  const calendarDay = async (tourDate = SATURDAY) => {
    const days = (await admin.get(`/api/admin/bookings/calendar?month=${tourDate.slice(0, 7)}`)).json as { date: string; slots: { tourTime: string; state: string; channel: { name: string } | null; conflicts: { channel: string; reference: string }[] }[] }[]
    return days.find((d) => d.date === tourDate)!.slots
  }
  const add = async (name = 'Klook', url = channel.url) => {
    const res = await admin.post('/api/admin/channel-calendars', { name, url })
    expect(res.status, res.text).toBe(201)
    return res.json
  }

  it('closes the halves its events overlap on every way in, and reopens them when the event goes', async () => {
    channel.serve(ics(SATURDAY_MORNING))
    const added = await add()
    expect(added).toMatchObject({ name: 'Klook', url: channel.url, lastError: null, eventsCount: 1, blocks: 1, closed: 1, conflicts: [] })
    expect(added.lastGoodFetchAt).toBe(NOW)

    // The guest's booking is refused with the slot-taken message; the full day shares the morning; the afternoon is free.
    for (const tourTime of ['morning', 'full-day']) {
      const refused = await guestBooking(tourTime)
      expect([refused.status, refused.json.message]).toEqual([409, SLOT_TAKEN_MESSAGE])
    }
    expect(await available()).toEqual({ morning: 'booked', afternoon: 'free', 'full-day': 'booked' })
    // The guide cannot book it either.
    const guide = await admin.post('/api/admin/bookings', { name: 'Walk-in', email: 'walkin@example.com', phone: '+81 90-3333-4444', numberOfPeople: 2, tourPackageId: halfDay, tourDate: SATURDAY, tourTime: 'morning', payment: 'confirmed' })
    expect(guide.status, guide.text).toBe(409)
    // A reseller sees it sold out and cannot reserve it (docs/decisions/0074).
    const key = (await admin.post('/api/admin/resellers', { name: 'Bókun', commissionPercent: 20 })).json.apiKey as string
    const octo = new TestClient(app.baseUrl)
    const octoHeaders = { authorization: `Bearer ${key}`, 'octo-capabilities': 'octo/pricing' }
    const morning = `${SATURDAY}T09:00:00+09:00`
    const octoSlots = (await octo.post('/octo/v1/availability', { productId: String(halfDay), optionId: 'half-day', availabilityIds: [morning] }, octoHeaders)).json as { status: string }[]
    expect(octoSlots.map((a) => a.status)).toEqual(['SOLD_OUT'])
    const reserved = await octo.post('/octo/v1/bookings', { productId: String(halfDay), optionId: 'half-day', availabilityId: morning, unitItems: [{ unitId: 'guest' }, { unitId: 'guest' }] }, octoHeaders)
    expect([reserved.status, reserved.json.error]).toEqual([400, 'UNPROCESSABLE_ENTITY'])
    // The guide's calendar labels it with the channel.
    const slots = await calendarDay()
    expect(slots.map((s) => [s.tourTime, s.state, s.channel?.name ?? null])).toEqual([
      ['morning', 'channel', 'Klook'],
      ['afternoon', 'free', null],
      ['full-day', 'channel', 'Klook'],
    ])

    // The platform's sale is withdrawn: the next fetch reopens the half.
    channel.serve(ics())
    const fetched = await admin.post(`/api/admin/channel-calendars/${added.id}/fetch`)
    expect(fetched.status, fetched.text).toBe(200)
    expect(fetched.json).toMatchObject({ lastError: null, eventsCount: 0, blocks: 0, closed: 0 })
    expect(await available()).toEqual({ morning: 'free', afternoon: 'free', 'full-day': 'free' })
    expect((await guestBooking('morning')).status).toBe(201)
    expect(channel.state.requests).toBe(2)
  })

  it('reopens what a calendar closed when the guide removes it, and a second calendar on the same half takes over', async () => {
    channel.serve(ics(SATURDAY_MORNING))
    const klook = await add('Klook')
    const other = await channelServer()
    extra.push(other)
    other.serve(ics(event('viator-9', '20300518T090000', '20300518T100000')))
    const viator = await add('Viator', other.url)
    // Both want the morning; the first holds it, the second waits behind it.
    expect([klook.closed, viator.blocks, viator.closed]).toEqual([1, 1, 0])
    expect((await admin.delete(`/api/admin/channel-calendars/${klook.id}`)).status).toBe(204)
    expect((await calendarDay())[0]).toMatchObject({ state: 'channel', channel: { name: 'Viator' } })
    expect((await admin.delete(`/api/admin/channel-calendars/${viator.id}`)).status).toBe(204)
    expect(await available()).toEqual({ morning: 'free', afternoon: 'free', 'full-day': 'free' })
    expect(await app.db.select().from(slotClaims)).toEqual([])
    expect((await admin.get('/api/admin/channel-calendars')).json.calendars).toEqual([])
  })

  it('records a double booking on the other platform without touching ours, tells the guide once, and closes the half when our booking lets it go', async () => {
    const ours = await guestBooking('afternoon')
    expect(ours.status, ours.text).toBe(201)
    channel.serve(ics(event('gyg-5', '20300518T150000', '20300518T170000', 'GetYourGuide: 4 guests')))
    const added = await add('GetYourGuide')
    expect(added).toMatchObject({ blocks: 1, closed: 0, conflicts: [{ tourDate: SATURDAY, part: 'afternoon', summary: 'GetYourGuide: 4 guests', reference: ours.json.reference }] })
    const told = () => app.db.select().from(notifications).where(eq(notifications.title, 'Double booking on GetYourGuide'))
    expect((await told()).map((n) => n.message)).toEqual([expect.stringContaining(`booking ${ours.json.reference}`)])
    // Our booking still holds its half; the calendar says who conflicts with whom.
    const [claim] = await app.db.select().from(slotClaims)
    expect(claim).toMatchObject({ part: 'afternoon', channelBlockId: null })
    expect((await calendarDay())[1]).toMatchObject({ state: 'held', conflicts: [{ channel: 'GetYourGuide', reference: ours.json.reference }] })
    // Fetched again, the same conflict is not told again.
    expect((await admin.post(`/api/admin/channel-calendars/${added.id}/fetch`)).json.conflicts).toHaveLength(1)
    expect(await told()).toHaveLength(1)

    // Our booking is cancelled: the block takes the half in the same transaction, and no guest gets it.
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, ours.json.reference))
    const cancelled = await admin.patch(`/api/bookings/${row!.id}/status`, { status: 'cancelled' })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect((await calendarDay())[1]).toMatchObject({ state: 'channel', channel: { name: 'GetYourGuide' }, conflicts: [] })
    expect((await guestBooking('afternoon')).status).toBe(409)
    expect((await admin.get('/api/admin/channel-calendars')).json.calendars[0]).toMatchObject({ closed: 1, conflicts: [] })
  })

  it('survives a failing or hostile calendar: the error is shown, the last good fetch kept, and no block changes', async () => {
    channel.serve(ics(SATURDAY_MORNING))
    const added = await add()
    const blocksBefore = await app.db.select().from(channelBlocks)
    const claimsBefore = await app.db.select().from(slotClaims)
    const fetchNow = async () => {
      app.clock.advanceMinutes(1)
      const started = Date.now()
      const res = await admin.post(`/api/admin/channel-calendars/${added.id}/fetch`)
      expect(res.status, res.text).toBe(200)
      expect(Date.now() - started).toBeLessThan(5000)
      expect(res.json).toMatchObject({ lastGoodFetchAt: NOW, lastFetchAt: app.clock.now().toISOString(), eventsCount: 1, blocks: 1, closed: 1 })
      expect(await app.db.select().from(channelBlocks)).toEqual(blocksBefore)
      expect(await app.db.select().from(slotClaims)).toEqual(claimsBefore)
      return res.json.lastError as string
    }

    channel.state.answer = (_req, res) => res.writeHead(500).end('oops')
    expect(await fetchNow()).toBe("The calendar's address answered 500 Internal Server Error")
    channel.state.answer = (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Log in</title>')
    expect(await fetchNow()).toBe(NOT_A_CALENDAR_MESSAGE)
    channel.serve('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nno colon on this line\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n')
    expect(await fetchNow()).toMatch(/^The calendar could not be read: /)
    // 5 MB of a calendar-looking body, streamed without a length: reading stops past 1 MB.
    let sent = 0
    channel.state.answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' })
      res.write('BEGIN:VCALENDAR\r\n')
      const line = `X-PAD:${'x'.repeat(1018)}\r\n`
      const more = () => {
        while (sent < 5 * 1024 * 1024) {
          sent += line.length
          if (!res.write(line)) return void res.once('drain', more)
        }
        res.end('END:VCALENDAR\r\n')
      }
      res.on('error', () => {})
      more()
    }
    expect(await fetchNow()).toBe('The calendar is larger than 1 MB; it was not read')
    expect(sent).toBeLessThan(5 * 1024 * 1024)
    // A declared length over the limit is refused before reading.
    channel.state.answer = (_req, res) => res.writeHead(200, { 'content-type': 'text/calendar', 'content-length': String(5 * 1024 * 1024) }).end()
    expect(await fetchNow()).toBe('The calendar is larger than 1 MB; it was not read')
    // A server that accepts and never answers, and one that answers its headers and then trickles.
    channel.state.answer = () => {}
    expect(await fetchNow()).toBe("The calendar's address did not answer in full within 1 seconds")
    channel.state.answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' })
      res.write('BEGIN:VCALENDAR\r\n')
      const timer = setInterval(() => res.write('X-SLOW:1\r\n'), 100)
      res.on('close', () => clearInterval(timer))
    }
    expect(await fetchNow()).toBe("The calendar's address did not answer in full within 1 seconds")
    // Nothing listens any more.
    await channel.close()
    expect(await fetchNow()).toMatch(/^The calendar's address could not be reached \(ECONNREFUSED\)$/)
    channel = await channelServer()

    // The slot stayed closed throughout; the list shows the error with the last good fetch.
    expect((await guestBooking('morning')).status).toBe(409)
    const [listed] = (await admin.get('/api/admin/channel-calendars')).json.calendars
    expect(listed).toMatchObject({ lastGoodFetchAt: NOW, lastError: expect.stringContaining('ECONNREFUSED'), closed: 1 })
  })

  it('tells an unreachable address at once when the calendar is added, and closes nothing', async () => {
    await channel.close()
    const added = await add('Hotel desk', channel.url)
    expect(added).toMatchObject({ lastGoodFetchAt: null, lastFetchAt: NOW, blocks: 0, closed: 0, lastError: expect.stringContaining('could not be reached') })
    channel = await channelServer()
  })

  it('fetches each calendar once per interval when two instances run the job at once', async () => {
    channel.serve(ics(SATURDAY_MORNING))
    const added = await add()
    expect(channel.state.requests).toBe(1)
    // A second instance: its own pool on PostgreSQL, the same database.
    const second = engine === 'postgres' ? await openDatabase({ databaseUrl: app.database.url! }) : app.database
    if (engine === 'postgres') extra.push(second)
    const other = await startTestApp(engine, { clock: app.clock, database: second, env: { CHANNEL_CALENDAR_TIMEOUT_SECONDS: '1', CHANNEL_CALENDAR_INTERVAL_MINUTES: '15' } })
    extra.push(other)
    const job = (a: TestApp) => a.services.jobs.find((j) => j.name === 'fetch-channel-calendars')!.run()

    // Not due yet: nobody fetches.
    app.clock.advanceMinutes(14)
    expect(await Promise.all([job(app), job(other)])).toEqual([0, 0])
    expect(channel.state.requests).toBe(1)
    // Due: both run at once while the platform takes its time to answer; one fetches.
    app.clock.advanceMinutes(1)
    channel.serve(ics(), 300)
    for (let round = 0; round < 5; round++) {
      const fetched = await Promise.all([job(app), job(other)])
      expect(fetched.sort()).toEqual(round === 0 ? [0, 1] : [0, 0])
    }
    expect(channel.state.requests).toBe(2)
    expect(await app.db.select().from(slotClaims)).toEqual([])
    // Fetch now while a fetch is under way: 409, nothing fetched twice.
    app.clock.advanceMinutes(15)
    const [, busy] = await Promise.all([job(app), new Promise((r) => setTimeout(r, 100)).then(() => admin.post(`/api/admin/channel-calendars/${added.id}/fetch`))])
    expect(busy.status).toBe(409)
    expect(channel.state.requests).toBe(3)
  })

  it('refuses bad input to every endpoint with a 4xx and a clear message', async () => {
    const cases: [string, unknown, number, string][] = [
      ['nothing', {}, 400, CHANNEL_NAME_MESSAGE],
      ['no address', { name: 'Klook' }, 400, CHANNEL_URL_MESSAGE],
      ['a blank name', { name: '   ', url: channel.url }, 400, CHANNEL_NAME_MESSAGE],
      ['a long name', { name: 'x'.repeat(81), url: channel.url }, 400, CHANNEL_NAME_MESSAGE],
      ['ftp', { name: 'Klook', url: 'ftp://example.com/cal.ics' }, 400, CHANNEL_URL_MESSAGE],
      ['a script', { name: 'Klook', url: 'javascript:alert(1)' }, 400, CHANNEL_URL_MESSAGE],
      ['a file', { name: 'Klook', url: 'file:///etc/passwd' }, 400, CHANNEL_URL_MESSAGE],
      ['words', { name: 'Klook', url: 'my calendar' }, 400, CHANNEL_URL_MESSAGE],
      ['credentials', { name: 'Klook', url: 'https://user:pass@example.com/cal.ics' }, 400, CHANNEL_URL_MESSAGE],
      ['a long address', { name: 'Klook', url: `https://example.com/${'a'.repeat(2000)}` }, 400, CHANNEL_URL_LENGTH_MESSAGE],
      ['a number', { name: 5, url: 7 }, 400, CHANNEL_NAME_MESSAGE],
    ]
    for (const [label, body, status, message] of cases) {
      const res = await admin.post('/api/admin/channel-calendars', body)
      expect([label, res.status, res.json?.message]).toEqual([label, status, message])
    }
    expect((await admin.post('/api/admin/channel-calendars', '{"name":', { 'content-type': 'application/json' })).status).toBe(400)
    for (const [method, path] of [
      ['DELETE', '/api/admin/channel-calendars/abc'],
      ['DELETE', '/api/admin/channel-calendars/0'],
      ['POST', '/api/admin/channel-calendars/99999999999/fetch'],
    ]) {
      const res = await admin.request(method!, path!, method === 'POST' ? {} : undefined)
      expect([path, res.status, res.json.message]).toEqual([path, 400, 'Invalid id'])
    }
    for (const [method, path] of [
      ['DELETE', '/api/admin/channel-calendars/999'],
      ['POST', '/api/admin/channel-calendars/999/fetch'],
    ]) {
      const res = await admin.request(method!, path!, method === 'POST' ? {} : undefined)
      expect([path, res.status, res.json.message]).toEqual([path, 404, 'Calendar not found'])
    }
    // Only the guide: no session 401, a helper without admin rights 403, before any fetch.
    const anonymous = new TestClient(app.baseUrl)
    expect((await anonymous.get('/api/admin/channel-calendars')).status).toBe(401)
    expect((await anonymous.post('/api/admin/channel-calendars', { name: 'Klook', url: channel.url })).status).toBe(401)
    await app.createUser('helper-two', 'correct-horse-battery', false)
    const helper = new TestClient(app.baseUrl)
    await helper.post('/api/login', { username: 'helper-two', password: 'correct-horse-battery' })
    expect((await helper.post('/api/admin/channel-calendars', { name: 'Klook', url: channel.url })).status).toBe(403)
    expect(channel.state.requests).toBe(0)
    expect(await app.db.select().from(channelBlocks)).toEqual([])
    // A webcal:// link is the https:// one.
    const webcal = await admin.post('/api/admin/channel-calendars', { name: 'Hotel desk', url: 'webcal://127.0.0.1:1/listing.ics' })
    expect([webcal.status, webcal.json.url]).toEqual([201, 'https://127.0.0.1:1/listing.ics'])
  })
})
