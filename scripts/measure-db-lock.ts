/**
 * A held table lock with the default timeouts (docs/decisions/0025, docs/deploy.md): the API server
 * on a throw-away PostgreSQL database, a second connection holding `lock table bookings in
 * access exclusive mode`, 20 concurrent GET /api/bookings/REF (twice the pool). Prints the
 * statuses with Retry-After, the fastest and slowest answers, then one request after the
 * lock is released.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/measure-db-lock.ts
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createScratchDatabase } from '../tests/integration/scratch-database.ts'
import { startServerProcess, stopAllServers, tourPackages, bookingBody, postJson } from '../tests/integration/server-process.ts'
import { addDays, todayInTokyo, weekendDatesBetween } from '../core/dates.ts'
const db = await createScratchDatabase()
const server = await startServerProcess({ DATABASE_URL: db.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'm-')) })
const t = (await tourPackages(server.url)).find((p) => p.isHalfDay)!
const dates = weekendDatesBetween(addDays(todayInTokyo(new Date()), 10), addDays(todayInTokyo(new Date()), 40))
const ref = (await postJson(`${server.url}/api/bookings`, bookingBody(t.id, dates[0]!, 'morning', 0))).json.reference
const locker = new pg.Client({ connectionString: db.url })
await locker.connect()
await locker.query('begin')
await locker.query('lock table bookings in access exclusive mode')
const started = Date.now()
const r = await Promise.all(Array.from({ length: 20 }, async () => { const s = Date.now(); const res = await fetch(`${server.url}/api/bookings/${ref}`); return [res.status, res.headers.get('retry-after'), Date.now() - s] as const }))
console.log(JSON.stringify({ statuses: [...new Set(r.map((x) => `${x[0]} retry-after=${x[1]}`))], minMs: Math.min(...r.map((x) => x[2])), maxMs: Math.max(...r.map((x) => x[2])), totalMs: Date.now() - started }))
await locker.query('rollback')
await locker.end()
const s2 = Date.now()
const after = await fetch(`${server.url}/api/bookings/${ref}`)
console.log(JSON.stringify({ afterRelease: after.status, ms: Date.now() - s2 }))
await stopAllServers()
await db.drop()
