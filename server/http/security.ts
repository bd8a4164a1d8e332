import type { RequestHandler } from 'express'
import helmet from 'helmet'

/**
 * Security headers with a Content Security Policy that admits only our own origin and
 * Stripe's hosts (the checkout's Payment Element loads from js.stripe.com and frames
 * from *.stripe.com). React Router's hydration script is inline, so scripts also allow
 * 'unsafe-inline'... only through a per-response nonce (see app.ts).
 */
export function securityHeaders(options: { isProduction: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
          'https://js.stripe.com',
        ],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://*.stripe.com', ...(options.isProduction ? [] : ['ws:'])],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://*.stripe.com'],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Stripe's iframes need cross-origin embedding; COEP would block them.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuse state-changing requests sent by another site (CSRF). Browsers send Origin on
 * every cross-site POST/PATCH/DELETE, and Sec-Fetch-Site where Origin is missing.
 * Server-to-server callers (Stripe's webhook) send neither and are authenticated by
 * their own signature.
 */
export function sameOriginGuard(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin))
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const origin = req.get('origin')
    if (origin && origin !== 'null') {
      const own = `${req.protocol}://${req.get('host')}`
      if (origin === own || allowed.has(origin)) return next()
      res.status(403).json({ message: 'Cross-site request refused' })
      return
    }
    if (origin === 'null' || req.get('sec-fetch-site') === 'cross-site') {
      res.status(403).json({ message: 'Cross-site request refused' })
      return
    }
    next()
  }
}
