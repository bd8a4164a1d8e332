import { Router } from 'express'
import { guideWordsSchema } from '../../core/guide-words.ts'
import { isLocale } from '../../core/i18n/locales.ts'
import { requireAdmin } from '../auth/guard.ts'
import { ServiceError } from '../services/service-error.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import type { AppDeps } from '../deps.ts'

/** The guide's words on the About page (docs/decisions/0049): what is written, and what the site ships, per language. */
export function adminGuideWordsRouter({ services }: AppDeps) {
  const router = Router()

  router.get('/admin/guide-words', requireAdmin, async (_req, res) => {
    res.json({ words: await services.guideWords.all(), shipped: services.guideWords.shipped() })
  })

  router.put('/admin/guide-words/:locale', requireAdmin, async (req, res) => {
    const locale = req.params.locale
    if (!isLocale(locale)) throw new ServiceError('not-found', refusal('adminErrors.noSuchLanguage'))
    res.json({ locale, words: await services.guideWords.save(locale, guideWordsSchema.parse(req.body ?? {})) })
  })

  return router
}
