import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'

/**
 * Real server processes for the reliability tests: started, signalled, killed, restarted,
 * and their database read back afterwards. Every process started here is remembered, so a
 * failing test still leaves none behind (call stopAllServers from afterEach).
 */

export type ServerProcess = { child: ChildProcess; url: string; output: () => string }

/**
 * server/main.ts is the real entry (its SIGTERM handler, the pages in development mode);
 * the fixture is the same start-up without the pages, for tests running several servers.
 */
const ENTRIES = {
  main: { file: 'server/main.ts', ready: /running at http:\/\/localhost:(\d+)/ },
  api: { file: 'tests/integration/fixtures/api-server.ts', ready: /READY (\d+)/ },
} as const

const running = new Set<ChildProcess>()

/** A server on a free port of 127.0.0.1 (PORT=0: the process reports the port it got). */
export function startServerProcess(env: Record<string, string>, entry: keyof typeof ENTRIES = 'api'): Promise<ServerProcess> {
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRIES[entry].file], {
    // Vitest exports Vite's BASE_URL ('/'); the server must not inherit it.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      BASE_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_BOOKINGS_PER_HOUR: '100000',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.on('exit', () => running.delete(child))
  return new Promise((resolve, reject) => {
    // Generous: start-up (migrations, Vite for the pages) is slow on a loaded machine.
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 150_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const match = ENTRIES[entry].ready.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => output })
      }
    })
    child.stderr!.on('data', (d) => (output += d))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}: ${output}`))
    })
  })
}

/** Polls `probe` until it gives a value (the servers' jobs run on their own clocks), or fails naming `what`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}

/** Signal the process and resolve with its exit code (null when a signal ended it). */
export function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
    child.once('exit', (code) => resolve(code))
    child.kill(signal)
  })
}

export async function stopAllServers() {
  await Promise.all([...running].map((child) => stopServer(child, 'SIGKILL')))
}

/** Where a stopped server kept its data: PostgreSQL by URL, or the PGlite folder of DATA_DIR. */
export type DatabaseLocation = { databaseUrl?: string; dataDir?: string }

export async function queryDatabase(where: DatabaseLocation, text: string): Promise<Record<string, unknown>[]> {
  if (where.databaseUrl) {
    const client = new pg.Client({ connectionString: where.databaseUrl })
    await client.connect()
    try {
      return (await client.query(text)).rows
    } finally {
      await client.end()
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const db = new PGlite(path.join(where.dataDir!, 'pgdata'))
  try {
    return (await db.query(text)).rows as Record<string, unknown>[]
  } finally {
    await db.close()
  }
}

/**
 * Bookings whose slot claims are not exactly those of their slot: an active booking holds
 * one claim per half day it covers, a cancelled one none. (A claim without its booking
 * cannot exist: the foreign key refuses it.) Empty when nothing was half-written.
 */
export function slotClaimMismatches(where: DatabaseLocation) {
  return queryDatabase(
    where,
    `select b.reference, b.status, b.tour_time, count(c.part)::int as claims
     from bookings b left join slot_claims c on c.booking_id = b.id
     group by b.id
     having (b.status in ('pending', 'confirmed', 'paid') and count(c.part) <> case b.tour_time when 'full-day' then 2 else 1 end)
         or (b.status = 'cancelled' and count(c.part) <> 0)`,
  )
}

export const bookingBody = (tourPackageId: number, tourDate: string, tourTime: string, i: number) => ({
  name: `Guest ${i}`,
  email: `guest${i}@example.com`,
  phone: '+81 90 1234 5678',
  numberOfPeople: 2,
  tourPackageId,
  tourDate,
  tourTime,
  acceptPolicy: true,
})

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint under test
  return { status: res.status, headers: res.headers, json: (await res.json().catch(() => null)) as any }
}

export async function tourPackages(url: string) {
  return (await (await fetch(`${url}/api/tour-packages`)).json()) as { id: number; isHalfDay: boolean }[]
}

/** Log in through the API and return the session cookie ("name=value"). */
export async function logIn(url: string, username: string, password: string): Promise<string> {
  const res = await postJson(`${url}/api/login`, { username, password })
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status}`)
  return res.headers.get('set-cookie')!.split(';')[0]!
}
