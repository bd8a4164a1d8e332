import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { outgoingEmails, waitlistAddresses } from '../../server/db/schema.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { bookingBody, postJson, startServerProcess, stopAllServers, tourPackages, waitFor } from './server-process.ts'
import { confirmTokenFor } from './waitlist-pages.ts'

/**
 * docs/decisions/0070: one address hears of at most WAITLIST_MAILS_PER_ADDRESS_PER_DAY openings a
 * day, counted in the database. Two app processes on one PostgreSQL free eight slots the address
 * waits for at the same moment, four each: a count kept by each instance would let each send the
 * cap (six in all); the database's count lets three through, whichever instance sends them.
 */

const CAP = 3
const KEEN = 'keen.two@example.net'
const dataDirs: string[] = []
afterEach(async () => {
  await stopAllServers()
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe.runIf(ENGINES.includes('postgres'))('the waitlist’s daily cap with two app instances on PostgreSQL', () => {
  it('eight openings freed at once through two instances reach a confirmed address exactly the cap of times', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const env = (name: string) => {
      dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `jlt-waitcap-${name}-`)))
      return {
        DATABASE_URL: database.url!,
        DATA_DIR: dataDirs.at(-1)!,
        SMTP_URL: '',
        WAITLIST_MAILS_PER_ADDRESS_PER_DAY: String(CAP),
        RATE_LIMIT_WAITLIST_PER_HOUR: '1000',
        RATE_LIMIT_LOOKUPS_PER_MINUTE: '10000',
      }
    }
    const [a, b] = await Promise.all([startServerProcess(env('a')), startServerProcess(env('b'))])
    const half = (await tourPackages(a.url)).find((p) => p.isHalfDay)!
    const today = todayInTokyo(new Date())
    const dates = weekendDatesBetween(addDays(today, 14), addDays(today, 120)).slice(0, 8)
    expect(dates).toHaveLength(8)

    const references: string[] = []
    for (const [i, date] of dates.entries()) {
      const booked = await postJson(`${a.url}/api/bookings`, bookingBody(half.id, date, 'morning', i))
      expect(booked.status, JSON.stringify(booked.json)).toBe(201)
      references.push(booked.json.reference)
      const joined = await postJson(`${(i % 2 ? b : a).url}/api/waitlist`, { email: KEEN, tourDate: date, tourTime: 'morning', numberOfPeople: 2, tourPackageId: half.id })
      expect(joined.status, JSON.stringify(joined.json)).toBe(201)
    }
    // One confirmation e-mail for the eight sign-ups on two instances; confirmed on the other one.
    expect(await database.db.select().from(outgoingEmails).where(and(eq(outgoingEmails.kind, 'waitlist-confirm'), eq(outgoingEmails.toAddress, KEEN)))).toHaveLength(1)
    expect((await postJson(`${b.url}/api/waitlist/confirm/${await confirmTokenFor(database, KEEN)}`, {})).status).toBe(200)

    // All eight holds cancelled at once, four through each instance.
    const cancelled = await Promise.all(references.map((reference, i) => postJson(`${(i % 2 ? b : a).url}/api/bookings/${reference}/cancel`, {})))
    expect(cancelled.map((r) => r.status)).toEqual(Array(8).fill(200))
    const told = () => database.db.select().from(outgoingEmails).where(and(eq(outgoingEmails.kind, 'waitlist-open'), eq(outgoingEmails.toAddress, KEEN)))
    expect((await told()).length).toBeLessThanOrEqual(CAP)
    // An opening skipped while the other instance held the address is told by the minute job, up to the cap.
    await waitFor('the cap to be reached', async () => ((await told()).length >= CAP ? true : undefined), 150_000)
    // Both instances' minute jobs have run at least once since; the count stays at the cap.
    await new Promise((r) => setTimeout(r, 65_000))
    expect(await told()).toHaveLength(CAP)
    const [address] = await database.db.select().from(waitlistAddresses).where(eq(waitlistAddresses.email, KEEN))
    expect(address).toMatchObject({ openingMailDay: todayInTokyo(new Date()), openingMails: CAP })
  }, 300_000)
})
