import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { slotClaims, tourPackages } from '../../server/db/schema.ts'
import { openDatabase, sqlState, UNIQUE_VIOLATION } from '../../server/db/client.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { startTestApp, type TestApp } from './app.ts'
import { insertBookings } from '../booking-fixture.ts'

describe.each(ENGINES)('foundation on %s', (engine) => {
  let app: TestApp
  beforeEach(async () => {
    app = await startTestApp(engine)
  })
  afterEach(async () => {
    await app.close()
  })

  describe('authentication', () => {
    it('logs an admin in with a session cookie and answers who is logged in', async () => {
      await app.createUser('guide', 'secret-password', true)
      const client = app.client()
      expect((await client.get('/api/user')).status).toBe(401)

      const login = await client.post('/api/login', { username: 'Guide', password: 'secret-password' })
      expect(login.status).toBe(200)
      expect(login.json).toMatchObject({ success: true, user: { username: 'guide', isAdmin: true } })
      const cookie = login.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/jlt_session=/)
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(JSON.stringify(login.json)).not.toMatch(/\$argon2|scrypt|passwordHash/)

      expect((await client.get('/api/user')).json).toMatchObject({ username: 'guide', isAdmin: true })
      expect((await client.get('/api/me')).json).toMatchObject({ success: true, user: { isAdmin: true } })

      expect((await client.post('/api/logout')).status).toBe(200)
      expect((await client.get('/api/user')).status).toBe(401)
    })

    it('refuses a wrong password with 401 and the spec message', async () => {
      await app.createUser('guide', 'secret-password', true)
      const res = await app.client().post('/api/login', { username: 'guide', password: 'wrong-password' })
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ success: false, message: 'Invalid username or password' })
    })

    it('answers the schema message for a too-short username', async () => {
      const res = await app.client().post('/api/login', { username: 'ab', password: 'secret-password' })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe('Username must be at least 3 characters.')
    })

    it('takes the login form posted without a script, answering with redirects instead of JSON', async () => {
      await app.createUser('guide', 'secret-password', true)
      await app.createUser('helper', 'helper-password', false)
      const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
      const asForm = { 'content-type': 'application/x-www-form-urlencoded' }

      const wrong = await app.client().post('/api/login', form({ username: 'guide', password: 'wrong-password', redirectTo: '' }), asForm)
      expect(wrong.status).toBe(303)
      expect(wrong.headers.get('location')).toBe('/admin/login?failed=1&redirectTo=%2Fadmin%2Fbookings')
      expect(wrong.headers.get('set-cookie')).toBeNull()

      const helper = app.client()
      const refused = await helper.post('/api/login', form({ username: 'helper', password: 'helper-password' }), asForm)
      expect(refused.headers.get('location')).toMatch(/^\/admin\/login\?notAdmin=1&/)
      expect((await helper.get('/api/user')).status).toBe(401)

      const guide = app.client()
      const ok = await guide.post('/api/login', form({ username: 'guide', password: 'secret-password', redirectTo: '/admin/dashboard?tab=users' }), asForm)
      expect(ok.status).toBe(303)
      expect(ok.headers.get('location')).toBe('/admin/dashboard?tab=users')
      expect((await guide.get('/api/user')).json).toMatchObject({ username: 'guide', isAdmin: true })

      // Never onwards to another site, whatever the form says.
      const away = await app.client().post('/api/login', form({ username: 'guide', password: 'secret-password', redirectTo: 'https://evil.example/' }), asForm)
      expect(away.headers.get('location')).toBe('/admin/bookings')
    })

    it('rate limits login: the 11th rapid attempt answers 429', async () => {
      await app.createUser('guide', 'secret-password', true)
      const client = app.client()
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) statuses.push((await client.post('/api/login', { username: 'guide', password: `wrong-${i}-pw` })).status)
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
      expect(statuses[10]).toBe(429)
      // Even the right password is refused until the window passes.
      expect((await client.post('/api/login', { username: 'guide', password: 'secret-password' })).status).toBe(429)
    })

    it('lets the admin in from a clean address while strangers fail for that username from 15 others (docs/decisions/0024)', async () => {
      // Behind a proxy (TRUST_PROXY=1) each stranger is told apart by X-Forwarded-For.
      const proxied = await startTestApp(engine, { database: app.database, env: { TRUST_PROXY: '1' } })
      try {
        await proxied.createUser('admin', 'the-real-password', true)
        const from = (address: string) => ({ 'x-forwarded-for': address })
        for (let i = 1; i <= 15; i++) {
          expect((await proxied.client().post('/api/login', { username: 'admin', password: `guess-${i}` }, from(`203.0.113.${i}`))).status).toBe(401)
        }
        // One address hammering the username is stopped at its own limit...
        const hammer: number[] = []
        for (let i = 0; i < 11; i++) hammer.push((await proxied.client().post('/api/login', { username: 'admin', password: `again-${i}` }, from('198.51.100.7'))).status)
        expect(hammer.at(-1)).toBe(429)
        // ...while the real admin, from an address that has not been failing, logs in.
        const real = await proxied.client().post('/api/login', { username: 'admin', password: 'the-real-password' }, from('192.0.2.50'))
        expect(real.status).toBe(200)
        expect(real.json).toMatchObject({ success: true, user: { username: 'admin', isAdmin: true } })
      } finally {
        await proxied.close()
      }
    })

    it('bootstraps the first admin only once', async () => {
      const first = await app.services.users.bootstrapAdmin({ username: 'owner', password: 'owner-password' })
      // A configured password is never handed back, so nothing can print it (docs/decisions/0026).
      expect(first).toEqual({ username: 'owner', generated: false })
      expect(await app.services.users.bootstrapAdmin({})).toBeNull()
      expect((await app.client().post('/api/login', { username: 'owner', password: 'owner-password' })).status).toBe(200)
    })

    it('generates a random password when none is configured', async () => {
      const created = await app.services.users.bootstrapAdmin({})
      if (!created?.generated) throw new Error(`expected a generated password, got ${JSON.stringify(created)}`)
      expect(created.password.length).toBeGreaterThanOrEqual(12)
      const res = await app.client().post('/api/login', { username: 'admin', password: created.password })
      expect(res.status).toBe(200)
    })
  })

  describe('server hygiene', () => {
    it('reports database health', async () => {
      const res = await app.client().get('/api/health')
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({ status: 'ok', database: 'ok', databaseKind: engine })
    })

    it('answers unknown API paths with JSON 404', async () => {
      const res = await app.client().get('/api/nope')
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ message: 'Not found' })
    })

    it('answers malformed JSON with 400 and a JSON message', async () => {
      const res = await app.client().post('/api/login', '{"username": ', { 'content-type': 'application/json' })
      expect(res.status).toBe(400)
      expect(res.json.message).toMatch(/Malformed JSON/)
    })

    it('refuses oversized bodies with 413', async () => {
      const res = await app.client().post('/api/login', { username: 'x'.repeat(200_000), password: 'secret-password' })
      expect(res.status).toBe(413)
    })

    it('refuses a mutating request from another origin', async () => {
      await app.createUser('guide', 'secret-password', true)
      const res = await app.client().post('/api/login', { username: 'guide', password: 'secret-password' }, { origin: 'https://evil.example' })
      expect(res.status).toBe(403)
      expect(res.headers.get('set-cookie')).toBeNull()
      const sameOrigin = await app.client().post('/api/login', { username: 'guide', password: 'secret-password' }, { origin: app.baseUrl })
      expect(sameOrigin.status).toBe(200)
    })

    it('sends security headers with a CSP that names only Stripe beyond our own origin', async () => {
      const res = await app.client().get('/api/health')
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toMatch(/default-src 'self'/)
      expect(csp).toMatch(/frame-ancestors 'none'/)
      const hosts = csp.match(/https:\/\/[^\s;]+/g) ?? []
      expect(hosts.length).toBeGreaterThan(0)
      expect(hosts.every((h) => /stripe\.com$/.test(h))).toBe(true)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-powered-by')).toBeNull()
      expect(res.headers.get('cache-control')).toBe('no-store')
    })
  })

  describe('one group per slot, held by the database (docs/decisions/0002)', () => {
    async function insertBooking(reference: string, tourTime: string) {
      const [tour] = await app.db.select().from(tourPackages).limit(1)
      const [row] = await insertBookings(app.db, { reference, name: 'Guest', email: 'g@example.com', phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: tour!.id, tourDate: '2030-06-01', tourTime, totalPrice: 14300 })
      return row!
    }

    it('refuses a second claim of the same half-day', async () => {
      const a = await insertBooking('REFAAAAAAAAA', 'morning')
      const b = await insertBooking('REFBBBBBBBBB', 'morning')
      await app.db.insert(slotClaims).values({ tourDate: '2030-06-01', part: 'morning', bookingId: a.id })
      const error = await app.db
        .insert(slotClaims)
        .values({ tourDate: '2030-06-01', part: 'morning', bookingId: b.id })
        .then(() => null, (e: unknown) => e)
      expect(sqlState(error)).toBe(UNIQUE_VIOLATION)
    })

    it('refuses statuses, group sizes and weekdays that break the rules', async () => {
      const [tour] = await app.db.select().from(tourPackages).limit(1)
      const base = { name: 'G', email: 'g@example.com', phone: '+81 90 1234 5678', tourPackageId: tour!.id, tourDate: '2030-06-01', tourTime: 'morning', totalPrice: 1 }
      // The guide books up to 30 (docs/decisions/0059); the site's 5 is the schema's and the service's.
      await expect(insertBookings(app.db, { ...base, reference: 'R1XXXXXXXXXX', numberOfPeople: 31 })).rejects.toThrow()
      await expect(insertBookings(app.db, { ...base, reference: 'R2XXXXXXXXXX', numberOfPeople: 2, status: 'lost' })).rejects.toThrow()
      await expect(app.db.execute(sql`insert into weekend_availability (date, day_of_week) values ('2030-06-03', 1)`)).rejects.toThrow()
    })
  })
})

describe.runIf(ENGINES.includes('postgres'))('two app servers racing on PostgreSQL', () => {
  it('lets exactly one of many concurrent claims of one slot win', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const [tour] = await database.db.select().from(tourPackages).limit(1)
    const second = await openDatabase({ databaseUrl: database.url })
    try {
      const servers = [database.db, second.db]
      const attempts = Array.from({ length: 10 }, (_, i) =>
        servers[i % 2]!.transaction(async (tx) => {
          const [booking] = await insertBookings(tx, { reference: `RACE${String(i).padStart(8, '0')}`, name: 'G', email: 'g@example.com', phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: tour!.id, tourDate: '2030-06-02', tourTime: 'full-day', totalPrice: 22000 })
          // Full day claims both halves, in opposite order on odd attempts to provoke deadlocks too.
          const parts = i % 2 ? ['afternoon', 'morning'] : ['morning', 'afternoon']
          for (const part of parts) await tx.insert(slotClaims).values({ tourDate: '2030-06-02', part, bookingId: booking!.id })
        }),
      )
      const results = await Promise.allSettled(attempts)
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const claims = await database.db.select().from(slotClaims)
      expect(claims).toHaveLength(2)
      expect(new Set(claims.map((c) => c.bookingId)).size).toBe(1)
    } finally {
      await second.close()
    }
  })
})
