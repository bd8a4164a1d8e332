import { refusal } from '../../core/i18n/refusal.ts'
import { Router } from 'express'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { ServiceError } from '../services/service-error.ts'
import { limitLookups } from '../http/rate-limit.ts'
import { viaProvider } from './via-provider.ts'
import { simulatedChargeSchema } from '../../core/schemas/simulated-card.ts'

/** The original front end's payload; only the booking reference is used. Amount and currency come from the stored booking. */
const createIntentSchema = z.object({
  bookingId: z.union([z.string(), z.number()]).transform(String).optional(),
  reference: z.string().optional(),
})


/**
 * Payments API: POST /api/create-payment-intent, POST
 * /api/bookings/:reference/payment-success and the simulated card form's charge (docs/decisions/0014).
 */
export function paymentsRouter({ services }: AppDeps) {
  const router = Router()
  // Public calls by booking reference: generous per-address limit against scripted guessing.
  const lookups = limitLookups(services.limits)

  router.post('/create-payment-intent', lookups, async (req, res) => {
    const body = createIntentSchema.parse(req.body ?? {})
    const reference = body.bookingId ?? body.reference
    if (!reference) throw new ServiceError('invalid', 'No booking ID provided')
    // A booking the guide made starts its payment only with the guest's tick (docs/decisions/0073).
    await services.bookingConsent.acceptAtCheckout(reference, req.body ?? {})
    res.json(await viaProvider(() => services.payments.startPayment(reference), refusal('errors.paymentStartFailed')))
  })

  router.post('/bookings/:reference/payment-success', lookups, async (req, res) => {
    // Settling a booking with nothing to pay is its payment: the guide's needs the tick first (docs/decisions/0073).
    await services.bookingConsent.beforeSettling(String(req.params.reference), req.body ?? {})
    const result = await viaProvider(() => services.payments.confirmPayment(String(req.params.reference)), refusal('errors.paymentUpdateFailed'))
    res.status(result.status === 'paid' ? 200 : 202).json(result)
  })

  router.post('/bookings/:reference/simulated-payment', lookups, async (req, res) => {
    if (services.payments.mode !== 'simulated') throw new ServiceError('not-found', 'Not found')
    // The card number decides the simulated outcome only: it is never stored or logged.
    const { cardNumber } = simulatedChargeSchema.parse(req.body ?? {})
    const result = await services.payments.simulatedCharge(String(req.params.reference), cardNumber)
    if (result.status === 'failed') throw new ServiceError('payment-declined', result.message)
    res.json(result)
  })

  return router
}
