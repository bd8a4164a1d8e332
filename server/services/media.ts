import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION, type Db } from '../db/client.ts'
import { media, mediaVariants, photoPlacements } from '../db/schema.ts'
import type { Locale } from '../../core/i18n/locales.ts'
import { type PagePhotos, pagePhoto, type StoredPhoto } from '../../core/media/page-photo.ts'
import { type Aspect, cropAround, FORMAT_TYPES, PLACE_KEYS, PLACE_KINDS, type Place, placeKind, placeLabel, PREVIEW_WIDTHS, parseVariantPath, variantPath, type Variant } from '../../core/media/places.ts'
import type { AltTranslations, PhotoDetails } from '../../core/schemas/photo.ts'
import { processUpload, renderVariant } from '../media/image-processing.ts'
import { ServiceError } from './service-error.ts'
import { namesValue, refusal } from '../../core/i18n/refusal.ts'

/** Every column but the photo's bytes: what lists and pages read. */
const photoColumns = {
  id: media.id,
  sha256: media.sha256,
  width: media.width,
  height: media.height,
  bytes: media.bytes,
  originalName: media.originalName,
  alt: media.alt,
  altTranslations: media.altTranslations,
  focalX: media.focalX,
  focalY: media.focalY,
  createdAt: media.createdAt,
}

/** A photo as the dashboard lists it: where it is placed and how to preview it. */
export type LibraryPhoto = StoredPhoto & {
  id: number
  bytes: number
  originalName: string
  createdAt: Date
  places: Place[]
  /** The whole photo, small and large, for the grid and the focal-point editor. */
  preview: { small: string; large: string }
}

export type PhotoFile = { body: Buffer; contentType: string }

/** A place on the site as the dashboard lists it: its shape, and the photo in it (null: its artwork). */
export type PhotoPlace = { place: Place; aspect: Aspect; mediaId: number | null }

const NOT_FOUND = refusal('adminErrors.photoNotFound')

/**
 * The guide's photo library (docs/decisions/0048): uploads, their descriptions and focal points,
 * which photo is in which place of the site, and the pictures made from them. Everything lives in
 * the database, so every instance shows a change at once; pictures are made on first request and
 * kept in media_variants, so each is encoded once for all instances.
 */
export function createMediaService(db: Db) {
  // One encoding per picture at a time in this process: a page's first visitors ask for the same ones together.
  const rendering = new Map<string, Promise<PhotoFile | undefined>>()

  async function placesOf(ids: number[]): Promise<Map<number, Place[]>> {
    const rows = ids.length === 0 ? [] : await db.select().from(photoPlacements).where(inArray(photoPlacements.mediaId, ids))
    const byPhoto = new Map<number, Place[]>()
    for (const row of rows) byPhoto.set(row.mediaId, [...(byPhoto.get(row.mediaId) ?? []), row.place as Place])
    return byPhoto
  }

  const preview = (sha256: string) => ({
    small: variantPath({ hash: sha256, crop: 'whole', width: PREVIEW_WIDTHS[0], format: 'webp' }),
    large: variantPath({ hash: sha256, crop: 'whole', width: PREVIEW_WIDTHS[1], format: 'webp' }),
  })

  async function get(id: number): Promise<LibraryPhoto | undefined> {
    const [row] = await db.select(photoColumns).from(media).where(eq(media.id, id))
    if (!row) return undefined
    return { ...row, places: (await placesOf([id])).get(id) ?? [], preview: preview(row.sha256) }
  }

  return {
    /** Newest first, with where each one is placed. */
    async list(): Promise<LibraryPhoto[]> {
      const rows = await db.select(photoColumns).from(media).orderBy(desc(media.createdAt), desc(media.id))
      const places = await placesOf(rows.map((r) => r.id))
      return rows.map((row) => ({ ...row, places: places.get(row.id) ?? [], preview: preview(row.sha256) }))
    },

    get,

    /** Checks and stores an upload; the same photo twice is refused, naming the one already stored. */
    async upload(file: Buffer, fileName: string, details: Pick<PhotoDetails, 'alt' | 'focalX' | 'focalY'>): Promise<LibraryPhoto> {
      const photo = await processUpload(file, fileName)
      try {
        const [row] = await db
          .insert(media)
          .values({ ...photo, bytes: photo.master.length, originalName: fileName.slice(0, 200), alt: details.alt, focalX: details.focalX, focalY: details.focalY })
          .returning({ id: media.id })
        return (await get(row!.id))!
      } catch (error) {
        if (sqlState(error) !== UNIQUE_VIOLATION) throw error
        const [existing] = await db.select({ id: media.id }).from(media).where(eq(media.sha256, photo.sha256))
        throw new ServiceError('conflict', refusal('adminErrors.photoDuplicate'), { field: 'file', extra: { id: existing?.id } })
      }
    },

    /** The description and focal point; moving the focal point drops the pictures cut around the old one. */
    async update(id: number, details: PhotoDetails): Promise<LibraryPhoto> {
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(media)
          .set({ alt: details.alt, focalX: details.focalX, focalY: details.focalY, updatedAt: new Date(), altTranslations: mergedTranslations(details.altTranslations ?? {}) })
          .where(eq(media.id, id))
          .returning({ id: media.id, sha256: media.sha256 })
        if (!row) return undefined
        const current = `/media/${row.sha256}/%-${details.focalX}-${details.focalY}-%`
        await tx
          .delete(mediaVariants)
          .where(and(eq(mediaVariants.mediaId, id), sql`${mediaVariants.path} not like ${current}`, sql`${mediaVariants.path} not like ${`/media/${row.sha256}/whole-%`}`))
        return row
      })
      if (!updated) throw new ServiceError('not-found', NOT_FOUND)
      return (await get(id))!
    },

    /** Deletes a photo that is on no page; a placed one must be taken off (or replaced) first. */
    async remove(id: number): Promise<void> {
      const places = (await placesOf([id])).get(id) ?? []
      if (places.length > 0) throw placedRefusal(places)
      try {
        const deleted = await db.delete(media).where(eq(media.id, id)).returning({ id: media.id })
        if (deleted.length === 0) throw new ServiceError('not-found', NOT_FOUND)
      } catch (error) {
        // Placed by another request since the check above: the foreign key keeps it.
        if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw placedRefusal((await placesOf([id])).get(id) ?? [])
        throw error
      }
    },

    /** Puts a photo in a place (replacing the one there), or with null takes the place back to its artwork. */
    async place(place: Place, mediaId: number | null): Promise<void> {
      if (mediaId === null) {
        await db.delete(photoPlacements).where(eq(photoPlacements.place, place))
        return
      }
      try {
        await db
          .insert(photoPlacements)
          .values({ place, mediaId })
          .onConflictDoUpdate({ target: photoPlacements.place, set: { mediaId, updatedAt: new Date() } })
      } catch (error) {
        if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new ServiceError('not-found', NOT_FOUND, { field: 'mediaId' })
        throw error
      }
    },

    /** Every place, with its shape and the photo in it. */
    async places(): Promise<PhotoPlace[]> {
      const rows = await db.select().from(photoPlacements)
      const placed = new Map(rows.map((row) => [row.place as Place, row.mediaId]))
      return PLACE_KEYS.map((place) => ({ place, aspect: placeKind(place).aspect, mediaId: placed.get(place) ?? null }))
    },

    /** The photos in the given places, as the page draws them in the reader's language. */
    async onPage(places: readonly Place[], locale: Locale): Promise<PagePhotos> {
      if (places.length === 0) return {}
      const rows = await db
        .select({ place: photoPlacements.place, ...photoColumns })
        .from(photoPlacements)
        .innerJoin(media, eq(media.id, photoPlacements.mediaId))
        .where(inArray(photoPlacements.place, [...places]))
      return Object.fromEntries(rows.map((row) => [row.place, pagePhoto(row, row.place as Place, locale)]))
    },

    /**
     * The picture a /media/ URL names, made and kept on first request; undefined for a URL no
     * page would write (an unknown photo, an old focal point, a width larger than the photo).
     */
    async file(path: string): Promise<PhotoFile | undefined> {
      const variant = parseVariantPath(path)
      if (!variant) return undefined
      const [cached] = await db.select({ body: mediaVariants.body }).from(mediaVariants).where(eq(mediaVariants.path, path))
      if (cached) return { body: cached.body, contentType: FORMAT_TYPES[variant.format] }
      let pending = rendering.get(path)
      if (!pending) {
        pending = make(path, variant).finally(() => rendering.delete(path))
        rendering.set(path, pending)
      }
      return pending
    },
  }

  async function make(path: string, variant: Variant): Promise<PhotoFile | undefined> {
    const [photo] = await db
      .select({ id: media.id, master: media.master, width: media.width, height: media.height, focalX: media.focalX, focalY: media.focalY })
      .from(media)
      .where(eq(media.sha256, variant.hash))
    if (!photo || !isServed(photo, variant)) return undefined
    const body = await renderVariant(photo.master, photo, variant)
    await db.insert(mediaVariants).values({ path, mediaId: photo.id, format: variant.format, body }).onConflictDoNothing()
    return { body, contentType: FORMAT_TYPES[variant.format] }
  }
}

/** Whether a page of this site could ask for the variant: the photo's own focal point, and no blown-up width. */
function isServed(photo: { width: number; height: number; focalX: number; focalY: number }, variant: Variant): boolean {
  if (variant.crop === 'whole') return variant.width <= photo.width || variant.width === PREVIEW_WIDTHS[0]
  const { aspect, focal } = variant.crop
  if (focal.x !== photo.focalX || focal.y !== photo.focalY) return false
  const smallest = Math.min(...Object.values(PLACE_KINDS).filter((k) => k.aspect[0] === aspect[0] && k.aspect[1] === aspect[1]).map((k) => k.widths[0]!))
  return variant.width <= cropAround(photo, aspect, focal).width || variant.width === smallest
}

/**
 * The stored descriptions with the given languages merged in, in the UPDATE itself so two saves
 * of different languages cannot undo each other (docs/decisions/0075): a text sets its language,
 * a blank removes it, a language left out stays as stored.
 */
function mergedTranslations(given: AltTranslations) {
  const set = Object.fromEntries(Object.entries(given).filter(([, text]) => text !== ''))
  const removed = Object.keys(given).filter((code) => given[code as keyof AltTranslations] === '')
  return removed.reduce((merged, code) => sql`(${merged} - ${code}::text)`, sql`(${media.altTranslations} || ${JSON.stringify(set)}::jsonb)`)
}

/** The places go by the names the dashboard's Photos page gives them, in the reader's language (docs/decisions/0087). */
function placedRefusal(places: Place[]): ServiceError {
  return new ServiceError('conflict', refusal('adminErrors.photoOnSite', { places: namesValue(places.map(placeLabel)) }), { extra: { places } })
}

export type MediaService = ReturnType<typeof createMediaService>
