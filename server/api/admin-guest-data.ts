import { Router } from 'express'
import { requireAdmin } from '../auth/guard.ts'
import { ServiceError } from '../services/service-error.ts'
import type { AppDeps } from '../deps.ts'
import { guestEmailSchema } from '../../core/schemas/guest-data.ts'
import { foundCounts } from '../services/guest-data.ts'

/**
 * A guest's personal data (APPI) exported as JSON, a file the admin downloads by a link from
 * Settings; the look-up and the erasure are the Settings route action's
 * (app/components/admin/guest-data-actions.server.ts, docs/decisions/0088). The export is written to
 * the audit log, which names the guest by a keyed hash, never the address. The address travels in
 * the query string, which the request log never records (server/http/request-log.ts).
 */
export function adminGuestDataRouter({ services }: AppDeps) {
  const router = Router()
  router.use('/admin/guest-data/export', requireAdmin)

  const actorOf = (locals: { user: { id: number; username: string } | null }) => {
    if (!locals.user) throw new ServiceError('unauthenticated', 'You must be logged in as an admin')
    return { id: locals.user.id, username: locals.user.username }
  }

  router.get('/admin/guest-data/export', async (req, res) => {
    const { email } = guestEmailSchema.parse(req.query)
    const summary = await services.guestData.lookup(email)
    await services.guestData.audit(actorOf(res.locals), 'guest-data.export', email, foundCounts(summary))
    const safeName = email.replace(/[^a-z0-9@._-]/gi, '_')
    res.set('Content-Disposition', `attachment; filename="guest-data-${safeName}.json"`)
    res.json({ exportedAt: new Date().toISOString(), ...summary })
  })

  return router
}
