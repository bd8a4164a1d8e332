import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { bookings, tourPackages } from '../../server/db/schema.ts'
import { createLogger } from '../../server/logger.ts'
import { createServices } from '../../server/services/index.ts'
import { UNPAID_LIMIT_MESSAGE } from '../../server/services/bookings.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { startServerProcess, stopAllServers, tourPackages as packagesOf } from './server-process.ts'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'

/**
 * docs/decisions/0024: one guest e-mail address holds at most MAX_UNPAID_BOOKINGS_PER_EMAIL (2)
 * live unpaid bookings at once, on every way in, and two instances racing cannot both
 * squeeze in one more.
 */

// Wednesday 2030-05-01, 12:00 in Japan: these weekends are all bookable.
const NOW = '2030-05-01T03:00:00Z'
const SLOTS = [
  ['2030-05-11', 'morning'],
  ['2030-05-11', 'afternoon'],
  ['2030-05-12', 'morning'],
  ['2030-05-12', 'afternoon'],
  ['2030-05-18', 'morning'],
  ['2030-05-18', 'afternoon'],
] as const

const request = (i: number, email = 'aiko@example.com', halfDay: number) => ({
  name: 'Aiko Tanaka',
  email,
  phone: '+44 7700 900123',
  numberOfPeople: 2,
  tourPackageId: halfDay,
  tourDate: SLOTS[i]![0],
  tourTime: SLOTS[i]![1],
  acceptPolicy: true,
})

describe.each(ENGINES)('at most two unpaid bookings per e-mail address, on %s', (engine) => {
  let app: TestApp
  let halfDay: number
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    halfDay = (await app.db.select().from(tourPackages)).find((p) => p.isHalfDay)!.id
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const book = (i: number, email?: string) => app.client().post('/api/bookings', request(i, email, halfDay))

  it('refuses the third live hold with 409 and the message at the e-mail field, in any letter case, storing nothing', async () => {
    expect((await book(0)).status).toBe(201)
    expect((await book(1, 'Aiko@Example.com')).status).toBe(201)
    const third = await book(2, ' AIKO@example.COM ')
    expect(third.status).toBe(409)
    expect(third.json).toEqual({ message: UNPAID_LIMIT_MESSAGE, errors: { email: UNPAID_LIMIT_MESSAGE } })
    expect(await app.db.select().from(bookings)).toHaveLength(2)
    // Another address is not affected.
    expect((await book(2, 'ken@example.com')).status).toBe(201)
  })

  it('counts only live unpaid holds: not paid, confirmed, cancelled or lapsed ones', async () => {
    const first = await book(0)
    const second = await book(1)
    expect((await book(2)).status).toBe(409)

    // Paid by card (the simulated provider): one hold fewer.
    expect((await app.client().post('/api/create-payment-intent', { reference: first.json.reference })).status).toBe(200)
    const paid = await app.client().post(`/api/bookings/${first.json.reference}/simulated-payment`, { cardNumber: '4242 4242 4242 4242' })
    expect(paid.status, JSON.stringify(paid.json)).toBe(200)
    expect((await app.client().post(`/api/bookings/${first.json.reference}/payment-success`, {})).json).toMatchObject({ status: 'paid' })
    const third = await book(2)
    expect(third.status).toBe(201)
    expect((await book(3)).status).toBe(409)

    // Cancelled by the guest: one fewer again.
    expect((await app.client().post(`/api/bookings/${second.json.reference}/cancel`, {})).status).toBe(200)
    expect((await book(3)).status).toBe(201)
    expect((await book(4)).status).toBe(409)

    // Confirmed by the guide (held for good, no payment expected by the hold): not a live unpaid hold.
    await app.db.update(bookings).set({ status: 'confirmed', holdExpiresAt: null }).where(eq(bookings.reference, third.json.reference))
    expect((await book(4)).status).toBe(201)
    expect((await book(5)).status).toBe(409)

    // Thirty-one minutes on, every hold has lapsed, swept or not.
    app.clock.advanceMinutes(31)
    expect((await book(5)).status).toBe(201)
  })

  it.runIf(engine === 'postgres')('two instances racing six bookings for one address create exactly two', async () => {
    const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
    try {
      const other = createServices({ database: second, config: app.config, logger: createLogger('silent'), clock: app.clock })
      const outcomes = await Promise.all(
        SLOTS.map((_, i) =>
          (i % 2 === 0 ? app.services : other).bookings.create(request(i, 'racer@example.com', halfDay) as never).then(
            () => 'created',
            (error: Error) => error.message,
          ),
        ),
      )
      expect(outcomes.filter((o) => o === 'created')).toHaveLength(2)
      expect(outcomes.filter((o) => o === UNPAID_LIMIT_MESSAGE)).toHaveLength(4)
      expect(await app.db.select().from(bookings)).toHaveLength(2)
    } finally {
      await second.close()
    }
  })
})

const dataDirs: string[] = []
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
})

describe.each(ENGINES)('the limit on the booking page’s form post and data request, over HTTP, on %s', (engine) => {
  afterEach(stopAllServers)

  it('answers 409 with the message, as the form post and as the data request', async () => {
    dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-unpaid-')))
    const database = engine === 'postgres' ? await testDatabase('postgres') : null
    await database?.reset()
    const server = await startServerProcess({ DATA_DIR: dataDirs.at(-1)!, DATABASE_URL: database?.url ?? '', MAX_UNPAID_BOOKINGS_PER_EMAIL: '1' }, 'main')
    const halfDay = (await packagesOf(server.url)).find((p: { isHalfDay: boolean }) => p.isHalfDay) as { id: number }
    const today = todayInTokyo(new Date())
    const [first, second, third] = weekendDatesBetween(addDays(today, 10), addDays(today, 30))
    const fields = (tourDate: string) =>
      new URLSearchParams({ name: 'Page Guest', email: 'page-guest@example.com', phone: '+81 90 1234 5678', numberOfPeople: '2', tourPackageId: String(halfDay.id), tourDate, tourTime: 'morning', acceptPolicy: 'on' })
    const post = (where: string, tourDate: string) =>
      fetch(server.url + where, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields(tourDate).toString() })

    expect((await post('/booking', first!)).status).toBe(302)
    const page = await post('/booking', second!)
    expect(page.status).toBe(409)
    expect(await page.text()).toContain(UNPAID_LIMIT_MESSAGE)
    const data = await post('/booking.data', third!)
    expect(data.status).toBe(409)
    expect(await data.text()).toContain(UNPAID_LIMIT_MESSAGE)
  }, 240_000)
})
