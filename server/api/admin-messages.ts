import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { requireAdmin } from '../auth/guard.ts'
import { parseId } from './ids.ts'

/** The dashboard's Messages tab, admin only (docs/decisions/0012). */
export function adminMessagesRouter({ services }: AppDeps) {
  const router = Router()

  router.get('/admin/messages', requireAdmin, async (_req, res) => {
    res.json(await services.contact.list())
  })

  router.patch('/admin/messages/:id/read', requireAdmin, async (req, res) => {
    res.json(await services.contact.markRead(parseId(req.params.id)))
  })

  return router
}
