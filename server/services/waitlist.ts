import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { tourPackages, waitlistAddresses, waitlistEntries, type WaitlistAddress, type WaitlistEntry } from '../db/schema.ts'
import type { Config } from '../config/index.ts'
import { bookingWindow, todayInTokyo, type CalendarDate } from '../../core/dates.ts'
import { isTourTime, packageFitsSlot, type TourTime } from '../../core/slots.ts'
import { localizePath, toLocale, type Locale } from '../../core/i18n/locales.ts'
import { localizeTour } from '../../core/i18n/tour-text.ts'
import { canJoinWaitlist, confirmationMayBeSent, confirmationStillValid, confirmTokenOf, newConfirmToken, newWaitlistToken, waitlistChanges, waitlistTokenOf } from '../../core/waitlist.ts'
import { WAITLIST_HONEYPOT_MESSAGE, WAITLIST_NOT_BOOKABLE, WAITLIST_RATE, WAITLIST_SLOT_FREE, waitlistRequestSchema } from '../../core/schemas/waitlist.ts'
import { containsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../core/unstorable-text.ts'
import { renderEmail } from '../email/templates/layout.tsx'
import { waitlistConfirmEmail, waitlistOpenEmail } from '../email/templates/waitlist.ts'
import type { MailOutbox } from './mail-outbox.ts'
import type { HitCounter } from './rate-limits.ts'
import { slotsOn } from './availability.ts'
import { invalidInput, ServiceError } from './service-error.ts'
import { GROUP_TOO_LARGE_MESSAGE, PACKAGE_DOES_NOT_FIT_MESSAGE, PACKAGE_UNAVAILABLE_MESSAGE } from './bookings.ts'

/**
 * One answer whoever signs up (docs/decisions/0070): it never tells whether the address was
 * waiting already, has confirmed before, or was just sent a confirmation e-mail.
 */
export const JOINED_MESSAGE = 'Almost there: if this address is new to our waitlist, confirm it with the link we have e-mailed to it. We write about this time slot only to a confirmed address.'
export const CONFIRMED_MESSAGE = 'Your address is confirmed: we will e-mail you if a time slot you wait for frees up'

/** What a visitor who joined hears: never the entry's token, which travels only by e-mail. */
export type JoinedView = { message: string; tourDate: CalendarDate; tourTime: TourTime }

/** What the removal page shows of an entry. */
export type WaitlistEntryView = { tourDate: CalendarDate; tourTime: TourTime; numberOfPeople: number; packageName: string; locale: Locale }

/** The booking page with the slot chosen, in the visitor's language (docs/decisions/0044). */
export const waitlistBookLink = (baseUrl: string, e: Pick<WaitlistEntry, 'tourDate' | 'tourTime' | 'locale'>) =>
  `${baseUrl}${localizePath(`/booking?date=${e.tourDate}&tourTime=${e.tourTime}`, toLocale(e.locale))}`
/** The page where the visitor takes their address off the slot's waitlist (a button, never the GET itself). */
export const waitlistRemoveLink = (baseUrl: string, e: Pick<WaitlistEntry, 'token' | 'locale'>) => `${baseUrl}${localizePath(`/waitlist/${e.token}`, toLocale(e.locale))}`
/** The page where an address confirms itself (a button, never the GET itself: mail scanners open links). */
export const waitlistConfirmLink = (baseUrl: string, token: string, locale: Locale) => `${baseUrl}${localizePath(`/waitlist/confirm/${token}`, locale)}`

/** What the confirmation page shows: whether the address has confirmed, and the slots it waits for. */
export type WaitlistConfirmationView = { confirmed: boolean; entries: Omit<WaitlistEntryView, 'locale'>[]; locale: Locale }

/**
 * The advisory-lock class of "one waitlist address" (docs/decisions/0070); the key is the
 * address's hash. Whoever writes an address's row holds it: join, confirm, the sweep and erasure
 * wait for it before they touch anything else, so they never hold a row another transaction
 * waits for; `reconcile`, which runs at the end of transactions holding bookings and claims,
 * only tries it and leaves a busy address to the minute job (`tellFreedSlots`). So the daily
 * count of an address is read and written by one transaction at a time, on any number of
 * instances, and no lock cycle can form around it.
 */
const ADDRESS_LOCK_CLASS = 727140003

export async function lockWaitlistAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${email.trim().toLowerCase()}))`)
}

async function tryLockWaitlistAddress(tx: Tx, email: string): Promise<boolean> {
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${email})) as locked`)) as unknown as { rows: { locked: boolean }[] }
  return result.rows[0]?.locked === true
}

/**
 * The waitlist of taken slots (docs/decisions/0057).
 *
 * Joining checks what the booking page shows: only a slot a booking holds can be waited for.
 * `reconcile` is the one function every transaction that changes a date's slots calls last
 * (a booking made, cancelled, expired, moved or deleted; the guide's switches): it reads the
 * date's slots inside that transaction, as they will be when it commits, and tells each entry
 * whose slot can now be booked, once per opening (core/waitlist.ts waitlistChanges), by an
 * e-mail queued in the same transaction (docs/decisions/0008).
 */
export function createWaitlistService(deps: {
  db: Db
  config: Pick<Config, 'baseUrl' | 'site' | 'booking' | 'waitlist'>
  outbox: MailOutbox
  now: () => Date
  /** RATE_LIMIT_WAITLIST_PER_HOUR per client address, for every way in (docs/decisions/0024). */
  attemptsPerClient: HitCounter
}) {
  const { db, config } = deps
  const windowOptions = { leadDays: config.booking.leadDays, horizonDays: config.booking.horizonDays }
  const { confirmHours, mailsPerAddressPerDay } = config.waitlist
  /** Unconfirmed entries made before this instant have expired (docs/decisions/0070). */
  const expiredBefore = (now: Date) => new Date(now.getTime() - confirmHours * 3_600_000)
  /** Whether an address's confirmation link works now: once confirmed it keeps working (and changes nothing). */
  const linkWorks = (address: WaitlistAddress, now: Date) =>
    address.confirmedAt !== null || (address.confirmationSentAt !== null && confirmationStillValid(address.confirmationSentAt, now, confirmHours))
  /** Entries an address waits with: an unconfirmed address's expired ones no longer count. */
  const liveEntriesOf = (address: WaitlistAddress, now: Date) =>
    address.confirmedAt === null ? and(eq(waitlistEntries.email, address.email), gte(waitlistEntries.createdAt, expiredBefore(now))) : eq(waitlistEntries.email, address.email)

  /**
   * Whether `email` may be told of one more opening today: its lock is free (else the minute job
   * tries again) and it has had fewer than WAITLIST_MAILS_PER_ADDRESS_PER_DAY "free again" e-mails
   * this day in Japan. Holding the lock, the caller counts the e-mail with `countOpeningMail`.
   */
  async function mayTell(tx: Tx, email: string, today: CalendarDate): Promise<boolean> {
    if (!(await tryLockWaitlistAddress(tx, email))) return false
    const [address] = await tx.select({ day: waitlistAddresses.openingMailDay, sent: waitlistAddresses.openingMails }).from(waitlistAddresses).where(eq(waitlistAddresses.email, email))
    return address !== undefined && (address.day !== today || address.sent < mailsPerAddressPerDay)
  }

  async function countOpeningMail(tx: Tx, email: string, today: CalendarDate) {
    await tx
      .update(waitlistAddresses)
      .set({ openingMailDay: today, openingMails: sql`case when ${waitlistAddresses.openingMailDay} = ${today} then ${waitlistAddresses.openingMails} + 1 else 1 end` })
      .where(eq(waitlistAddresses.email, email))
  }

  /** The one short e-mail before an address waits (docs/decisions/0070), with a fresh link; the old link stops working. */
  async function askToConfirm(tx: Tx, address: WaitlistAddress, slot: { tourDate: CalendarDate; tourTime: TourTime; locale: Locale }, now: Date) {
    const [asked] = await tx
      .update(waitlistAddresses)
      .set({ confirmToken: newConfirmToken(), confirmationSentAt: now, confirmationsSent: sql`${waitlistAddresses.confirmationsSent} + 1`, locale: slot.locale })
      .where(eq(waitlistAddresses.id, address.id))
      .returning()
    const model = waitlistConfirmEmail(config.site, slot, waitlistConfirmLink(config.baseUrl, asked!.confirmToken!, slot.locale), confirmHours)
    await deps.outbox.enqueue(tx, { kind: 'waitlist-confirm', to: address.email, email: renderEmail(config.site, model), dedupeKey: `waitlist-confirm:${address.id}:${asked!.confirmationsSent}` })
  }

  /** The date's three slots as a guest would see them, read through `reader` (the caller's transaction). */
  const slotsOf = (reader: Db | Tx, date: CalendarDate, now: Date) => slotsOn(reader, date, { now, window: windowOptions, claims: true })

  async function tell(tx: Tx, entry: WaitlistEntry, notices: number) {
    const [pkg] = await tx.select().from(tourPackages).where(eq(tourPackages.id, entry.tourPackageId))
    const locale = toLocale(entry.locale)
    const tourTime = entry.tourTime as TourTime
    const model = waitlistOpenEmail(
      config.site,
      {
        locale,
        tourDate: entry.tourDate,
        tourTime,
        startTime: config.booking.startTimes[tourTime],
        numberOfPeople: entry.numberOfPeople,
        packageName: pkg ? localizeTour(pkg, locale).name : '',
      },
      waitlistBookLink(config.baseUrl, entry),
      waitlistRemoveLink(config.baseUrl, entry),
    )
    await deps.outbox.enqueue(tx, {
      kind: 'waitlist-open',
      to: entry.email,
      email: renderEmail(config.site, model),
      // One e-mail per entry and opening, even if two transactions both saw it open.
      dedupeKey: `waitlist:${entry.id}:${notices}`,
    })
  }

  const service = {
    /**
     * A visitor's raw request (JSON body or form fields): the rate limit per client address
     * first, then the honeypot (nothing stored), the schema, the slot (taken, not free, not
     * closed) and the tour. Joining twice with one address keeps the first entry and answers
     * alike, so the answer never tells whether an address was already waiting. An address that
     * has not confirmed itself gets the confirmation e-mail, at most once per window, and nothing
     * else until it confirms (docs/decisions/0070).
     */
    async join(body: Record<string, unknown>, options: { clientAddress: string }): Promise<JoinedView> {
      const retryAfter = await deps.attemptsPerClient.hit(`ip:${options.clientAddress}`)
      if (retryAfter > 0) throw new ServiceError('rate-limited', WAITLIST_RATE, { retryAfter })
      if (typeof body.website === 'string' && body.website.trim() !== '') throw new ServiceError('invalid', WAITLIST_HONEYPOT_MESSAGE)
      if (containsUnstorableText(body)) throw new ServiceError('invalid', UNSTORABLE_TEXT_MESSAGE)
      const parsed = waitlistRequestSchema.safeParse(body)
      if (!parsed.success) throw invalidInput(parsed.error, 'Invalid waitlist request')
      const request = parsed.data
      const now = deps.now()

      const slot = (await slotsOf(db, request.tourDate, now)).find((s) => s.tourTime === request.tourTime)!
      const verdict = canJoinWaitlist(slot)
      if (!verdict.ok) {
        if (verdict.why === 'free') throw new ServiceError('conflict', WAITLIST_SLOT_FREE)
        throw new ServiceError('invalid', WAITLIST_NOT_BOOKABLE, { field: 'tourDate' })
      }

      const [pkg] = await db.select().from(tourPackages).where(eq(tourPackages.id, request.tourPackageId))
      if (!pkg || !pkg.available) throw new ServiceError('invalid', PACKAGE_UNAVAILABLE_MESSAGE, { field: 'tourPackageId' })
      if (!packageFitsSlot(pkg.isHalfDay, request.tourTime)) throw new ServiceError('invalid', PACKAGE_DOES_NOT_FIT_MESSAGE, { field: 'tourPackageId' })
      if (request.numberOfPeople > pkg.maxGroupSize) throw new ServiceError('invalid', GROUP_TOO_LARGE_MESSAGE(pkg.maxGroupSize), { field: 'numberOfPeople' })

      const email = request.email.trim().toLowerCase()
      await db.transaction(async (tx) => {
        // The address's turn first (docs/decisions/0070): two sign-ups of one address, on any
        // instance, never both send a confirmation e-mail.
        await lockWaitlistAddress(tx, email)
        const [address] = await tx
          .insert(waitlistAddresses)
          .values({ email, locale: request.locale, lastJoinedAt: now, createdAt: now })
          .onConflictDoUpdate({ target: waitlistAddresses.email, set: { lastJoinedAt: now } })
          .returning()
        await tx
          .insert(waitlistEntries)
          .values({
            tourDate: request.tourDate,
            tourTime: request.tourTime,
            email,
            numberOfPeople: request.numberOfPeople,
            tourPackageId: pkg.id,
            locale: request.locale,
            token: newWaitlistToken(),
            createdAt: now,
          })
          .onConflictDoNothing({ target: [waitlistEntries.tourDate, waitlistEntries.tourTime, waitlistEntries.email] })
        // An address that has not confirmed hears once per window, however often it is signed up.
        if (address!.confirmedAt === null && confirmationMayBeSent(address!.confirmationSentAt, now, confirmHours)) {
          await askToConfirm(tx, address!, { tourDate: request.tourDate, tourTime: request.tourTime, locale: request.locale }, now)
        }
      })
      return { message: JOINED_MESSAGE, tourDate: request.tourDate, tourTime: request.tourTime }
    },

    /**
     * The dates' slots have changed in `tx` (or may have): tell the entries whose slot can now be
     * booked and were not yet told, and put back on the list those whose slot is taken again.
     * Call it last in the transaction, once the claims and switches are as they will commit.
     * Dates in ascending order and entries by id, so two transactions lock entries in one order.
     */
    async reconcile(tx: Tx, dates: readonly CalendarDate[]): Promise<number> {
      const now = deps.now()
      const today = todayInTokyo(now)
      let told = 0
      for (const date of [...new Set(dates)].sort()) {
        // Only confirmed addresses wait (docs/decisions/0070): the others are never told.
        const entries = (
          await tx
            .select({ entry: waitlistEntries })
            .from(waitlistEntries)
            .innerJoin(waitlistAddresses, eq(waitlistAddresses.email, waitlistEntries.email))
            .where(and(eq(waitlistEntries.tourDate, date), isNotNull(waitlistAddresses.confirmedAt)))
            .orderBy(asc(waitlistEntries.id))
        ).map((row) => row.entry)
        if (entries.length === 0) continue
        const changes = waitlistChanges(
          entries.filter((e) => isTourTime(e.tourTime)).map((e) => ({ id: e.id, tourTime: e.tourTime as TourTime, told: e.notifiedAt !== null })),
          await slotsOf(tx, date, now),
        )
        if (changes.rearm.length > 0) {
          await tx
            .update(waitlistEntries)
            .set({ notifiedAt: null })
            .where(and(inArray(waitlistEntries.id, changes.rearm), sql`${waitlistEntries.notifiedAt} is not null`))
        }
        const emailOf = new Map(entries.map((e) => [e.id, e.email]))
        for (const id of changes.tell) {
          const email = emailOf.get(id)!
          // Over today's cap, or the address busy in another transaction: left untold, so the
          // minute job tells it later (once the day has turned, for the cap) if the slot is still free.
          if (!(await mayTell(tx, email, today))) continue
          // Conditional: a transaction on another instance that told it first leaves nothing to do.
          const [entry] = await tx
            .update(waitlistEntries)
            .set({ notifiedAt: now, notices: sql`${waitlistEntries.notices} + 1` })
            .where(and(eq(waitlistEntries.id, id), sql`${waitlistEntries.notifiedAt} is null`))
            .returning()
          if (!entry) continue
          await countOpeningMail(tx, email, today)
          await tell(tx, entry, entry.notices)
          told++
        }
      }
      return told
    },

    /**
     * The safety net (a job every minute): every date with entries not yet told, from the start
     * of the booking window, is reconciled in its own transaction. It finds what no transaction
     * reported: a hold that simply ran out before the sweep recorded it, above all a dearer
     * change's hold on a paid booking, which the sweep of unpaid bookings never sees. Reconciling
     * is idempotent, so it is safe on several instances; dates whose entries were told drop out.
     */
    async tellFreedSlots(): Promise<number> {
      const from = bookingWindow(deps.now(), windowOptions).first
      const dates = await db
        .selectDistinct({ tourDate: waitlistEntries.tourDate })
        .from(waitlistEntries)
        .innerJoin(waitlistAddresses, eq(waitlistAddresses.email, waitlistEntries.email))
        .where(and(isNull(waitlistEntries.notifiedAt), isNotNull(waitlistAddresses.confirmedAt), gte(waitlistEntries.tourDate, from)))
        .orderBy(asc(waitlistEntries.tourDate))
      let told = 0
      for (const { tourDate } of dates) told += await db.transaction((tx) => service.reconcile(tx, [tourDate]))
      return told
    },

    /**
     * The confirmation page's view (docs/decisions/0070), by the token in its link: whether the
     * address has confirmed, and the slots it waits for. Null for junk, a replaced link, or the
     * link of an address that did not confirm in time.
     */
    async findConfirmation(token: unknown): Promise<WaitlistConfirmationView | null> {
      const key = confirmTokenOf(token)
      if (!key) return null
      const now = deps.now()
      const [address] = await db.select().from(waitlistAddresses).where(eq(waitlistAddresses.confirmToken, key))
      if (!address || !linkWorks(address, now)) return null
      const locale = toLocale(address.locale)
      const rows = await db
        .select({ entry: waitlistEntries, pkg: tourPackages })
        .from(waitlistEntries)
        .innerJoin(tourPackages, eq(tourPackages.id, waitlistEntries.tourPackageId))
        .where(liveEntriesOf(address, now))
        .orderBy(asc(waitlistEntries.tourDate), asc(waitlistEntries.id))
      const entries = rows.flatMap(({ entry, pkg }) =>
        isTourTime(entry.tourTime) ? [{ tourDate: entry.tourDate, tourTime: entry.tourTime, numberOfPeople: entry.numberOfPeople, packageName: localizeTour(pkg, locale).name }] : [],
      )
      return { confirmed: address.confirmedAt !== null, entries, locale }
    },

    /**
     * The confirmation page's button and POST /api/waitlist/confirm/:token: the address waits
     * from now on, for every slot it was signed up for within the window, and each of those whose
     * slot is free already is told at once. Confirming again changes nothing. False when the link
     * names nothing (junk, replaced, or too old).
     */
    async confirm(token: unknown): Promise<boolean> {
      const key = confirmTokenOf(token)
      if (!key) return false
      const now = deps.now()
      return db.transaction(async (tx) => {
        const [named] = await tx.select({ email: waitlistAddresses.email }).from(waitlistAddresses).where(eq(waitlistAddresses.confirmToken, key))
        if (!named) return false
        await lockWaitlistAddress(tx, named.email)
        // Read again under the lock: a sign-up may just have replaced the link.
        const [address] = await tx.select().from(waitlistAddresses).where(eq(waitlistAddresses.confirmToken, key))
        if (!address || !linkWorks(address, now)) return false
        if (address.confirmedAt !== null) return true
        await tx.delete(waitlistEntries).where(and(eq(waitlistEntries.email, address.email), lt(waitlistEntries.createdAt, expiredBefore(now))))
        await tx.update(waitlistAddresses).set({ confirmedAt: now }).where(eq(waitlistAddresses.id, address.id))
        const dates = await tx.selectDistinct({ tourDate: waitlistEntries.tourDate }).from(waitlistEntries).where(eq(waitlistEntries.email, address.email))
        await service.reconcile(
          tx,
          dates.map((d) => d.tourDate),
        )
        return true
      })
    },

    /**
     * The sweep (a job, docs/decisions/0070): an address that did not confirm within the window
     * loses the entries it was signed up with before it, and an address with nothing left to wait
     * for is forgotten a window after its last sign-up (so the one-e-mail-per-window rule holds
     * across its deletion). Each address in its own short transaction, under its lock.
     * Returns how many entries it removed.
     */
    async forgetUnconfirmed(): Promise<number> {
      const cutoff = expiredBefore(deps.now())
      const noEntries = sql`not exists (select 1 from ${waitlistEntries} where ${waitlistEntries.email} = ${waitlistAddresses.email})`
      const candidates = await db
        .select({ email: waitlistAddresses.email })
        .from(waitlistAddresses)
        .where(
          or(
            and(
              isNull(waitlistAddresses.confirmedAt),
              sql`exists (select 1 from ${waitlistEntries} where ${waitlistEntries.email} = ${waitlistAddresses.email} and ${waitlistEntries.createdAt} < ${cutoff})`,
            ),
            and(lt(waitlistAddresses.lastJoinedAt, cutoff), noEntries),
          ),
        )
      let removed = 0
      for (const { email } of candidates) {
        removed += await db.transaction(async (tx) => {
          await lockWaitlistAddress(tx, email)
          const [address] = await tx.select().from(waitlistAddresses).where(eq(waitlistAddresses.email, email))
          if (!address) return 0
          const gone =
            address.confirmedAt === null
              ? await tx
                  .delete(waitlistEntries)
                  .where(and(eq(waitlistEntries.email, email), lt(waitlistEntries.createdAt, cutoff)))
                  .returning({ id: waitlistEntries.id })
              : []
          await tx.delete(waitlistAddresses).where(and(eq(waitlistAddresses.email, email), lt(waitlistAddresses.lastJoinedAt, cutoff), noEntries))
          return gone.length
        })
      }
      return removed
    },

    /** The removal page's view of an entry, by the token in its link; null for junk or a removed entry. */
    async findByToken(token: unknown): Promise<WaitlistEntryView | null> {
      const key = waitlistTokenOf(token)
      if (!key) return null
      const [row] = await db
        .select({ entry: waitlistEntries, pkg: tourPackages })
        .from(waitlistEntries)
        .innerJoin(tourPackages, eq(tourPackages.id, waitlistEntries.tourPackageId))
        .where(eq(waitlistEntries.token, key))
      if (!row || !isTourTime(row.entry.tourTime)) return null
      const locale = toLocale(row.entry.locale)
      return { tourDate: row.entry.tourDate, tourTime: row.entry.tourTime, numberOfPeople: row.entry.numberOfPeople, packageName: localizeTour(row.pkg, locale).name, locale }
    },

    /** Takes the entry off the list (the removal page's button, DELETE /api/waitlist/:token); false when there was none. */
    async remove(token: unknown): Promise<boolean> {
      const key = waitlistTokenOf(token)
      if (!key) return false
      const removed = await db.delete(waitlistEntries).where(eq(waitlistEntries.token, key)).returning({ id: waitlistEntries.id })
      return removed.length > 0
    },
  }
  return service
}

export type WaitlistService = ReturnType<typeof createWaitlistService>
