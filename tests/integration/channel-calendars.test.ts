import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, channelBlocks, notifications, slotClaims } from '../../server/db/schema.ts'
import { openDatabase } from '../../server/db/client.ts'
import { SLOT_TAKEN_MESSAGE } from '../../server/services/slot-claims.ts'
import { CHANNEL_NAME, CHANNEL_URL, CHANNEL_URL_LENGTH } from '../../core/schemas/channel-calendar.ts'
import { resellerInputSchema } from '../../core/schemas/reseller.ts'
import { NOT_A_CALENDAR_MESSAGE } from '../../core/channel-calendar.ts'
import { englishText } from '../../server/i18n/refusals.ts'
import { action as channelsAction, loader as channelsLoader } from '../../app/routes/admin/channels.tsx'
import { ENGINES } from './databases.ts'
import { startTestApp, startWithCatalogue, TestClient, type TestApp } from './app.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { loadAdminSection, postAdminSection } from './admin-section.ts'
import { calendarDays, guideCreates } from './guide-desk.ts'

/**
 * Calendars of platforms without an API close our slots (docs/decisions/0077). Each calendar is
 * served by a local HTTP server in the test, which counts what it is asked and can answer
 * anything: a calendar, an error, a web page, 5 MB, or nothing at all. The guide adds, fetches and
 * removes them through Dashboard → Channels' route action, run in process (docs/decisions/0088).
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
    const days = await calendarDays(app, tourDate.slice(0, 7))
    return days.find((d) => d.date === tourDate)!.slots
  }
  /** A form of Dashboard → Channels as the page's script sends it, answered with data; `language` is the browser's. */
  const channels = (fields: Record<string, string>, language?: string) => postAdminSection(app, channelsAction, '/admin/channels', fields, { byScript: true, username: 'guide-admin', language })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a calendar's view as the page's script receives it, fields checked by each test
  const answer = (res: Awaited<ReturnType<typeof channels>>) => (res.data as { result: any }).result
  const fetchCalendar = (id: number) => channels({ intent: 'fetchCalendar', id: String(id) })
  const removeCalendar = (id: number) => channels({ intent: 'removeCalendar', id: String(id) })
  /** The calendars as the Channels page lists them, dates as its script reads them. */
  const listed = async () => JSON.parse(JSON.stringify((await loadAdminSection(app, channelsLoader, '/admin/channels', { username: 'guide-admin' })).calendars))
  const add = async (name = 'Klook', url = channel.url) => {
    const res = await channels({ intent: 'addCalendar', name, url })
    expect(res.status, JSON.stringify(res.data)).toBe(200)
    return answer(res)
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
    const guide = await guideCreates(app, { name: 'Walk-in', email: 'walkin@example.com', phone: '+81 90-3333-4444', numberOfPeople: 2, tourPackageId: halfDay, tourDate: SATURDAY, tourTime: 'morning', payment: 'confirmed' })
    expect(guide.status, JSON.stringify(guide.data)).toBe(409)
    // A reseller sees it sold out and cannot reserve it (docs/decisions/0074).
    const key = (await app.services.resellers.create(resellerInputSchema.parse({ name: 'Bókun', commissionPercent: 20 }))).apiKey
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
    const fetched = await fetchCalendar(added.id)
    expect(fetched.status, JSON.stringify(fetched.data)).toBe(200)
    expect(answer(fetched)).toMatchObject({ lastError: null, eventsCount: 0, blocks: 0, closed: 0 })
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
    expect(await removeCalendar(klook.id)).toMatchObject({ status: 200, data: { ok: true, result: { name: 'Klook' } } })
    expect((await calendarDay())[0]).toMatchObject({ state: 'channel', channel: { name: 'Viator' } })
    expect(await removeCalendar(viator.id)).toMatchObject({ status: 200, data: { ok: true, result: { name: 'Viator' } } })
    expect(await available()).toEqual({ morning: 'free', afternoon: 'free', 'full-day': 'free' })
    expect(await app.db.select().from(slotClaims)).toEqual([])
    expect(await listed()).toEqual([])
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
    expect(answer(await fetchCalendar(added.id)).conflicts).toHaveLength(1)
    expect(await told()).toHaveLength(1)

    // Our booking is cancelled: the block takes the half in the same transaction, and no guest gets it.
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, ours.json.reference))
    const cancelled = await admin.patch(`/api/bookings/${row!.id}/status`, { status: 'cancelled' })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect((await calendarDay())[1]).toMatchObject({ state: 'channel', channel: { name: 'GetYourGuide' }, conflicts: [] })
    expect((await guestBooking('afternoon')).status).toBe(409)
    expect((await listed())[0]).toMatchObject({ closed: 1, conflicts: [] })
  })

  it('survives a failing or hostile calendar: the error is shown, the last good fetch kept, and no block changes', async () => {
    channel.serve(ics(SATURDAY_MORNING))
    const added = await add()
    const blocksBefore = await app.db.select().from(channelBlocks)
    const claimsBefore = await app.db.select().from(slotClaims)
    const fetchNow = async () => {
      app.clock.advanceMinutes(1)
      const started = Date.now()
      const res = await fetchCalendar(added.id)
      expect(res.status, JSON.stringify(res.data)).toBe(200)
      expect(Date.now() - started).toBeLessThan(5000)
      expect(answer(res)).toMatchObject({ lastGoodFetchAt: NOW, lastFetchAt: app.clock.now().toISOString(), eventsCount: 1, blocks: 1, closed: 1 })
      expect(await app.db.select().from(channelBlocks)).toEqual(blocksBefore)
      expect(await app.db.select().from(slotClaims)).toEqual(claimsBefore)
      return answer(res).lastError as string
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
    // Nothing listens any more. The fetch's client learns that its kept-alive connection closed on
    // its next turn of the event loop; given it, the next fetch opens a new connection and is refused.
    await channel.close()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await fetchNow()).toMatch(/^The calendar's address could not be reached \(ECONNREFUSED\)$/)
    channel = await channelServer()

    // The slot stayed closed throughout; the list shows the error with the last good fetch.
    expect((await guestBooking('morning')).status).toBe(409)
    const [shown] = await listed()
    expect(shown).toMatchObject({ lastGoodFetchAt: NOW, lastError: expect.stringContaining('ECONNREFUSED'), closed: 1 })
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
    const [, busy] = await Promise.all([job(app), new Promise((r) => setTimeout(r, 100)).then(() => fetchCalendar(added.id))])
    expect(busy.status).toBe(409)
    expect(channel.state.requests).toBe(3)
  })

  it('refuses bad input to every form with a 4xx and a clear message in the admin’s language', async () => {
    const cases: [string, Record<string, string>, number, string][] = [
      ['nothing', {}, 400, englishText(CHANNEL_NAME)],
      ['no address', { name: 'Klook' }, 400, englishText(CHANNEL_URL)],
      ['a blank name', { name: '   ', url: channel.url }, 400, englishText(CHANNEL_NAME)],
      ['a long name', { name: 'x'.repeat(81), url: channel.url }, 400, englishText(CHANNEL_NAME)],
      ['ftp', { name: 'Klook', url: 'ftp://example.com/cal.ics' }, 400, englishText(CHANNEL_URL)],
      ['a script', { name: 'Klook', url: 'javascript:alert(1)' }, 400, englishText(CHANNEL_URL)],
      ['a file', { name: 'Klook', url: 'file:///etc/passwd' }, 400, englishText(CHANNEL_URL)],
      ['words', { name: 'Klook', url: 'my calendar' }, 400, englishText(CHANNEL_URL)],
      ['credentials', { name: 'Klook', url: 'https://user:pass@example.com/cal.ics' }, 400, englishText(CHANNEL_URL)],
      ['a long address', { name: 'Klook', url: `https://example.com/${'a'.repeat(2000)}` }, 400, englishText(CHANNEL_URL_LENGTH)],
      ['a number for an address', { name: '5', url: '7' }, 400, englishText(CHANNEL_URL)],
    ]
    for (const [label, fields, status, message] of cases) {
      const res = await channels({ intent: 'addCalendar', ...fields }, 'en')
      expect([label, res.status, res.data?.message]).toEqual([label, status, message])
    }
    for (const [intent, id] of [
      ['removeCalendar', 'abc'],
      ['removeCalendar', '0'],
      ['fetchCalendar', '99999999999'],
      ['fetchCalendar', ''],
    ] as const) {
      const res = await channels({ intent, id }, 'en')
      expect([intent, id, res.status, res.data?.message]).toEqual([intent, id, 400, 'Invalid id'])
    }
    for (const intent of ['removeCalendar', 'fetchCalendar']) {
      const res = await channels({ intent, id: '999' }, 'en')
      expect([intent, res.status, res.data?.message]).toEqual([intent, 404, 'Calendar not found'])
    }
    // Only the guide: a visitor without a session and a helper without admin rights are sent to
    // the login page, before any fetch.
    const helper = await app.createUser('helper-two', 'correct-horse-battery', false)
    for (const user of [null, { id: helper.id, username: helper.username, isAdmin: false, language: null }]) {
      const request = new Request('http://127.0.0.1/admin/channels', { method: 'POST', body: new URLSearchParams({ intent: 'addCalendar', name: 'Klook', url: channel.url }) })
      const context = { services: app.services, config: app.config, cspNonce: '', user, clientAddress: '192.0.2.9' }
      const refused = await channelsAction({ request, context, params: {} } as never).then(
        () => null,
        (thrown: unknown) => thrown,
      )
      expect(refused).toBeInstanceOf(Response)
      expect([(refused as Response).status, (refused as Response).headers.get('location')]).toEqual([302, '/admin/login?denied=1&redirectTo=%2Fadmin%2Fchannels'])
    }
    expect(channel.state.requests).toBe(0)
    expect(await app.db.select().from(channelBlocks)).toEqual([])
    expect(await listed()).toEqual([])
    // A webcal:// link is the https:// one.
    const webcal = await channels({ intent: 'addCalendar', name: 'Hotel desk', url: 'webcal://127.0.0.1:1/listing.ics' })
    expect([webcal.status, answer(webcal).url]).toEqual([200, 'https://127.0.0.1:1/listing.ics'])
  })

  it('has no JSON API of its own any more: the Channels section’s action is the way in (docs/decisions/0088)', async () => {
    expect((await admin.get('/api/admin/channel-calendars')).status).toBe(404)
    expect((await admin.post('/api/admin/channel-calendars', { name: 'Klook', url: channel.url })).status).toBe(404)
    expect((await admin.delete('/api/admin/channel-calendars/1')).status).toBe(404)
    expect((await admin.post('/api/admin/channel-calendars/1/fetch')).status).toBe(404)
    expect(channel.state.requests).toBe(0)
  })
})
