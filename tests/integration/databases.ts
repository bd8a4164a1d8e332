import crypto from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { migrateDatabase, openDatabase, type Database, type Db } from '../../server/db/client.ts'
import { MIGRATIONS_FOLDER } from '../../server/paths.ts'
import * as schema from '../../server/db/schema.ts'
import { seedDatabase } from '../../server/db/seed.ts'

export type EngineKind = 'pglite' | 'postgres'

/** The engines this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: EngineKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export type TestDatabase = Database & {
  /** A connection string for a second pool (PostgreSQL only): two "app servers" racing. */
  url?: string
  /** Empty every table and re-seed the catalogue: each test starts from a fresh site. */
  reset(): Promise<void>
}

const cache = new Map<EngineKind, Promise<TestDatabase>>()

/**
 * One migrated database per engine per worker (the integration project runs with
 * isolate: false, so this cache lives as long as the worker). PGlite runs in memory;
 * PostgreSQL gets a throw-away database created from TEST_DATABASE_URL.
 */
export function testDatabase(kind: EngineKind): Promise<TestDatabase> {
  let entry = cache.get(kind)
  if (!entry) {
    entry = kind === 'pglite' ? createPglite() : createPostgres()
    cache.set(kind, entry)
  }
  return entry
}

async function createPglite(): Promise<TestDatabase> {
  const client = new PGlite()
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
  const database: Database = {
    db,
    kind: 'pglite',
    close: () => client.close(),
  }
  return withReset(database)
}

async function createPostgres(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL!
  const name = `jlt_test_${process.env.JLT_TEST_RUN ?? "adhoc"}_${process.pid}_${crypto.randomBytes(3).toString("hex")}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const options = { databaseUrl: url.toString() }
  const database = await openDatabase(options)
  await migrateDatabase(database, options)
  const close = database.close
  database.close = async () => {
    await close()
    const dropper = new pg.Client({ connectionString: adminUrl })
    await dropper.connect()
    await dropper.query(`drop database if exists ${name} with (force)`)
    await dropper.end()
  }
  return { ...(await withReset(database)), url: url.toString() }
}

async function withReset(database: Database): Promise<TestDatabase> {
  const tables = Object.values(schema)
    .filter((value): value is typeof schema.users => typeof value === 'object' && value !== null && Symbol.for('drizzle:Name') in value)
    .map((table) => `"${(table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')]}"`)
  const reset = async () => {
    await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`))
    await seedDatabase(database.db)
  }
  await reset()
  return Object.assign(database, { reset })
}
