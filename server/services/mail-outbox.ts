import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { bookings, outgoingEmails, users, type OutgoingEmail } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { loggableError } from '../http/errors.ts'
import type { Mailer } from '../email/mailer.ts'
import type { RenderedEmail } from '../email/templates/layout.tsx'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import { addDays, todayInTokyo } from '../../core/dates.ts'

/**
 * The outgoing-mail outbox (docs/decisions/0008). An e-mail is INSERTED in the same transaction as the
 * event that causes it (enqueue) and SENT afterwards by a job (processDue), so a visitor
 * never waits on SMTP and a mail server outage never loses a message: a failed send is
 * retried with exponential backoff. Rows are claimed with a conditional UPDATE (status
 * pending, due, not locked by another instance; FOR UPDATE SKIP LOCKED), so several
 * instances never send one message twice. A dedupe key makes "send once" (one reminder
 * per booking, one payment confirmation) a database guarantee.
 */

export type MailKind =
  | 'booking-received'
  | 'payment-confirmed'
  | 'booking-confirmed'
  | 'reminder'
  | 'booking-cancelled'
  | 'booking-moved'
  | 'booking-disrupted'
  | 'waitlist-open'
  | 'waitlist-confirm'
  | 'review-request'
  | 'review-reminder'
  | 'voucher-purchased'
  | 'admin-new-booking'
  | 'admin-reseller-booking'
  | 'admin-payment-received'
  | 'admin-booking-cancelled'
  | 'admin-booking-expired'
  | 'admin-booking-moved'
  | 'admin-new-inquiry'
  | 'admin-new-review'
  | 'admin-voucher-sold'

export type StoredAttachment = { filename: string; contentType: string; content: string }

export type EnqueueInput = {
  kind: MailKind
  to: string
  email: RenderedEmail
  dedupeKey?: string
  replyTo?: string
  attachments?: StoredAttachment[]
  bookingId?: number | null
  contactMessageId?: number | null
}

export type AdminRecipient = { id: number; email: string; name: string | null; language: AdminLocale | null }

/** How long a claimed row stays locked: longer than any single send may take. */
export const CLAIM_LOCK_MS = 2 * 60_000
/** After this many failed attempts a row is marked failed (it stays in the table for the admin). */
export const MAX_ATTEMPTS = 15
/** Minutes before retry n (1-based): 1, 2, 4, 8 … capped at 6 hours; ~2.5 days in all. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360) * 60_000
}

/** Reminders go to bookings in these statuses (confirmed = arranged by message, docs/decisions/0005). */
const REMINDED_STATUSES = ['paid', 'confirmed']
export const REMINDER_DAYS_BEFORE = 2

export function createMailOutbox(deps: { db: Db; mailer: Mailer; logger: Logger; now: () => Date }) {
  const { db, mailer, logger, now } = deps

  async function enqueue(tx: Tx | Db, input: EnqueueInput): Promise<boolean> {
    const rows = await tx
      .insert(outgoingEmails)
      .values({
        kind: input.kind,
        dedupeKey: input.dedupeKey ?? null,
        toAddress: input.to,
        subject: input.email.subject,
        html: input.email.html,
        text: input.email.text,
        attachments: input.attachments && input.attachments.length > 0 ? input.attachments : null,
        replyTo: input.replyTo ?? null,
        nextAttemptAt: now(),
        bookingId: input.bookingId ?? null,
        contactMessageId: input.contactMessageId ?? null,
      })
      .onConflictDoNothing({ target: outgoingEmails.dedupeKey })
      .returning({ id: outgoingEmails.id })
    return rows.length > 0
  }

  /** Admins who want e-mail (docs/decisions/0041): an address, notifications on, preference 'email'. WhatsApp: stored, nothing sent. */
  async function adminRecipients(tx: Tx | Db): Promise<AdminRecipient[]> {
    const rows = await tx
      .select({ id: users.id, email: users.email, name: users.name, language: users.language })
      .from(users)
      .where(
        and(
          eq(users.isAdmin, true),
          isNotNull(users.email),
          ne(users.email, ''),
          eq(users.notificationsEnabled, true),
          eq(users.notificationPreference, 'email'),
        ),
      )
      .orderBy(asc(users.id))
    return rows.filter((r): r is AdminRecipient => typeof r.email === 'string' && r.email.length > 0)
  }

  /**
   * One row per admin who wants e-mail, written in the language that admin chose for the dashboard,
   * English until they choose (docs/decisions/0086); dedupe keys are `${dedupeBase}:admin:${userId}`.
   */
  async function enqueueForAdmins(
    tx: Tx | Db,
    { email, ...input }: Omit<EnqueueInput, 'to' | 'dedupeKey' | 'email'> & { dedupeBase: string; email: (locale: AdminLocale) => RenderedEmail },
  ): Promise<number> {
    let count = 0
    for (const admin of await adminRecipients(tx)) {
      if (await enqueue(tx, { ...input, email: email(admin.language ?? 'en'), to: admin.email, dedupeKey: `${input.dedupeBase}:admin:${admin.id}` })) count++
    }
    return count
  }

  /** Claim due rows for this instance: the conditional UPDATE is the guarantee against double sends. */
  async function claim(batchSize: number): Promise<OutgoingEmail[]> {
    const at = now()
    const free = or(isNull(outgoingEmails.lockedUntil), lt(outgoingEmails.lockedUntil, at))
    const due = and(eq(outgoingEmails.status, 'pending'), lte(outgoingEmails.nextAttemptAt, at), free)
    const candidates = db
      .select({ id: outgoingEmails.id })
      .from(outgoingEmails)
      .where(due)
      .orderBy(asc(outgoingEmails.nextAttemptAt), asc(outgoingEmails.id))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    return db
      .update(outgoingEmails)
      .set({ lockedUntil: new Date(at.getTime() + CLAIM_LOCK_MS), attempts: sql`${outgoingEmails.attempts} + 1` })
      .where(and(inArray(outgoingEmails.id, candidates), due))
      .returning()
  }

  async function deliver(row: OutgoingEmail): Promise<'sent' | 'retry' | 'failed'> {
    try {
      await mailer.send({
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
        replyTo: row.replyTo ?? undefined,
        outgoingEmailId: row.id,
        attachments: (row.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
      })
      await db
        .update(outgoingEmails)
        .set({ status: 'sent', sentAt: now(), lockedUntil: null, lastError: null })
        .where(eq(outgoingEmails.id, row.id))
      return 'sent'
    } catch (error) {
      // The full message stays on the row, next to the recipient it may quote, for the admin.
      const message = error instanceof Error ? error.message : String(error)
      const giveUp = row.attempts >= MAX_ATTEMPTS
      await db
        .update(outgoingEmails)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(outgoingEmails.id, row.id))
      // No recipient in the log (SMTP replies quote it): ids are enough to find the row.
      logger.warn({ outgoingEmailId: row.id, kind: row.kind, attempts: row.attempts, error: loggableError(error), giveUp }, 'e-mail not sent; will retry')
      return giveUp ? 'failed' : 'retry'
    }
  }

  /** Send what is due (the outbox job). Safe to run on several instances at once. */
  async function processDue(options: { batchSize?: number } = {}): Promise<{ sent: number; retry: number; failed: number }> {
    const result = { sent: 0, retry: 0, failed: 0 }
    for (;;) {
      const rows = await claim(options.batchSize ?? 20)
      if (rows.length === 0) return result
      for (const row of rows) result[await deliver(row)]++
      // A batch that failed entirely (server down) stops the run: the rest waits for its turn.
      if (rows.length < (options.batchSize ?? 20) || result.sent === 0) return result
    }
  }

  /**
   * Queue the reminder of every paid or confirmed booking whose tour is within the next
   * two days (Japan calendar) and has none yet. Marking bookings.reminderSentAt with a
   * conditional UPDATE in the same transaction as the insert, plus the dedupe key
   * `reminder:<bookingId>`, makes it once per booking even with several instances.
   */
  async function queueReminders(build: (tx: Tx, bookingId: number) => Promise<EnqueueInput | null>): Promise<number> {
    const today = todayInTokyo(now())
    const until = addDays(today, REMINDER_DAYS_BEFORE)
    const due = await db
      .select({ id: bookings.id })
      .from(bookings)
      // A reseller's guest hears from the reseller, not from this site (docs/decisions/0074).
      .where(and(inArray(bookings.status, REMINDED_STATUSES), isNull(bookings.reminderSentAt), isNull(bookings.resellerId), gt(bookings.tourDate, today), lte(bookings.tourDate, until)))
    let queued = 0
    for (const { id } of due) {
      const done = await db.transaction(async (tx) => {
        const [marked] = await tx
          .update(bookings)
          .set({ reminderSentAt: now() })
          .where(and(eq(bookings.id, id), isNull(bookings.reminderSentAt), inArray(bookings.status, REMINDED_STATUSES)))
          .returning({ id: bookings.id, tourDate: bookings.tourDate })
        if (!marked) return false
        const input = await build(tx, id)
        if (!input) return false
        // One reminder per booking and date: a booking moved after its reminder gets one for the new date.
        return enqueue(tx, { ...input, dedupeKey: `reminder:${id}:${marked.tourDate}` })
      })
      if (done) queued++
    }
    return queued
  }

  return { enqueue, enqueueForAdmins, adminRecipients, processDue, queueReminders }
}

export type MailOutbox = ReturnType<typeof createMailOutbox>
