import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { tourPackages, waitlistEntries, type WaitlistEntry } from '../db/schema.ts'
import type { Config } from '../config/index.ts'
import { bookingWindow, type CalendarDate } from '../../core/dates.ts'
import { isTourTime, packageFitsSlot, type TourTime } from '../../core/slots.ts'
import { localizePath, toLocale, type Locale } from '../../core/i18n/locales.ts'
import { localizeTour } from '../../core/i18n/tour-text.ts'
import { canJoinWaitlist, newWaitlistToken, waitlistChanges, waitlistTokenOf } from '../../core/waitlist.ts'
import { WAITLIST_HONEYPOT_MESSAGE, WAITLIST_NOT_BOOKABLE_MESSAGE, WAITLIST_RATE_MESSAGE, WAITLIST_SLOT_FREE_MESSAGE, waitlistRequestSchema } from '../../core/schemas/waitlist.ts'
import { containsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../core/unstorable-text.ts'
import { renderEmail, waitlistOpenEmail } from '../email/templates.tsx'
import type { MailOutbox } from './mail-outbox.ts'
import type { HitCounter } from './rate-limits.ts'
import { slotsOn } from './availability.ts'
import { invalidInput, ServiceError } from './service-error.ts'
import { GROUP_TOO_LARGE_MESSAGE, PACKAGE_DOES_NOT_FIT_MESSAGE, PACKAGE_UNAVAILABLE_MESSAGE } from './bookings.ts'

export const JOINED_MESSAGE = 'You are on the waitlist: we will e-mail you if this time slot frees up'

/** What a visitor who joined hears: never the entry's token, which travels only by e-mail. */
export type JoinedView = { message: string; tourDate: CalendarDate; tourTime: TourTime }

/** What the removal page shows of an entry. */
export type WaitlistEntryView = { tourDate: CalendarDate; tourTime: TourTime; numberOfPeople: number; packageName: string; locale: Locale }

/** The booking page with the slot chosen, in the visitor's language (docs/decisions/0044). */
export const waitlistBookLink = (baseUrl: string, e: Pick<WaitlistEntry, 'tourDate' | 'tourTime' | 'locale'>) =>
  `${baseUrl}${localizePath(`/booking?date=${e.tourDate}&tourTime=${e.tourTime}`, toLocale(e.locale))}`
/** The page where the visitor takes their address off the slot's waitlist (a button, never the GET itself). */
export const waitlistRemoveLink = (baseUrl: string, e: Pick<WaitlistEntry, 'token' | 'locale'>) => `${baseUrl}${localizePath(`/waitlist/${e.token}`, toLocale(e.locale))}`

/**
 * The waitlist of taken slots (issue 19 point 4, docs/decisions/0057).
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
  config: Pick<Config, 'baseUrl' | 'site' | 'booking'>
  outbox: MailOutbox
  now: () => Date
  /** RATE_LIMIT_WAITLIST_PER_HOUR per client address, for every way in (docs/decisions/0024). */
  attemptsPerClient: HitCounter
}) {
  const { db, config } = deps
  const windowOptions = { leadDays: config.booking.leadDays, horizonDays: config.booking.horizonDays }

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
     * alike, so the answer never tells whether an address was already waiting.
     */
    async join(body: Record<string, unknown>, options: { clientAddress: string }): Promise<JoinedView> {
      const retryAfter = await deps.attemptsPerClient.hit(`ip:${options.clientAddress}`)
      if (retryAfter > 0) throw new ServiceError('rate-limited', WAITLIST_RATE_MESSAGE, { retryAfter })
      if (typeof body.website === 'string' && body.website.trim() !== '') throw new ServiceError('invalid', WAITLIST_HONEYPOT_MESSAGE)
      if (containsUnstorableText(body)) throw new ServiceError('invalid', UNSTORABLE_TEXT_MESSAGE)
      const parsed = waitlistRequestSchema.safeParse(body)
      if (!parsed.success) throw invalidInput(parsed.error, 'Invalid waitlist request')
      const request = parsed.data
      const now = deps.now()

      const slot = (await slotsOf(db, request.tourDate, now)).find((s) => s.tourTime === request.tourTime)!
      const verdict = canJoinWaitlist(slot)
      if (!verdict.ok) {
        if (verdict.why === 'free') throw new ServiceError('conflict', WAITLIST_SLOT_FREE_MESSAGE)
        throw new ServiceError('invalid', WAITLIST_NOT_BOOKABLE_MESSAGE, { field: 'tourDate' })
      }

      const [pkg] = await db.select().from(tourPackages).where(eq(tourPackages.id, request.tourPackageId))
      if (!pkg || !pkg.available) throw new ServiceError('invalid', PACKAGE_UNAVAILABLE_MESSAGE, { field: 'tourPackageId' })
      if (!packageFitsSlot(pkg.isHalfDay, request.tourTime)) throw new ServiceError('invalid', PACKAGE_DOES_NOT_FIT_MESSAGE, { field: 'tourPackageId' })
      if (request.numberOfPeople > pkg.maxGroupSize) throw new ServiceError('invalid', GROUP_TOO_LARGE_MESSAGE(pkg.maxGroupSize), { field: 'numberOfPeople' })

      await db
        .insert(waitlistEntries)
        .values({
          tourDate: request.tourDate,
          tourTime: request.tourTime,
          email: request.email.trim().toLowerCase(),
          numberOfPeople: request.numberOfPeople,
          tourPackageId: pkg.id,
          locale: request.locale,
          token: newWaitlistToken(),
          createdAt: now,
        })
        .onConflictDoNothing({ target: [waitlistEntries.tourDate, waitlistEntries.tourTime, waitlistEntries.email] })
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
      let told = 0
      for (const date of [...new Set(dates)].sort()) {
        const entries = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.tourDate, date)).orderBy(asc(waitlistEntries.id))
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
        for (const id of changes.tell) {
          // Conditional: a transaction on another instance that told it first leaves nothing to do.
          const [entry] = await tx
            .update(waitlistEntries)
            .set({ notifiedAt: now, notices: sql`${waitlistEntries.notices} + 1` })
            .where(and(eq(waitlistEntries.id, id), sql`${waitlistEntries.notifiedAt} is null`))
            .returning()
          if (!entry) continue
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
        .where(and(isNull(waitlistEntries.notifiedAt), gte(waitlistEntries.tourDate, from)))
        .orderBy(asc(waitlistEntries.tourDate))
      let told = 0
      for (const { tourDate } of dates) told += await db.transaction((tx) => service.reconcile(tx, [tourDate]))
      return told
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
