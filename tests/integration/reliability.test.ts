import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { bookingBody, postJson, slotClaimMismatches, startServerProcess as startServer, stopAllServers, stopServer as kill, tourPackages as tours } from './server-process.ts'
import { startCuttableProxy } from './tcp-proxy.ts'

/**
 * Reliability under faults: real server processes, killed, restarted, cut off
 * from their database, and run side by side on one PostgreSQL.
 */

afterEach(stopAllServers)

const postBooking = (url: string, body: unknown) => postJson(`${url}/api/bookings`, body)

describe.each(ENGINES)('reliability on %s', (engine) => {
  it('a SIGKILL in the middle of a burst of bookings leaves no half-written booking, and a restart keeps every committed one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-kill-'))
    let databaseUrl: string | undefined
    if (engine === 'postgres') {
      const database = await testDatabase('postgres')
      await database.reset()
      databaseUrl = database.url
    }
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }
    const first = await startServer(env)
    const halfDay = (await tours(first.url)).find((t) => t.isHalfDay)!
    const today = todayInTokyo(new Date())
    const slots = weekendDatesBetween(addDays(today, 3), addDays(today, 120)).flatMap((d) => [
      [d, 'morning'],
      [d, 'afternoon'],
    ])
    const committed: string[] = []
    const burst = slots.map(([date, time], i) =>
      postBooking(first.url, bookingBody(halfDay.id, date!, time!, i))
        .then((r) => {
          if (r.status === 201 && r.json?.reference) committed.push(r.json.reference)
        })
        .catch(() => {}),
    )
    // Kill once some bookings are through and others are in flight.
    const deadline = Date.now() + 20_000
    while (committed.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
    await kill(first.child, 'SIGKILL')
    await Promise.all(burst)
    expect(committed.length).toBeGreaterThan(0)
    expect(committed.length).toBeLessThan(slots.length)

    expect(await slotClaimMismatches({ databaseUrl, dataDir })).toEqual([])
    const second = await startServer(env)
    for (const reference of committed) {
      const res = await fetch(`${second.url}/api/bookings/${reference}`)
      expect(res.status, reference).toBe(200)
    }
    await kill(second.child, 'SIGTERM')
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 180_000)
})

describe.runIf(ENGINES.includes('postgres'))('on PostgreSQL', () => {
  it('answers 503 while the database is unreachable and recovers by itself', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    // A TCP proxy we can cut: the app's only way to its database.
    const proxy = await startCuttableProxy(database.url!)
    const server = await startServer({ DATABASE_URL: proxy.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-503-')) })
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)

    await proxy.cut()
    for (const path of ['/api/health', '/api/tour-packages', '/api/time-slots?month=2030-06']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status, path).toBe(503)
      const body = (await res.json()) as { message?: string; status?: string }
      expect(body.message ?? body.status).toMatch(/unavailable/i)
    }

    await proxy.restore()
    let healthy = false
    for (let i = 0; i < 40 && !healthy; i++) {
      healthy = (await fetch(`${server.url}/api/tour-packages`)).status === 200
      if (!healthy) await new Promise((r) => setTimeout(r, 250))
    }
    expect(healthy).toBe(true)
    await kill(server.child, 'SIGTERM')
    await proxy.cut()
  }, 120_000)

  it('two app instances share sessions and never double-book a slot', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const env = { DATABASE_URL: database.url!, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-two-')) }
    const [a, b] = await Promise.all([startServer(env), startServer(env)])

    const login = await fetch(`${a.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'owner', password: 'owner-password' }) })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const me = await fetch(`${b.url}/api/user`, { headers: { cookie } })
    expect(me.status).toBe(200)

    const halfDay = (await tours(a.url)).find((t) => t.isHalfDay)!
    const date = weekendDatesBetween(addDays(todayInTokyo(new Date()), 10), addDays(todayInTokyo(new Date()), 20))[0]!
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => postBooking(i % 2 ? a.url : b.url, bookingBody(halfDay.id, date, 'morning', i))))
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(11)
    await Promise.all([kill(a.child, 'SIGTERM'), kill(b.child, 'SIGTERM')])
  }, 120_000)
})
