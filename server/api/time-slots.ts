import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { ServiceError } from '../services/service-error.ts'
import { monthRange, isMonth } from '../../core/dates.ts'
import { checkRange } from '../services/availability.ts'

/**
 * GET /api/time-slots?month=yyyy-MM or ?from=yyyy-MM-dd&to=yyyy-MM-dd (at most 93 days):
 * every Saturday and Sunday of the range with its three slots. Dates outside the booking
 * window are listed with every slot unavailable (reason 'outside-window').
 */
export function timeSlotsRouter({ services }: AppDeps) {
  const router = Router()
  router.get('/time-slots', async (req, res) => {
    const { month, from, to } = req.query
    let range: { from: string; to: string }
    if (month !== undefined) {
      if (!isMonth(month)) throw new ServiceError('invalid', 'month must be yyyy-MM')
      range = monthRange(month)
    } else if (from === undefined && to === undefined) {
      // No range: the month in which booking opens.
      range = monthRange(services.availability.window().first.slice(0, 7))
    } else {
      range = checkRange(from, to)
    }
    res.json(await services.availability.timeSlots(range.from, range.to))
  })
  return router
}
