import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { publicTourPackage } from '../services/tour-package-view.ts'

export type { PublicTourPackage } from '../services/tour-package-view.ts'

/** GET /api/tour-packages: the bookable tours of the catalogue (docs/decisions/0019), in display order. */
export function tourPackagesRouter({ services }: AppDeps) {
  const router = Router()
  router.get('/tour-packages', async (_req, res) => {
    const all = await services.catalogue.list()
    res.json(all.filter((p) => p.available).map(publicTourPackage))
  })
  return router
}
