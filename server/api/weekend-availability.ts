import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { requireAdmin } from '../auth/guard.ts'
import { addDays, isCalendarDate } from '../../core/dates.ts'
import { weekendAvailabilitySchema } from '../../core/schemas/availability.ts'
import { checkRange } from '../services/availability.ts'

/**
 * The admin's weekend switches (docs/decisions/0039). GET lists every weekend date of ?from&to (default:
 * the next 93 days) with its switches, notes and what is booked; PUT /:date creates or
 * updates one date. Admin only: 401 without a session, 403 for a non-admin.
 */
export function weekendAvailabilityRouter({ services }: AppDeps) {
  const router = Router()
  router.use('/admin/weekend-availability', requireAdmin)

  router.get('/admin/weekend-availability', async (req, res) => {
    const first = services.availability.window().first
    const from = req.query.from ?? addDays(first, -2)
    // Only a real date has a default end: anything else is refused by checkRange (400), not thrown by addDays (500).
    const to = req.query.to ?? (isCalendarDate(from) ? addDays(from, 92) : undefined)
    const range = checkRange(from, to)
    res.json({
      dates: await services.availability.adminList(range.from, range.to),
    })
  })

  router.put('/admin/weekend-availability/:date', async (req, res) => {
    const input = weekendAvailabilitySchema.parse({
      ...(req.body ?? {}),
      date: req.params.date,
    })
    const row = await services.availability.upsert(input)
    const [view] = await services.availability.adminList(row.date, row.date)
    res.json(view)
  })

  return router
}
