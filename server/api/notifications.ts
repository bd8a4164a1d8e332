import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { requireAdmin } from '../auth/guard.ts'
import { parseId } from './ids.ts'
import { isAdminLocale } from '../../core/i18n/admin-locales.ts'

/** The dashboard's Notifications tab (docs/decisions/0041), admin only. */
export function notificationsRouter({ services }: AppDeps) {
  const router = Router()

  // ?locale=ja: the texts in the dashboard's language (docs/decisions/0086); without it, as stored (English).
  router.get('/notifications', requireAdmin, async (req, res) => {
    res.json(await services.notifications.list(isAdminLocale(req.query.locale) ? req.query.locale : undefined))
  })

  // Before /:id/read, so 'mark-all-read' is never taken for an id.
  router.patch('/notifications/mark-all-read', requireAdmin, async (_req, res) => {
    const updated = await services.notifications.markAllRead()
    res.json({ message: 'All notifications marked as read', updated })
  })

  router.patch('/notifications/:id/read', requireAdmin, async (req, res) => {
    res.json(await services.notifications.markRead(parseId(req.params.id)))
  })

  router.delete('/notifications/:id', requireAdmin, async (req, res) => {
    await services.notifications.remove(parseId(req.params.id))
    res.json({ message: 'Notification deleted' })
  })

  return router
}
