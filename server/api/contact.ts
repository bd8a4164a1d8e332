import { Router, type RequestHandler } from 'express'
import type { AppDeps } from '../deps.ts'
import { byAddress, clientKey, rateLimit } from '../http/rate-limit.ts'
import type { HitCounter } from '../services/rate-limits.ts'
import { CONTACT_RATE_LIMITED_HEADER, CONTACT_RATE_LIMITED_MESSAGE } from './contact-limit.ts'

export const CONTACT_RECEIVED_MESSAGE = 'Message received'
export { CONTACT_RATE_LIMITED_HEADER, CONTACT_RATE_LIMITED_MESSAGE }

/**
 * POST /api/contact (docs/decisions/0010): validated on the server too, honeypot and rate limit
 * (spam gets a 4xx and is not stored), then 201 as soon as the message, its notification
 * and its queued e-mails are committed. No id in the answer: visitors have no use for it.
 */
export function contactRouter({ services }: AppDeps) {
  const router = Router()
  router.post('/contact', rateLimit(services.limits.contact, byAddress, CONTACT_RATE_LIMITED_MESSAGE), async (req, res) => {
    await services.contact.receive(req.body ?? {})
    res.status(201).json({ message: CONTACT_RECEIVED_MESSAGE })
  })
  return router
}

/**
 * The /contact page's own form posts (no-JS POST /contact, fetcher POST /contact.data) share
 * the API's per-client limiter. React Router actions cannot see the client address, so
 * this middleware counts the hit and marks an over-limit request with a header the action
 * reads (any such header sent by the client itself is removed first).
 */
export function contactPageRateLimit(counter: HitCounter): RequestHandler {
  return async (req, _res, next) => {
    delete req.headers[CONTACT_RATE_LIMITED_HEADER]
    if (req.method === 'POST' && (req.path === '/contact' || req.path === '/contact.data')) {
      if ((await counter.hit(clientKey(req))) > 0) req.headers[CONTACT_RATE_LIMITED_HEADER] = '1'
    }
    next()
  }
}
