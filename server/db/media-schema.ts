import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { IMAGE_FORMATS, PLACE_KEYS } from '../../core/media/places.ts'
import type { AltTranslations } from '../../core/schemas/photo.ts'
import { bytea, createdAt, oneOf, updatedAt } from './columns.ts'

/**
 * The guide's photos (docs/decisions/0048). `master` is the upload as stored: turned upright,
 * its metadata (location, camera, owner) removed, at most 3000 px a side; `sha256` is its
 * content hash, which names every picture made from it. The alt text is required in English,
 * the other languages optional.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    sha256: text('sha256').notNull().unique(),
    master: bytea('master').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    originalName: text('original_name').notNull().default(''),
    alt: text('alt').notNull(),
    altTranslations: jsonb('alt_translations').$type<AltTranslations>().notNull().default({}),
    focalX: integer('focal_x').notNull().default(50),
    focalY: integer('focal_y').notNull().default(50),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('media_focal_check', sql`${t.focalX} between 0 and 100 and ${t.focalY} between 0 and 100`),
    check('media_size_check', sql`${t.width} > 0 and ${t.height} > 0 and ${t.bytes} > 0`),
    check('media_alt_check', sql`length(btrim(${t.alt})) > 0`),
  ],
)

/**
 * Pictures made from a photo (a crop at a width in a format), made on first request and kept,
 * so every instance serves them without encoding again. A cache: deleting rows loses nothing.
 */
export const mediaVariants = pgTable(
  'media_variants',
  {
    path: text('path').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    body: bytea('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('media_variants_media_idx').on(t.mediaId), check('media_variants_format_check', oneOf(t.format, IMAGE_FORMATS))],
)

/** Which photo is in which place of the public pages; a place without a row shows its artwork. */
export const photoPlacements = pgTable(
  'photo_placements',
  {
    place: text('place').primaryKey(),
    // A placed photo cannot be deleted: it must be taken off the page first.
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('photo_placements_place_check', oneOf(t.place, PLACE_KEYS)), index('photo_placements_media_idx').on(t.mediaId)],
)

export type Media = typeof media.$inferSelect
