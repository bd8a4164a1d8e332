import { Router } from 'express'
import type { AppDeps } from '../deps.ts'

export type { PublicTourPackage } from '../services/tour-package-view.ts'

/** GET /api/tour-packages: the bookable tours of the catalogue (docs/decisions/0019), in display order. */
export function tourPackagesRouter({ services }: AppDeps) {
  const router = Router()
  router.get('/tour-packages', async (_req, res) => {
    res.json(await services.catalogue.bookableForGuests())
  })
  return router
}
