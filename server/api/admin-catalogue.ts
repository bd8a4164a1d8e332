import { Router } from 'express'
import { TOUR_PACKAGE_NOT_FOUND, tourPackageUpdateSchema } from '../../core/schemas/tour-package-update.ts'
import { requireAdmin } from '../auth/guard.ts'
import { ServiceError } from '../services/service-error.ts'
import type { AppDeps } from '../deps.ts'
import { parseId } from './ids.ts'

/**
 * The Settings tab's price catalogue (docs/decisions/0019): every package, bookable or not, and the
 * admin's edit. The public list (GET /api/tour-packages) belongs to the booking flow.
 */
export function adminCatalogueRouter({ services }: AppDeps) {
  const router = Router()

  router.get('/admin/tour-packages', requireAdmin, async (_req, res) => {
    res.json(await services.catalogue.list())
  })

  router.patch('/admin/tour-packages/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id)
    const input = tourPackageUpdateSchema.parse(req.body ?? {})
    const updated = await services.catalogue.update(id, input)
    if (!updated) throw new ServiceError('not-found', TOUR_PACKAGE_NOT_FOUND)
    res.json(updated)
  })

  return router
}
