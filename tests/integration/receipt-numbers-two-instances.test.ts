import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { taxDocuments, taxSettings, tourPackages } from '../../server/db/schema.ts'
import { insertBookings } from '../booking-fixture.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { logIn, postJson, startServerProcess, stopAllServers } from './server-process.ts'

/**
 * Receipt numbers have no gaps and no duplicates (docs/decisions/0080): 50 receipts of 50
 * bookings issued at once through two app processes on one PostgreSQL, and ten requests racing
 * for one booking's receipt, which is issued once.
 */

const dataDirs: string[] = []
afterEach(async () => {
  await stopAllServers()
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe.runIf(ENGINES.includes('postgres'))('receipt numbers with two app instances on PostgreSQL', () => {
  it('numbers 50 concurrent receipts 1 to 50, and issues one booking’s receipt once', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const [pkg] = await database.db.select().from(tourPackages).where(eq(tourPackages.slug, 'half-day'))
    const rows = await insertBookings(
      database.db,
      Array.from({ length: 51 }, (_, i) => ({
        reference: `RECEIPTRACE${String(i).padStart(2, '0')}`,
        name: `Guest ${i}`,
        email: `guest${i}@example.net`,
        phone: '+81 90 1234 5678',
        numberOfPeople: 2,
        tourPackageId: pkg!.id,
        tourDate: '2027-03-06',
        tourTime: 'morning' as const,
        totalPrice: 14_300,
        status: 'paid' as const,
        paidAt: new Date(),
      })),
    )
    await database.db
      .insert(taxSettings)
      .values({ id: 1, registered: true, registrationNumber: 'T1234567890123', legalName: 'Joetsu Local Tours', address: 'Joetsu, Niigata' })
      .onConflictDoUpdate({ target: taxSettings.id, set: { registered: true, registrationNumber: 'T1234567890123', legalName: 'Joetsu Local Tours', address: 'Joetsu, Niigata' } })

    const env = (name: string) => {
      dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `jlt-receipts-${name}-`)))
      return { DATABASE_URL: database.url!, DATA_DIR: dataDirs.at(-1)!, SMTP_URL: '' }
    }
    const [a, b] = await Promise.all([startServerProcess(env('a')), startServerProcess(env('b'))])
    const [cookieA, cookieB] = await Promise.all([logIn(a.url, 'owner', 'owner-password'), logIn(b.url, 'owner', 'owner-password')])
    const instance = (i: number) => (i % 2 === 0 ? { url: a.url, cookie: cookieA } : { url: b.url, cookie: cookieB })

    // Each fixture booking's one ledger group (price and cash) is its receipt's point.
    const pointOf = async (bookingId: number) => {
      const listed = await fetch(`${a.url}/api/admin/bookings/${bookingId}/receipts`, { headers: { cookie: cookieA } })
      return ((await listed.json()) as { points: { key: number }[] }).points[0]!.key
    }
    const many = rows.slice(0, 50)
    const points = await Promise.all(many.map((r) => pointOf(r.id)))
    const issued = await Promise.all(many.map((r, i) => postJson(`${instance(i).url}/api/admin/bookings/${r.id}/receipts`, { point: points[i] }, { cookie: instance(i).cookie })))
    for (const res of issued) expect(res.status, JSON.stringify(res.json)).toBe(201)
    const numbers = issued.map((res) => (res.json as { number: string }).number).sort()
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `R-${String(i + 1).padStart(6, '0')}`))

    // Ten requests for one receipt through both instances: one document, the same to all.
    const last = rows[50]!
    const point = await pointOf(last.id)
    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => postJson(`${instance(i).url}/api/admin/bookings/${last.id}/receipts`, { point }, { cookie: instance(i).cookie })))
    expect(new Set(racing.map((res) => `${res.status} ${(res.json as { number: string }).number}`))).toEqual(new Set(['201 R-000051']))
    const stored = await database.db.select({ number: taxDocuments.number }).from(taxDocuments).orderBy(asc(taxDocuments.number))
    expect(stored.map((r) => r.number)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1))
  }, 180_000)
})
