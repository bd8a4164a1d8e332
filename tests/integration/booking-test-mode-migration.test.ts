import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { sql } from 'drizzle-orm'
import { MIGRATIONS_FOLDER } from '../../server/paths.ts'
import * as schema from '../../server/db/schema.ts'
import { seedDatabase } from '../../server/db/seed.ts'
import type { Db } from '../../server/db/client.ts'

/**
 * drizzle/0026_booking_test_mode.sql (docs/decisions/0081): bookings made before the test flag was
 * kept per booking take their reseller's mode as it stood at the migration; the site's own stay live.
 */

function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-migrations-'))
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
  const journalFile = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag))
  fs.writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}

describe('the booking test flag’s migration', () => {
  it('marks the bookings of a test-mode reseller as test, and no other', async () => {
    const client = new PGlite()
    const db = drizzle(client, { schema }) as unknown as Db
    const before = migrationsBefore('0026_booking_test_mode')
    try {
      await migrate(db as never, { migrationsFolder: before })
      await seedDatabase(db)
      await db.execute(sql`insert into resellers (id, name, commission_percent, key_hash, key_prefix, test_mode) values (1, 'Sandbox', 10, 'h1', 'jlt_a', true), (2, 'Klook', 20, 'h2', 'jlt_b', false)`)
      const pkg = sql`(select id from tour_packages order by id limit 1)`
      for (const [reference, reseller] of [['SANDBOX00001', 1], ['KLOOK0000001', 2], ['SITE00000001', null]] as const) {
        const uuid = reseller === null ? null : crypto.randomUUID()
        await db.execute(sql`insert into bookings (reference, name, email, phone, number_of_people, tour_package_id, tour_date, tour_time, reseller_id, octo_uuid) values (${reference}, 'Guest', 'g@example.com', '', 2, ${pkg}, '2030-05-18', 'morning', ${reseller}, ${uuid})`)
      }
      await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
      const rows = (await db.execute(sql`select reference, test_mode from bookings order by reference`)) as unknown as { rows: { reference: string; test_mode: boolean }[] }
      expect(rows.rows).toEqual([
        { reference: 'KLOOK0000001', test_mode: false },
        { reference: 'SANDBOX00001', test_mode: true },
        { reference: 'SITE00000001', test_mode: false },
      ])
    } finally {
      await client.close()
      fs.rmSync(before, { recursive: true, force: true })
    }
  })
})
