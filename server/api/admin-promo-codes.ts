import { Router } from 'express'
import { promoCodeInputSchema } from '../../core/schemas/promo-code.ts'
import { requireAdmin } from '../auth/guard.ts'
import type { AppDeps } from '../deps.ts'
import { parseId } from './ids.ts'

/**
 * The guide's promo codes in the dashboard (issue 20 point 2, docs/decisions/0062): admin only, and
 * like every mutating request, same-origin (the app's guard). Codes are edited or switched off,
 * never deleted: bookings keep the code they took.
 */
export function adminPromoCodesRouter({ services }: AppDeps) {
  const router = Router()
  const codes = services.promoCodes

  router.get('/admin/promo-codes', requireAdmin, async (_req, res) => {
    res.json({ promoCodes: await codes.list() })
  })

  router.post('/admin/promo-codes', requireAdmin, async (req, res) => {
    res.status(201).json(await codes.create(promoCodeInputSchema.parse(req.body ?? {})))
  })

  router.put('/admin/promo-codes/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id)
    res.json(await codes.update(id, promoCodeInputSchema.parse(req.body ?? {})))
  })

  return router
}
