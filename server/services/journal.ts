import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { bookings, moneyMovements, resellers, tourPackages, vouchers } from '../db/schema.ts'
import { addDays, todayInTokyo, tokyoInstant, type CalendarDate } from '../../core/dates.ts'
import { owedBackAfter, type JournalMovement } from '../../core/journal.ts'
import type { MovementKind, Transition } from '../../core/ledger.ts'

/** Rows read per query: the download streams page after page, so a long period never sits in memory at once. */
const JOURNAL_PAGE_SIZE = 500

/** A voucher named as in the books: its last group only, as the dashboard masks its code. */
const voucherReferenceOf = (code: string) => `Gift voucher ****-${code.slice(-4)}`

/**
 * The ledger's rows of a period for the guide's books (docs/decisions/0082), oldest first, page by
 * page: each with its booking's reference, tour and reseller, or its voucher. A test-mode
 * reseller's bookings are left out, as the revenue view leaves them out (docs/decisions/0076).
 */
export function createJournalService({ db }: { db: Db }) {
  /** What a refused refund still owed just before row `id` of a booking's card, or of a voucher's sale. */
  async function owedBackBefore(row: { id: number; bookingId: number | null; voucherId: number | null }): Promise<number> {
    const owner = row.bookingId !== null ? and(eq(moneyMovements.bookingId, row.bookingId), eq(moneyMovements.kind, 'card')) : and(eq(moneyMovements.voucherId, row.voucherId!), eq(moneyMovements.kind, 'voucher-sale'))
    const earlier = await db
      .select({ amount: moneyMovements.amount, transition: moneyMovements.transition })
      .from(moneyMovements)
      .where(and(owner, lt(moneyMovements.id, row.id)))
      .orderBy(asc(moneyMovements.id))
    return owedBackAfter(earlier.map((r) => ({ amount: r.amount, transition: r.transition as Transition })))
  }

  /** One page of the period's rows, after the row `after` (keyset paging on time and id). */
  function pageOf(start: Date, end: Date, after: { atKey: string; id: number } | null, pageSize: number) {
    return db
      .select({
        id: moneyMovements.id,
        at: moneyMovements.createdAt,
        // The instant exactly as stored (microseconds; a Date keeps milliseconds), for the next page's start.
        atKey: sql<string>`${moneyMovements.createdAt}::text`,
        kind: moneyMovements.kind,
        amount: moneyMovements.amount,
        transition: moneyMovements.transition,
        bookingId: moneyMovements.bookingId,
        voucherId: moneyMovements.voucherId,
        bookingReference: bookings.reference,
        tour: tourPackages.name,
        reseller: resellers.name,
        voucherCode: vouchers.code,
      })
      .from(moneyMovements)
      .leftJoin(bookings, eq(bookings.id, moneyMovements.bookingId))
      .leftJoin(tourPackages, eq(tourPackages.id, bookings.tourPackageId))
      .leftJoin(resellers, eq(resellers.id, bookings.resellerId))
      .leftJoin(vouchers, eq(vouchers.id, moneyMovements.voucherId))
      .where(
        and(
          gte(moneyMovements.createdAt, start),
          lt(moneyMovements.createdAt, end),
          or(isNull(resellers.id), eq(resellers.testMode, false)),
          // Keyset paging on (time, id): each page starts after the last row of the one before.
          after ? sql`(${moneyMovements.createdAt}, ${moneyMovements.id}) > (${after.atKey}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(moneyMovements.createdAt), asc(moneyMovements.id))
      .limit(pageSize)
  }

  return {
    /** The period's movements, Japan days `from` to `to` both included, in pages of JOURNAL_PAGE_SIZE. */
    async *movements(from: CalendarDate, to: CalendarDate, pageSize = JOURNAL_PAGE_SIZE): AsyncGenerator<JournalMovement[]> {
      const start = tokyoInstant(from, '00:00')
      const end = tokyoInstant(addDays(to, 1), '00:00')
      let after: { atKey: string; id: number } | null = null
      for (;;) {
        const page = await pageOf(start, end, after, pageSize)
        if (page.length === 0) return
        const movements: JournalMovement[] = []
        for (const r of page) {
          const refundInProvider = r.transition === 'provider-refund' && r.amount < 0
          movements.push({
            id: r.id,
            on: todayInTokyo(r.at),
            kind: r.kind as MovementKind,
            amount: r.amount,
            transition: r.transition as Transition,
            reference: r.bookingId !== null ? r.bookingReference! : voucherReferenceOf(r.voucherCode!),
            tour: r.bookingId !== null ? (r.tour ?? 'Custom Tour') : null,
            reseller: r.reseller,
            owedBackBefore: refundInProvider ? await owedBackBefore(r) : 0,
          })
        }
        yield movements
        if (page.length < pageSize) return
        const last = page[page.length - 1]!
        after = { atKey: last.atKey, id: last.id }
      }
    },
  }
}

export type JournalService = ReturnType<typeof createJournalService>
