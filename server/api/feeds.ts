import { Router } from 'express'
import type { AppDeps } from '../deps.ts'

/** Where Google fetches the Things to Do product feed from (docs/decisions/0078). */
export const GOOGLE_THINGS_TO_DO_FEED_PATH = '/feeds/google-things-to-do.json'

/**
 * Feeds other services read from the site. Google's Things to Do product feed
 * (docs/decisions/0078) answers only while GOOGLE_THINGS_TO_DO_FEED is on; otherwise its address
 * is the same plain 404 as any unknown one. It is the public catalogue, so caches may keep it a
 * few minutes: a price the guide changes reaches the feed within that time.
 */
export function feedsRouter({ config, services }: AppDeps) {
  const router = Router()
  router.get(GOOGLE_THINGS_TO_DO_FEED_PATH, async (_req, res) => {
    if (!config.googleThingsToDoFeed) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found')
      return
    }
    const feed = await services.googleThingsToDo.feed()
    res.set('Cache-Control', 'public, max-age=300').json(feed)
  })
  return router
}
