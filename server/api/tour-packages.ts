import { Router } from 'express'
import { toLocale } from '../../core/i18n/locales.ts'
import type { AppDeps } from '../deps.ts'

export type { PublicTourPackage } from '../services/tour-package-view.ts'

/**
 * GET /api/tour-packages: the bookable tours of the catalogue (docs/decisions/0019), in display order;
 * `?locale=ja` gives their words in that language (docs/decisions/0045), anything else English.
 */
export function tourPackagesRouter({ services }: AppDeps) {
  const router = Router()
  router.get('/tour-packages', async (req, res) => {
    res.json(await services.catalogue.bookableForGuests(toLocale(req.query.locale)))
  })
  return router
}
