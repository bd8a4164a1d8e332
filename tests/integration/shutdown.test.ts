import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { bookingBody, logIn, postJson, queryDatabase, slotClaimMismatches, startServerProcess, stopAllServers, stopServer, tourPackages } from './server-process.ts'

/**
 * Graceful shutdown: SIGTERM in the middle of a burst of bookings and contact
 * messages, through the real entry (server/main.ts) on a PGlite data folder. Every request
 * the server accepted is finished and answered, every answered write is there after a
 * restart, nothing is half-written, and the process exits 0 after closing its database.
 */

const inquiry = (i: number) => ({ name: `Visitor ${i}`, email: `visitor${i}@example.org`, message: `A question about a tour, number ${i}.`, website: '' })

type Outcome = { kind: 'booking' | 'message'; key: string; status: number | null; error?: string; at: number; reference?: string }

describe('SIGTERM on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-sigterm-'))
  afterEach(stopAllServers)
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('finishes the requests in flight, exits 0, and a restart finds every row written before and during the shutdown', async () => {
    // NODE_ENV stays development (pages through Vite): production needs a page build, which
    // the integration suite does not make, and the shutdown path is the same in both
    // (server/start.ts stop(), where development also has Vite to close). A fixed session
    // secret, as in production, and no abuse limit that would turn the burst into 429s.
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', SESSION_SECRET: 'sigterm-test-session-secret-0123456789abcdef', RATE_LIMIT_CONTACT_PER_MINUTE: '100000' }
    const first = await startServerProcess(env, 'main')
    const halfDay = (await tourPackages(first.url)).find((t) => t.isHalfDay)!
    const today = todayInTokyo(new Date())

    // Rows that exist before the shutdown: users, two sessions, a booking, a message.
    const ownerCookie = await logIn(first.url, 'owner', 'owner-password')
    const register = await postJson(`${first.url}/api/register`, { username: 'helper', password: 'helper-password' }, { cookie: ownerCookie })
    expect(register.status).toBe(201)
    const helperCookie = await logIn(first.url, 'helper', 'helper-password')
    const laterWeekend = weekendDatesBetween(addDays(today, 130), addDays(today, 140))[0]!
    const earlier = await postJson(`${first.url}/api/bookings`, { ...bookingBody(halfDay.id, laterWeekend, 'morning', 0), email: 'earlier@example.com' })
    expect(earlier.status, JSON.stringify(earlier.json)).toBe(201)
    expect((await postJson(`${first.url}/api/contact`, inquiry(0))).status).toBe(201)
    const adminView = async (url: string) => {
      const get = async (p: string) => (await fetch(url + p, { headers: { cookie: ownerCookie } })).json()
      return { bookings: (await get('/api/bookings?pageSize=500')).items as { reference: string }[], messages: (await get('/api/admin/messages')) as { email: string }[], users: await get('/api/admin/users') }
    }
    const before = await adminView(first.url)
    expect(before.bookings).toHaveLength(1)
    expect(before.messages).toHaveLength(1)

    // The burst: a booking for every weekend slot of the next months, and some messages.
    const slots = weekendDatesBetween(addDays(today, 3), addDays(today, 120)).flatMap((d) => [
      [d, 'morning'],
      [d, 'afternoon'],
    ])
    const outcomes: Outcome[] = []
    const send = (kind: Outcome['kind'], key: string, body: unknown) =>
      postJson(`${first.url}/api/${kind === 'booking' ? 'bookings' : 'contact'}`, body).then(
        (r) => void outcomes.push({ kind, key, status: r.status, at: Date.now(), reference: r.json?.reference }),
        (error: Error) => void outcomes.push({ kind, key, status: null, error: String((error.cause as Error | undefined)?.message ?? error.message), at: Date.now() }),
      )
    const burst = [
      ...slots.map(([date, time], i) => send('booking', `guest${i + 1}@example.com`, bookingBody(halfDay.id, date!, time!, i + 1))),
      ...Array.from({ length: 6 }, (_, i) => send('message', `visitor${i + 1}@example.org`, inquiry(i + 1))),
    ]
    // SIGTERM once a few answers are back and the rest are in flight or still queued.
    const deadline = Date.now() + 30_000
    while (outcomes.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
    const signalledAt = Date.now()
    const exited = stopServer(first.child, 'SIGTERM')
    await Promise.all(burst)
    expect(await exited, first.output()).toBe(0)

    // Requests the server had taken up were answered, not cut: no 5xx, and some answers
    // arrived after the signal (they were in flight). Connections still waiting unread when
    // the listener closed are reset without their request being read: those must have
    // written nothing (checked against the rows below).
    expect(outcomes.filter((o) => o.status !== null && o.status !== 201)).toEqual([])
    const answered = outcomes.filter((o) => o.status === 201)
    expect(answered.filter((o) => o.at > signalledAt).length).toBeGreaterThan(0)
    const refused = outcomes.filter((o) => o.status === null)
    for (const o of refused) expect(o.error).toMatch(/ECONNREFUSED|ECONNRESET|other side closed|socket hang up/)

    // On disk, exactly the answered writes (and those from before), with their slot claims.
    const rowsOf = async (table: string) => (await queryDatabase({ dataDir }, `select email from ${table}`)).map((r) => r.email as string).sort()
    const keys = (kind: Outcome['kind']) => answered.filter((o) => o.kind === kind).map((o) => o.key)
    expect(await rowsOf('bookings')).toEqual(['earlier@example.com', ...keys('booking')].sort())
    expect(await rowsOf('contact_messages')).toEqual(['visitor0@example.org', ...keys('message')].sort())
    expect(await slotClaimMismatches({ dataDir })).toEqual([])

    // A restart on the same folder serves all of it, and both sessions are still valid.
    const second = await startServerProcess(env, 'main')
    for (const cookie of [ownerCookie, helperCookie]) expect((await fetch(`${second.url}/api/user`, { headers: { cookie } })).status).toBe(200)
    const after = await adminView(second.url)
    expect(after.users).toEqual(before.users)
    expect(after.bookings).toEqual(expect.arrayContaining(before.bookings))
    expect(after.messages).toEqual(expect.arrayContaining(before.messages))
    for (const o of answered.filter((a) => a.kind === 'booking')) {
      expect((await fetch(`${second.url}/api/bookings/${o.reference}`)).status, o.key).toBe(200)
    }
    expect(await stopServer(second.child, 'SIGTERM')).toBe(0)
  }, 180_000)
})
