import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ENGINES, testDatabase } from './databases.ts'
import { queryDatabase, startServerProcess, stopAllServers } from './server-process.ts'

/**
 * docs/decisions/0024 over real HTTP, with the pages served: the API, the booking page's form posts
 * (/booking, /book) and its data requests (/booking.data, /book.data) count against one
 * booking limit per client address. Before, the data requests were not limited at all.
 */

const LIMIT = 3
const PATHS = ['/api/bookings', '/booking', '/book', '/booking.data', '/book.data'] as const
const dataDirs: string[] = []
afterEach(stopAllServers)
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
})

/** A bot's post (honeypot filled: refused with 400 and nothing stored, but it counts). */
function post(url: string, where: (typeof PATHS)[number], address: string) {
  const fields = { name: 'Bot', email: 'victim@example.com', website: 'http://spam.example' }
  const json = where === '/api/bookings'
  return fetch(url + where, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'x-forwarded-for': address, 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  })
}

describe.each(ENGINES)('one booking limit for every way in, over HTTP, on %s', (engine) => {
  it('refuses the post past the limit with 429 and Retry-After on each entry point, and counts them together', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-limit-'))
    dataDirs.push(dataDir)
    const database = engine === 'postgres' ? await testDatabase('postgres') : null
    await database?.reset()
    const env = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', TRUST_PROXY: '1', RATE_LIMIT_BOOKINGS_PER_HOUR: String(LIMIT) }
    const server = await startServerProcess(env, 'main')

    // Each entry point alone, from an address of its own.
    for (const [i, where] of PATHS.entries()) {
      const address = `203.0.113.${i + 1}`
      for (let n = 0; n < LIMIT; n++) expect((await post(server.url, where, address)).status, `${where} #${n + 1}`).not.toBe(429)
      const refused = await post(server.url, where, address)
      expect(refused.status, where).toBe(429)
      expect(Number(refused.headers.get('retry-after')), where).toBeGreaterThan(0)
    }

    // One address going round the entry points is stopped at the same count.
    const statuses: number[] = []
    for (const where of [...PATHS, ...PATHS]) statuses.push((await post(server.url, where, '198.51.100.77')).status)
    expect(statuses.slice(0, LIMIT).every((s) => s !== 429)).toBe(true)
    expect(statuses.slice(LIMIT)).toEqual(Array(PATHS.length * 2 - LIMIT).fill(429))

    const rows = await queryDatabase(database ? { databaseUrl: database.url } : { dataDir }, 'select count(*)::int as n from bookings').catch(() => null)
    if (rows) expect(rows[0]!.n).toBe(0)
  }, 240_000)
})
