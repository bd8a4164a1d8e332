import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { clientAddress, limitLookups } from '../http/rate-limit.ts'
import { ServiceError } from '../services/service-error.ts'
import { WAITLIST_CONFIRM_MISSING_MESSAGE, WAITLIST_NOT_FOUND_MESSAGE } from '../../core/schemas/waitlist.ts'
import { CONFIRMED_MESSAGE } from '../services/waitlist.ts'

/**
 * The waitlist of taken slots (docs/decisions/0057): POST /api/waitlist joins
 * (the same service call as the waitlist page's form post and data request, so the same checks
 * and the same rate limit); DELETE /api/waitlist/:token takes an entry off by the secret token
 * of its e-mail's removal link (limited like every call by a secret, decision 0024); POST
 * /api/waitlist/confirm/:token confirms an address by the token of its confirmation e-mail, as
 * the confirmation page's button does (docs/decisions/0070).
 */
export function waitlistRouter({ services }: AppDeps) {
  const router = Router()

  router.post('/waitlist', async (req, res) => {
    const joined = await services.waitlist.join((req.body ?? {}) as Record<string, unknown>, { clientAddress: clientAddress(req) })
    res.status(201).json(joined)
  })

  router.delete('/waitlist/:token', limitLookups(services.limits), async (req, res) => {
    if (!(await services.waitlist.remove(req.params.token))) throw new ServiceError('not-found', WAITLIST_NOT_FOUND_MESSAGE)
    res.status(204).end()
  })

  router.post('/waitlist/confirm/:token', limitLookups(services.limits), async (req, res) => {
    if (!(await services.waitlist.confirm(req.params.token))) throw new ServiceError('not-found', WAITLIST_CONFIRM_MISSING_MESSAGE)
    res.json({ message: CONFIRMED_MESSAGE })
  })

  return router
}
