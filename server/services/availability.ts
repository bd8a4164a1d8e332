import { and, asc, gte, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { weekendAvailability, type WeekendAvailability as WeekendAvailabilityRow } from '../db/schema.ts'
import { bookingWindow, daysBetween, dayOfWeek, isCalendarDate, weekendDatesBetween, type CalendarDate } from '../../core/dates.ts'
import { deriveSlotAvailability, slotStart, type SlotAvailability, type SlotStartTimes, type TourTime } from '../../core/slots.ts'
import type { WeekendAvailability } from '../../core/schemas/availability.ts'
import { claimedPartsBetween } from './slot-claims.ts'
import { ServiceError } from './service-error.ts'

/** The longest range one time-slots request may cover (about three months). */
export const MAX_RANGE_DAYS = 93

export type SlotView = SlotAvailability & ReturnType<typeof slotStart>
export type DateSlots = { date: CalendarDate; slots: SlotView[] }
export type TimeSlotsView = {
  from: CalendarDate
  to: CalendarDate
  window: { first: CalendarDate; last: CalendarDate }
  dates: DateSlots[]
}

/** Checks a from/to pair; throws ServiceError 'invalid' with a message for the visitor. */
export function checkRange(from: unknown, to: unknown): { from: CalendarDate; to: CalendarDate } {
  if (!isCalendarDate(from) || !isCalendarDate(to)) throw new ServiceError('invalid', 'from and to must be dates as yyyy-MM-dd')
  const span = daysBetween(from, to)
  if (span < 0) throw new ServiceError('invalid', 'from must not be after to')
  if (span > MAX_RANGE_DAYS) throw new ServiceError('invalid', `A range may cover at most ${MAX_RANGE_DAYS} days`)
  return { from, to }
}

/**
 * One date's three slots, read through `reader` (the caller's transaction when it has one):
 * the date against `window`, the guide's switches and, with `claims`, what live bookings hold.
 * A booking's own check reads the switches only (`claims: false`): the slot claim it then makes
 * decides a taken slot (docs/decisions/0002).
 */
export async function slotsOn(
  reader: Db | Tx,
  date: CalendarDate,
  options: { now: Date; window: { leadDays: number; horizonDays: number }; claims: boolean },
): Promise<SlotAvailability[]> {
  const [override] = await reader.select().from(weekendAvailability).where(sql`${weekendAvailability.date} = ${date}`)
  const claimed = options.claims ? (await claimedPartsBetween(reader, date, date, options.now)).get(date) : undefined
  return deriveSlotAvailability({ date, now: options.now, window: options.window, override: override ?? null, claimedParts: claimed ?? new Set() })
}

/** The slot of `tourTime` on `date`, as slotsOn reads it. */
export async function slotOn(reader: Db | Tx, date: CalendarDate, tourTime: TourTime, options: Parameters<typeof slotsOn>[2]): Promise<SlotAvailability> {
  return (await slotsOn(reader, date, options)).find((s) => s.tourTime === tourTime)!
}

/**
 * Which weekend slots a guest can book (docs/decisions/0039, 0005), derived from the admin's switches
 * and the live slot claims; the rule itself is core/slots.ts deriveSlotAvailability.
 */
export function createAvailabilityService(deps: {
  db: Db
  now: () => Date
  booking: {
    leadDays: number
    horizonDays: number
    startTimes: SlotStartTimes
  }
  /** The switches of a date changed in `tx`: the waitlist tells whoever waits for a slot reopened (docs/decisions/0057). */
  switchesChanged?: (tx: Tx, date: CalendarDate) => Promise<unknown>
}) {
  const { db } = deps
  const windowOptions = {
    leadDays: deps.booking.leadDays,
    horizonDays: deps.booking.horizonDays,
  }

  async function overridesBetween(from: CalendarDate, to: CalendarDate): Promise<Map<string, WeekendAvailabilityRow>> {
    const rows = await db
      .select()
      .from(weekendAvailability)
      .where(and(gte(weekendAvailability.date, from), lte(weekendAvailability.date, to)))
      .orderBy(asc(weekendAvailability.date))
    return new Map(rows.map((r) => [r.date, r]))
  }

  return {
    window() {
      return bookingWindow(deps.now(), windowOptions)
    },

    /**
     * Every Saturday and Sunday from `from` to `to` (both included), each with its three
     * slots. Dates outside the booking window are listed, with every slot unavailable
     * (reason 'outside-window'), so a calendar can show them greyed out.
     */
    async timeSlots(from: CalendarDate, to: CalendarDate, options: { exceptBookingId?: number } = {}): Promise<TimeSlotsView> {
      const now = deps.now()
      const [overrides, claimed] = await Promise.all([overridesBetween(from, to), claimedPartsBetween(db, from, to, now, options.exceptBookingId)])
      const dates = weekendDatesBetween(from, to).map((date) => {
        const slots = deriveSlotAvailability({
          date,
          now,
          window: windowOptions,
          override: overrides.get(date) ?? null,
          claimedParts: claimed.get(date) ?? new Set(),
        })
        return {
          date,
          slots: slots.map((s) => ({ ...s, ...slotStart(date, s.tourTime, deps.booking.startTimes) })),
        }
      })
      return { from, to, window: bookingWindow(now, windowOptions), dates }
    },

    /**
     * Creates or updates a weekend date's switches (docs/decisions/0039). The schema has refused
     * weekdays. `writer` is the caller's transaction when it has one (a call-off closes its slots in its own).
     */
    async upsert(input: WeekendAvailability, writer?: Tx): Promise<WeekendAvailabilityRow> {
      // The switches and what they do to the waitlist commit together.
      if (!writer) return db.transaction((tx) => this.upsert(input, tx))
      const now = deps.now()
      const changes: Partial<typeof weekendAvailability.$inferInsert> = {}
      if (input.morningAvailable !== undefined) changes.morningAvailable = input.morningAvailable
      if (input.afternoonAvailable !== undefined) changes.afternoonAvailable = input.afternoonAvailable
      if (input.fullDayAvailable !== undefined) changes.fullDayAvailable = input.fullDayAvailable
      if (input.adminNotes !== undefined) changes.adminNotes = input.adminNotes
      const [row] = await writer
        .insert(weekendAvailability)
        .values({
          date: input.date,
          dayOfWeek: dayOfWeek(input.date),
          ...changes,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: weekendAvailability.date,
          set: { ...changes, updatedAt: now },
        })
        .returning()
      await deps.switchesChanged?.(writer, input.date)
      return row!
    },
  }
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>
