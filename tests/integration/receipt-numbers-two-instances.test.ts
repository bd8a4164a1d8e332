import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { taxDocuments, taxSettings, tourPackages } from '../../server/db/schema.ts'
import { insertBookings } from '../booking-fixture.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { logIn, startServerProcess, stopAllServers } from './server-process.ts'
import { postSectionData, sectionData } from './section-data.ts'

/**
 * Receipt numbers have no gaps and no duplicates (docs/decisions/0080): 50 receipts of 50
 * bookings issued at once through two app processes on one PostgreSQL, and ten requests racing
 * for one booking's receipt, which is issued once: the Bookings dialog's Issue receipt as its
 * script sends it, the section's data request (docs/decisions/0088).
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
      // Pages render in development mode here, slower than production: 25 requests queued on each
      // instance's pool may wait longer than its default few seconds for a connection.
      return { DATABASE_URL: database.url!, DATA_DIR: dataDirs.at(-1)!, SMTP_URL: '', DATABASE_CONNECT_TIMEOUT_MS: '60000', DATABASE_STATEMENT_TIMEOUT_MS: '60000' }
    }
    // The real entry, which serves the dashboard's pages and their data requests.
    const [a, b] = await Promise.all([startServerProcess(env('a'), 'main'), startServerProcess(env('b'), 'main')])
    const [cookieA, cookieB] = await Promise.all([logIn(a.url, 'owner', 'owner-password'), logIn(b.url, 'owner', 'owner-password')])
    const instance = (i: number) => (i % 2 === 0 ? { url: a.url, cookie: cookieA } : { url: b.url, cookie: cookieB })

    // Each fixture booking's one ledger group (price and cash) is its receipt's point, as the booking's details dialog lists it.
    type Details = { dialog: { kind: string; receipts: { points: { key: number }[] } } | null }
    const pointOf = async (bookingId: number) => {
      const { dialog } = await sectionData<Details>(a.url, cookieA, 'bookings', { details: String(bookingId) })
      if (dialog?.kind !== 'details') throw new Error(`no details dialog for booking ${bookingId}`)
      return dialog.receipts.points[0]!.key
    }
    type Issued = { ok: boolean; result?: { number: string } }
    const issue = (i: number, bookingId: number, point: number) =>
      postSectionData<Issued>(instance(i).url, instance(i).cookie, 'bookings', { intent: 'issueReceipt', id: String(bookingId), point: String(point) })
    const many = rows.slice(0, 50)
    const points = await Promise.all(many.map((r) => pointOf(r.id)))
    // Both instances have compiled the section before the race (development mode compiles on first use).
    await sectionData(b.url, cookieB, 'bookings')
    const issued = await Promise.all(many.map((r, i) => issue(i, r.id, points[i]!)))
    for (const res of issued) expect(res.status, JSON.stringify(res.data)).toBe(200)
    const numbers = issued.map((res) => res.data.result!.number).sort()
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `R-${String(i + 1).padStart(6, '0')}`))

    // Ten requests for one receipt through both instances: one document, the same to all.
    const last = rows[50]!
    const point = await pointOf(last.id)
    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => issue(i, last.id, point)))
    expect(new Set(racing.map((res) => `${res.status} ${res.data.result?.number}`))).toEqual(new Set(['200 R-000051']))
    const stored = await database.db.select({ number: taxDocuments.number }).from(taxDocuments).orderBy(asc(taxDocuments.number))
    expect(stored.map((r) => r.number)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1))
  }, 400_000)
})
