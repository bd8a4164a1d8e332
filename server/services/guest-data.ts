import fs from 'node:fs/promises'
import path from 'node:path'
import { and, desc, eq, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import { addMonths, compareDates, todayInTokyo, tokyoInstant } from '../../core/dates.ts'
import type { Config } from '../config/index.ts'
import type { Db, Tx } from '../db/client.ts'
import { auditLog, bookings, contactMessages, outgoingEmails, type Booking } from '../db/schema.ts'
import type { Logger } from '../logger.ts'

/**
 * Guests' personal data under Japan's APPI (issue 9): retention that runs by itself, and
 * the admin's answers to a guest's request to see or delete what we hold.
 *
 * Anonymising replaces the personal fields and keeps what the books need (dates,
 * amounts, statuses). It is one conditional UPDATE per table, so running it twice, or on
 * two instances at once, changes nothing more.
 */

export const ANONYMISED_NAME = 'Anonymised guest'

export type AuditActor = { id: number; username: string }

export type GuestDataSummary = {
  email: string
  bookings: Booking[]
  messages: (typeof contactMessages.$inferSelect)[]
  emails: { id: number; kind: string; subject: string; status: string; createdAt: Date; sentAt: Date | null }[]
}

/** A booking that cannot be erased yet, and why (shown to the admin). */
export type ErasureBlocker = { reference: string; tourDate: string; reason: string }

export function createGuestDataService(deps: { db: Db; config: Config; logger: Logger; now: () => Date }) {
  const { db, config, logger, now } = deps

  async function anonymiseBookings(tx: Tx | Db, where: SQL | undefined): Promise<number> {
    const rows = await tx
      .update(bookings)
      .set({
        name: ANONYMISED_NAME,
        email: sql`'booking-' || ${bookings.id} || '@anonymised.invalid'`,
        phone: '',
        specialRequests: null,
        adminNotes: null,
        anonymizedAt: now(),
        updatedAt: now(),
      })
      .where(and(isNull(bookings.anonymizedAt), where))
      .returning({ id: bookings.id })
    return rows.length
  }

  async function anonymiseMessages(tx: Tx | Db, where: SQL | undefined): Promise<number> {
    const rows = await tx
      .update(contactMessages)
      .set({
        name: ANONYMISED_NAME,
        email: sql`'message-' || ${contactMessages.id} || '@anonymised.invalid'`,
        phone: null,
        message: '[removed: personal data erased]',
        anonymizedAt: now(),
      })
      .where(and(isNull(contactMessages.anonymizedAt), where))
      .returning({ id: contactMessages.id })
    return rows.length
  }

  /** The calendar cut-offs in Japan: anything on or after them is still kept. */
  function cutoffs() {
    const today = todayInTokyo(now())
    return {
      today,
      paidBefore: addMonths(today, -12 * config.retention.paidBookingsYears),
      unpaidBefore: addMonths(today, -config.retention.unpaidBookingsMonths),
      messagesBefore: tokyoInstant(addMonths(today, -config.retention.messagesMonths), '00:00'),
    }
  }

  const sameEmail = (column: typeof bookings.email | typeof contactMessages.email, email: string) =>
    eq(sql`lower(${column})`, email.trim().toLowerCase())

  return {
    /**
     * The daily retention sweep. A tour "ended" on its date; a paid (or confirmed, i.e.
     * delivered) booking is kept paidBookingsYears after it, any other unpaidBookingsMonths.
     */
    async sweep(): Promise<{ bookings: number; messages: number; emails: number; outboxFiles: number }> {
      const c = cutoffs()
      const result = await db.transaction(async (tx) => {
        const paid = await anonymiseBookings(tx, and(inArray(bookings.status, ['paid', 'confirmed']), lt(bookings.tourDate, c.paidBefore)))
        const other = await anonymiseBookings(tx, and(inArray(bookings.status, ['pending', 'cancelled']), lt(bookings.tourDate, c.unpaidBefore)))
        const messages = await anonymiseMessages(tx, lt(contactMessages.createdAt, c.messagesBefore))
        // Sent and failed e-mails are copies of what we told guests: same period as messages.
        const emails = await tx
          .delete(outgoingEmails)
          .where(and(ne(outgoingEmails.status, 'pending'), lt(outgoingEmails.createdAt, c.messagesBefore)))
          .returning({ id: outgoingEmails.id })
        return { bookings: paid + other, messages, emails: emails.length }
      })
      const outboxFiles = await pruneOutbox(path.join(config.dataDir, 'outbox'), c.messagesBefore)
      const touched = { ...result, outboxFiles }
      logger.info(touched, 'retention sweep')
      return touched
    },

    async lookup(email: string): Promise<GuestDataSummary> {
      const [guestBookings, messages, emails] = await Promise.all([
        db.select().from(bookings).where(sameEmail(bookings.email, email)).orderBy(desc(bookings.tourDate)),
        db.select().from(contactMessages).where(sameEmail(contactMessages.email, email)).orderBy(desc(contactMessages.createdAt)),
        db
          .select({
            id: outgoingEmails.id,
            kind: outgoingEmails.kind,
            subject: outgoingEmails.subject,
            status: outgoingEmails.status,
            createdAt: outgoingEmails.createdAt,
            sentAt: outgoingEmails.sentAt,
          })
          .from(outgoingEmails)
          .where(eq(sql`lower(${outgoingEmails.toAddress})`, email.trim().toLowerCase()))
          .orderBy(desc(outgoingEmails.createdAt)),
      ])
      return { email: email.trim(), bookings: guestBookings, messages, emails }
    },

    /** Bookings that must stay as they are for now: a tour still to come, or a payment under way. */
    erasureBlockers(summary: GuestDataSummary): ErasureBlocker[] {
      const today = todayInTokyo(now())
      const blockers: ErasureBlocker[] = []
      for (const b of summary.bookings) {
        const holdActive = b.status === 'pending' && b.holdExpiresAt !== null && b.holdExpiresAt > now()
        if (holdActive) {
          blockers.push({ reference: b.reference, tourDate: b.tourDate, reason: 'Payment is not finished yet (the booking is still held for payment).' })
        } else if (b.status !== 'cancelled' && b.status !== 'pending' && compareDates(b.tourDate, today) >= 0) {
          blockers.push({ reference: b.reference, tourDate: b.tourDate, reason: 'The tour is still to come: cancel it first.' })
        }
      }
      return blockers
    },

    /** Erase everything about one e-mail address, or refuse with the reasons. */
    async erase(email: string, actor: AuditActor): Promise<{ ok: true; bookings: number; messages: number; emails: number } | { ok: false; blockers: ErasureBlocker[] }> {
      const summary = await this.lookup(email)
      const blockers = this.erasureBlockers(summary)
      if (blockers.length > 0) {
        await this.audit(actor, 'guest-data.erase-refused', email, { blockers })
        return { ok: false, blockers }
      }
      const result = await db.transaction(async (tx) => {
        const bookingCount = await anonymiseBookings(tx, sameEmail(bookings.email, email))
        const messageCount = await anonymiseMessages(tx, sameEmail(contactMessages.email, email))
        const emails = await tx
          .delete(outgoingEmails)
          // Queued ones too: with no tour to come there is nothing left to tell this guest.
          .where(eq(sql`lower(${outgoingEmails.toAddress})`, email.trim().toLowerCase()))
          .returning({ id: outgoingEmails.id })
        await this.audit(actor, 'guest-data.erase', email, { bookings: bookingCount, messages: messageCount, emails: emails.length }, tx)
        return { bookings: bookingCount, messages: messageCount, emails: emails.length }
      })
      return { ok: true, ...result }
    },

    async audit(actor: AuditActor, action: string, subject: string, details: Record<string, unknown>, tx: Tx | Db = db) {
      await tx.insert(auditLog).values({ actorUserId: actor.id, actorUsername: actor.username, action, subject, details })
    },

    async auditEntries(limit = 200) {
      return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit)
    },
  }
}

/** Delete .eml files older than the cut-off from the outbox folder (none: nothing to do). */
async function pruneOutbox(folder: string, before: Date): Promise<number> {
  let names: string[]
  try {
    names = await fs.readdir(folder)
  } catch {
    return 0
  }
  let removed = 0
  for (const name of names) {
    if (!name.endsWith('.eml')) continue
    const file = path.join(folder, name)
    const stat = await fs.stat(file).catch(() => null)
    if (stat && stat.mtime < before) {
      await fs.rm(file, { force: true })
      removed += 1
    }
  }
  return removed
}

export type GuestDataService = ReturnType<typeof createGuestDataService>
