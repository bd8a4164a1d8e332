import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { requireAdmin } from '../auth/guard.ts'
import { HttpError } from '../http/errors.ts'
import { addDays, isCalendarDate } from '../../core/dates.ts'
import { weekendAvailabilitySchema } from '../../core/schemas/availability.ts'
import { fieldErrors } from '../../core/schemas/field-errors.ts'
import { checkRange, RangeInputError } from '../services/availability.ts'

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
    try {
      const range = checkRange(from, to)
      res.json({
        dates: await services.availability.adminList(range.from, range.to),
      })
    } catch (error) {
      if (error instanceof RangeInputError) throw new HttpError(400, error.message)
      throw error
    }
  })

  router.put('/admin/weekend-availability/:date', async (req, res) => {
    const parsed = weekendAvailabilitySchema.safeParse({
      ...(req.body ?? {}),
      date: req.params.date,
    })
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error)
      throw new HttpError(400, Object.values(errors)[0] ?? 'Invalid request', {
        errors,
      })
    }
    const row = await services.availability.upsert(parsed.data)
    const [view] = await services.availability.adminList(row.date, row.date)
    res.json(view)
  })

  return router
}
