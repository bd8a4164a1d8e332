import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { bookings, channelBlocks, channelCalendars, slotClaims, type ChannelCalendar } from '../db/schema.ts'
import type { Config } from '../config/index.ts'
import type { Logger } from '../logger.ts'
import { loggableError } from '../http/errors.ts'
import { addDays, todayInTokyo, type CalendarDate } from '../../core/dates.ts'
import { CalendarReadError, readChannelCalendar, type ChannelBlock as ReadBlock } from '../../core/channel-calendar.ts'
import type { DayPart } from '../../core/slots.ts'
import type { ChannelCalendarInput } from '../../core/schemas/channel-calendar.ts'
import type { BookingEvents } from './booking-events.ts'
import type { BookingLifecycle } from './booking-lifecycle.ts'
import { bookingActionLink, type NotificationService } from './notifications.ts'
import { blocksTakeFreeHalves } from './slot-claims.ts'
import { ServiceError } from './service-error.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import { fetchCalendarText, MAX_CALENDAR_BYTES } from './channel-calendar-fetch.ts'

/**
 * Calendars of platforms that publish only an iCalendar URL (docs/decisions/0077). Each is fetched
 * every CHANNEL_CALENDAR_INTERVAL_MINUTES by one instance at a time (a lease on its row), read
 * by core/channel-calendar.ts, and its blocks replaced in one transaction: a new block claims its
 * half in slot_claims, a block gone takes its claim with it and reopens the half. A failed fetch
 * or read records its error and changes no block.
 */

const CHANNEL_CALENDAR_NOT_FOUND_MESSAGE = refusal('adminErrors.channelCalendarNotFound')
const FETCH_UNDER_WAY_MESSAGE = refusal('adminErrors.channelCalendarFetching')

/** How long past the fetch's own time limit a lease lasts: the write after the fetch, with room to spare. */
const LEASE_MARGIN_MS = 60_000

export type ChannelConflictView = { tourDate: CalendarDate; part: DayPart; summary: string; bookingId: number; reference: string }

export type ChannelCalendarView = {
  id: number
  name: string
  url: string
  createdAt: string
  lastFetchAt: string | null
  lastGoodFetchAt: string | null
  lastError: string | null
  eventsCount: number
  /** Halves its events take, today and later. */
  blocks: number
  /** Of those, the halves it closes now (the others are its conflicts). */
  closed: number
  /** Its events on halves one of our bookings held first: double bookings made on the other platform. */
  conflicts: ChannelConflictView[]
}

type FetchOutcome = { ok: true; events: number; blocks: ReadBlock[] } | { ok: false; error: string }

export function createChannelCalendarService(deps: {
  db: Db
  config: Config
  lifecycle: BookingLifecycle
  events: BookingEvents
  notifications: NotificationService
  logger: Logger
  now: () => Date
}) {
  const { db, config } = deps
  const { intervalMinutes, timeoutMs } = config.channelCalendars

  async function views(rows: ChannelCalendar[]): Promise<ChannelCalendarView[]> {
    if (rows.length === 0) return []
    const today = todayInTokyo(deps.now())
    const ids = rows.map((r) => r.id)
    const counts = await db
      .select({ calendarId: channelBlocks.calendarId, blocks: sql<number>`count(*)::int`, closed: sql<number>`count(${slotClaims.channelBlockId})::int` })
      .from(channelBlocks)
      .leftJoin(slotClaims, eq(slotClaims.channelBlockId, channelBlocks.id))
      .where(and(inArray(channelBlocks.calendarId, ids), sql`${channelBlocks.tourDate} >= ${today}`))
      .groupBy(channelBlocks.calendarId)
    const conflicts = await db
      .select({ calendarId: channelBlocks.calendarId, tourDate: channelBlocks.tourDate, part: channelBlocks.part, summary: channelBlocks.summary, bookingId: bookings.id, reference: bookings.reference })
      .from(channelBlocks)
      .innerJoin(bookings, eq(bookings.id, channelBlocks.conflictBookingId))
      .where(and(inArray(channelBlocks.calendarId, ids), sql`${channelBlocks.tourDate} >= ${today}`))
      .orderBy(asc(channelBlocks.tourDate), asc(channelBlocks.part))
    return rows.map((r) => {
      const count = counts.find((c) => c.calendarId === r.id)
      return {
        id: r.id,
        name: r.name,
        url: r.url,
        createdAt: r.createdAt.toISOString(),
        lastFetchAt: r.lastFetchAt?.toISOString() ?? null,
        lastGoodFetchAt: r.lastGoodFetchAt?.toISOString() ?? null,
        lastError: r.lastError,
        eventsCount: r.eventsCount,
        blocks: count?.blocks ?? 0,
        closed: count?.closed ?? 0,
        conflicts: conflicts.filter((c) => c.calendarId === r.id).map((c) => ({ tourDate: c.tourDate, part: c.part as DayPart, summary: c.summary, bookingId: c.bookingId, reference: c.reference })),
      }
    })
  }

  async function viewOf(id: number): Promise<ChannelCalendarView> {
    const [row] = await db.select().from(channelCalendars).where(eq(channelCalendars.id, id))
    if (!row) throw new ServiceError('not-found', CHANNEL_CALENDAR_NOT_FOUND_MESSAGE)
    return (await views([row]))[0]!
  }

  /** Takes the calendar's lease, or null when another fetch holds it (or, for the schedule, when it is not due). */
  async function lease(id: number | null, now: Date): Promise<ChannelCalendar | null> {
    const until = new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS)
    const free = or(isNull(channelCalendars.fetchClaimedUntil), lt(channelCalendars.fetchClaimedUntil, now))
    const due = or(isNull(channelCalendars.lastFetchAt), lte(channelCalendars.lastFetchAt, new Date(now.getTime() - intervalMinutes * 60_000)))
    // One row at a time, skipping a row another instance is taking this moment: the UPDATE's
    // own check of the lease then lets exactly one of them have it.
    const pick = db
      .select({ id: channelCalendars.id })
      .from(channelCalendars)
      .where(and(free, id === null ? due : eq(channelCalendars.id, id)))
      .orderBy(sql`${channelCalendars.lastFetchAt} asc nulls first`, asc(channelCalendars.id))
      .limit(1)
      .for('update', { skipLocked: true })
    const [row] = await db
      .update(channelCalendars)
      .set({ fetchClaimedUntil: until })
      .where(and(sql`${channelCalendars.id} = (${pick})`, free))
      .returning()
    return row ?? null
  }

  /**
   * The events' blocks replace the calendar's in one transaction; conflicts are recorded and told
   * once. Returns the dates where blocks came or went.
   */
  async function applyBlocks(tx: Tx, calendar: ChannelCalendar, read: ReadBlock[], now: Date): Promise<string[]> {
    const today = todayInTokyo(now)
    const existing = await tx
      .select({ id: channelBlocks.id, uid: channelBlocks.uid, tourDate: channelBlocks.tourDate, part: channelBlocks.part, summary: channelBlocks.summary })
      .from(channelBlocks)
      .where(eq(channelBlocks.calendarId, calendar.id))
    const key = (b: { uid: string; tourDate: string; part: string }) => `${b.uid}\n${b.tourDate}\n${b.part}`
    const wanted = new Map(read.map((b) => [key(b), b]))
    const had = new Map(existing.map((b) => [key(b), b]))
    // Past days stay as they were: the calendar no longer lists them, and they are history.
    const gone = existing.filter((b) => !wanted.has(key(b)) && b.tourDate >= today)
    const added = read.filter((b) => !had.has(key(b)))
    const renamed = read.filter((b) => had.has(key(b)) && had.get(key(b))!.summary !== b.summary)

    // A lapsed hold on a half a block wants is recorded as lapsed first (docs/decisions/0005), as
    // a booking's claim would: locking its booking before touching claims keeps the lock order.
    const wantedDates = [...new Set(read.map((b) => b.tourDate))]
    for (let i = 0; i < wantedDates.length; i += 500) {
      const lapsed = await tx
        .selectDistinct({ bookingId: slotClaims.bookingId })
        .from(slotClaims)
        .where(and(inArray(slotClaims.tourDate, wantedDates.slice(i, i + 500)), isNotNull(slotClaims.bookingId), isNotNull(slotClaims.expiresAt), lt(slotClaims.expiresAt, now)))
        .orderBy(asc(slotClaims.bookingId))
      for (const { bookingId } of lapsed) await deps.lifecycle.expireLapsed(tx, bookingId!)
    }

    // A block gone takes its claim with it (the foreign key cascades): its half reopens.
    for (let i = 0; i < gone.length; i += 500) {
      await tx.delete(channelBlocks).where(inArray(channelBlocks.id, gone.slice(i, i + 500).map((b) => b.id)))
    }
    for (let i = 0; i < added.length; i += 500) {
      await tx.insert(channelBlocks).values(added.slice(i, i + 500).map((b) => ({ calendarId: calendar.id, uid: b.uid, tourDate: b.tourDate, part: b.part, summary: b.summary, createdAt: now })))
    }
    for (const b of renamed) await tx.update(channelBlocks).set({ summary: b.summary }).where(eq(channelBlocks.id, had.get(key(b))!.id))

    // Every free half a block wants is claimed (this calendar's new ones, and another calendar's
    // waiting behind a block that went).
    const touched = [...new Set([...wantedDates, ...gone.map((b) => b.tourDate)])]
    for (let i = 0; i < touched.length; i += 500) await blocksTakeFreeHalves(tx, touched.slice(i, i + 500))

    // A block whose half one of our bookings holds is a double booking on the other platform: our
    // booking stays; the block records it, and the guide hears of it once.
    const conflicts = await tx
      .update(channelBlocks)
      .set({ conflictBookingId: sql`${slotClaims.bookingId}` })
      .from(slotClaims)
      .where(
        and(
          eq(channelBlocks.calendarId, calendar.id),
          eq(slotClaims.tourDate, channelBlocks.tourDate),
          eq(slotClaims.part, channelBlocks.part),
          isNotNull(slotClaims.bookingId),
          sql`${channelBlocks.conflictBookingId} is distinct from ${slotClaims.bookingId}`,
          sql`${channelBlocks.tourDate} >= ${today}`,
        ),
      )
      .returning({ tourDate: channelBlocks.tourDate, part: channelBlocks.part, summary: channelBlocks.summary, bookingId: slotClaims.bookingId })
    await tellConflicts(tx, calendar, conflicts, now)
    // The dates whose halves may have opened or closed, for the waitlist.
    return [...new Set([...gone, ...added].map((b) => b.tourDate))]
  }

  async function tellConflicts(tx: Tx, calendar: ChannelCalendar, conflicts: { tourDate: string; part: string; summary: string; bookingId: number | null }[], now: Date) {
    const byBooking = new Map<number, typeof conflicts>()
    for (const c of conflicts) if (c.bookingId !== null) byBooking.set(c.bookingId, [...(byBooking.get(c.bookingId) ?? []), c])
    for (const [bookingId, list] of byBooking) {
      const [booking] = await tx.select({ reference: bookings.reference, name: bookings.name, tourDate: bookings.tourDate, tourTime: bookings.tourTime }).from(bookings).where(eq(bookings.id, bookingId))
      if (!booking) continue
      // The booking's own date and slot: every conflicting half lies within it.
      const summary = list[0]!.summary
      await deps.notifications.create(tx, {
        type: 'booking',
        notice: {
          kind: 'doubleBooking',
          values: { calendar: calendar.name, described: summary ? 'yes' : 'no', summary, date: booking.tourDate, slot: booking.tourTime, reference: booking.reference, name: booking.name },
        },
        actionLink: bookingActionLink(bookingId),
      })
    }
    if (byBooking.size > 0) deps.logger.info({ calendarId: calendar.id, conflicts: conflicts.length, at: now.toISOString() }, 'imported calendar conflicts with bookings')
  }

  /** One fetch of a leased calendar: the blocks replaced, or the error recorded; the lease given back either way. */
  async function fetchLeased(calendar: ChannelCalendar): Promise<void> {
    const started = deps.now()
    let outcome: FetchOutcome
    try {
      const text = await fetchCalendarText(calendar.url, { timeoutMs, maxBytes: MAX_CALENDAR_BYTES, userAgent: `${config.site.businessName} calendar import` })
      const today = todayInTokyo(started)
      const read = readChannelCalendar(text, { today, lastDay: addDays(today, config.booking.horizonDays), startTimes: config.booking.startTimes })
      outcome = { ok: true, ...read }
    } catch (error) {
      if (!(error instanceof CalendarReadError)) deps.logger.error({ error: loggableError(error), calendarId: calendar.id }, 'imported calendar: unexpected failure')
      outcome = { ok: false, error: error instanceof CalendarReadError ? error.message : 'The calendar could not be fetched (an unexpected error; see the server log)' }
    }
    const now = deps.now()
    try {
      await write(calendar, outcome, now)
    } catch (error) {
      // A database that refused the write (a deadlock with a booking, say): the next fetch tries again.
      deps.logger.error({ error: loggableError(error), calendarId: calendar.id }, 'imported calendar: the blocks could not be written')
      await db
        .update(channelCalendars)
        .set({ lastFetchAt: now, lastError: 'The calendar was read but could not be saved (a database error; see the server log)', fetchClaimedUntil: null })
        .where(eq(channelCalendars.id, calendar.id))
    }
  }

  async function write(calendar: ChannelCalendar, outcome: FetchOutcome, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      // The calendar may have been deleted meanwhile: then there is nothing to write.
      const [row] = await tx.select().from(channelCalendars).where(eq(channelCalendars.id, calendar.id)).for('update')
      if (!row) return
      if (!outcome.ok) {
        await tx.update(channelCalendars).set({ lastFetchAt: now, lastError: outcome.error, fetchClaimedUntil: null }).where(eq(channelCalendars.id, row.id))
        return
      }
      const changed = await applyBlocks(tx, row, outcome.blocks, now)
      await tx.update(channelCalendars).set({ lastFetchAt: now, lastGoodFetchAt: now, lastError: null, eventsCount: outcome.events, fetchClaimedUntil: null }).where(eq(channelCalendars.id, row.id))
      await deps.events.slotsChanged(tx, changed)
    })
  }

  return {
    async list(): Promise<ChannelCalendarView[]> {
      return views(await db.select().from(channelCalendars).orderBy(asc(channelCalendars.name), asc(channelCalendars.id)))
    },

    /** Adds a calendar and fetches it at once, so the guide sees straight away whether its address works. */
    async add(input: ChannelCalendarInput): Promise<ChannelCalendarView> {
      const now = deps.now()
      const [row] = await db
        .insert(channelCalendars)
        .values({ ...input, createdAt: now, updatedAt: now, fetchClaimedUntil: new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS) })
        .returning()
      await fetchLeased(row!)
      return viewOf(row!.id)
    },

    /** Deletes a calendar: its blocks and their claims go with it, and the halves they closed reopen. */
    /** Removes a calendar and frees the halves its blocks held; answers with the name it had, for the admin's toast. */
    async remove(id: number): Promise<{ name: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(channelCalendars).where(eq(channelCalendars.id, id)).for('update')
        if (!row) throw new ServiceError('not-found', CHANNEL_CALENDAR_NOT_FOUND_MESSAGE)
        const dates = (await tx.selectDistinct({ tourDate: channelBlocks.tourDate }).from(channelBlocks).where(eq(channelBlocks.calendarId, id))).map((b) => b.tourDate)
        await tx.delete(channelCalendars).where(eq(channelCalendars.id, id))
        for (let i = 0; i < dates.length; i += 500) await blocksTakeFreeHalves(tx, dates.slice(i, i + 500))
        await deps.events.slotsChanged(tx, dates)
        return { name: row.name }
      })
    },

    /** "Fetch now": at once, whatever the schedule, unless a fetch of it is already under way. */
    async fetchNow(id: number): Promise<ChannelCalendarView> {
      await viewOf(id)
      const leased = await lease(id, deps.now())
      if (!leased) throw new ServiceError('conflict', FETCH_UNDER_WAY_MESSAGE)
      await fetchLeased(leased)
      return viewOf(id)
    },

    /**
     * The schedule (a job on every instance): each calendar whose last fetch is an interval old
     * is fetched by whichever instance takes its lease first; the others skip it.
     */
    async fetchDue(): Promise<number> {
      let fetched = 0
      const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(channelCalendars)
      for (let i = 0; i < n; i++) {
        const leased = await lease(null, deps.now())
        if (!leased) break
        await fetchLeased(leased)
        fetched++
      }
      return fetched
    },
  }
}

export type ChannelCalendarService = ReturnType<typeof createChannelCalendarService>
