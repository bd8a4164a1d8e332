import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase, type Database, type DatabaseOptions } from '../../server/db/client.ts'
import { startTestApp, type TestApp } from './app.ts'
import { ENGINES } from './databases.ts'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts'

/**
 * docs/decisions/0025: health means ready. An instance whose database answers but whose schema is
 * not at this build's latest migration fails every route, so /api/health must say 503
 * and a load balancer keeps traffic away from it.
 */
describe.each(ENGINES)('health on %s', (engine) => {
  let scratch: ScratchDatabase | undefined
  let dataDir: string | undefined
  const open: { database: Database; apps: TestApp[] }[] = []

  afterEach(async () => {
    for (const { database, apps } of open.splice(0)) {
      for (const app of apps) await app.close()
      await database.close()
    }
    await scratch?.drop()
    scratch = undefined
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    dataDir = undefined
  })

  /** An empty database, never migrated, as the server opens it. */
  async function emptyDatabase(): Promise<{ database: Database; options: DatabaseOptions }> {
    if (engine === 'postgres') scratch = await createScratchDatabase()
    else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-health-'))
    const options = engine === 'postgres' ? { databaseUrl: scratch!.url } : { dataDir }
    const database = await openDatabase(options)
    open.push({ database, apps: [] })
    return { database, options }
  }

  async function appOn(database: Database) {
    const app = await startTestApp(engine, { database })
    open.find((o) => o.database === database)!.apps.push(app)
    return app
  }

  it('answers 503 with a clear body on a database that was never migrated, and 200 once it is', async () => {
    const { database, options } = await emptyDatabase()
    const app = await appOn(database)

    const before = await app.client().get('/api/health')
    expect(before.status).toBe(503)
    expect(before.headers.get('retry-after')).toBe('10')
    expect(before.json).toMatchObject({ status: 'unavailable', database: 'not migrated', databaseKind: engine })
    expect(before.json.message).toMatch(/migration/)

    await migrateDatabase(database, options)
    const after = await app.client().get('/api/health')
    expect(after.status).toBe(200)
    expect(after.json).toEqual({ status: 'ok', database: 'ok', databaseKind: engine })
  }, 120_000)

  it('answers 503 while the schema is behind the build (a migration of this build not applied)', async () => {
    const { database, options } = await emptyDatabase()
    await migrateDatabase(database, options)
    // As if this build brought a migration the database has not had yet.
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`)
    const app = await appOn(database)

    const res = await app.client().get('/api/health')
    expect(res.status).toBe(503)
    expect(res.json).toMatchObject({ status: 'unavailable', database: 'schema behind' })
  }, 120_000)

  // The schema dropped under a running app: health checked it only until it once saw it current,
  // and every route answered 500 meanwhile. Each call checks again; the routes answer 503.
  it('answers 503 once a table is dropped under the running app, and so do the routes that need it', async () => {
    const { database, options } = await emptyDatabase()
    await migrateDatabase(database, options)
    const app = await appOn(database)
    expect((await app.client().get('/api/health')).status).toBe(200)
    expect((await app.client().get('/api/tour-packages')).status).toBe(200)

    await database.db.execute(sql`drop table tour_packages cascade`)
    const health = await app.client().get('/api/health')
    expect(health.status).toBe(503)
    expect(health.json).toMatchObject({ status: 'unavailable', database: 'tables missing' })
    const route = await app.client().get('/api/tour-packages')
    expect(route.status).toBe(503)
    expect(route.headers.get('retry-after')).toBe('10')
  }, 120_000)
})
