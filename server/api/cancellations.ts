import { refusal, refusalMessage } from '../../core/i18n/refusal.ts'
import { Router } from 'express'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { requireAdmin } from '../auth/guard.ts'
import { ServiceError } from '../services/service-error.ts'
import { limitLookups } from '../http/rate-limit.ts'
import { numericIdOnly, parseId } from './ids.ts'
import { CANCELLATION_CAUSES } from '../../core/cancellation-policy.ts'
import { cancellationCauseOf } from '../../core/disruptions.ts'
import { isSingleLine } from '../../core/schemas/fields.ts'

const adminCancelSchema = z.object({
  cause: z.enum(CANCELLATION_CAUSES, { error: 'Please choose who is cancelling' }),
  // Shown on one line of the cancellation e-mail (docs/decisions/0027).
  reason: z.string().max(500).refine(isSingleLine, refusalMessage('adminErrors.cancelReasonOneLine')).optional(),
  refundAmount: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    // Its range is the refunds service's check (refundChoiceProblem), which knows what was paid.
    z.number({ error: 'Refund must be a whole number of yen' }).optional(),
  ),
})

/**
 * Cancellation with the policy's refund (docs/decisions/0016):
 * - the guest, holding the reference link: GET /api/bookings/:reference/cancellation-quote
 *   shows what will be refunded; POST /api/bookings/:reference/cancel cancels;
 * - the admin: GET /api/admin/bookings/:id/cancellation-quote?cause=… and
 *   POST /api/admin/bookings/:id/cancel { cause, reason?, refundAmount? }.
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

  router.get('/admin/bookings/:id/cancellation-quote', requireAdmin, numericIdOnly, async (req, res) => {
    const id = parseId(req.params.id)
    const cause = z.enum(CANCELLATION_CAUSES).catch('guest').parse(req.query.cause)
    res.json(services.refunds.quote(await services.refunds.load(id), cause))
  })

  router.post('/admin/bookings/:id/cancel', requireAdmin, numericIdOnly, async (req, res) => {
    const id = parseId(req.params.id)
    const input = adminCancelSchema.parse(req.body ?? {})
    const user = res.locals.user!
    const result = await services.refunds.cancel({ bookingId: id, ...input, actor: { id: user.id, username: user.username } })
    res.json({ booking: { id: result.booking.id, reference: result.booking.reference, status: result.booking.status, amountRefunded: result.booking.amountRefunded, attentionReason: result.booking.attentionReason }, refund: result.refund, policy: result.policy })
  })

  return router
}
