import crypto from 'node:crypto'
import pLimit from 'p-limit'
import sharp, { type Metadata, type Sharp } from 'sharp'
import { cropAround, heightFor, type Variant } from '../../core/media/places.ts'
import { refusal, type Refusal } from '../../core/i18n/refusal.ts'
import { MAX_UPLOAD_BYTES } from '../../core/schemas/photo.ts'
import { ServiceError } from '../services/service-error.ts'

/**
 * What the server does with the guide's photos (docs/decisions/0048), with sharp: check an upload
 * is a photo it can take, store it upright and without its metadata, and make the pictures the
 * pages ask for. Every step is bounded (bytes, pixels, time, two at a time), so a hostile file
 * costs a refusal, not the server.
 */
/** A 48-megapixel phone photo passes; a 200-megapixel one, or a small file claiming a huge canvas, does not. */
export const MAX_INPUT_PIXELS = 50_000_000
export const MIN_SIDE = 320
/** The stored photo's longest side: enough for the widest picture any place uses (2240 px). */
const MASTER_SIDE = 3000
const TIMEOUT = { seconds: 30 }

// libvips keeps decoded images in a cache and works with every core; on a small server one image
// at a time per job and no cache keep memory flat (bench:memory).
sharp.cache(false)
sharp.concurrency(1)
const oneAtATime = pLimit(2)

export type Sniffed = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic'

/**
 * The kind of image by its first bytes, before any decoder sees it: only these reach libvips,
 * so an SVG, a PDF or a program renamed .jpg is refused without being parsed.
 */
export function sniffImage(bytes: Buffer): Sniffed | undefined {
  if (bytes.length < 12) return undefined
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12)
    if (brand === 'avif' || brand === 'avis') return 'avif'
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic'
  }
  return undefined
}

const EXTENSIONS: Record<Exclude<Sniffed, 'heic'>, string[]> = {
  jpeg: ['jpg', 'jpeg', 'jfif'],
  png: ['png'],
  webp: ['webp'],
  avif: ['avif'],
}

/** The refusals of an upload, by their ids (docs/decisions/0087); the English of three, as the tests compare the Photos section's English answers. */
export const NOT_AN_IMAGE = 'This file is not a photo we can use: upload a JPEG, PNG, WebP or AVIF image'
export const HEIC_REFUSED =
  'HEIC photos cannot be read here: on an iPhone, choose "Most Compatible" under Settings → Camera → Formats, or share the photo as JPEG'
export const UNREADABLE = 'This photo could not be read to the end: it may be damaged or incomplete. Please upload it again'
export const NOT_AN_IMAGE_REFUSAL = refusal('adminErrors.photoNotAnImage')
export const HEIC_REFUSAL = refusal('adminErrors.photoHeic')
export const UNREADABLE_REFUSAL = refusal('adminErrors.photoDamaged')
export const TOO_LARGE = refusal('adminErrors.photoTooLarge')

const refuse = (said: Refusal): never => {
  throw new ServiceError('invalid', said, { field: 'file' })
}

export type ProcessedPhoto = { master: Buffer; sha256: string; width: number; height: number }

/**
 * Checks an uploaded file and returns the photo to store: turned upright by its EXIF orientation,
 * in sRGB, every metadata block (GPS position, camera, owner, thumbnails) left out, as a JPEG at
 * most 3000 px a side. `fileName` is the name the browser sent; an extension that says another
 * kind of file than the bytes hold is refused, since a mislabelled file is usually not the one meant.
 */
export async function processUpload(bytes: Buffer, fileName: string): Promise<ProcessedPhoto> {
  if (bytes.length === 0) refuse(refusal('adminErrors.photoEmpty'))
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ServiceError('too-large', TOO_LARGE, { field: 'file' })
  const kind = sniffImage(bytes)
  if (kind === 'heic') refuse(HEIC_REFUSAL)
  if (!kind) refuse(NOT_AN_IMAGE_REFUSAL)
  const format = kind as Exclude<Sniffed, 'heic'>
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase()
  if (extension && !EXTENSIONS[format].includes(extension)) {
    refuse(refusal('adminErrors.photoMislabelled', { extension, format: format.toUpperCase() }))
  }

  return oneAtATime(async () => {
    let meta: Metadata
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata()
    } catch {
      return refuse(NOT_AN_IMAGE_REFUSAL)
    }
    const { width = 0, height = 0 } = meta
    if (meta.format === 'heif' && meta.compression !== 'av1') refuse(HEIC_REFUSAL)
    if (width * height > MAX_INPUT_PIXELS) {
      refuse(refusal('adminErrors.photoTooManyPixels', { width, height, megapixels: Math.round((width * height) / 1e6), max: MAX_INPUT_PIXELS / 1e6 }))
    }
    if (Math.min(width, height) < MIN_SIDE) refuse(refusal('adminErrors.photoTooSmall', { width, height, min: MIN_SIDE }))
    if ((meta.pages ?? 1) > 1) refuse(refusal('adminErrors.photoAnimated'))

    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', autoOrient: true })
        .resize({ width: MASTER_SIDE, height: MASTER_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: 88, mozjpeg: true, chromaSubsampling: '4:4:4' })
        .timeout(TIMEOUT)
        .toBuffer({ resolveWithObject: true })
      return { master: data, sha256: crypto.createHash('sha256').update(data).digest('hex'), width: info.width, height: info.height }
    } catch {
      return refuse(UNREADABLE_REFUSAL)
    }
  })
}

/** Quality per format, set where a photo looks the same as the JPEG at the smallest size. */
const ENCODE = {
  avif: (img: Sharp) => img.avif({ quality: 50, effort: 3, chromaSubsampling: '4:2:0' }),
  webp: (img: Sharp) => img.webp({ quality: 72, effort: 4 }),
  jpeg: (img: Sharp) => img.jpeg({ quality: 76, mozjpeg: true, progressive: true }),
} as const

/** One picture of a stored photo: its crop around the focal point (or all of it), at the variant's width and format. */
export function renderVariant(master: Buffer, size: { width: number; height: number }, variant: Variant): Promise<Buffer> {
  const image = sharp(master, { limitInputPixels: MAX_INPUT_PIXELS })
  const sized =
    variant.crop === 'whole'
      ? image.resize({ width: variant.width, withoutEnlargement: true })
      : image.extract(cropAround(size, variant.crop.aspect, variant.crop.focal)).resize(variant.width, heightFor(variant.crop.aspect, variant.width))
  return oneAtATime(() => ENCODE[variant.format](sized).timeout(TIMEOUT).toBuffer())
}
