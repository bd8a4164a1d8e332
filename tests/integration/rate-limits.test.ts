import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config/index.ts'
import { openDatabase } from '../../server/db/client.ts'
import { rateLimits } from '../../server/db/schema.ts'
import { createRateLimits, pruneExpiredLimits } from '../../server/services/rate-limits.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { postJson, startServerProcess, stopAllServers } from './server-process.ts'
import { startCuttableProxy } from './tcp-proxy.ts'

/**
 * docs/decisions/0024: abuse limits hold in total across instances (counters in PostgreSQL), the
 * public calls by booking reference are limited per address on every way in, and a
 * limit never turns a database fault into an error.
 */

const dataDirs: string[] = []
afterEach(stopAllServers)
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
})
const freshDataDir = () => {
  dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-limits-')))
  return dataDirs.at(-1)!
}

describe.runIf(ENGINES.includes('postgres'))('limits shared by two app instances on PostgreSQL', () => {
  it('counts contact messages and login attempts from one address in total, whichever instance answers', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const env = () => ({ DATABASE_URL: database.url!, DATA_DIR: freshDataDir(), RATE_LIMIT_CONTACT_PER_MINUTE: '4', RATE_LIMIT_LOGIN_PER_MINUTE: '4' })
    const [a, b] = await Promise.all([startServerProcess(env()), startServerProcess(env())])

    const contact: number[] = []
    for (let i = 0; i < 8; i++) {
      const server = i % 2 === 0 ? a : b
      contact.push((await postJson(`${server.url}/api/contact`, { name: 'Visitor', email: 'visitor@example.com', message: `Question number ${i} about tours.`, website: '' })).status)
    }
    // Counted per process, each instance would have let 4 through: 8 in all.
    expect(contact).toEqual([201, 201, 201, 201, 429, 429, 429, 429])

    const login: number[] = []
    for (let i = 0; i < 6; i++) login.push((await postJson(`${(i % 2 === 0 ? a : b).url}/api/login`, { username: 'owner', password: 'wrong-password' })).status)
    expect(login).toEqual([401, 401, 401, 401, 429, 429])
  }, 240_000)

  it('counts calendar-feed guesses from one address in total across both instances, and still answers another address', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const env = () => ({ DATABASE_URL: database.url!, DATA_DIR: freshDataDir(), TRUST_PROXY: '1', RATE_LIMIT_CALENDAR_FEED_PER_MINUTE: '3' })
    const [a, b] = await Promise.all([startServerProcess(env()), startServerProcess(env())])
    const guess = (server: { url: string }, i: number, address: string) =>
      fetch(`${server.url}/calendar/guessed-token-number-${i}.ics`, { headers: { 'x-forwarded-for': address } })

    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await guess(i % 2 === 0 ? a : b, i, '203.0.113.50')).status)
    // Counted per process, each instance would have let 3 through: 6 in all.
    expect(statuses).toEqual([404, 404, 404, 429, 429, 429])
    // Another address has its own budget, on either instance.
    expect((await guess(b, 99, '198.51.100.60')).status).toBe(404)
  }, 240_000)
})

/** Every public way to read or act on a booking by its reference, as a client would call it. */
const LOOKUPS: { label: string; call: (url: string, headers: Record<string, string>) => Promise<Response> }[] = [
  { label: 'GET /api/bookings/:ref', call: (url, headers) => fetch(`${url}/api/bookings/ABCDEFGHJKMN`, { headers }) },
  { label: 'POST /api/create-payment-intent', call: (url, headers) => post(`${url}/api/create-payment-intent`, { reference: 'ABCDEFGHJKMN' }, headers) },
  { label: 'POST payment-success', call: (url, headers) => post(`${url}/api/bookings/ABCDEFGHJKMN/payment-success`, {}, headers) },
  { label: 'GET cancellation-quote', call: (url, headers) => fetch(`${url}/api/bookings/ABCDEFGHJKMN/cancellation-quote`, { headers }) },
  { label: 'POST cancel', call: (url, headers) => post(`${url}/api/bookings/ABCDEFGHJKMN/cancel`, {}, headers) },
  { label: 'GET /checkout/:ref', call: (url, headers) => fetch(`${url}/checkout/ABCDEFGHJKMN`, { headers }) },
  { label: 'GET /booking-confirmation/:ref.data', call: (url, headers) => fetch(`${url}/booking-confirmation/ABCDEFGHJKMN.data`, { headers }) },
  // The guest's change and call-off answer (docs/decisions/0055, 0056): the API, the change page and its form's data request.
  { label: 'POST move', call: (url, headers) => post(`${url}/api/bookings/ABCDEFGHJKMN/move`, {}, headers) },
  { label: 'POST disruption-refund', call: (url, headers) => post(`${url}/api/bookings/ABCDEFGHJKMN/disruption-refund`, {}, headers) },
  { label: 'GET /booking-confirmation/:ref/change', call: (url, headers) => fetch(`${url}/booking-confirmation/ABCDEFGHJKMN/change`, { headers }) },
  // A gift voucher's private page (docs/decisions/0065), shared with its API.
  { label: 'GET /api/vouchers/:token', call: (url, headers) => fetch(`${url}/api/vouchers/not-a-real-voucher-token`, { headers }) },
  { label: 'GET /voucher/:token', call: (url, headers) => fetch(`${url}/voucher/not-a-real-voucher-token`, { headers }) },
  { label: 'GET /ja/voucher/:token.data', call: (url, headers) => fetch(`${url}/ja/voucher/not-a-real-voucher-token.data`, { headers }) },
  {
    label: 'POST /ko/booking-confirmation/:ref/change.data',
    call: (url, headers) => fetch(`${url}/ko/booking-confirmation/ABCDEFGHJKMN/change.data`, { method: 'POST', headers, body: new URLSearchParams({ intent: 'refund' }) }),
  },
]

/** Every way a visitor can send the contact form: the API, the page's plain post and its script's data request. */
const CONTACT_WAYS: { label: string; ok: number; call: (url: string, i: number) => Promise<Response> }[] = [
  { label: 'POST /api/contact', ok: 201, call: (url, i) => post(`${url}/api/contact`, { name: 'Visitor', email: 'visitor@example.com', message: `Question ${i} about tours.`, website: '' }, {}) },
  {
    label: 'POST /contact (no script)',
    ok: 302,
    call: (url, i) => fetch(`${url}/contact`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ name: 'Visitor', email: 'visitor@example.com', message: `Question ${i} about tours.`, website: '' }) }),
  },
  {
    label: 'POST /contact.data (fetcher)',
    ok: 200,
    call: (url, i) => fetch(`${url}/contact.data`, { method: 'POST', body: new URLSearchParams({ name: 'Visitor', email: 'visitor@example.com', message: `Question ${i} about tours.`, website: '', _via: 'fetcher' }) }),
  },
]

describe.each(ENGINES)('the contact form limited per address on every way in, on %s', (engine) => {
  it('counts the API, the form post and the data request against one budget, with 429 and Retry-After past it', async () => {
    const database = engine === 'postgres' ? await testDatabase('postgres') : null
    await database?.reset()
    const server = await startServerProcess({ DATA_DIR: freshDataDir(), DATABASE_URL: database?.url ?? '', RATE_LIMIT_CONTACT_PER_MINUTE: String(CONTACT_WAYS.length) }, 'main')
    for (const [i, way] of CONTACT_WAYS.entries()) expect((await way.call(server.url, i)).status, way.label).toBe(way.ok)
    for (const [i, way] of CONTACT_WAYS.entries()) {
      const refused = await way.call(server.url, 10 + i)
      expect(refused.status, way.label).toBe(429)
      expect(Number(refused.headers.get('retry-after')), way.label).toBeGreaterThan(0)
    }
  }, 240_000)
})

function post(url: string, body: unknown, headers: Record<string, string>) {
  return fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

describe.each(ENGINES)('booking-reference calls limited per address, on %s', (engine) => {
  it('answers 429 with Retry-After past the limit on every way in, counted together, and still serves another address', async () => {
    const database = engine === 'postgres' ? await testDatabase('postgres') : null
    await database?.reset()
    const limit = 4
    const server = await startServerProcess({ DATA_DIR: freshDataDir(), DATABASE_URL: database?.url ?? '', TRUST_PROXY: '1', RATE_LIMIT_LOOKUPS_PER_MINUTE: String(limit) }, 'main')

    // Each way in alone, from an address of its own: the limit, then 429.
    for (const [i, lookup] of LOOKUPS.entries()) {
      const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` }
      for (let n = 0; n < limit; n++) expect((await lookup.call(server.url, headers)).status, `${lookup.label} #${n + 1}`).not.toBe(429)
      const refused = await lookup.call(server.url, headers)
      expect(refused.status, lookup.label).toBe(429)
      expect(Number(refused.headers.get('retry-after')), lookup.label).toBeGreaterThan(0)
    }

    // One address going round all of them is stopped at the same count; another is served.
    const statuses: number[] = []
    for (const lookup of LOOKUPS) statuses.push((await lookup.call(server.url, { 'x-forwarded-for': '198.51.100.7' })).status)
    expect(statuses.slice(0, limit)).not.toContain(429)
    expect(statuses.slice(limit)).toEqual(Array(LOOKUPS.length - limit).fill(429))
    expect((await LOOKUPS[0]!.call(server.url, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(404)
  }, 240_000)
})

describe.runIf(ENGINES.includes('postgres'))('the shared limit store on PostgreSQL', () => {
  const env = (overrides: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_CONTACT_PER_MINUTE: '2', ...overrides }).env

  it('keeps limiting, in memory, when the database cannot store the counters, and never throws', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    // A second pool whose every query fails: the table it counts in is not there.
    const broken = await openDatabase({ databaseUrl: database.url! })
    try {
      await broken.db.execute(sql`alter table rate_limits rename to rate_limits_away`)
      const limits = createRateLimits(broken, env())
      const waits = []
      for (let i = 0; i < 4; i++) waits.push(await limits.contact.hit('ip:192.0.2.1'))
      expect(waits.slice(0, 2)).toEqual([0, 0])
      expect(waits[2]).toBeGreaterThan(0)
      expect(waits[3]).toBeGreaterThan(0)
    } finally {
      await broken.db.execute(sql`alter table rate_limits_away rename to rate_limits`)
      await broken.close()
    }
  })

  it('counts in memory within about a second when the database stops answering', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const proxy = await startCuttableProxy(database.url!)
    const stalled = await openDatabase({ databaseUrl: proxy.url, statementTimeoutMs: 5000, connectTimeoutMs: 3000 })
    try {
      const limits = createRateLimits(stalled, env())
      expect(await limits.contact.hit('ip:192.0.2.9')).toBe(0)
      proxy.stall()
      const started = Date.now()
      const waits = []
      for (let i = 0; i < 3; i++) waits.push(await limits.contact.hit('ip:192.0.2.9'))
      // Memory counts from zero (it never saw the database's count), then holds the limit.
      expect(waits.slice(0, 2)).toEqual([0, 0])
      expect(waits[2]).toBeGreaterThan(0)
      // Each count gave up on the database after a second, not the statement timeout.
      expect(Date.now() - started).toBeLessThan(3 * 1000 + 1500)
    } finally {
      await proxy.cut()
      await stalled.close().catch(() => {})
    }
  })

  it('prunes counters whose window has ended and keeps the live ones', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const limits = createRateLimits(database, env())
    await limits.contact.hit('ip:192.0.2.2')
    await database.db.insert(rateLimits).values({ key: 'contact:ip:192.0.2.3', points: 9, expire: new Date(Date.now() - 1000) })
    await pruneExpiredLimits(database)
    expect((await database.db.select().from(rateLimits)).map((row) => row.key)).toEqual(['contact:ip:192.0.2.2'])
  })
})

describe.each(ENGINES)('the login limit under concurrent attempts, on %s', (engine) => {
  it('admits exactly the configured number of attempts sent at once, then 429', async () => {
    const { startTestApp } = await import('./app.ts')
    const app = await startTestApp(engine, { env: { RATE_LIMIT_LOGIN_PER_MINUTE: '10' } })
    try {
      await app.createUser('owner', 'correct-horse-battery', true)
      const attempts = await Promise.all(
        Array.from({ length: 20 }, () => postJson(`${app.baseUrl}/api/login`, { username: 'owner', password: 'wrong-password' })),
      )
      const statuses = attempts.map((a) => a.status).sort()
      expect(statuses.filter((s) => s === 401)).toHaveLength(10)
      expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    } finally {
      await app.close()
    }
    // The worker's first database (PGlite's initdb) is made inside this test.
  }, 120_000)
})
