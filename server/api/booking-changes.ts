import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { limitLookups } from '../http/rate-limit.ts'
import { guestMoveSchema } from '../../core/schemas/booking-move.ts'
import { invalidInput } from '../services/service-error.ts'

/**
 * The guest changes their own booking (issue 19, docs/decisions/0055), holding its reference link:
 * POST /api/bookings/:reference/move { tourDate, tourTime, tourPackageId, numberOfPeople }.
 * The booking page's form posts the same through its action.
 */
export function bookingChangesRouter({ services }: AppDeps) {
  const router = Router()
  const lookups = limitLookups(services.limits)

  router.post('/bookings/:reference/move', lookups, async (req, res) => {
    const parsed = guestMoveSchema.safeParse(req.body ?? {})
    if (!parsed.success) throw invalidInput(parsed.error, 'Invalid change')
    const { booking, refund } = await services.bookingMoves.moveByGuest(String(req.params.reference), parsed.data)
    res.json({
      booking: { reference: booking.reference, tourDate: booking.tourDate, tourTime: booking.tourTime, tourPackageId: booking.tourPackageId, numberOfPeople: booking.numberOfPeople, totalPrice: booking.totalPrice, status: booking.status },
      refund,
    })
  })

  return router
}
