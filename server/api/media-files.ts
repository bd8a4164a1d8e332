import { Router } from 'express'
import type { AppDeps } from '../deps.ts'

/**
 * The pictures made from the guide's photos, for everyone (docs/decisions/0048): each URL names its
 * content, so it is cached for a year. The guide manages the photos in the dashboard's Photos
 * section, on its route action (app/routes/admin/photos.tsx, docs/decisions/0088).
 */
export function mediaFilesRouter({ services }: AppDeps) {
  const router = Router()
  router.get('/media/{*path}', async (req, res) => {
    const file = await services.media.file(req.path)
    if (!file) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found')
      return
    }
    res.set({ 'Cache-Control': 'public, max-age=31536000, immutable', 'Content-Type': file.contentType, 'Content-Length': String(file.body.length) })
    res.end(file.body)
  })
  return router
}
