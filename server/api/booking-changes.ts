import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { limitLookups } from '../http/rate-limit.ts'
import { guestMoveSchema } from '../../core/schemas/booking-move.ts'
import { invalidInput } from '../services/service-error.ts'

/**
 * The guest changes their own booking (docs/decisions/0055), holding its reference link:
 * POST /api/bookings/:reference/move { tourDate, tourTime, tourPackageId, numberOfPeople }: 200 when the
 * booking moved, 202 when a dearer choice on a paid booking holds the new slot until the
 * difference is paid through the checkout.
 * The booking page's form posts the same through its action.
 */
export function bookingChangesRouter({ services }: AppDeps) {
  const router = Router()
  const lookups = limitLookups(services.limits)

  router.post('/bookings/:reference/move', lookups, async (req, res) => {
    const parsed = guestMoveSchema.safeParse(req.body ?? {})
    if (!parsed.success) throw invalidInput(parsed.error, 'Invalid change')
    const outcome = await services.bookingMoves.moveByGuest(String(req.params.reference), parsed.data)
    const { booking } = outcome
    const view = {
      reference: booking.reference,
      tourDate: booking.tourDate,
      tourTime: booking.tourTime,
      tourPackageId: booking.tourPackageId,
      numberOfPeople: booking.numberOfPeople,
      totalPrice: booking.totalPrice,
      voucherAmount: booking.voucherAmount,
      status: booking.status,
    }
    if (outcome.kind === 'moved') {
      res.json({ status: 'moved', booking: view, refund: outcome.refund, voucherBack: outcome.voucherBack })
      return
    }
    // Dearer: the new slot is held; the difference is paid through the checkout (POST /api/create-payment-intent).
    const { change } = outcome
    res.status(202).json({ status: 'payment-required', booking: view, change: { difference: change.difference, newTotal: change.newTotal, holdExpiresAt: change.holdExpiresAt.toISOString(), ...change.target } })
  })

  return router
}
