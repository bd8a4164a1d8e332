import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { clientAddress, limitLookups } from '../http/rate-limit.ts'
import { ServiceError } from '../services/service-error.ts'
import { REVIEW_LINK } from '../../core/schemas/review.ts'

/**
 * Reviews (docs/decisions/0063). By the secret of a request's link: GET reads what
 * the form shows, POST writes or changes the review (the same service call as the review page's
 * form post and data request: same checks, same rate limit), POST …/opt-out stops the e-mails.
 * The guide's moderation is the dashboard's Reviews route action (app/components/admin/reviews-actions.server.ts).
 */
export function reviewsRouter({ services }: AppDeps) {
  const router = Router()

  router.get('/reviews/request/:token', limitLookups(services.limits), async (req, res) => {
    const view = await services.reviews.findByToken(req.params.token)
    if (!view) throw new ServiceError('not-found', REVIEW_LINK)
    res.json(view)
  })

  router.post('/reviews/request/:token', async (req, res) => {
    const { created } = await services.reviews.submit(req.params.token, (req.body ?? {}) as Record<string, unknown>, { clientAddress: clientAddress(req) })
    res.status(created ? 201 : 200).json({ created })
  })

  router.post('/reviews/request/:token/opt-out', limitLookups(services.limits), async (req, res) => {
    if (!(await services.reviews.optOut(req.params.token))) throw new ServiceError('not-found', REVIEW_LINK)
    res.status(204).end()
  })

  return router
}
