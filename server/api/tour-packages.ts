import { Router } from 'express'
import { DEFAULT_LOCALE, isLocale } from '../../core/i18n/locales.ts'
import type { AppDeps } from '../deps.ts'

export type { PublicTourPackage } from '../services/tour-package-view.ts'

/**
 * GET /api/tour-packages: the bookable tours of the catalogue (docs/decisions/0019), in display order;
 * `?locale=ja` gives their words in that language (docs/decisions/0045), anything else English.
 */
export function tourPackagesRouter({ services }: AppDeps) {
  const router = Router()
  router.get('/tour-packages', async (req, res) => {
    const locale = isLocale(req.query.locale) ? req.query.locale : DEFAULT_LOCALE
    res.json(await services.catalogue.bookableForGuests(locale))
  })
  return router
}
