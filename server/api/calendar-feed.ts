import { Router } from 'express'
import { byAddress, rateLimit } from '../http/rate-limit.ts'
import type { AppDeps } from '../deps.ts'

/**
 * The guide's calendar feed (docs/decisions/0050): the subscription URL
 * itself, public on purpose (calendar apps fetch it without a session; its token is the
 * secret). The guide sees and replaces that URL in the dashboard's Settings, through its route
 * loader and action (app/components/admin/settings-actions.server.ts).
 */
export function calendarFeedRouter({ services }: AppDeps) {
  const router = Router()

  router.get('/calendar/:token.ics', rateLimit(services.limits.calendarFeed, byAddress), async (req, res) => {
    // Guest data: never kept by a cache, never indexed, whatever the answer.
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' })
    const token = req.params.token
    const ics = typeof token === 'string' ? await services.calendarFeed.feed(token) : null
    // A wrong, replaced or never-made token: the same plain 404 as any unknown address.
    if (ics === null) {
      res.status(404).type('text/plain').send('Not found')
      return
    }
    res.type('text/calendar; charset=utf-8').set('Content-Disposition', 'inline; filename="bookings.ics"').send(ics)
  })

  return router
}
