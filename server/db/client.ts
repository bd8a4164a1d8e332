import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { MIGRATIONS_FOLDER } from '../paths.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}


/**
 * PGlite runs PostgreSQL inside this process's WebAssembly heap, which grows and never
 * shrinks, and its first start runs initdb in a second, throw-away instance with the same
 * settings. PostgreSQL's default 128 MB of shared buffers, touched in full at start-up in
 * both, held most of the server's idle memory; this business's database is a few megabytes
 * (docs/decisions/0028).
 */
const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB']

const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS]

/**
 * Runs initdb for a fresh data folder in a short-lived child process. In this process,
 * PGlite would run it in a second instance whose memory (about 50 MB resident, 500 MB of
 * WebAssembly heap reserved) stays with the server for its whole life, even after a
 * close and a garbage collection (docs/decisions/0028).
 */
async function initPgliteFolder(dataDir: string): Promise<void> {
  const script = `const { PGlite } = await import(process.argv[1]);
    const db = new PGlite(process.argv[2], { startParams: JSON.parse(process.argv[3]) });
    await db.waitReady; await db.close()`
  const args = ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dataDir, JSON.stringify(PGLITE_START_PARAMS)]
  await promisify(execFile)(process.execPath, args, { timeout: 120_000 })
}

async function openPglite(dataDir: string): Promise<PGlite> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initPgliteFolder(dataDir)
  const client = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS })
  await client.waitReady
  return client
}

export type DatabaseOptions = {
  databaseUrl?: string
  dataDir?: string
  poolSize?: number
  /**
   * PostgreSQL: cancel a statement (lock waits included) after this long; the server sets
   * it. None by default: operator commands (export, backup) may run long.
   */
  statementTimeoutMs?: number
  /** PostgreSQL: give up waiting for a connection, new or from a full pool, after this long. */
  connectTimeoutMs?: number
}

/**
 * How much longer than the statement timeout the client waits for any answer: the server
 * cancels a slow statement first (57014); only a database that has gone silent (stalled,
 * a black-holed network) reaches this, and the query fails with "Query read timeout".
 */
const SILENT_DATABASE_MARGIN_MS = 1000

/**
 * Embedded PostgreSQL (PGlite) in DATA_DIR by default; a real PostgreSQL server through
 * node-postgres when DATABASE_URL is set. Both run the same SQL migrations.
 * PGlite allows one process per data folder: several instances need PostgreSQL.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // A database that is slow, locked or silent fails requests within seconds (503, see
    // server/http/errors.ts), and frees the pool, instead of holding them (docs/decisions/0025).
    const { statementTimeoutMs } = options
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + SILENT_DATABASE_MARGIN_MS } : {}),
    })
    // A client losing its connection (a database restart, a cut network) must not crash the
    // process: an idle one is the pool's to drop; one a transaction holds out of the pool
    // between statements has no listener of the pool's, and its 'error' event would be thrown.
    // Its statements fail on their own (503), and the pool drops it when it is released.
    pool.on('error', () => {})
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
    }
  }
  const dataDir = path.resolve(options.dataDir ?? './data', 'pgdata')
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  const client = await openPglite(dataDir)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
  }
}

/**
 * Apply the committed migrations. On PostgreSQL a session advisory lock, held on a
 * connection of its own, keeps two instances starting together from migrating at once.
 */
export async function migrateDatabase(database: Database, options: DatabaseOptions): Promise<void> {
  if (database.kind === 'pglite' || !options.databaseUrl) {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER })
    return
  }
  // Migrations run on the lock's own connection, which has no statement timeout: a
  // migration may rightly take longer than any request should.
  const lockClient = new pg.Client({ connectionString: options.databaseUrl })
  await lockClient.connect()
  try {
    await lockClient.query('select pg_advisory_lock(727140001)')
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    await lockClient.end()
  }
}

/** The SQLSTATE of a database error; Drizzle wraps driver errors, so look at the cause too. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'
export const DEADLOCK_DETECTED = '40P01'
