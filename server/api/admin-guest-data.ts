import { Router, type Request } from 'express'
import { z } from 'zod'
import { requireAdmin } from '../auth/guard.ts'
import { ServiceError } from '../services/service-error.ts'
import type { AppDeps } from '../deps.ts'
import { REFUSAL_IDS_HEADER } from '../../core/i18n/refusal.ts'
import { EMAIL_MAX, EMAIL_MESSAGE } from '../../core/schemas/fields.ts'
import { englishBlockers, REVIEW_ERASURE_CHOICES, type ErasureBlocker, type GuestDataSummary } from '../services/guest-data.ts'

// The guest forms' own refusal of an address, which the dashboard's translator holds too (docs/decisions/0087).
const emailQuery = z.object({ email: z.email(EMAIL_MESSAGE).max(EMAIL_MAX) })
/** The address, and what becomes of the guest's reviews (removed unless the guide keeps them anonymised). */
const erasureBody = emailQuery.extend({ reviews: z.enum(REVIEW_ERASURE_CHOICES, { error: 'Reviews must be removed or anonymised' }).default('remove') })

/** The blockers with their refusals for our own pages, which ask for ids; any other client gets their English alone (docs/decisions/0087). */
const blockersFor = (req: Request, blockers: ErasureBlocker[]) => (req.get(REFUSAL_IDS_HEADER) === '1' ? blockers : englishBlockers(blockers))

/** What the audit log records of a lookup or export: how much was found, not what. */
const counts = (summary: GuestDataSummary) => ({
  bookings: summary.bookings.length,
  messages: summary.messages.length,
  emails: summary.emails.length,
  notifications: summary.notifications.length,
  waitlist: summary.waitlist.length,
  reviews: summary.reviews.length,
  vouchers: summary.vouchers.length,
})

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
    const { email } = emailQuery.parse(req.query)
    const summary = await services.guestData.lookup(email)
    await services.guestData.audit(actorOf(res.locals), 'guest-data.lookup', email, counts(summary))
    res.json({ ...summary, erasureBlockers: blockersFor(req, services.guestData.erasureBlockers(summary)) })
  })

  router.get('/admin/guest-data/export', async (req, res) => {
    const { email } = emailQuery.parse(req.query)
    const summary = await services.guestData.lookup(email)
    await services.guestData.audit(actorOf(res.locals), 'guest-data.export', email, counts(summary))
    const safeName = email.replace(/[^a-z0-9@._-]/gi, '_')
    res.set('Content-Disposition', `attachment; filename="guest-data-${safeName}.json"`)
    res.json({ exportedAt: new Date().toISOString(), ...summary })
  })

  router.post('/admin/guest-data/erase', async (req, res) => {
    const { email, reviews } = erasureBody.parse(req.body ?? {})
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
