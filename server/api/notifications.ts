import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { requireAdmin } from '../auth/guard.ts'
import { ServiceError } from '../services/service-error.ts'
import { parseId } from './ids.ts'
import { isAdminLocale } from '../../core/i18n/admin-locales.ts'

export const NOTIFICATION_NOT_FOUND = 'Notification not found'

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
    const row = await services.notifications.markRead(parseId(req.params.id))
    if (!row) throw new ServiceError('not-found', NOTIFICATION_NOT_FOUND)
    res.json(row)
  })

  router.delete('/notifications/:id', requireAdmin, async (req, res) => {
    if (!(await services.notifications.remove(parseId(req.params.id)))) throw new ServiceError('not-found', NOTIFICATION_NOT_FOUND)
    res.json({ message: 'Notification deleted' })
  })

  return router
}
