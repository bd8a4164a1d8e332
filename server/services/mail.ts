import { eq } from 'drizzle-orm'
import type { Config } from '../config/index.ts'
import type { Db } from '../db/client.ts'
import { bookings } from '../db/schema.ts'
import type { Job } from '../jobs.ts'
import type { Logger } from '../logger.ts'
import { createMailer, type Mailer } from '../email/mailer.ts'
import type { MailTransport } from '../email/transports.ts'
import { renderEmail } from '../email/templates/layout.tsx'
import { reminderEmail } from '../email/templates/booking.ts'
import { bookingMailFacts, calendarFile, confirmationLink, type BookingMailDeps } from './booking-events.ts'
import { createMailOutbox, type MailOutbox } from './mail-outbox.ts'
import { oneWithMoney } from './ledger.ts'
import type { TripService } from './trip.ts'

/** How often the outbox is polled and reminders are looked for. */
export const SEND_MAIL_EVERY_MS = 5_000
export const QUEUE_REMINDERS_EVERY_MS = 10 * 60_000

/**
 * E-mail as a whole (docs/decisions/0008): the mailer (SMTP or outbox folder), the outbox table, the
 * reminder sweep, and the two background jobs that drive them.
 */
export function createMailServices(deps: { db: Db; config: Config; logger: Logger; clock: { now: () => Date }; trip: TripService; transport?: MailTransport }) {
  const { db, config, logger, clock } = deps
  const mailer: Mailer = createMailer(config, logger, deps.transport)
  const outbox: MailOutbox = createMailOutbox({ db, mailer, logger, now: clock.now })
  const bookingMail: BookingMailDeps = { outbox, config, now: clock.now, trip: deps.trip }

  /** Queue the reminders that are due (2 days before the tour, once per booking). */
  const queueReminders = () =>
    outbox.queueReminders(async (tx, bookingId) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId))
      if (!row) return null
      const booking = await oneWithMoney(tx, row)
      const facts = await bookingMailFacts(tx, bookingMail, booking)
      return {
        kind: 'reminder',
        to: booking.email,
        email: renderEmail(config.site, reminderEmail(config.site, facts, confirmationLink(config, facts))),
        // The tour's calendar event again, as the other guest e-mails about it carry it: the same
        // UID and a higher SEQUENCE, so it updates the event in place (docs/decisions/0073).
        attachments: [await calendarFile(tx, bookingMail, booking, facts)],
        bookingId: booking.id,
      }
    })

  const jobs: Job[] = [
    { name: 'send-outgoing-mail', everyMs: SEND_MAIL_EVERY_MS, run: () => outbox.processDue() },
    { name: 'queue-reminders', everyMs: QUEUE_REMINDERS_EVERY_MS, run: queueReminders },
  ]

  return { mailer, outbox, bookingMail, queueReminders, jobs, clock }
}

export type MailServices = ReturnType<typeof createMailServices>
