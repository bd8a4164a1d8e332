import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { MIGRATIONS_FOLDER } from '../paths.ts'
import { sqlState, type Database } from './client.ts'

/** PostgreSQL's "relation does not exist": the migrations table was never created. */
const UNDEFINED_TABLE = '42P01'

/**
 * The creation time of the build's latest migration, as drizzle-kit wrote it in the
 * journal. Drizzle's migrator records it as `created_at` when it applies that migration,
 * and applies every migration newer than the newest recorded one, so the database is at
 * this build's schema exactly when its newest `created_at` is at least this.
 */
export function latestMigrationMillis(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

export type SchemaState = 'current' | 'behind' | 'not migrated'

/**
 * Whether the database's schema is the one this build expects (issue 13: health means
 * ready). Once current it stays current for this process (migrations only move forward),
 * so the answer is cached and later checks cost nothing; while it is not, each check asks
 * the database again. Errors reaching the database propagate (the caller answers 503).
 */
export function schemaVersionCheck(database: Database, latest = latestMigrationMillis()) {
  let current = false
  return async function schemaState(): Promise<SchemaState> {
    if (current) return 'current'
    try {
      // Both drivers answer { rows }; Drizzle's type for it is generic over the driver.
      const result = (await database.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)) as unknown as { rows: { newest: string | number | null }[] }
      const newest = result.rows[0]?.newest
      if (newest === null || newest === undefined) return 'not migrated'
      current = Number(newest) >= latest
      return current ? 'current' : 'behind'
    } catch (error) {
      if (sqlState(error) === UNDEFINED_TABLE) return 'not migrated'
      throw error
    }
  }
}
