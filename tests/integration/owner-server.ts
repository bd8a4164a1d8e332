import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { EngineKind } from './databases.ts'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts'
import { logIn, startServerProcess, stopAllServers } from './server-process.ts'

/** The running site a describe block's tests share: its address, the owner's session cookie, and its data folder. */
export type OwnerServer = { readonly url: string; readonly cookie: string; readonly dataDir: string }

/**
 * One process of the real entry (server/main.ts, the pages included) on a data folder of its own,
 * and on a scratch PostgreSQL database when `engine` is 'postgres', with the owner signed in:
 * started before the tests of the describe block that calls this, and gone after them.
 */
export function ownerServer(prefix: string, engine: EngineKind = 'pglite'): OwnerServer {
  const site = { url: '', cookie: '', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), prefix)) }
  let database: ScratchDatabase | undefined
  beforeAll(async () => {
    database = engine === 'postgres' ? await createScratchDatabase() : undefined
    site.url = (await startServerProcess({ DATA_DIR: site.dataDir, DATABASE_URL: database?.url ?? '' }, 'main')).url
    site.cookie = await logIn(site.url, 'owner', 'owner-password')
  }, 180_000)
  afterAll(async () => {
    await stopAllServers()
    await database?.drop()
    fs.rmSync(site.dataDir, { recursive: true, force: true })
  })
  return site
}
