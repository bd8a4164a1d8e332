import { Router } from 'express'
import { channelCalendarInputSchema } from '../../core/schemas/channel-calendar.ts'
import { requireAdmin } from '../auth/guard.ts'
import type { AppDeps } from '../deps.ts'
import { parseId } from './ids.ts'

/**
 * Calendars imported from other platforms, in Dashboard → Channels (docs/decisions/0077): admin
 * only and, like every mutating request, same-origin. Adding a calendar and "Fetch now" fetch it
 * at once and answer with what the fetch found (its error included).
 */
export function adminChannelCalendarsRouter({ services }: AppDeps) {
  const router = Router()
  const calendars = services.channelCalendars

  router.get('/admin/channel-calendars', requireAdmin, async (_req, res) => {
    res.json({ calendars: await calendars.list() })
  })

  router.post('/admin/channel-calendars', requireAdmin, async (req, res) => {
    res.status(201).json(await calendars.add(channelCalendarInputSchema.parse(req.body ?? {})))
  })

  router.delete('/admin/channel-calendars/:id', requireAdmin, async (req, res) => {
    await calendars.remove(parseId(req.params.id))
    res.status(204).end()
  })

  router.post('/admin/channel-calendars/:id/fetch', requireAdmin, async (req, res) => {
    res.json(await calendars.fetchNow(parseId(req.params.id)))
  })

  return router
}
