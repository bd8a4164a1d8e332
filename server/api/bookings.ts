import { Router } from 'express'
import type { AppDeps } from '../app.ts'
import { HttpError } from '../http/errors.ts'
import { clientKey, rateLimit, type RateLimiter } from '../http/rate-limit.ts'

export const BOOKING_RATE_MESSAGE = 'Too many booking attempts. Please wait a while and try again, or contact us directly.'

/** The booking rate limit (RATE_LIMIT_BOOKINGS_PER_HOUR per client address), shared by the API and the page's form. */
export const limitBookings = (limiter: RateLimiter) => rateLimit(limiter, (req) => [clientKey(req)], BOOKING_RATE_MESSAGE)

/**
 * POST /api/bookings (create, public) and GET /api/bookings/:reference (a visitor's own
 * booking by its unguessable reference, D15). The admin list, status changes and deletion
 * belong to the admin router.
 */
export function bookingsRouter({ services }: AppDeps, limiter: RateLimiter) {
  const router = Router()

  router.post('/bookings', limitBookings(limiter), async (req, res) => {
    const result = await services.bookings.submit((req.body ?? {}) as Record<string, unknown>, { userId: res.locals.user?.id ?? null })
    if (result.ok) {
      res.status(201).json(result.booking)
      return
    }
    // Honeypot and conflicts carry no field errors; the schema's and the service's do.
    throw new HttpError(result.status, result.message, Object.keys(result.errors).length > 0 ? { errors: result.errors } : {})
  })

  router.get('/bookings/:reference', async (req, res) => {
    const booking = await services.bookings.findByReference(req.params.reference)
    if (!booking) throw new HttpError(404, 'Booking not found')
    res.json(booking)
  })

  return router
}
