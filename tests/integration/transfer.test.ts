import { afterEach, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { sql } from 'drizzle-orm'
import { type Database, type Db } from '../../server/db/client.ts'
import { MIGRATIONS_FOLDER } from '../../server/paths.ts'
import * as schema from '../../server/db/schema.ts'
import { bookings, calendarFeed, contactMessages, outgoingEmails, slotClaims, tourPackages, users, weekendAvailability } from '../../server/db/schema.ts'
import { exportDatabase, importDatabase, ImportRefused, TABLES_IN_ORDER, TABLES_NOT_EXPORTED } from '../../server/db/transfer.ts'
import { seedDatabase } from '../../server/db/seed.ts'
import { hashPassword } from '../../server/auth/passwords.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { startTestApp, type TestApp } from './app.ts'
import { phonePhoto } from './crafted-images.ts'
import { insertBookings } from '../booking-fixture.ts'

async function freshPglite(): Promise<Database> {
  const client = new PGlite()
  const db = drizzle(client, { schema }) as unknown as Db
  await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
  await seedDatabase(db)
  return { db, kind: 'pglite', close: () => client.close() }
}

async function snapshot(db: Db) {
  const out: Record<string, unknown[]> = {}
  for (const table of TABLES_IN_ORDER) {
    const result = (await db.execute(sql.raw(`select row_to_json(t)::text as row from "${table}" t order by 1`))) as unknown as { rows: { row: string }[] }
    out[table] = result.rows.map((r) => r.row).sort()
  }
  return out
}

describe('moving the embedded database to PostgreSQL (or another embedded one)', () => {
  it('moves every table of the schema, or says why not: a new table is never lost by a move', () => {
    const named = Object.values(schema)
      .filter((value) => typeof value === 'object' && value !== null && Symbol.for('drizzle:Name') in value)
      .map((table) => (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')]!)
    expect([...TABLES_IN_ORDER, ...TABLES_NOT_EXPORTED].sort()).toEqual(named.sort())
  })

  const targetEngine = ENGINES.includes('postgres') ? 'postgres' : 'pglite'
  let source: TestApp
  let target: Database | undefined
  let served: TestApp | undefined
  afterEach(async () => {
    await served?.close()
    await source?.close()
    if (target && targetEngine === 'pglite') await target.close()
    served = undefined
    target = undefined
  })

  it(`exports every row from PGlite and imports it unchanged into ${targetEngine}`, async () => {
    source = await startTestApp('pglite')
    const db = source.db
    const [admin] = await db.insert(users).values({ username: 'guide', passwordHash: await hashPassword('guide-password'), isAdmin: true, email: 'guide@example.com' }).returning()
    const [tour] = await db.select().from(tourPackages).limit(1)
    await db.update(tourPackages).set({ basePrice: 15000 }).where(sql`${tourPackages.id} = ${tour!.id}`)
    const [booking] = await insertBookings(db, { reference: 'MOVEDBOOKING', name: 'Aiko Tanaka', email: 'aiko@example.com', phone: '+81 90 1111 2222', numberOfPeople: 3, tourPackageId: tour!.id, tourDate: '2027-01-09', tourTime: 'full-day', status: 'paid', totalPrice: 26400, paidAt: new Date('2026-11-20T01:02:03.456Z'), specialRequests: 'Snow boots?', policyAcceptedAt: new Date('2026-11-20T01:00:00.789Z'), policyVersion: '2026-11-25' })
    await db.insert(slotClaims).values([
      { tourDate: '2027-01-09', part: 'morning', bookingId: booking!.id },
      { tourDate: '2027-01-09', part: 'afternoon', bookingId: booking!.id },
    ])
    await db.insert(weekendAvailability).values({ date: '2027-01-10', dayOfWeek: 0, morningAvailable: false, adminNotes: 'Family day' })
    await db.insert(contactMessages).values({ name: 'Ben', email: 'ben@example.com', message: 'Hello “quotes” and 日本語', visitDate: '2027-02-13', groupSize: '5+' })
    await db.insert(outgoingEmails).values({ kind: 'test', toAddress: 'x@example.com', subject: 's', html: '<p/>', text: 't', attachments: [{ filename: 'tour.ics', contentType: 'text/calendar', content: 'QkVHSU4=' }] })
    // The guide's calendar subscription keeps working on the new database (docs/decisions/0050).
    const feedToken = new URL((await source.services.calendarFeed.replace({ id: admin!.id, username: 'guide' })).url!).pathname.split('/').pop()!.replace(/\.ics$/, '')
    const photo = await source.services.media.upload(await phonePhoto(), 'portrait.jpg', { alt: 'The guide at Takada Castle', focalX: 40, focalY: 30 })
    await source.services.media.place('guide.portrait', photo.id)

    const exported = JSON.parse(JSON.stringify(await exportDatabase(db)))
    expect(exported.tables.bookings).toHaveLength(1)

    target = targetEngine === 'postgres' ? await testDatabase('postgres') : await freshPglite()
    if (targetEngine === 'postgres') await (target as Awaited<ReturnType<typeof testDatabase>>).reset()
    const counts = await importDatabase(target.db, exported)
    expect(counts).toMatchObject({ users: 1, bookings: 1, slot_claims: 2, contact_messages: 1, outgoing_emails: 1, tour_packages: 2, media: 1, photo_placements: 1, calendar_feed: 1 })
    expect(await snapshot(target.db)).toEqual(await snapshot(db))

    // The site on the new database serves the same data: the guide logs in, prices match,
    // the slot is still taken, and new rows get fresh ids.
    served = await startTestApp(targetEngine, { database: target })
    const login = await served.client().post('/api/login', { username: 'guide', password: 'guide-password' })
    expect(login.status).toBe(200)
    const [movedTour] = await target.db.select().from(tourPackages).where(sql`${tourPackages.id} = ${tour!.id}`)
    expect(movedTour!.basePrice).toBe(15000)
    await expect(target.db.insert(slotClaims).values({ tourDate: '2027-01-09', part: 'morning', bookingId: booking!.id })).rejects.toThrow()
    const [next] = await target.db.insert(users).values({ username: 'second', passwordHash: 'x' }).returning()
    expect(next!.id).toBe(admin!.id + 1)
    // The guide's photo came across byte for byte: its pictures are made again on the new database.
    const portrait = (await served.services.media.onPage(['guide.portrait'], 'en'))['guide.portrait']!
    expect(portrait.alt).toBe('The guide at Takada Castle')
    expect((await served.client().bytes(portrait.src)).status).toBe(200)
    // So did the consent of the booking and the calendar feed's URL.
    const [moved] = await target.db.select().from(bookings)
    expect([moved!.policyAcceptedAt?.toISOString(), moved!.policyVersion]).toEqual(['2026-11-20T01:00:00.789Z', '2026-11-25'])
    expect((await target.db.select().from(calendarFeed))[0]!.token).toBe(feedToken)
    expect((await served.client().get(`/calendar/${feedToken}.ics`)).status).toBe(200)
  })

  it('refuses to import over a database that already holds data, and changes nothing', async () => {
    source = await startTestApp('pglite')
    await source.db.insert(users).values({ username: 'existing', passwordHash: 'x' })
    const before = await snapshot(source.db)
    const data = { format: 'joetsu-local-tours-export' as const, version: 1 as const, exportedAt: '', tables: { users: [] } }
    await expect(importDatabase(source.db, data)).rejects.toBeInstanceOf(ImportRefused)
    expect(await snapshot(source.db)).toEqual(before)
    await expect(importDatabase(source.db, { format: 'other' } as never)).rejects.toThrow('unknown format')
  })
})
