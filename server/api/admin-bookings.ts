import { refusal } from '../../core/i18n/refusal.ts'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Router, type Request, type Response } from 'express'
import { z } from 'zod'
import { BOOKING_SEARCH_MAX, BOOKING_SORT_KEYS } from '../../core/booking-search.ts'
import { BOOKING_STATUSES, bookingStatusUpdateSchema } from '../../core/schemas/booking-status.ts'
import { revenueYear } from '../../core/revenue.ts'
import { ID_MAX } from '../../core/schemas/fields.ts'
import { requireAdmin } from '../auth/guard.ts'
import { ServiceError } from '../services/service-error.ts'
import type { AppDeps } from '../deps.ts'
import { bookingsCsv, revenueCsv } from './bookings-csv.ts'
import { journalCsv, JOURNAL_CONTENT_TYPES } from './journal-csv.ts'
import { journalQuerySchema } from '../../core/schemas/journal.ts'
import { numericIdOnly, parseId } from './ids.ts'

const listQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(BOOKING_STATUSES, { error: 'Unknown status filter' }).optional()),
  q: z.string().max(BOOKING_SEARCH_MAX).optional(),
  search: z.string().max(BOOKING_SEARCH_MAX).optional(),
  bookingId: z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined), z.number().int().positive().optional()),
  sort: z.enum(BOOKING_SORT_KEYS, { error: 'Unknown sort key' }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc' }).optional(),
  // Bounded so that the offset it becomes stays a number PostgreSQL and JavaScript both hold exactly.
  page: z.coerce.number().int().min(1).max(ID_MAX).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  format: z.enum(['json', 'csv']).optional(),
})


/**
 * The admin's booking calls (docs/decisions/0013): the list with filter, search, sort and
 * paging (also as CSV), status changes and delete. A booking's details, the month calendar, the
 * guide's new booking, move and cancel are the dashboard's Bookings and Calendar sections' route
 * loaders and actions (docs/decisions/0088). Every route is admin-only (docs/decisions/0012).
 */
export function adminBookingsRouter({ services }: AppDeps) {
  const router = Router()

  const list = async (req: Request, res: Response, csv: boolean) => {
    const query = listQuerySchema.parse(req.query)
    const common = { status: query.status, q: query.q ?? query.search, bookingId: query.bookingId, sort: query.sort, dir: query.dir }
    if (csv || query.format === 'csv') {
      // Every matching booking, not one page: the export is the guide's record.
      const items = await services.adminBookings.matching(common)
      res.set('Content-Type', 'text/csv; charset=utf-8')
      res.set('Content-Disposition', 'attachment; filename="bookings.csv"')
      res.send('\uFEFF' + bookingsCsv(items, await services.bookingMoves.historyOf(items.map((b) => b.id))))
      return
    }
    res.json(await services.adminBookings.list({ ...common, page: query.page, pageSize: query.pageSize }))
  }

  router.get('/bookings', requireAdmin, (req, res) => list(req, res, false))
  router.get('/bookings.csv', requireAdmin, (req, res) => list(req, res, true))

  // The revenue view as a spreadsheet the guide downloads (docs/decisions/0058);
  // the Revenue section's loader has the figures for the page.
  router.get('/admin/revenue.csv', requireAdmin, async (req, res) => {
    const year = revenueYear(req.query.year)
    if (year === null) throw new ServiceError('invalid', refusal('adminErrors.revenueYear'))
    const revenue = await services.adminBookings.revenue(year)
    res.set('Content-Type', 'text/csv; charset=utf-8')
    res.set('Content-Disposition', `attachment; filename="revenue-${revenue.year}.csv"`)
    res.send('\uFEFF' + revenueCsv(revenue))
  })

  // The guide's books for the accountant: every ledger movement of a period as a journal (docs/decisions/0082).
  router.get('/admin/journal.csv', requireAdmin, async (req, res) => {
    const { from, to, format } = journalQuerySchema.parse(req.query)
    const chunks = journalCsv(format, services.journal.movements(from, to))
    // The first chunk waits for the first page: a database that fails before it is an error response, not a cut file.
    const first = await chunks.next()
    res.set('Content-Type', JOURNAL_CONTENT_TYPES[format])
    res.set('Content-Disposition', `attachment; filename="journal-${from}-to-${to}-${format}.csv"`)
    if (!first.done) res.write(first.value)
    await pipeline(Readable.from(chunks), res)
  })

  router.patch('/bookings/:id/status', numericIdOnly, requireAdmin, async (req, res) => {
    const { status, paidBy } = bookingStatusUpdateSchema.parse(req.body ?? {})
    res.json(await services.adminBookings.updateStatus(parseId(req.params.id), status, paidBy))
  })

  router.delete('/bookings/:id', numericIdOnly, requireAdmin, async (req, res) => {
    await services.adminBookings.remove(parseId(req.params.id))
    res.json({ success: true })
  })

  return router
}
