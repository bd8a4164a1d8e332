import { Router, type Request } from 'express'
import { requireAdmin } from '../auth/guard.ts'
import { ServiceError } from '../services/service-error.ts'
import type { AppDeps } from '../deps.ts'
import { REFUSAL_IDS_HEADER } from '../../core/i18n/refusal.ts'
import { guestEmailSchema, guestErasureSchema } from '../../core/schemas/guest-data.ts'
import { englishBlockers, foundCounts, type ErasureBlocker } from '../services/guest-data.ts'

/** The blockers with their refusals for our own pages, which ask for ids; any other client gets their English alone (docs/decisions/0087). */
const blockersFor = (req: Request, blockers: ErasureBlocker[]) => (req.get(REFUSAL_IDS_HEADER) === '1' ? blockers : englishBlockers(blockers))

/**
 * A guest's requests about their personal data (APPI), answered by the admin: look up
 * everything stored for an e-mail address, export it as JSON, erase it. Each action is
 * written to the audit log, which names the guest by a keyed hash, never the address. The
 * address travels in the query string of GETs, which the request log never records
 * (server/http/request-log.ts).
 */
export function adminGuestDataRouter({ services }: AppDeps) {
  const router = Router()
  router.use('/admin/guest-data', requireAdmin)
  router.use('/admin/audit-log', requireAdmin)

  const actorOf = (locals: { user: { id: number; username: string } | null }) => {
    if (!locals.user) throw new ServiceError('unauthenticated', 'You must be logged in as an admin')
    return { id: locals.user.id, username: locals.user.username }
  }

  router.get('/admin/guest-data', async (req, res) => {
    const { email } = guestEmailSchema.parse(req.query)
    const found = await services.guestData.lookUp(email, actorOf(res.locals))
    res.json({ ...found, erasureBlockers: blockersFor(req, found.erasureBlockers) })
  })

  router.get('/admin/guest-data/export', async (req, res) => {
    const { email } = guestEmailSchema.parse(req.query)
    const summary = await services.guestData.lookup(email)
    await services.guestData.audit(actorOf(res.locals), 'guest-data.export', email, foundCounts(summary))
    const safeName = email.replace(/[^a-z0-9@._-]/gi, '_')
    res.set('Content-Disposition', `attachment; filename="guest-data-${safeName}.json"`)
    res.json({ exportedAt: new Date().toISOString(), ...summary })
  })

  router.post('/admin/guest-data/erase', async (req, res) => {
    const { email, reviews } = guestErasureSchema.parse(req.body ?? {})
    const result = await services.guestData.erase(email, actorOf(res.locals), { reviews })
    if (!result.ok) {
      const reasons = result.blockers.map((b: ErasureBlocker) => `#${b.reference} (${b.tourDate}): ${b.reason}`).join(' ')
      throw new ServiceError('conflict', `This guest's data cannot be erased yet. ${reasons}`, { extra: { blockers: blockersFor(req, result.blockers) } })
    }
    res.json({ message: 'Personal data erased', ...result })
  })

  router.get('/admin/audit-log', async (_req, res) => {
    res.json(await services.guestData.auditEntries())
  })

  return router
}
