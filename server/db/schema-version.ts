import fs from 'node:fs'
import path from 'node:path'
import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { MIGRATIONS_FOLDER } from '../paths.ts'
import { sqlState, type Database } from './client.ts'
import * as schema from './schema.ts'

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

/** Every table of the build's schema (server/db/schema.ts). */
const TABLE_NAMES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table))

export type SchemaState = 'current' | 'behind' | 'not migrated' | 'tables missing'

/**
 * Whether the database's schema is the one this build expects (docs/decisions/0025: health means
 * ready), asked on every call: a schema seen current once can still be dropped or restored
 * from an older backup under a running instance, and health must say so while it lasts. One
 * query, cheap enough for a poll: the newest migration recorded, and how many of the
 * schema's tables exist. Errors reaching the database propagate (the caller answers 503).
 */
export function schemaVersionCheck(database: Database, latest = latestMigrationMillis()) {
  const names = sql.join(TABLE_NAMES.map((name) => sql`${name}`), sql`, `)
  return async function schemaState(): Promise<SchemaState> {
    try {
      // Both drivers answer { rows }; Drizzle's type for it is generic over the driver.
      const result = (await database.db.execute(sql`select
          (select max(created_at) from drizzle.__drizzle_migrations) as newest,
          (select count(*) from pg_catalog.pg_tables where schemaname = current_schema() and tablename in (${names}))::int as tables`)) as unknown as {
        rows: { newest: string | number | null; tables: number }[]
      }
      const { newest, tables } = result.rows[0] ?? { newest: null, tables: 0 }
      if (newest === null || newest === undefined) return 'not migrated'
      if (Number(newest) < latest) return 'behind'
      return Number(tables) === TABLE_NAMES.length ? 'current' : 'tables missing'
    } catch (error) {
      if (sqlState(error) === UNDEFINED_TABLE) return 'not migrated'
      throw error
    }
  }
}
