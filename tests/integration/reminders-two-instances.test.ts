import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { addDays, todayInTokyo } from '../../core/dates.ts'
import { bookings, outgoingEmails, tourPackages } from '../../server/db/schema.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { startServerProcess, stopAllServers, stopServer, waitFor } from './server-process.ts'
import { startSmtp, type TestSmtpServer } from './smtp.ts'
import { insertBookings } from '../booking-fixture.ts'

/**
 * Two app processes on one PostgreSQL both run the reminder job, and the guest
 * still gets one reminder. email.test.ts races two calls inside one process; here the two
 * runs are separate servers with connection pools of their own, made to reach the same
 * booking at the same moment.
 */

let smtp: TestSmtpServer | undefined
const dataDirs: string[] = []
afterEach(async () => {
  await stopAllServers()
  await smtp?.stop()
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe.runIf(ENGINES.includes('postgres'))('reminders with two app instances on PostgreSQL', () => {
  it('both instances run the reminder job on the same due booking, and one reminder is queued and sent', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const [pkg] = await database.db.select().from(tourPackages).where(eq(tourPackages.slug, 'half-day'))
    const tourDate = addDays(todayInTokyo(new Date()), 1)
    const [booking] = await insertBookings(database.db, { reference: 'REMINDTWICE1', name: 'Kenji Tanaka', email: 'guest@example.net', phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: pkg!.id, tourDate, tourTime: 'morning', totalPrice: 14300, status: 'paid', paidAt: new Date() })

    // Hold the booking's row, so each instance's reminder run (it starts a second after the
    // server) stops at its conditional UPDATE of that row; let both go at once.
    const locker = new pg.Client({ connectionString: database.url })
    await locker.connect()
    try {
      await locker.query('begin')
      await locker.query('select id from bookings where id = $1 for update', [booking!.id])
      smtp = await startSmtp()
      const env = (name: string) => {
        dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `jlt-remind-${name}-`)))
        return { DATABASE_URL: database.url!, DATA_DIR: dataDirs.at(-1)!, SMTP_URL: smtp!.url }
      }
      const [a, b] = await Promise.all([startServerProcess(env('a')), startServerProcess(env('b'))])
      await waitFor('both instances to wait on the booking row', async () => {
        // One reminder run per process at a time, so two waiting updates are both instances.
        const waiting = (await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "bookings" set "reminder_sent_at"%'`,
        )) as unknown as { rows: { n: number }[] }
        return waiting.rows[0]!.n === 2 ? true : undefined
      })
      await locker.query('commit')

      // The outbox job (every 5 s) sends it; stopping both servers waits for any send in progress.
      await waitFor('the reminder to be sent', async () => {
        const [row] = await database.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'reminder'))
        return row?.status === 'sent' ? row : undefined
      })
      expect(await Promise.all([stopServer(a.child), stopServer(b.child)])).toEqual([0, 0])
    } finally {
      await locker.end()
    }

    const reminders = await database.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'reminder'))
    expect(reminders.map((r) => [r.dedupeKey, r.status, r.toAddress])).toEqual([[`reminder:${booking!.id}:${booking!.tourDate}`, 'sent', 'guest@example.net']])
    const [marked] = await database.db.select().from(bookings).where(eq(bookings.id, booking!.id))
    expect(marked!.reminderSentAt).not.toBeNull()
    expect(smtp!.to('guest@example.net').map((m) => m.subject)).toEqual([expect.stringMatching(/^See you soon: your tour on /)])
    expect(smtp!.messages).toHaveLength(1)
  }, 120_000)
})
