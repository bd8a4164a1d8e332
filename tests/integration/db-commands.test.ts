import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { TABLES_IN_ORDER } from '../../server/db/transfer.ts'
import { ENGINES } from './databases.ts'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts'
import { bookingBody, logIn, postJson, queryDatabase, startServerProcess, stopAllServers, stopServer, tourPackages, type DatabaseLocation } from './server-process.ts'

/**
 * The operator commands of scripts/db.ts, run as an operator runs them (npm run …) against
 * a site that took bookings through its API: the move from the embedded database to
 * PostgreSQL (data written on PGlite is exported, imported into PostgreSQL, and
 * the site serves it unchanged), and db:backup on either engine, restored.
 * Without TEST_DATABASE_URL the move goes to a second embedded database instead.
 */

const targetEngine = ENGINES.includes('postgres') ? 'postgres' : 'pglite'
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0
const SESSION_SECRET = 'db-commands-test-session-secret-0123456789abcdef'

/** `npm run <script> -- <args>`, bounded in time; resolves with its exit code and output. */
function npmRun(script: string, args: string[], location: DatabaseLocation): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, BASE_URL: '', LOG_LEVEL: 'warn', DATABASE_URL: location.databaseUrl ?? '', DATA_DIR: location.dataDir ?? tempDir('unused') },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

const tempDirs: string[] = []
function tempDir(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `jlt-db-${name}-`))
  tempDirs.push(dir)
  return dir
}

/** Every row of every table, as PostgreSQL writes it: equal snapshots mean equal data. */
async function snapshot(location: DatabaseLocation) {
  // One query: opening an embedded database costs seconds.
  const rows = await queryDatabase(location, TABLES_IN_ORDER.map((table) => `select '${table}' as t, row_to_json(x)::text as row from "${table}" x`).join(' union all '))
  const out: Record<string, string[]> = Object.fromEntries(TABLES_IN_ORDER.map((table) => [table, []]))
  for (const { t, row } of rows as { t: string; row: string }[]) out[t]!.push(row)
  for (const table of TABLES_IN_ORDER) out[table]!.sort()
  return out
}

const scratch: ScratchDatabase[] = []
afterEach(stopAllServers)
afterAll(async () => {
  // Also the site beforeAll started, should it have failed before stopping it.
  await stopAllServers()
  await Promise.all(scratch.map((db) => db.drop()))
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
})

describe('operator database commands', () => {
  const source: DatabaseLocation = { dataDir: tempDir('source') }
  /** What the site served before the move, to compare with what it serves after. */
  let served: { references: string[]; bookings: unknown[]; tours: unknown; admin: unknown; ownerCookie: string }

  const siteView = async (url: string, references: string[], cookie: string) => {
    const get = async (p: string, headers: Record<string, string> = {}) => {
      const res = await fetch(url + p, { headers })
      expect(res.status, p).toBe(200)
      return res.json()
    }
    const admin = { cookie }
    return {
      bookings: await Promise.all(references.map((ref) => get(`/api/bookings/${ref}`))),
      tours: await get('/api/tour-packages'),
      admin: {
        bookings: await get('/api/bookings?pageSize=500', admin),
        messages: await get('/api/admin/messages', admin),
        users: await get('/api/admin/users', admin),
      },
    }
  }

  // The embedded site at work: users, sessions, a changed price, a paid and a pending
  // booking, a message. Then stopped, as the commands require for the embedded database.
  beforeAll(async () => {
    // With its pages: the guide changes a price in Dashboard → Settings (docs/decisions/0088).
    const site = await startServerProcess({ DATA_DIR: source.dataDir!, DATABASE_URL: '', SESSION_SECRET, RATE_LIMIT_CONTACT_PER_MINUTE: '100' }, 'main')
    const ownerCookie = await logIn(site.url, 'owner', 'owner-password')
    const asOwner = { cookie: ownerCookie }
    expect((await postJson(`${site.url}/api/register`, { username: 'guide', password: 'guide-password', email: 'guide@example.jp' }, asOwner)).status).toBe(201)
    // The half day's form as Settings shows it (the guests' list has its fields), with a new price: a plain form post.
    type Tour = { id: number; isHalfDay: boolean; basePrice: number; extraGuestPrice: number; soloPrice: number | null; duration: string }
    const halfDay = ((await tourPackages(site.url)) as Tour[]).find((t) => t.isHalfDay)!
    const priceForm = { intent: 'tour', id: String(halfDay.id), basePrice: '15500', extraGuestPrice: String(halfDay.extraGuestPrice), soloPrice: halfDay.soloPrice === null ? '' : String(halfDay.soloPrice), soloPromoStart: '', soloPromoEnd: '', duration: halfDay.duration, available: 'on' }
    const changed = await fetch(`${site.url}/admin/settings`, { method: 'POST', redirect: 'manual', headers: asOwner, body: new URLSearchParams(priceForm) })
    expect([changed.status, changed.headers.get('location')], await changed.text()).toEqual([302, '/admin/settings'])
    const tours = (await tourPackages(site.url)) as Tour[]
    expect(tours.find((t) => t.id === halfDay.id)!.basePrice).toBe(15500)
    const [first, second] = weekendDatesBetween(addDays(todayInTokyo(new Date()), 10), addDays(todayInTokyo(new Date()), 30))
    const paid = await postJson(`${site.url}/api/bookings`, bookingBody(tours.find((t) => t.isHalfDay)!.id, first!, 'morning', 1))
    const pending = await postJson(`${site.url}/api/bookings`, bookingBody(tours.find((t) => !t.isHalfDay)!.id, second!, 'full-day', 2))
    expect([paid.status, pending.status]).toEqual([201, 201])
    expect((await postJson(`${site.url}/api/create-payment-intent`, { bookingId: paid.json.reference })).status).toBe(200)
    expect((await postJson(`${site.url}/api/bookings/${paid.json.reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    expect((await postJson(`${site.url}/api/bookings/${paid.json.reference}/payment-success`, {})).status).toBe(200)
    expect((await postJson(`${site.url}/api/contact`, { name: 'Ben', email: 'ben@example.com', message: 'Hello “quotes” and 日本語', website: '' })).status).toBe(201)
    const references = [paid.json.reference as string, pending.json.reference as string]
    served = { references, ownerCookie, ...(await siteView(site.url, references, ownerCookie)) }
    expect(await stopServer(site.child)).toBe(0)
  }, 180_000)

  it(`db:export, then db:import into a new ${targetEngine} database: the site serves the same bookings, prices, accounts and sessions`, async () => {
    const file = path.join(tempDir('export'), 'site.json')
    const exported = await npmRun('db:export', [file], source)
    expect(exported.code, exported.output).toBe(0)
    expect(exported.output).toContain('bookings 2,')
    expect(exported.output).toContain('contact_messages 1,')

    const target: DatabaseLocation = targetEngine === 'postgres' ? { databaseUrl: (await scratchDatabase()).url } : { dataDir: tempDir('target') }
    const imported = await npmRun('db:import', [file], target)
    expect(imported.code, imported.output).toBe(0)

    // Other bootstrap credentials: had the accounts not moved, these would make a new admin.
    const site = await startServerProcess({ DATABASE_URL: target.databaseUrl ?? '', DATA_DIR: target.dataDir ?? tempDir('target-data'), SESSION_SECRET, ADMIN_USERNAME: 'newcomer', ADMIN_PASSWORD: 'newcomer-password' })
    // The session from before the move is still valid, and both passwords still work.
    const after = await siteView(site.url, served.references, served.ownerCookie)
    expect(after).toEqual({ bookings: served.bookings, tours: served.tours, admin: served.admin })
    await logIn(site.url, 'owner', 'owner-password')
    await logIn(site.url, 'guide', 'guide-password')
    expect((await postJson(`${site.url}/api/login`, { username: 'newcomer', password: 'newcomer-password' })).status).toBe(401)
    // The slot of the moved paid booking is still taken.
    const [paid] = served.bookings as { tourDate: string; tourPackageId: number }[]
    const again = await postJson(`${site.url}/api/bookings`, bookingBody(paid!.tourPackageId, paid!.tourDate, 'morning', 3))
    expect(again.status).toBe(409)
    expect(await stopServer(site.child)).toBe(0)
    // The catalogue the guide edits in Settings, every column of it (the changed price, the unbookable tours, the translations).
    expect((await snapshot(target)).tour_packages).toEqual((await snapshot(source)).tour_packages)
  }, 180_000)

  it('db:backup of the embedded database writes a file that db:import restores row for row', async () => {
    const dir = tempDir('backup')
    const backup = await npmRun('db:backup', [dir], source)
    expect(backup.code, backup.output).toBe(0)
    const files = fs.readdirSync(dir)
    expect(files).toEqual([expect.stringMatching(/^joetsu-tours-.*\.json$/)])

    const restored: DatabaseLocation = { dataDir: tempDir('restored') }
    const imported = await npmRun('db:import', [path.join(dir, files[0]!)], restored)
    expect(imported.code, imported.output).toBe(0)
    const [before, after] = [await snapshot(source), await snapshot(restored)]
    expect(before.bookings).toHaveLength(2)
    expect(after).toEqual(before)
  }, 120_000)

  async function scratchDatabase() {
    const db = await createScratchDatabase()
    scratch.push(db)
    return db
  }

  it.runIf(targetEngine === 'postgres' && hasPgDump)(
    hasPgDump ? 'db:backup of PostgreSQL is a pg_dump that pg_restore brings back row for row' : 'db:backup of PostgreSQL (skipped: pg_dump is not installed)',
    async () => {
      // A PostgreSQL site with the same data: the source imported into a new database.
      const file = path.join(tempDir('pg-source'), 'site.json')
      expect((await npmRun('db:export', [file], source)).code).toBe(0)
      const live: DatabaseLocation = { databaseUrl: (await scratchDatabase()).url }
      expect((await npmRun('db:import', [file], live)).code).toBe(0)

      const dir = tempDir('pg-backup')
      const backup = await npmRun('db:backup', [dir], live)
      expect(backup.code, backup.output).toBe(0)
      const files = fs.readdirSync(dir)
      expect(files).toEqual([expect.stringMatching(/^joetsu-tours-.*\.dump$/)])
      expect(backup.output).toContain('pg_restore')

      const restored = await scratchDatabase()
      const restore = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', restored.url, path.join(dir, files[0]!)], { encoding: 'utf8', timeout: 60_000 })
      expect(restore.status, restore.stderr).toBe(0)
      const before = await snapshot(live)
      expect(before.bookings).toHaveLength(2)
      expect(await snapshot({ databaseUrl: restored.url })).toEqual(before)
    },
    120_000,
  )
})
