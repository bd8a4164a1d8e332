import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { createApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config/index.ts'
import { createLogger } from '../../server/logger.ts'
import { createServices, type Clock } from '../../server/services/index.ts'
import { hashPassword } from '../../server/auth/passwords.ts'
import { tourPackages, users } from '../../server/db/schema.ts'
import { testDatabase, type EngineKind } from './databases.ts'
import type { Database } from '../../server/db/client.ts'

/** A clock the test moves by hand (holds expiring, lead times, reminders). */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now = () => new Date(this.current.getTime())
  set(instant: Date | string) {
    this.current = new Date(instant)
  }
  advanceMinutes(minutes: number) {
    this.current = new Date(this.current.getTime() + minutes * 60_000)
  }
}

/**
 * The real Express app (API only, no pages) on the real database engine, listening on a
 * free port of 127.0.0.1. Each call resets the database, so tests do not see each other.
 */
export async function startTestApp(
  engine: EngineKind,
  options: { clock?: TestClock; env?: Record<string, string>; /** Serve this database as it is, without the reset. */ database?: Database } = {},
) {
  const database: Database & { url?: string } = options.database ?? (await testDatabase(engine))
  if (!options.database) await (database as Awaited<ReturnType<typeof testDatabase>>).reset()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-int-'))
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', BASE_URL: 'http://127.0.0.1', ...options.env })
  const logger = createLogger('silent')
  const clock = options.clock ?? new TestClock()
  const services = createServices({ database, config, logger, clock })
  const { app } = createApp({ database, services, config, logger })
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseUrl,
    database,
    db: database.db,
    services,
    config,
    clock,
    /** A browser-like client with its own cookie jar. */
    client: () => new TestClient(baseUrl),
    async createUser(username: string, password: string, isAdmin: boolean) {
      const [row] = await database.db.insert(users).values({ username, passwordHash: await hashPassword(password), isAdmin }).returning()
      return row!
    },
    /** A client already logged in as a fresh admin (or non-admin). */
    async loggedIn(isAdmin = true) {
      const username = isAdmin ? 'guide-admin' : 'helper-user'
      await this.createUser(username, 'correct-horse-battery', isAdmin)
      const client = new TestClient(baseUrl)
      const res = await client.post('/api/login', { username, password: 'correct-horse-battery' })
      if (res.status !== 200) throw new Error(`login failed: ${res.status}`)
      return client
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>

/** An app whose clock stands at `now`, a logged-in admin, and the seeded half-day and full-day tours' ids. */
export async function startWithCatalogue(engine: EngineKind, now: string, env?: Record<string, string>) {
  const app = await startTestApp(engine, { clock: new TestClock(new Date(now)), env })
  const admin = await app.loggedIn(true)
  const slugs = new Map((await app.db.select().from(tourPackages)).map((p) => [p.slug, p.id]))
  return { app, admin, halfDay: slugs.get('half-day')!, fullDay: slugs.get('full-day')! }
}

export class TestClient {
  private cookies = new Map<string, string>()
  constructor(readonly baseUrl: string) {}

  async request(method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' }
    const h = init.headers as Record<string, string>
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (body instanceof FormData) init.body = body
    else if (body !== undefined) {
      h['content-type'] ??= 'application/json'
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
    }
    const res = await fetch(this.baseUrl + urlPath, init)
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...rest] = pair!.split('=')
      const value = rest.join('=')
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name!.trim())
      else this.cookies.set(name!.trim(), value)
    }
    const text = await res.text()
    let json: any // eslint-disable-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint under test
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, text, json }
  }

  get(p: string, headers?: Record<string, string>) {
    return this.request('GET', p, undefined, headers)
  }
  post(p: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', p, body ?? {}, headers)
  }
  patch(p: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PATCH', p, body ?? {}, headers)
  }
  delete(p: string, headers?: Record<string, string>) {
    return this.request('DELETE', p, undefined, headers)
  }
  put(p: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', p, body ?? {}, headers)
  }
  /** A binary response (a picture), with its headers. */
  async bytes(p: string) {
    const res = await fetch(this.baseUrl + p)
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}
