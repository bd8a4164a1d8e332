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
import { testEmail } from '../email/templates/guide.ts'
import { loggableError } from '../http/errors.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import { ServiceError } from './service-error.ts'
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

  /**
   * The Settings tab's test e-mail: sent at once through the transport, past the outbox, so the
   * admin sees the real SMTP answer; in the sending admin's dashboard language (docs/decisions/0086).
   * Says which way it went: SMTP, or the outbox folder when no SMTP server is configured.
   */
  async function sendTest(to: string, locale: AdminLocale): Promise<{ to: string; transport: MailTransport['kind']; messageId: string | undefined }> {
    const transport = mailer.transport.kind
    const rendered = renderEmail(config.site, testEmail(config.site, clock.now(), transport === 'smtp' ? 'SMTP' : 'the outbox folder', locale))
    try {
      const { messageId } = await mailer.send({ to, ...rendered })
      return { to, transport, messageId }
    } catch (error) {
      logger.warn({ error: loggableError(error) }, 'test e-mail failed')
      throw new ServiceError('provider-failed', refusal('adminErrors.testEmailFailed', { detail: error instanceof Error ? error.message : String(error) }))
    }
  }

  const jobs: Job[] = [
    { name: 'send-outgoing-mail', everyMs: SEND_MAIL_EVERY_MS, run: () => outbox.processDue() },
    { name: 'queue-reminders', everyMs: QUEUE_REMINDERS_EVERY_MS, run: queueReminders },
  ]

  return { mailer, outbox, bookingMail, queueReminders, sendTest, jobs, clock }
}

export type MailServices = ReturnType<typeof createMailServices>
