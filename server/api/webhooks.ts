import express, { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { StripeProvider } from '../payments/stripe.ts'
import { loggableError } from '../http/errors.ts'

/**
 * POST /api/webhooks/stripe (docs/decisions/0014). Mounted before the JSON parser: the signature covers the
 * raw bytes, so the body is read with express.raw and verified by stripe.webhooks.constructEvent.
 * The event id is stored with its effect in one transaction, so replays change nothing.
 */
export function webhooksRouter({ services, config, logger }: AppDeps) {
  const router = Router()
  router.post('/stripe', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    const provider = services.payments.provider
    const secret = config.env.STRIPE_WEBHOOK_SECRET
    if (!(provider instanceof StripeProvider) || !secret) {
      res.status(404).json({ message: 'Stripe webhooks are not enabled' })
      return
    }
    let event
    try {
      event = provider.constructEvent(Buffer.isBuffer(req.body) ? req.body : Buffer.from(''), req.get('stripe-signature'), secret)
    } catch (error) {
      logger.warn({ error: loggableError(error) }, 'stripe webhook refused: bad signature')
      res.status(400).json({ message: 'Invalid signature' })
      return
    }
    const outcome = await services.payments.handleStripeEvent(event)
    res.json({ received: true, outcome })
  })
  return router
}
