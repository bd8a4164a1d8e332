import { type RequestHandler, Router } from 'express'
import multer from 'multer'
import { PLACE_KEYS, PLACES, placeKind } from '../../core/media/places.ts'
import { photoDetailsSchema, photoUploadSchema, placementSchema } from '../../core/schemas/photo.ts'
import { requireAdmin } from '../auth/guard.ts'
import { MAX_UPLOAD_BYTES, TOO_LARGE } from '../media/image-processing.ts'
import { ServiceError } from '../services/service-error.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import type { AppDeps } from '../deps.ts'
import { parseId } from './ids.ts'

/**
 * The dashboard's Photos tab (docs/decisions/0048): the library, each photo's description and
 * focal point, and which photo is in which place. Uploads are multipart forms (the file and its
 * description), read only for a signed-in admin and only up to 20 MB.
 */
export function adminMediaRouter({ services }: AppDeps) {
  const router = Router()

  const oneFile = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } }).single('file')
  const readUpload: RequestHandler = (req, res, next) =>
    oneFile(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        next(
          error.code === 'LIMIT_FILE_SIZE'
            ? new ServiceError('too-large', TOO_LARGE, { field: 'file' })
            : new ServiceError('invalid', error.code === 'LIMIT_UNEXPECTED_FILE' ? 'Send one photo, in the field "file"' : 'The upload could not be read', { field: 'file' }),
        )
      } else if (error) {
        // busboy's own refusals of a malformed multipart body (a missing boundary, a cut-off part).
        next(new ServiceError('invalid', refusal('adminErrors.photoUnreadable'), { field: 'file' }))
      } else next()
    })

  router.get('/admin/media', requireAdmin, async (_req, res) => {
    res.json(await services.media.list())
  })

  router.post('/admin/media', requireAdmin, readUpload, async (req, res) => {
    if (!req.file) throw new ServiceError('invalid', refusal('adminErrors.photoMissing'), { field: 'file' })
    const details = photoUploadSchema.parse(req.body ?? {})
    res.status(201).json(await services.media.upload(req.file.buffer, req.file.originalname, details))
  })

  router.patch('/admin/media/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id)
    res.json(await services.media.update(id, photoDetailsSchema.parse(req.body ?? {})))
  })

  router.delete('/admin/media/:id', requireAdmin, async (req, res) => {
    await services.media.remove(parseId(req.params.id))
    res.status(204).end()
  })

  /** Every place, with its shape and the photo in it (null: its artwork). */
  router.get('/admin/photo-places', requireAdmin, async (_req, res) => {
    res.json(await placesList())
  })

  router.put('/admin/photo-places/:place', requireAdmin, async (req, res) => {
    const { place, mediaId } = placementSchema.parse({ place: req.params.place, mediaId: req.body?.mediaId })
    await services.media.place(place, mediaId)
    res.json(await placesList())
  })

  async function placesList() {
    const placed = await services.media.placements()
    return PLACE_KEYS.map((place) => ({ place, label: PLACES[place].label, aspect: placeKind(place).aspect, mediaId: placed.get(place) ?? null }))
  }

  return router
}

/** The pictures made from the photos, for everyone: each URL names its content, so it is cached for a year. */
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
