import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { addMonths, todayInTokyo, tokyoInstant } from '../../core/dates.ts'
import type { Config } from '../config/index.ts'
import type { Db, Tx } from '../db/client.ts'
import { ANONYMISED_NAME, type BookingLifecycle } from './booking-lifecycle.ts'
import { withMoney, type Booking } from './ledger.ts'
import { erasureRefusal } from '../../core/booking-lifecycle.ts'
import type { ReviewErasure } from '../../core/schemas/guest-data.ts'
import { readRefusal, type Said } from '../../core/i18n/refusal.ts'
import { englishText } from '../i18n/refusals.ts'
import { auditLog, bookings, contactMessages, notifications, outgoingEmails, reviewRequests, reviews, vouchers, waitlistAddresses, waitlistEntries, type Notification } from '../db/schema.ts'
import { lockWaitlistAddress } from './waitlist.ts'
import { maskVoucherCode } from '../../core/vouchers.ts'
import { outboxFolder } from '../email/mailer.ts'
import { outgoingEmailIdOfFile } from '../email/transports.ts'
import type { Logger } from '../logger.ts'
import { bookingActionLink, messageActionLink } from './notifications.ts'

/**
 * Guests' personal data under Japan's APPI (docs/decisions/0020): retention that runs by itself, and
 * the admin's answers to a guest's request to see or delete what we hold.
 *
 * Anonymising replaces the personal fields and keeps what the books need (dates,
 * amounts, statuses). It is one conditional UPDATE per table, so running it twice, or on
 * two instances at once, changes nothing more. What was made from a guest's booking or
 * message goes with it, in the same transaction: the admins' notifications about it are
 * anonymised, and the e-mails about it (rows and .eml copies in the outbox folder) deleted.
 */

export { ANONYMISED_NAME } from './booking-lifecycle.ts'
/** What replaces a guest's free text: their message, and the admins' notifications about them. */
export const ERASED_TEXT = '[removed: personal data erased]'

export type AuditActor = { id: number; username: string }

export type GuestDataSummary = {
  email: string
  bookings: GuestBooking[]
  messages: (typeof contactMessages.$inferSelect)[]
  emails: { id: number; kind: string; subject: string; status: string; createdAt: Date; sentAt: Date | null }[]
  notifications: Pick<Notification, 'id' | 'type' | 'title' | 'message' | 'createdAt'>[]
  /**
   * Slots the address waits for (docs/decisions/0057), and when the address confirmed itself
   * (null: never, so it is told nothing, docs/decisions/0070); the links' tokens are secrets, not shown.
   */
  waitlist: { id: number; tourDate: string; tourTime: string; numberOfPeople: number; tourPackageId: number; locale: string; createdAt: Date; notifiedAt: Date | null; notices: number; addressConfirmedAt: Date | null }[]
  /** Reviews written through the address's bookings (docs/decisions/0063), with their state and the guide's reply. */
  reviews: { id: number; bookingId: number | null; rating: number; title: string; text: string; displayName: string; country: string | null; status: string; reply: string | null; createdAt: Date; updatedAt: Date }[]
  /**
   * Gift vouchers bought with the address (docs/decisions/0065): the buyer's and recipient's names
   * and the message. The code is masked and the page's token left out: both are bearer secrets.
   */
  vouchers: { id: number; code: string; amount: number; balance: number; status: string; buyerName: string; recipientName: string | null; message: string | null; locale: string; validUntil: string | null; createdAt: Date; paidAt: Date | null }[]
}

/** What the audit log records of a look-up or export: how much was found, not what. */
export const foundCounts = (summary: GuestDataSummary) => ({
  bookings: summary.bookings.length,
  messages: summary.messages.length,
  emails: summary.emails.length,
  notifications: summary.notifications.length,
  waitlist: summary.waitlist.length,
  reviews: summary.reviews.length,
  vouchers: summary.vouchers.length,
})

/** The counts of one erasure or sweep. */
export type Forgotten = { bookings: number; messages: number; notifications: number; emails: number; waitlist: number; vouchers: number; outboxFiles: number }

/** A booking as the guest's data export shows it: its row and its figures. */
export type GuestBooking = Omit<Booking, 'ledger' | 'money'>

/**
 * A booking that cannot be erased yet, and why: `refusal` for the dashboard to say in the admin's
 * language (docs/decisions/0087).
 */
export type ErasureBlocker = { reference: string; tourDate: string; refusal: Said }

/** Blockers as the audit log keeps them: the reason in English, the log's one language. */
export function englishBlockers(blockers: ErasureBlocker[]): { reference: string; tourDate: string; reason: string }[] {
  return blockers.map(({ reference, tourDate, refusal }) => ({ reference, tourDate, reason: englishText(refusal) }))
}

export function createGuestDataService(deps: { db: Db; config: Config; logger: Logger; now: () => Date; lifecycle: Pick<BookingLifecycle, 'eraseInTx'> }) {
  const { db, config, logger, now } = deps

  const sameEmail = (column: AnyColumn, email: string) => eq(sql`lower(${column})`, email.trim().toLowerCase())

  /**
   * A voucher's personal data goes; its money record stays (amount, balance, payments, the
   * bookings that spent it), and so does its code, which still pays for whoever holds it. The
   * printable page's link dies with the names on it (docs/decisions/0065).
   */
  async function anonymiseVouchers(tx: Tx | Db, where: SQL | undefined): Promise<number> {
    const rows = await tx
      .update(vouchers)
      .set({ buyerName: ANONYMISED_NAME, buyerEmail: sql`'voucher-' || ${vouchers.id} || '@anonymised.invalid'`, recipientName: null, message: null, anonymizedAt: now(), updatedAt: now() })
      .where(and(isNull(vouchers.anonymizedAt), where))
      .returning({ id: vouchers.id })
    return rows.length
  }

  async function anonymiseMessages(tx: Tx | Db, where: SQL | undefined): Promise<number[]> {
    const rows = await tx
      .update(contactMessages)
      .set({
        name: ANONYMISED_NAME,
        email: sql`'message-' || ${contactMessages.id} || '@anonymised.invalid'`,
        phone: null,
        message: ERASED_TEXT,
        anonymizedAt: now(),
      })
      .where(and(isNull(contactMessages.anonymizedAt), where))
      .returning({ id: contactMessages.id })
    return rows.map((r) => r.id)
  }

  /** The links of the admins' notifications about these bookings and messages (how they are found). */
  const notificationLinks = (bookingIds: number[], messageIds: number[]) => [...bookingIds.map(bookingActionLink), ...messageIds.map(messageActionLink)]

  /**
   * The admins' notifications about these bookings and messages quote the guest's name and
   * up to 140 characters of their message. They are anonymised, not deleted, like the rows
   * they point to: the type, title, link and date keep telling the admin that a booking or
   * an inquiry came in (and open the anonymised booking), and the read state and unread
   * count of the dashboard do not change under them.
   */
  async function anonymiseNotifications(tx: Tx | Db, bookingIds: number[], messageIds: number[]): Promise<number> {
    const rows = await tx
      .update(notifications)
      .set({ message: ERASED_TEXT })
      .where(and(inArray(notifications.actionLink, notificationLinks(bookingIds, messageIds)), ne(notifications.message, ERASED_TEXT)))
      .returning({ id: notifications.id })
    return rows.length
  }

  /**
   * The e-mails tied to a guest: sent to them or with their address as Reply-To (the
   * admins' "new inquiry" and "new booking" mails), or about their bookings and messages.
   */
  function emailsOf(guest: { email?: string; bookingIds: number[]; messageIds: number[] }): SQL | undefined {
    return or(
      ...(guest.email === undefined ? [] : [sameEmail(outgoingEmails.toAddress, guest.email), sameEmail(outgoingEmails.replyTo, guest.email)]),
      inArray(outgoingEmails.bookingId, guest.bookingIds),
      inArray(outgoingEmails.contactMessageId, guest.messageIds),
    )
  }

  /** Copies of e-mails are deleted, rows and .eml files: they serve no record once their subject is gone. */
  async function deleteEmails(tx: Tx | Db, where: SQL | undefined): Promise<number> {
    const rows = await tx.delete(outgoingEmails).where(where).returning({ id: outgoingEmails.id })
    return rows.length
  }

  /**
   * Delete the outbox folder's .eml files whose outgoing_emails row is gone (erased or past
   * retention). A row always exists before its file is written, so a missing row means a
   * deleted one, even if the file was written while the row was being deleted. Files with
   * no row id (the admin's test e-mail, files written before they were named by row) go
   * when older than `unlinkedBefore`.
   */
  async function pruneOutbox(unlinkedBefore?: Date): Promise<number> {
    const folder = outboxFolder(config)
    let files: { name: string; id: number | null }[]
    try {
      files = (await fs.readdir(folder)).filter((name) => name.endsWith('.eml')).map((name) => ({ name, id: outgoingEmailIdOfFile(name) }))
    } catch {
      return 0 // no folder: SMTP, or nothing sent yet
    }
    const ids = files.map((f) => f.id).filter((id): id is number => id !== null)
    const existing = new Set<number>()
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await db.select({ id: outgoingEmails.id }).from(outgoingEmails).where(inArray(outgoingEmails.id, ids.slice(i, i + 1000)))
      for (const row of rows) existing.add(row.id)
    }
    let removed = 0
    for (const { name, id } of files) {
      // Kept without touching the file (this runs every minute): its row exists, or it has
      // no row and no age limit was given.
      if (id !== null ? existing.has(id) : unlinkedBefore === undefined) continue
      const file = path.join(folder, name)
      const stat = await fs.stat(file).catch(() => null)
      if (!stat) continue // another instance pruned it first
      if (id === null && stat.mtime >= unlinkedBefore!) continue
      await fs.rm(file, { force: true })
      removed += 1
    }
    return removed
  }

  /**
   * How the audit log names a guest: a keyed hash of the address, not the address. The
   * log proves who answered which request when without keeping, in clear, the address the
   * guest asked us to forget; keyed with SESSION_SECRET (like session ids), so a copy of
   * the database alone cannot test guessed addresses against it. The same address always
   * gives the same subject, so the entries of one guest can still be told apart.
   */
  const guestSubject = (email: string) =>
    `guest:${crypto.createHmac('sha256', config.sessionSecret).update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`

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

  return {
    /**
     * Every instance's minute job (docs/decisions/0026): an erasure or sweep on ANY instance
     * deletes the outgoing_emails rows, and each instance then removes the .eml copies in
     * its own outbox folder within a minute, instead of at its next daily sweep. The
     * database is the record of what was erased; the folder follows it.
     */
    async pruneDeletedFromOutbox(): Promise<number> {
      const removed = await pruneOutbox()
      if (removed > 0) logger.info({ outboxFiles: removed }, 'outbox files of deleted e-mails removed')
      return removed
    },

    /**
     * The daily retention sweep. A tour "ended" on its date; a paid (or confirmed, i.e.
     * delivered) booking is kept paidBookingsYears after it, any other unpaidBookingsMonths.
     * The admins' notifications and the e-mails about a booking or message go with it;
     * e-mails about neither (none is queued that way today) are kept as long as messages.
     */
    async sweep(): Promise<Forgotten> {
      const c = cutoffs()
      const result = await db.transaction(async (tx) => {
        const paid = await deps.lifecycle.eraseInTx(tx, and(inArray(bookings.status, ['paid', 'confirmed']), lt(bookings.tourDate, c.paidBefore)))
        const other = await deps.lifecycle.eraseInTx(tx, and(inArray(bookings.status, ['pending', 'cancelled']), lt(bookings.tourDate, c.unpaidBefore)))
        const bookingIds = [...paid, ...other]
        const messageIds = await anonymiseMessages(tx, lt(contactMessages.createdAt, c.messagesBefore))
        const notes = await anonymiseNotifications(tx, bookingIds, messageIds)
        const unlinkedPast = and(
          isNull(outgoingEmails.bookingId),
          isNull(outgoingEmails.contactMessageId),
          // A queued one is still to be sent.
          ne(outgoingEmails.status, 'pending'),
          lt(outgoingEmails.createdAt, c.messagesBefore),
        )
        const emails = await deleteEmails(tx, or(emailsOf({ bookingIds, messageIds }), unlinkedPast))
        // A review link is the guest's, and goes with the rest of them; a published review stays (docs/decisions/0063).
        if (bookingIds.length > 0) await tx.delete(reviewRequests).where(inArray(reviewRequests.bookingId, bookingIds))
        // A waitlist entry has nothing left to wait for once its date has passed (docs/decisions/0057).
        const waitlist = (await tx.delete(waitlistEntries).where(lt(waitlistEntries.tourDate, c.today)).returning({ id: waitlistEntries.id })).length
        // Vouchers are kept like bookings (docs/decisions/0065): a paid one as long as a paid booking after its last day, an unpaid purchase as long as an unpaid booking.
        const sold = await anonymiseVouchers(tx, and(isNotNull(vouchers.validUntil), lt(vouchers.validUntil, c.paidBefore)))
        const unpaid = await anonymiseVouchers(tx, and(eq(vouchers.status, 'pending'), lt(vouchers.createdAt, tokyoInstant(c.unpaidBefore, '00:00'))))
        return { bookings: bookingIds.length, messages: messageIds.length, notifications: notes, emails, waitlist, vouchers: sold + unpaid }
      })
      const touched = { ...result, outboxFiles: await pruneOutbox(c.messagesBefore) }
      logger.info(touched, 'retention sweep')
      return touched
    },

    async lookup(email: string): Promise<GuestDataSummary> {
      const [guestBookings, messages] = await Promise.all([
        db.select().from(bookings).where(sameEmail(bookings.email, email)).orderBy(desc(bookings.tourDate)).then((rows) => withMoney(db, rows)).then((rows) => rows.map(({ ledger: _ledger, money: _money, ...b }) => b)),
        db.select().from(contactMessages).where(sameEmail(contactMessages.email, email)).orderBy(desc(contactMessages.createdAt)),
      ])
      const bookingIds = guestBookings.map((b) => b.id)
      const messageIds = messages.map((m) => m.id)
      const [emails, notes, waitlist, guestReviews] = await Promise.all([
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
          .where(emailsOf({ email, bookingIds, messageIds }))
          .orderBy(desc(outgoingEmails.createdAt), desc(outgoingEmails.id)),
        db
          .select({ id: notifications.id, type: notifications.type, title: notifications.title, message: notifications.message, createdAt: notifications.createdAt })
          .from(notifications)
          .where(inArray(notifications.actionLink, notificationLinks(bookingIds, messageIds)))
          .orderBy(desc(notifications.createdAt), desc(notifications.id)),
        db
          .select({
            id: waitlistEntries.id,
            tourDate: waitlistEntries.tourDate,
            tourTime: waitlistEntries.tourTime,
            numberOfPeople: waitlistEntries.numberOfPeople,
            tourPackageId: waitlistEntries.tourPackageId,
            locale: waitlistEntries.locale,
            createdAt: waitlistEntries.createdAt,
            notifiedAt: waitlistEntries.notifiedAt,
            notices: waitlistEntries.notices,
            addressConfirmedAt: waitlistAddresses.confirmedAt,
          })
          .from(waitlistEntries)
          .innerJoin(waitlistAddresses, eq(waitlistAddresses.email, waitlistEntries.email))
          .where(sameEmail(waitlistEntries.email, email))
          .orderBy(desc(waitlistEntries.tourDate), desc(waitlistEntries.id)),
        bookingIds.length === 0
          ? []
          : db
              .select({
                id: reviews.id,
                bookingId: reviews.bookingId,
                rating: reviews.rating,
                title: reviews.title,
                text: reviews.text,
                displayName: reviews.displayName,
                country: reviews.country,
                status: reviews.status,
                reply: reviews.reply,
                createdAt: reviews.createdAt,
                updatedAt: reviews.updatedAt,
              })
              .from(reviews)
              .where(inArray(reviews.bookingId, bookingIds))
              .orderBy(desc(reviews.id)),
      ])
      const guestVouchers = (
        await db
          .select()
          .from(vouchers)
          .where(and(sameEmail(vouchers.buyerEmail, email), isNull(vouchers.anonymizedAt)))
          .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      ).map((v) => ({
        id: v.id,
        code: maskVoucherCode(v.code),
        amount: v.amount,
        balance: v.balance,
        status: v.status,
        buyerName: v.buyerName,
        recipientName: v.recipientName,
        message: v.message,
        locale: v.locale,
        validUntil: v.validUntil,
        createdAt: v.createdAt,
        paidAt: v.paidAt,
      }))
      return { email: email.trim(), bookings: guestBookings, messages, emails, notifications: notes, waitlist, reviews: guestReviews, vouchers: guestVouchers }
    },

    /** Bookings that must stay as they are for now: a tour still to come, or a payment under way. */
    /** The admin's look-up of an address: what is stored, why it cannot be erased yet, and the audit log's line of it. */
    async lookUp(email: string, actor: AuditActor): Promise<GuestDataSummary & { erasureBlockers: ErasureBlocker[] }> {
      const summary = await this.lookup(email)
      await this.audit(actor, 'guest-data.lookup', email, foundCounts(summary))
      return { ...summary, erasureBlockers: this.erasureBlockers(summary) }
    },

    /** What is left of a guest after an erasure (nothing, or the anonymised reviews): not a look-up of its own, so not audited again. */
    async leftAfterErasure(email: string): Promise<GuestDataSummary & { erasureBlockers: ErasureBlocker[] }> {
      const summary = await this.lookup(email)
      return { ...summary, erasureBlockers: this.erasureBlockers(summary) }
    },

    erasureBlockers(summary: GuestDataSummary): ErasureBlocker[] {
      const today = todayInTokyo(now())
      const blockers: ErasureBlocker[] = []
      for (const b of summary.bookings) {
        const said = erasureRefusal(b as Parameters<typeof erasureRefusal>[0], today, now())
        if (said) blockers.push({ reference: b.reference, tourDate: b.tourDate, refusal: readRefusal(said) })
      }
      return blockers
    },

    /**
     * Erase everything about one e-mail address, or refuse with the reasons. The guest's
     * reviews are removed, or anonymised (kept, with the stars and words, but shown as
     * ANONYMISED_NAME, without a country or a link to the booking), as the guide chooses.
     */
    async erase(email: string, actor: AuditActor, choice: { reviews: ReviewErasure } = { reviews: 'remove' }): Promise<({ ok: true; reviews: number } & Forgotten) | { ok: false; blockers: ErasureBlocker[] }> {
      const summary = await this.lookup(email)
      const blockers = this.erasureBlockers(summary)
      if (blockers.length > 0) {
        await this.audit(actor, 'guest-data.erase-refused', email, { blockers: englishBlockers(blockers) })
        return { ok: false, blockers }
      }
      const reviewIds = summary.reviews.map((r) => r.id)
      const result = await db.transaction(async (tx) => {
        // Before anything else, the waitlist address's lock (docs/decisions/0070): waited for while holding nothing.
        await lockWaitlistAddress(tx, email)
        const bookingIds = await deps.lifecycle.eraseInTx(tx, sameEmail(bookings.email, email))
        // The review links die with the bookings; the reviews go or lose their author.
        if (bookingIds.length > 0) await tx.delete(reviewRequests).where(inArray(reviewRequests.bookingId, bookingIds))
        const reviewCount =
          reviewIds.length === 0
            ? 0
            : choice.reviews === 'remove'
              ? (await tx.delete(reviews).where(inArray(reviews.id, reviewIds)).returning({ id: reviews.id })).length
              : (
                  await tx
                    .update(reviews)
                    .set({ displayName: ANONYMISED_NAME, country: null, bookingId: null, updatedAt: now() })
                    .where(inArray(reviews.id, reviewIds))
                    .returning({ id: reviews.id })
                ).length
        const messageIds = await anonymiseMessages(tx, sameEmail(contactMessages.email, email))
        const notes = await anonymiseNotifications(tx, bookingIds, messageIds)
        // Queued ones too: with no tour to come there is nothing left to tell this guest.
        const emails = await deleteEmails(tx, emailsOf({ email, bookingIds, messageIds }))
        // Waiting for a slot is no record the books need: the entries go, removal links and all.
        const waitlist = (await tx.delete(waitlistEntries).where(sameEmail(waitlistEntries.email, email)).returning({ id: waitlistEntries.id })).length
        // With the address itself: its confirmation, its link and its daily count (docs/decisions/0070).
        await tx.delete(waitlistAddresses).where(sameEmail(waitlistAddresses.email, email))
        const voucherCount = await anonymiseVouchers(tx, sameEmail(vouchers.buyerEmail, email))
        const counts = { bookings: bookingIds.length, messages: messageIds.length, notifications: notes, emails, waitlist, vouchers: voucherCount, reviews: reviewCount }
        await this.audit(actor, 'guest-data.erase', email, { ...counts, reviewChoice: choice.reviews }, tx)
        return counts
      })
      // After the commit: a file must not go while its row might still be rolled back.
      return { ok: true, ...result, outboxFiles: await pruneOutbox() }
    },

    /** Record a guest-data action; the address is stored only as guestSubject(email). */
    async audit(actor: AuditActor, action: string, email: string, details: Record<string, unknown>, tx: Tx | Db = db) {
      await tx.insert(auditLog).values({ actorUserId: actor.id, actorUsername: actor.username, action, subject: guestSubject(email), details })
    },

    async auditEntries(limit = 200) {
      return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit)
    },
  }
}

export type GuestDataService = ReturnType<typeof createGuestDataService>
export type AuditEntry = Awaited<ReturnType<GuestDataService['auditEntries']>>[number]
