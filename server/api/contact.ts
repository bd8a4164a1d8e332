import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { clientAddress } from '../http/rate-limit.ts'

export const CONTACT_RECEIVED_MESSAGE = 'Message received'

/**
 * POST /api/contact (docs/decisions/0010): the contact service checks it all, the rate limit per
 * address (shared with the /contact page's form, docs/decisions/0043), the honeypot and the
 * schema (spam gets a 4xx and is not stored), then 201 as soon as the message, its
 * notification and its queued e-mails are committed. No id in the answer: visitors have no
 * use for it.
 */
export function contactRouter({ services }: AppDeps) {
  const router = Router()
  router.post('/contact', async (req, res) => {
    await services.contact.receive(req.body ?? {}, { clientAddress: clientAddress(req) })
    res.status(201).json({ message: CONTACT_RECEIVED_MESSAGE })
  })
  return router
}
