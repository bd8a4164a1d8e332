import { refusal } from '../../core/i18n/refusal.ts'
import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { ServiceError } from '../services/service-error.ts'
import { limitLookups } from '../http/rate-limit.ts'
import { cancellationCauseOf } from '../../core/disruptions.ts'

/**
 * Cancellation with the policy's refund (docs/decisions/0016), by the guest holding the reference
 * link: GET /api/bookings/:reference/cancellation-quote shows what will be refunded;
 * POST /api/bookings/:reference/cancel cancels. The guide's quote and cancel are the dashboard's
 * Bookings section's cancel dialog, on its route loader and action (docs/decisions/0088).
 */
export function cancellationsRouter({ services }: AppDeps) {
  const router = Router()
  const lookups = limitLookups(services.limits)

  const byReference = async (reference: string) => {
    const booking = await services.bookings.getByReference(reference)
    if (!booking || booking.anonymizedAt) throw new ServiceError('not-found', refusal('errors.bookingNotFound'))
    return booking
  }

  // A booking whose day the guide called off is refunded in full, however the guest asks (docs/decisions/0056).
  router.get('/bookings/:reference/cancellation-quote', lookups, async (req, res) => {
    const booking = await byReference(String(req.params.reference))
    const offer = await services.disruptions.openOffer(booking.id)
    res.json(services.refunds.quote(booking, offer ? cancellationCauseOf(offer.cause) : 'guest'))
  })

  router.post('/bookings/:reference/cancel', lookups, async (req, res) => {
    const booking = await byReference(String(req.params.reference))
    if (await services.disruptions.openOffer(booking.id)) {
      const { refund } = await services.disruptions.answerRefund(booking.reference)
      res.json({ status: 'cancelled', refund, explanation: 'The guide called off the tour, so the full amount is refunded.' })
      return
    }
    const result = await services.refunds.cancel({ bookingId: booking.id, cause: 'guest', reason: 'cancelled by the guest' })
    res.json({ status: 'cancelled', refund: result.refund, explanation: result.policy.explanation })
  })

  // The guest's answer to a call-off: a full refund (the other answer is a move, POST /api/bookings/:reference/move).
  router.post('/bookings/:reference/disruption-refund', lookups, async (req, res) => {
    const { refund } = await services.disruptions.answerRefund(String(req.params.reference))
    res.json({ status: 'cancelled', refund })
  })

  return router
}
