import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq, sql } from 'drizzle-orm'
import { bookings } from '../../server/db/schema.ts'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { createApp } from '../../server/app.ts'
import { listRoutes, type RouteEntry } from '../../server/http/route-list.ts'
import { TABLES_IN_ORDER } from '../../server/db/transfer.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, type TestApp, type TestClient } from './app.ts'

/**
 * The security suite (issue 8): an access matrix built from the app's own route list,
 * cross-site refusals, oversized bodies, and a property-based fuzz of every public body,
 * query string and route parameter. A route that is not declared public here must be
 * admin-only: a new endpoint is guarded by default or this suite fails.
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/webhooks/stripe', // authenticated by Stripe's signature
  'GET /api/health',
  'POST /api/login',
  'POST /api/logout',
  'GET /api/user',
  'GET /api/me',
  'POST /api/contact',
  'GET /api/time-slots',
  'GET /api/tour-packages',
  'POST /api/bookings',
  'GET /api/bookings/:reference',
  'POST /api/create-payment-intent',
  'POST /api/bookings/:reference/payment-success',
  'POST /api/bookings/:reference/simulated-payment',
  'GET /api/bookings/:reference/cancellation-quote',
  'POST /api/bookings/:reference/cancel',
])

// Ids that exist nowhere: the fuzz must not demote or delete the admin it is logged in as.
const SAMPLE_PARAMS: Record<string, string> = { id: '999999', date: '2030-06-01', reference: 'NOSUCHREF123' }
const concrete = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? 'x')
const isMutating = (r: RouteEntry) => r.method !== 'GET' && r.method !== 'HEAD'

async function rowCounts(app: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of TABLES_IN_ORDER) {
    if (table === 'sessions' || table === 'audit_log') continue
    const result = (await app.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as { rows: { n: number }[] }
    counts[table] = Number(result.rows[0]?.n)
  }
  return counts
}

describe.each(ENGINES)('security on %s', (engine) => {
  let app: TestApp
  let routes: RouteEntry[]
  let admin: TestClient
  let user: TestClient
  beforeAll(async () => {
    app = await startTestApp(engine, { env: { RATE_LIMIT_BOOKINGS_PER_HOUR: '100000', RATE_LIMIT_CONTACT_PER_MINUTE: '100000', RATE_LIMIT_LOGIN_PER_MINUTE: '100000' } })
    routes = listRoutes(createApp({ database: app.database, services: app.services, config: app.config, logger: (await import('../../server/logger.ts')).createLogger('silent') }).app)
    admin = await app.loggedIn(true)
    user = await app.loggedIn(false)
  })
  afterAll(async () => {
    await app.close()
  })

  it('finds the API in its own route list', () => {
    expect(routes.length).toBeGreaterThan(20)
    expect(routes.every((r) => r.path.startsWith('/api/'))).toBe(true)
    // Every route declared public still exists (the list stays honest).
    const present = new Set(routes.map((r) => `${r.method} ${r.path}`))
    expect([...PUBLIC_ROUTES].filter((r) => !present.has(r))).toEqual([])
  })

  it('answers 401 without a session and 403 for a non-admin on every admin endpoint', async () => {
    const guarded = routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`))
    expect(guarded.length).toBeGreaterThan(15)
    const failures: string[] = []
    for (const route of guarded) {
      const path = concrete(route.path)
      const body = isMutating(route) ? {} : undefined
      const anonymous = await app.client().request(route.method, path, body)
      const nonAdmin = await user.request(route.method, path, body)
      if (anonymous.status !== 401) failures.push(`${route.method} ${route.path}: anonymous got ${anonymous.status}`)
      if (nonAdmin.status !== 403) failures.push(`${route.method} ${route.path}: non-admin got ${nonAdmin.status}`)
      if (/scrypt\$|passwordHash/.test(anonymous.text + nonAdmin.text)) failures.push(`${route.method} ${route.path}: leaks a password hash`)
    }
    expect(failures).toEqual([])
  })

  it('refuses every state-changing request from another site and stores nothing', async () => {
    const before = await rowCounts(app)
    const failures: string[] = []
    for (const route of routes.filter(isMutating)) {
      if (route.path === '/api/webhooks/stripe') continue
      const res = await admin.request(route.method, concrete(route.path), {}, { origin: 'https://evil.example' })
      if (res.status !== 403) failures.push(`${route.method} ${route.path}: ${res.status}`)
      const noOrigin = await admin.request(route.method, concrete(route.path), {}, { 'sec-fetch-site': 'cross-site' })
      if (noOrigin.status !== 403) failures.push(`${route.method} ${route.path} (sec-fetch-site): ${noOrigin.status}`)
    }
    expect(failures).toEqual([])
    expect(await rowCounts(app)).toEqual(before)
  })

  it('refuses oversized bodies on every state-changing route with 413', async () => {
    // Past every limit: 100 kB for JSON, 1 MB for Stripe's webhook.
    const big = JSON.stringify({ name: 'x'.repeat(1_500_000) })
    const failures: string[] = []
    for (const route of routes.filter(isMutating)) {
      const res = await admin.request(route.method, concrete(route.path), big)
      if (res.status !== 413) failures.push(`${route.method} ${route.path}: ${res.status}`)
    }
    expect(failures).toEqual([])
  })

  it('sets Secure, HttpOnly, SameSite=Lax session cookies in production', async () => {
    const prod = await startTestApp(engine, {
      env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), BASE_URL: 'https://tours.example.com', SIMULATED_PAYMENTS: 'true' },
    })
    try {
      await prod.createUser('produser', 'prod-password', true)
      const res = await prod.client().post('/api/login', { username: 'produser', password: 'prod-password' })
      const cookie = res.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/; Secure/i)
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    } finally {
      await prod.close()
    }
  })

  it('reveals no guest data for a numeric booking id, though the booking exists', async () => {
    const tourDate = weekendDatesBetween(addDays(todayInTokyo(new Date()), 30), addDays(todayInTokyo(new Date()), 40))[0]!
    const guest = { name: 'Numeric Probe', email: 'numeric.probe@example.com', phone: '+81 90 7777 1212', numberOfPeople: 2, tourPackageId: 1, tourDate, tourTime: 'morning' }
    const made = await app.client().post('/api/bookings', guest)
    expect(made.status).toBe(201)
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, made.json.reference))
    const id = row!.id
    // The reference itself answers (so the probes below are refused for the id, not for lack of a booking).
    expect((await app.client().get(`/api/bookings/${made.json.reference}`)).text).toContain('Numeric Probe')
    for (const path of [`/api/bookings/${id}`, `/api/bookings/${String(id).padStart(4, '0')}`, `/api/bookings/-${id}`, `/api/bookings/${id}/cancellation-quote`]) {
      const res = await app.client().get(path)
      expect(res.status, path).toBeGreaterThanOrEqual(400)
      expect(res.status, path).toBeLessThan(500)
      for (const secret of [guest.name, guest.email, guest.phone, made.json.reference]) expect(res.text, path).not.toContain(secret)
    }
  })

  // ---- Property-based fuzz: no input makes the server fail or store a row it refused ----

  const json = fc.jsonValue({ maxDepth: 3 })
  const fieldValue = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), json)
  const bodyWith = (keys: string[]) => fc.oneof(json, fc.dictionary(fc.constantFrom(...keys), fieldValue, { maxKeys: keys.length }))
  const KNOWN_KEYS = [
    'name', 'email', 'phone', 'numberOfPeople', 'tourPackageId', 'tourDate', 'tourTime', 'specialRequests', 'interestTheme', 'website',
    'visitDate', 'groupSize', 'package', 'message', 'username', 'password', 'isAdmin', 'status', 'bookingId', 'amount', 'cardNumber',
    'cause', 'reason', 'refundAmount', 'basePrice', 'extraGuestPrice', 'soloPrice', 'morningAvailable', 'adminNotes', 'totalPrice',
  ]

  it('never answers 5xx nor stores a row for any refused public or admin body', async () => {
    const targets = routes.filter((r) => (r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT') && r.path !== '/api/logout')
    const failures: string[] = []
    for (const route of targets) {
      const client = PUBLIC_ROUTES.has(`${route.method} ${route.path}`) ? app.client() : admin
      await fc.assert(
        fc.asyncProperty(bodyWith(KNOWN_KEYS), async (body) => {
          const before = await rowCounts(app)
          const res = await client.request(route.method, concrete(route.path), body)
          if (res.status >= 500) failures.push(`${route.method} ${route.path} ${JSON.stringify(body)} → ${res.status}`)
          if (res.status >= 400) {
            const after = await rowCounts(app)
            if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${route.method} ${route.path} stored rows on ${res.status}: ${JSON.stringify(body)}`)
          }
          return true
        }),
        { numRuns: 25, seed: 20261122 },
      )
    }
    expect(failures.slice(0, 10)).toEqual([])
  }, 600_000)

  it('never answers 5xx for any query string or route parameter', async () => {
    const failures: string[] = []
    const text = fc.string({ unit: 'binary', maxLength: 30 })
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('month', 'from', 'to', 'email', 'status', 'sort', 'page', 'pageSize', 'q', 'format'), text), text, async (query, param) => {
        const qs = new URLSearchParams(query).toString()
        const segment = encodeURIComponent(param) || 'x'
        for (const path of [
          `/api/time-slots?${qs}`,
          `/api/tour-packages?${qs}`,
          `/api/bookings/${segment}`,
          `/api/bookings/${segment}/cancellation-quote`,
        ]) {
          const res = await app.client().get(path)
          if (res.status >= 500) failures.push(`${path} → ${res.status}`)
        }
        for (const path of [`/api/bookings?${qs}`, `/api/admin/guest-data?${qs}`, `/api/admin/weekend-availability?${qs}`, `/api/admin/bookings/${segment}`]) {
          const res = await admin.get(path)
          if (res.status >= 500) failures.push(`${path} → ${res.status}`)
        }
        return true
      }),
      { numRuns: 60, seed: 20261122 },
    )
    expect(failures.slice(0, 10)).toEqual([])
  }, 300_000)
})
