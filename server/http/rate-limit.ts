import type { Request, RequestHandler } from 'express'

/**
 * Fixed-window counters in memory. Each instance counts on its own, so with N instances a
 * client gets at most N times the limit: enough to stop scripted abuse, which is the aim.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one hit for key; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.now()
    if (this.hits.size > 10_000) this.prune(now)
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs })
      return 0
    }
    entry.count += 1
    return entry.count > this.limit ? Math.ceil((entry.resetAt - now) / 1000) : 0
  }

  reset(): void {
    this.hits.clear()
  }

  private prune(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key)
  }
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.'

/**
 * Express middleware counting each request under every key that keysOf returns
 * (e.g. the client address and the username tried); any key over its limit answers 429.
 */
export function rateLimit(limiter: RateLimiter, keysOf: (req: Request) => string[], message = TOO_MANY_REQUESTS): RequestHandler {
  return (req, res, next) => {
    let retryAfter = 0
    for (const key of keysOf(req)) retryAfter = Math.max(retryAfter, limiter.hit(key))
    if (retryAfter > 0) {
      res.status(429).set('Retry-After', String(retryAfter)).json({ message })
      return
    }
    next()
  }
}

/** The client's address as Express sees it (behind a proxy, with TRUST_PROXY). */
export const clientAddress = (req: Request) => req.ip ?? 'unknown'

export const clientKey = (req: Request) => `ip:${clientAddress(req)}`
