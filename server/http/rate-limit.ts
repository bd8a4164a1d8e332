import type { Request, RequestHandler } from 'express'
import type { HitCounter } from '../services/rate-limits.ts'

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.'

/**
 * Express middleware counting each request under every key that keysOf returns
 * (e.g. the client address and the username tried); any key over its limit answers 429
 * with Retry-After, as JSON for the API and as text for a page.
 */
export function rateLimit(counter: HitCounter, keysOf: (req: Request) => string[], message = TOO_MANY_REQUESTS): RequestHandler {
  return async (req, res, next) => {
    const retryAfter = await counter.hit(...keysOf(req))
    if (retryAfter === 0) return next()
    res.status(429).set('Retry-After', String(retryAfter))
    if (req.path.startsWith('/api/') || req.baseUrl.startsWith('/api')) res.json({ message })
    else res.type('text/plain').send(message)
  }
}

/** The client's address as Express sees it (behind a proxy, with TRUST_PROXY). */
export const clientAddress = (req: Request) => req.ip ?? 'unknown'

export const clientKey = (req: Request) => `ip:${clientAddress(req)}`

/** Counts per client address alone. */
export const byAddress = (req: Request) => [clientKey(req)]

/**
 * The limit on every public call by booking reference, per client address (decision 0024):
 * the API's lookups and the booking's pages share one budget, so counting ids or references
 * through any of them stops at the same point.
 */
export const limitLookups = (limits: { lookups: HitCounter }): RequestHandler => rateLimit(limits.lookups, byAddress)
