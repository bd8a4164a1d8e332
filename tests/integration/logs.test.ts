import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { SMTPServer } from 'smtp-server'
import { createApp } from '../../server/app.ts'
import { outgoingEmails } from '../../server/db/schema.ts'
import { createMailer } from '../../server/email/mailer.ts'
import { createSmtpTransport } from '../../server/email/transports.ts'
import { createMailOutbox } from '../../server/services/mail-outbox.ts'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { ENGINES } from './databases.ts'
import { startTestApp } from './app.ts'
import { freePort } from './smtp.ts'

/** A pino logger writing into memory: the test reads exactly what would reach the log. */
function capturedLogger() {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { logger: pino({ level: 'info' }, sink), text: () => lines.join('') }
}

const GUEST = { name: 'Secret Guest', email: 'secret.guest@example.com', phone: '+81 90 5555 4444' }
const GUEST_SECRETS = [GUEST.email, 'secret.guest', GUEST.phone, '5555', GUEST.name]

// docs/decisions/0020: request logs carry no guest e-mail addresses, phone numbers, passwords or cookies.
describe('request logs', () => {
  it('record method, path and status, and none of the personal data sent', async () => {
    const base = await startTestApp('pglite')
    const { logger, text } = capturedLogger()
    const { app } = createApp({ database: base.database, services: base.services, config: base.config, logger })
    const server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const email = 'secret.guest@example.com'
      const phone = '+81 90 5555 4444'
      const post = (path: string, body: unknown) => fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      await post('/api/contact', { name: 'Secret Guest', email, phone, message: 'Hello' })
      const date = weekendDatesBetween(addDays(todayInTokyo(new Date()), 10), addDays(todayInTokyo(new Date()), 20))[0]!
      const booking = await post('/api/bookings', { name: 'Secret Guest', email, phone, numberOfPeople: 2, tourPackageId: 1, tourDate: date, tourTime: 'morning', acceptPolicy: true })
      expect(booking.status).toBe(201)
      await post('/api/login', { username: 'nobody', password: 'hunter2-password' })
      await fetch(`${url}/api/admin/guest-data/export?email=${encodeURIComponent(email)}`, { headers: { cookie: 'jlt_session=abc' } })

      const log = text()
      expect(log).toContain('"path":"/api/bookings"')
      expect(log).toContain('"status":201')
      for (const secret of [email, 'secret.guest', phone, '5555', 'hunter2', 'jlt_session', 'Secret Guest']) expect(log).not.toContain(secret)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await base.close()
    }
  })
})

// docs/decisions/0020: an error is logged by its class, codes and a message without the data it carried.
describe.each(ENGINES)('error logs on %s', (engine) => {
  it('name a failing query’s class and SQLSTATE, never the guest’s details it carried', async () => {
    const base = await startTestApp(engine)
    const { logger, text } = capturedLogger()
    const { app } = createApp({ database: base.database, services: base.services, config: base.config, logger })
    const server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    // The database refuses every new message: the INSERT fails with the guest's details as its
    // parameters (Drizzle's message) and in the failing row (PostgreSQL's detail).
    await base.db.execute(sql`alter table contact_messages add constraint logs_test_refuse_all check (false) not valid`)
    try {
      const res = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...GUEST, message: 'Hello' }),
      })
      expect(res.status).toBe(500)
      const log = text()
      for (const secret of GUEST_SECRETS) expect(log).not.toContain(secret)
      // What is left still says what failed and where.
      expect(log).toContain('unhandled error')
      expect(log).toContain('"type":"DrizzleQueryError"')
      expect(log).toContain('"code":"23514"')
      expect(log).toContain('insert into \\"contact_messages\\"')
    } finally {
      await base.db.execute(sql`alter table contact_messages drop constraint logs_test_refuse_all`)
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await base.close()
    }
  })
})

describe('e-mail logs', () => {
  it('leave out the recipient an SMTP server quotes when it refuses a message', async () => {
    const base = await startTestApp('pglite')
    const port = await freePort()
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: mailbox unavailable`), { responseCode: 550 }))
      },
    })
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
    const { logger, text } = capturedLogger()
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}/?ignoreTLS=true&connectionTimeout=3000&greetingTimeout=3000&socketTimeout=5000`)
    const outbox = createMailOutbox({ db: base.db, mailer: createMailer(base.config, logger, transport), logger, now: () => new Date() })
    try {
      await outbox.enqueue(base.db, { kind: 'booking-received', to: GUEST.email, email: { subject: 'Booking received', html: '<p>Hello</p>', text: 'Hello' } })
      expect(await outbox.processDue()).toEqual({ sent: 0, retry: 1, failed: 0 })
      const log = text()
      for (const secret of GUEST_SECRETS) expect(log).not.toContain(secret)
      expect(log).toContain('e-mail not sent')
      expect(log).toContain('"responseCode":550')
      expect(log).toContain('Recipient address rejected')
      // The admin still sees the whole reason on the row, next to the recipient it names.
      const [row] = await base.db.select().from(outgoingEmails)
      expect(row!.lastError).toContain(GUEST.email)
    } finally {
      transport.close()
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      await base.close()
    }
  })

  it('name the .eml file written to the outbox folder, not the subject that names the guest', async () => {
    const base = await startTestApp('pglite')
    const { logger, text } = capturedLogger()
    const mailer = createMailer(base.config, logger)
    const outbox = createMailOutbox({ db: base.db, mailer, logger, now: () => new Date() })
    try {
      expect(mailer.transport.kind).toBe('folder')
      await outbox.enqueue(base.db, { kind: 'admin-new-inquiry', to: 'guide@example.jp', replyTo: GUEST.email, email: { subject: `New inquiry from ${GUEST.name}`, html: '<p>Hello</p>', text: 'Hello' } })
      expect(await outbox.processDue()).toEqual({ sent: 1, retry: 0, failed: 0 })
      const [row] = await base.db.select().from(outgoingEmails)
      const log = text()
      for (const secret of GUEST_SECRETS) expect(log).not.toContain(secret)
      expect(log).toContain(`-email-${row!.id}.eml`)
    } finally {
      mailer.close()
      await base.close()
    }
  })
})
