import { Router } from 'express'
import { z } from 'zod'
import { meetingPointSchema, meetingSettingsSchema } from '../../core/schemas/meeting-point.ts'
import { whatToBringSchema } from '../../core/what-to-bring.ts'
import { LOCALE_CODES } from '../../core/i18n/locales.ts'
import { requireAdmin } from '../auth/guard.ts'
import type { AppDeps } from '../deps.ts'
import { parseId } from './ids.ts'

const activeSchema = z.strictObject({ active: z.boolean({ error: 'Active must be true or false' }) })
const moveSchema = z.strictObject({ direction: z.enum(['up', 'down'], { error: 'Direction must be up or down' }) })
const tripSettingsSchema = meetingSettingsSchema.extend({ whatToBring: whatToBringSchema })

/**
 * The trip's settings in the dashboard (issue 18, docs/decisions/0052): meeting points, pickup,
 * each slot's default and the seasonal "what to bring". Admins only.
 */
export function adminTripRouter({ services }: AppDeps) {
  const router = Router()
  const { trip } = services

  router.get('/admin/trip', requireAdmin, async (_req, res) => {
    const [points, settings] = await Promise.all([trip.points(), trip.settings()])
    res.json({ points, settings, shippedWhatToBring: Object.fromEntries(LOCALE_CODES.map((locale) => [locale, trip.shippedWhatToBring(locale)])) })
  })

  router.post('/admin/meeting-points', requireAdmin, async (req, res) => {
    res.status(201).json(await trip.addPoint(meetingPointSchema.parse(req.body ?? {})))
  })

  router.put('/admin/meeting-points/:id', requireAdmin, async (req, res) => {
    res.json(await trip.updatePoint(parseId(req.params.id), meetingPointSchema.parse(req.body ?? {})))
  })

  router.put('/admin/meeting-points/:id/active', requireAdmin, async (req, res) => {
    res.json(await trip.setActive(parseId(req.params.id), activeSchema.parse(req.body ?? {}).active))
  })

  router.post('/admin/meeting-points/:id/move', requireAdmin, async (req, res) => {
    res.json(await trip.move(parseId(req.params.id), moveSchema.parse(req.body ?? {}).direction))
  })

  router.put('/admin/trip-settings', requireAdmin, async (req, res) => {
    res.json(await trip.saveSettings(tripSettingsSchema.parse(req.body ?? {})))
  })

  return router
}
