import type { Request, RequestHandler, Response } from 'express'
import helmet from 'helmet'
import { containsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../core/unstorable-text.ts'

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

/**
 * The same headers as `securityHeaders`, computed once for responses whose content never
 * changes: hashed assets, pictures and the prerendered pages (server/static-files.ts,
 * docs/decisions/0022). Helmet runs once against a stand-in response, so the two sets can
 * never drift apart. The only difference is `script-src`: no nonce (these responses carry
 * none), and instead the SHA-256 hashes of the page's own inline scripts, when given.
 * Dropping the nonce leaves the policy stricter, not looser: only 'self', Stripe and the
 * listed hashes may run.
 */
export function precomputedSecurityHeaders(options: { isProduction: boolean; scriptHashes?: readonly string[] }): Record<string, string> {
  const marker = 'precomputed-no-nonce'
  const headers: Record<string, string> = {}
  const res = {
    locals: { cspNonce: marker },
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let failure: unknown
  securityHeaders({ isProduction: options.isProduction })({ headers: {} } as Request, res as unknown as Response, (error?: unknown) => {
    failure = error
  })
  if (failure) throw failure
  const csp = headers['content-security-policy']
  if (!csp?.includes(` 'nonce-${marker}'`)) throw new Error('the Content Security Policy no longer has a script nonce to replace')
  for (const hash of options.scriptHashes ?? []) {
    if (!/^sha256-[A-Za-z0-9+/]+={0,2}$/.test(hash)) throw new Error(`not a script hash: ${hash}`)
  }
  const hashes = [...new Set(options.scriptHashes ?? [])].map((hash) => ` '${hash}'`).join('')
  headers['content-security-policy'] = csp.replace(` 'nonce-${marker}'`, hashes)
  return headers
}

/**
 * A page's own Referrer-Policy (the private pages', docs/decisions/0026) replaces the site's:
 * React Router appends its route headers to the response helmet has already given the site's
 * policy, and the header then carried both ("strict-origin-when-cross-origin, no-referrer").
 */
export const routeReferrerPolicyWins: RequestHandler = (_req, res, next) => {
  const append = res.append
  res.append = function (this: Response, field: string, value?: string | string[]) {
    return field.toLowerCase() === 'referrer-policy' ? this.set(field, value) : append.call(this, field, value)
  }
  next()
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
    const fetchSite = req.get('sec-fetch-site')
    // A page sent with Referrer-Policy: no-referrer (the private pages, decision 0026) makes
    // the browser send `Origin: null` on its own form posts. Sec-Fetch-Site, which no page can
    // set, still tells them apart: only 'same-origin' lets such a post through.
    if (origin === 'null' ? fetchSite !== 'same-origin' : fetchSite === 'cross-site') {
      res.status(403).json({ message: 'Cross-site request refused' })
      return
    }
    next()
  }
}

/**
 * PostgreSQL cannot store U+0000 in text, nor an unpaired surrogate in json: a name, note,
 * reason or search carrying one reached the database and failed there as a 500. No form
 * sends them, so the API refuses them with 400 up front, in the parsed body and in the
 * query string. Mounted after each body parser.
 */
export const rejectUnstorableText: RequestHandler = (req, res, next) => {
  if (containsUnstorableText(req.body) || containsUnstorableText(req.query)) {
    res.status(400).json({ message: UNSTORABLE_TEXT_MESSAGE })
    return
  }
  next()
}
