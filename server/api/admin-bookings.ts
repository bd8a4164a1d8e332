import { refusal } from '../../core/i18n/refusal.ts'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Router, type Request, type Response } from 'express'
import { z } from 'zod'
import { BOOKING_SORT_KEYS } from '../../core/booking-search.ts'
import { BOOKING_STATUSES, bookingStatusUpdateSchema } from '../../core/schemas/booking-status.ts'
import { isMonth } from '../../core/dates.ts'
import { revenueYear } from '../../core/revenue.ts'
import { ID_MAX } from '../../core/schemas/fields.ts'
import { requireAdmin } from '../auth/guard.ts'
import { ServiceError } from '../services/service-error.ts'
import type { AppDeps } from '../deps.ts'
import { bookingsCsv, revenueCsv } from './bookings-csv.ts'
import { journalCsv, JOURNAL_CONTENT_TYPES } from './journal-csv.ts'
import { journalQuerySchema } from '../../core/schemas/journal.ts'
import { bookingRulesSchema, guideBookingRulesSchema, guideMoveSchema } from '../../core/schemas/booking-move.ts'
import { guideBookingSchema } from '../../core/schemas/guide-booking.ts'
import { callOffSchema } from '../../core/schemas/disruption.ts'
import { numericIdOnly, parseId } from './ids.ts'

const listQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(BOOKING_STATUSES, { error: 'Unknown status filter' }).optional()),
  q: z.string().max(200).optional(),
  search: z.string().max(200).optional(),
  bookingId: z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined), z.number().int().positive().optional()),
  sort: z.enum(BOOKING_SORT_KEYS, { error: 'Unknown sort key' }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc' }).optional(),
  // Bounded so that the offset it becomes stays a number PostgreSQL and JavaScript both hold exactly.
  page: z.coerce.number().int().min(1).max(ID_MAX).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  format: z.enum(['json', 'csv']).optional(),
})


/**
 * The admin's booking calls (docs/decisions/0013, issue 7): the list with filter, search, sort and
 * paging (also as CSV), status changes, delete (cancelling with a refund is the payments router's
 * POST /api/admin/bookings/{id}/cancel),
 * and the month calendar. Every route is admin-only (docs/decisions/0012).
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

  router.get('/admin/bookings/calendar', requireAdmin, async (req, res) => {
    const month = String(req.query.month ?? '')
    if (!isMonth(month)) throw new ServiceError('invalid', 'Month must be yyyy-MM')
    res.json(await services.adminBookings.calendar(month))
  })

  router.get('/admin/bookings/:id', requireAdmin, numericIdOnly, async (req, res) => {
    const booking = await services.adminBookings.get(parseId(req.params.id))
    if (!booking) throw new ServiceError('not-found', refusal('errors.bookingNotFound'))
    res.json(booking)
  })

  // The guide makes a booking for a guest (issue 20 point 1, docs/decisions/0059).
  router.post('/admin/bookings', requireAdmin, async (req, res) => {
    const request = guideBookingSchema.parse(req.body ?? {})
    const booking = await services.guideBookings.create(request, res.locals.user!)
    // As the dashboard shows every booking, with the pay link to copy or send.
    res.status(201).json(await services.adminBookings.get(booking.id))
  })

  router.get('/admin/guide-booking-rules', requireAdmin, async (_req, res) => {
    res.json(await services.bookingMoves.guideRules())
  })

  router.put('/admin/guide-booking-rules', requireAdmin, async (req, res) => {
    res.json(await services.bookingMoves.setGuideRules(guideBookingRulesSchema.parse(req.body ?? {})))
  })

  // The guide moves a booking to another slot (issue 19, docs/decisions/0055).
  router.post('/admin/bookings/:id/move', requireAdmin, async (req, res) => {
    const move = guideMoveSchema.parse(req.body ?? {})
    const user = res.locals.user!
    const moved = await services.bookingMoves.moveByGuide(parseId(req.params.id), move, { id: user.id, username: user.username })
    res.json(await services.adminBookings.get(moved.id))
  })

  router.get('/admin/bookings/:id/changes', requireAdmin, async (req, res) => {
    res.json(await services.bookingMoves.history(parseId(req.params.id)))
  })

  // The booking's money, movement by movement (docs/decisions/0067).
  router.get('/admin/bookings/:id/ledger', requireAdmin, numericIdOnly, async (req, res) => {
    res.json(await services.adminBookings.ledger(parseId(req.params.id)))
  })

  // The revenue view (issue 20 point 4, docs/decisions/0058), as JSON or CSV.
  const yearOf = (raw: unknown) => {
    const year = revenueYear(raw)
    if (year === null) throw new ServiceError('invalid', refusal('adminErrors.revenueYear'))
    return year
  }
  router.get('/admin/revenue', requireAdmin, async (req, res) => {
    res.json(await services.adminBookings.revenue(yearOf(req.query.year)))
  })
  router.get('/admin/revenue.csv', requireAdmin, async (req, res) => {
    const revenue = await services.adminBookings.revenue(yearOf(req.query.year))
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

  // Days the guide calls off (issue 19, docs/decisions/0056).
  router.get('/admin/disruptions', requireAdmin, async (_req, res) => {
    res.json(await services.disruptions.list())
  })

  router.post('/admin/disruptions', requireAdmin, async (req, res) => {
    const user = res.locals.user!
    res.status(201).json(await services.disruptions.callOff(callOffSchema.parse(req.body ?? {}), { id: user.id, username: user.username }))
  })

  router.get('/admin/booking-rules', requireAdmin, async (_req, res) => {
    res.json({ guestMoveLimit: await services.bookingMoves.guestMoveLimit() })
  })

  router.put('/admin/booking-rules', requireAdmin, async (req, res) => {
    const { guestMoveLimit } = bookingRulesSchema.parse(req.body ?? {})
    res.json({ guestMoveLimit: await services.bookingMoves.setGuestMoveLimit(guestMoveLimit) })
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
