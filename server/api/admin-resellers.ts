import { Router } from 'express'
import { resellerInputSchema } from '../../core/schemas/reseller.ts'
import { requireAdmin } from '../auth/guard.ts'
import type { AppDeps } from '../deps.ts'
import { parseId } from './ids.ts'

/**
 * The guide's resellers in Dashboard → Channels (docs/decisions/0074): admin only and, like every
 * mutating request, same-origin. A new reseller and a replaced key answer with the key once;
 * nothing shows it again.
 */
export function adminResellersRouter({ services, config }: AppDeps) {
  const router = Router()
  const resellers = services.resellers

  // The OCTO base URL the guide gives each reseller with its key (docs/decisions/0076).
  router.get('/admin/resellers', requireAdmin, async (_req, res) => {
    // Each with its webhooks and how their deliveries went (docs/decisions/0081).
    const webhooks = await services.octoWebhooks.adminViews()
    res.json({ resellers: (await resellers.list()).map((r) => ({ ...r, webhooks: webhooks.get(r.id) ?? [] })), octoEndpoint: `${config.baseUrl}/octo/v1` })
  })

  router.post('/admin/resellers', requireAdmin, async (req, res) => {
    res.status(201).json(await resellers.create(resellerInputSchema.parse(req.body ?? {})))
  })

  router.put('/admin/resellers/:id', requireAdmin, async (req, res) => {
    res.json(await resellers.update(parseId(req.params.id), resellerInputSchema.parse(req.body ?? {})))
  })

  router.post('/admin/resellers/:id/revoke', requireAdmin, async (req, res) => {
    res.json(await resellers.revoke(parseId(req.params.id)))
  })

  router.post('/admin/resellers/:id/key', requireAdmin, async (req, res) => {
    res.json(await resellers.replaceKey(parseId(req.params.id)))
  })

  return router
}
