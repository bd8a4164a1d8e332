import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { ENGINES } from './databases.ts'
import { createScratchDatabase } from './scratch-database.ts'
import { bookingBody, logIn, postJson, startServerProcess, stopAllServers, tourPackages } from './server-process.ts'
import { startCuttableProxy } from './tcp-proxy.ts'
import { openDatabase } from '../../server/db/client.ts'

/**
 * docs/decisions/0025: a database that is slow, locked, silent or missing answers 503 with
 * Retry-After within a bound just above the timeouts, on every way in, never a 500 or a
 * hang, and the server recovers by itself (the pool is not exhausted for good). Real
 * server processes on PostgreSQL with small timeouts; PGlite runs in the process and
 * cannot be stalled or locked from outside (docs/decisions/0025).
 */

afterEach(stopAllServers)

// Small timeouts so the test is quick; the bound is generous for a loaded shared machine.
const STATEMENT_TIMEOUT_MS = 1000
const CONNECT_TIMEOUT_MS = 1000
const TIMEOUTS = { DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS), DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) }
/** Statement timeout + the client's silence margin (1 s) + a request's own work, with room. */
const BOUND_MS = 8000

type Answer = { what: string; status: number; retryAfter: string | null; ms: number }

async function timed(what: string, url: string, init?: RequestInit): Promise<Answer> {
  const started = Date.now()
  // Never wait forever: a hang must show as a failed expectation, not a stuck test.
  const res = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(40_000) }).catch((error: Error) => ({ status: -1, error, headers: new Headers() }))
  if ('arrayBuffer' in res) await res.arrayBuffer()
  return { what, status: res.status, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started }
}

function expectUnavailable(answers: Answer[]) {
  for (const a of answers) {
    expect({ what: a.what, status: a.status, retryAfter: a.retryAfter }).toEqual({ what: a.what, status: 503, retryAfter: '10' })
    expect(a.ms, a.what).toBeLessThan(BOUND_MS)
  }
}

async function eventually200(url: string) {
  for (let i = 0; i < 60; i++) {
    if ((await fetch(url)).status === 200) return true
    await new Promise((r) => setTimeout(r, 250))
  }
  return false
}

const jsonPost = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const slot = () => weekendDatesBetween(addDays(todayInTokyo(new Date()), 10), addDays(todayInTokyo(new Date()), 40))

describe.runIf(ENGINES.includes('postgres'))('a stalled, locked or missing PostgreSQL', () => {
  it('a database that accepts connections and never answers: the API answers 503 with Retry-After within the bound, more requests than the pool included, then recovers', async () => {
    const database = await createScratchDatabase()
    const proxy = await startCuttableProxy(database.url)
    try {
      const server = await startServerProcess({ DATABASE_URL: proxy.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-stall-')), ...TIMEOUTS })
      const halfDay = (await tourPackages(server.url)).find((t) => t.isHalfDay)!
      const [date] = slot()
      // Warm the pool: these clients were connected before the stall and now wait forever.
      await Promise.all(Array.from({ length: 5 }, () => fetch(`${server.url}/api/tour-packages`)))

      proxy.stall()
      const answers = await Promise.all(
        Array.from({ length: 14 }, (_, i) =>
          i % 4 === 0
            ? timed(`POST /api/bookings #${i}`, `${server.url}/api/bookings`, jsonPost(bookingBody(halfDay.id, date!, 'morning', i)))
            : i % 4 === 1
              ? timed(`GET /api/health #${i}`, `${server.url}/api/health`)
              : timed(`GET /api/tour-packages #${i}`, `${server.url}/api/tour-packages`),
        ),
      )
      expectUnavailable(answers)
      // What the operator sees (docs/deploy.md): one error line per failed request, saying why.
      expect(server.output()).toMatch(/"msg":"database unavailable"/)
      expect(server.output()).toMatch(/Query read timeout|timeout exceeded when trying to connect/)

      proxy.resume()
      expect(await eventually200(`${server.url}/api/tour-packages`)).toBe(true)
      // The pool serves again at full width: more requests than connections, all answered.
      const after = await Promise.all(Array.from({ length: 20 }, () => timed('after', `${server.url}/api/tour-packages`)))
      expect(after.map((a) => a.status)).toEqual(after.map(() => 200))
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    } finally {
      await stopAllServers()
      await proxy.cut()
      await database.drop()
    }
  }, 180_000)

  it('a held table lock: requests waiting on it answer 503 with Retry-After after the statement timeout, and succeed once it is released', async () => {
    const database = await createScratchDatabase()
    const locker = new pg.Client({ connectionString: database.url })
    try {
      const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-lock-')), ...TIMEOUTS })
      const halfDay = (await tourPackages(server.url)).find((t) => t.isHalfDay)!
      const dates = slot()
      const booked = await postJson(`${server.url}/api/bookings`, bookingBody(halfDay.id, dates[0]!, 'morning', 0))
      expect(booked.status).toBe(201)

      await locker.connect()
      await locker.query('begin')
      await locker.query('lock table bookings in access exclusive mode')
      // More requests than the pool's 10 connections: the ones queued for a connection give up too.
      const answers = await Promise.all(
        Array.from({ length: 14 }, (_, i) =>
          i % 2 === 0
            ? timed(`POST /api/bookings #${i}`, `${server.url}/api/bookings`, jsonPost(bookingBody(halfDay.id, dates[1]!, 'afternoon', i)))
            : timed(`GET /api/bookings/REF #${i}`, `${server.url}/api/bookings/${booked.json.reference}`),
        ),
      )
      expectUnavailable(answers)
      // The statement timeout, not something quicker, gave the answer.
      expect(Math.max(...answers.map((a) => a.ms))).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100)
      expect(server.output()).toMatch(/"msg":"database unavailable"/)
      expect(server.output()).toMatch(/"code":"57014"/)

      await locker.query('rollback')
      expect((await fetch(`${server.url}/api/bookings/${booked.json.reference}`)).status).toBe(200)
      expect((await postJson(`${server.url}/api/bookings`, bookingBody(halfDay.id, dates[1]!, 'afternoon', 99))).status).toBe(201)
    } finally {
      await locker.end().catch(() => {})
      await stopAllServers()
      await database.drop()
    }
  }, 180_000)

  it('a connection lost in the middle of a transaction fails that transaction, not the process, and the pool goes on with a new one', async () => {
    const database = await createScratchDatabase()
    const proxy = await startCuttableProxy(database.url)
    const opened = await openDatabase({ databaseUrl: proxy.url })
    try {
      // A transaction holds its client out of the pool between statements, as every money change does.
      const lost = opened.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await proxy.cut()
        await new Promise((r) => setTimeout(r, 200))
        await tx.execute(sql`select 1`)
      })
      await expect(lost).rejects.toThrow()
      await proxy.restore()
      expect(await opened.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] })
    } finally {
      await opened.close()
      await proxy.cut()
      await database.drop()
    }
  })

  it('a database that no longer exists (3D000) answers 503 with Retry-After, not 500', async () => {
    const database = await createScratchDatabase()
    try {
      const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-gone-')), ...TIMEOUTS })
      expect((await fetch(`${server.url}/api/tour-packages`)).status).toBe(200)
      await database.drop()
      expectUnavailable([await timed('GET /api/tour-packages', `${server.url}/api/tour-packages`), await timed('GET /api/health', `${server.url}/api/health`)])
      expect(server.output()).toMatch(/"code":"3D000"/)
    } finally {
      await stopAllServers()
      await database.drop()
    }
  }, 180_000)

  it('pages and their data requests answer 503 with Retry-After while the database is stalled, and recover', async () => {
    const database = await createScratchDatabase()
    const proxy = await startCuttableProxy(database.url)
    try {
      // server/main.ts: the real entry with the pages (development mode, rendered through Vite).
      const server = await startServerProcess({ DATABASE_URL: proxy.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-pages-')), ...TIMEOUTS }, 'main')
      const halfDay = (await tourPackages(server.url)).find((t) => t.isHalfDay)!
      const dates = slot()
      const booked = await postJson(`${server.url}/api/bookings`, bookingBody(halfDay.id, dates[0]!, 'morning', 0))
      expect(booked.status).toBe(201)
      const cookie = await logIn(server.url, 'owner', 'owner-password')
      const ways: [string, string, RequestInit?][] = [
        ['GET /booking', '/booking'],
        ['GET /booking.data', '/booking.data'],
        ['GET /checkout/REF', `/checkout/${booked.json.reference}`],
        ['GET /checkout/REF.data', `/checkout/${booked.json.reference}.data`],
        ['GET /booking-confirmation/REF/change', `/booking-confirmation/${booked.json.reference}/change`],
        ['GET /booking-confirmation/REF/change.data', `/booking-confirmation/${booked.json.reference}/change.data`],
        ['GET /admin/bookings', '/admin/bookings', { headers: { cookie } }],
        ['GET /admin/bookings.data', '/admin/bookings.data', { headers: { cookie } }],
      ]
      const form = () => new URLSearchParams(Object.entries(bookingBody(halfDay.id, dates[1]!, 'afternoon', 1)).map(([k, v]) => [k, String(v)]))
      const change = () => new URLSearchParams({ tourDate: dates[0]!, tourTime: 'afternoon', tourPackageId: String(halfDay.id), numberOfPeople: '2' })
      const posts: [string, string, RequestInit][] = [
        ['POST /booking (form)', '/booking', { method: 'POST', body: form() }],
        ['POST /booking.data', '/booking.data', { method: 'POST', body: form() }],
        // The guest's change (docs/decisions/0055): the page's form and the API.
        ['POST /booking-confirmation/REF/change (form)', `/booking-confirmation/${booked.json.reference}/change`, { method: 'POST', body: change() }],
        ['POST /api/bookings/REF/move', `/api/bookings/${booked.json.reference}/move`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.fromEntries(change())) }],
      ]
      // Before the stall, every way in works (a redirect after a booking is fine).
      for (const [what, p, init] of ways) expect((await timed(what, server.url + p, init)).status, what).toBe(200)

      proxy.stall()
      const answers = await Promise.all([...ways, ...posts].map(([what, p, init]) => timed(what, server.url + p, init)))
      expectUnavailable(answers)

      proxy.resume()
      expect(await eventually200(`${server.url}/booking`)).toBe(true)
      for (const [what, p, init] of ways) expect((await timed(what, server.url + p, init)).status, what).toBe(200)
    } finally {
      await stopAllServers()
      await proxy.cut()
      await database.drop()
    }
  }, 300_000)
})
