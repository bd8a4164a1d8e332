import { refusal } from '../../core/i18n/refusal.ts'
import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { clientAddress, limitLookups } from '../http/rate-limit.ts'
import { ServiceError } from '../services/service-error.ts'

/**
 * POST /api/bookings (create, public) and GET /api/bookings/:reference (a visitor's own
 * booking by its unguessable reference, docs/decisions/0006). The admin list, status changes and deletion
 * belong to the admin router.
 */
export function bookingsRouter({ services }: AppDeps) {
  const router = Router()

  router.post('/bookings', async (req, res) => {
    const booking = await services.bookings.submit((req.body ?? {}) as Record<string, unknown>, {
      userId: res.locals.user?.id ?? null,
      clientAddress: clientAddress(req),
    })
    res.status(201).json(booking)
  })

  // What a promo code takes off the booking the form describes (docs/decisions/0062): counted as a booking attempt.
  router.get('/promo-codes/check', async (req, res) => {
    res.json(await services.bookings.previewPromo(req.query as Record<string, unknown>, { clientAddress: clientAddress(req) }))
  })

  router.get('/bookings/:reference', limitLookups(services.limits), async (req, res) => {
    const booking = await services.bookings.findByReference(req.params.reference)
    if (!booking) throw new ServiceError('not-found', refusal('errors.bookingNotFound'))
    res.json(booking)
  })

  return router
}
