import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { HttpError } from '../http/errors.ts'
import { byAddress, clientAddress, rateLimit } from '../http/rate-limit.ts'

/**
 * POST /api/bookings (create, public) and GET /api/bookings/:reference (a visitor's own
 * booking by its unguessable reference, docs/decisions/0006). The admin list, status changes and deletion
 * belong to the admin router.
 */
export function bookingsRouter({ services }: AppDeps) {
  const router = Router()

  router.post('/bookings', async (req, res) => {
    const result = await services.bookings.submit((req.body ?? {}) as Record<string, unknown>, {
      userId: res.locals.user?.id ?? null,
      clientAddress: clientAddress(req),
    })
    if (result.ok) {
      res.status(201).json(result.booking)
      return
    }
    if (result.retryAfter) res.set('Retry-After', String(result.retryAfter))
    // Honeypot and conflicts carry no field errors; the schema's and the service's do.
    throw new HttpError(result.status, result.message, Object.keys(result.errors).length > 0 ? { errors: result.errors } : {})
  })

  router.get('/bookings/:reference', rateLimit(services.limits.lookups, byAddress), async (req, res) => {
    const booking = await services.bookings.findByReference(req.params.reference)
    if (!booking) throw new HttpError(404, 'Booking not found')
    res.json(booking)
  })

  return router
}
