import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import pg from 'pg'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { ENGINES, testDatabase } from './databases.ts'

/**
 * Reliability under faults (issue 8): real server processes, killed, restarted, cut off
 * from their database, and run side by side on one PostgreSQL.
 */

type Server = { child: ChildProcess; url: string; output: () => string }
const running = new Set<ChildProcess>()

async function startServer(env: Record<string, string>): Promise<Server> {
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/fixtures/api-server.ts'], {
    // Vitest exports Vite's BASE_URL ('/'); the server must not inherit it.
    env: { ...process.env, NODE_ENV: 'development', BASE_URL: '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', RATE_LIMIT_BOOKINGS_PER_HOUR: '100000', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-password', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.on('exit', () => running.delete(child))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 150_000)
    const onData = (chunk: Buffer) => {
      output += chunk
      const match = /READY (\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => output })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d) => (output += d))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}: ${output}`))
    })
  })
}

const kill = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill(signal)
  })

afterEach(async () => {
  await Promise.all([...running].map((c) => kill(c, 'SIGKILL')))
})

async function tours(url: string) {
  return (await (await fetch(`${url}/api/tour-packages`)).json()) as { id: number; isHalfDay: boolean }[]
}

const bookingBody = (tourPackageId: number, tourDate: string, tourTime: string, i: number) => ({
  name: `Guest ${i}`,
  email: `guest${i}@example.com`,
  phone: '+81 90 1234 5678',
  numberOfPeople: 2,
  tourPackageId,
  tourDate,
  tourTime,
})

async function postBooking(url: string, body: unknown) {
  const res = await fetch(`${url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json().catch(() => null)) as { reference?: string } | null }
}

/** Every active booking holds exactly the claims of its slot, and no claim belongs to anything else. */
async function checkInvariants(databaseUrl: string | undefined, dataDir: string | undefined) {
  const query = async (text: string) => {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        return (await client.query(text)).rows
      } finally {
        await client.end()
      }
    }
    const { PGlite } = await import('@electric-sql/pglite')
    const db = new PGlite(path.join(dataDir!, 'pgdata'))
    try {
      return (await db.query(text)).rows as Record<string, unknown>[]
    } finally {
      await db.close()
    }
  }
  const mismatches = await query(`
    select b.reference, b.status, b.tour_time, count(c.part)::int as claims
    from bookings b left join slot_claims c on c.booking_id = b.id
    group by b.id
    having (b.status in ('pending', 'confirmed', 'paid') and count(c.part) <> case b.tour_time when 'full-day' then 2 else 1 end)
        or (b.status = 'cancelled' and count(c.part) <> 0)`)
  return mismatches
}

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

    expect(await checkInvariants(databaseUrl, dataDir)).toEqual([])
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
    const target = new URL(database.url!)
    // A TCP proxy we can cut: the app's only way to its database.
    const sockets = new Set<net.Socket>()
    const listen = (port: number) =>
      new Promise<net.Server>((resolve) => {
        const proxy = net.createServer((client) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname)
          sockets.add(client).add(upstream)
          client.pipe(upstream).pipe(client)
          const close = () => {
            client.destroy()
            upstream.destroy()
          }
          client.on('error', close).on('close', close)
          upstream.on('error', close).on('close', close)
        })
        proxy.listen(port, '127.0.0.1', () => resolve(proxy))
      })
    let proxy = await listen(0)
    const proxyPort = (proxy.address() as net.AddressInfo).port
    const viaProxy = new URL(database.url!)
    viaProxy.host = `127.0.0.1:${proxyPort}`
    const server = await startServer({ DATABASE_URL: viaProxy.toString(), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-503-')) })
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)

    // close() waits for open connections: cut them first.
    sockets.forEach((s) => s.destroy())
    sockets.clear()
    await new Promise<void>((resolve) => proxy.close(() => resolve()))
    for (const path of ['/api/health', '/api/tour-packages', '/api/time-slots?month=2030-06']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status, path).toBe(503)
      const body = (await res.json()) as { message?: string; status?: string }
      expect(body.message ?? body.status).toMatch(/unavailable/i)
    }

    proxy = await listen(proxyPort)
    let healthy = false
    for (let i = 0; i < 40 && !healthy; i++) {
      healthy = (await fetch(`${server.url}/api/tour-packages`)).status === 200
      if (!healthy) await new Promise((r) => setTimeout(r, 250))
    }
    expect(healthy).toBe(true)
    await kill(server.child, 'SIGTERM')
    sockets.forEach((s) => s.destroy())
    await new Promise<void>((resolve) => proxy.close(() => resolve()))
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
