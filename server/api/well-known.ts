import { Router } from 'express'
import type { AppDeps } from '../deps.ts'

/** Where Apple looks for a domain's Apple Pay association (the path is Apple's, not ours). */
export const APPLE_PAY_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association'

/**
 * Files other services fetch from fixed addresses of the site (docs/decisions/0050): Apple Pay's
 * domain association, which Stripe's dashboard gives when the domain is registered for Apple
 * Pay, served as configured (APPLE_PAY_DOMAIN_ASSOCIATION_FILE) and a plain 404 without it.
 */
export function wellKnownRouter({ config }: AppDeps) {
  const router = Router()
  router.get(APPLE_PAY_ASSOCIATION_PATH, (_req, res) => {
    const content = config.applePayDomainAssociation
    if (content === null) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found')
      return
    }
    // Apple fetches it when the domain is verified and again now and then; it changes only with a new file.
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain').send(content)
  })
  return router
}
