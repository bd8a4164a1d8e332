import type { MessageId } from '../i18n/message-id.ts'

/**
 * The places on the public pages where the guide can put a photo (docs/decisions/0048), with
 * the shape each place crops to and the widths it is served at. A place without a photo shows
 * its original artwork (app/content/images.ts). The dashboard names each place in the admin's
 * language (`placeLabel`).
 */

/** Width and height of a crop, in lowest terms: the place's box on the page has this shape. */
export type Aspect = readonly [number, number]

export type PlaceKind = 'slide' | 'card' | 'banner' | 'portrait' | 'article' | 'hero'

export type Kind = {
  aspect: Aspect
  /** The widths a photo in this place is served at; the browser picks one through srcset and sizes. */
  widths: readonly number[]
  /** The picture's width on the page at each viewport: the `sizes` attribute. */
  sizes: string
}

/**
 * The widths cover a 375 px phone at 2x-3x up to a 1280 px desktop at 2x for the box each place
 * fills in the layout; more widths would only cost encoding time and storage.
 */
export const PLACE_KINDS: Record<PlaceKind, Kind> = {
  // Full-bleed: across a phone, and from 1024 px behind the whole hero (docs/decisions/0051).
  slide: { aspect: [3, 2], widths: [480, 800, 1200, 1600, 2400], sizes: '100vw' },
  // Two cards a row from 768 px, one below.
  card: { aspect: [8, 5], widths: [400, 640, 960], sizes: '(min-width: 1152px) 544px, (min-width: 768px) calc(50vw - 32px), calc(100vw - 32px)' },
  banner: { aspect: [8, 3], widths: [640, 800, 1120, 1600, 2240], sizes: '(min-width: 1152px) 1120px, calc(100vw - 32px)' },
  // The About page's side column from 1024 px.
  portrait: { aspect: [4, 5], widths: [320, 480, 720, 960], sizes: '(min-width: 1024px) 430px, calc(100vw - 32px)' },
  // The article's 768 px column.
  article: { aspect: [3, 2], widths: [480, 768, 1152, 1536], sizes: '(min-width: 800px) 736px, calc(100vw - 32px)' },
  // A page head's full-bleed photo: as wide as the window, and on a phone as tall as the head
  // (about 480 px, so drawn about 640 px wide at 4:3 and cropped at the sides around the focal point).
  // On a phone the browser is told 360 px: one photo pixel to a screen pixel under the navy veil that
  // covers it (docs/decisions/0061), where a sharper one costs the page's largest paint and shows no more.
  hero: { aspect: [4, 3], widths: [640, 960, 1280, 1920, 2560], sizes: '(max-width: 639px) 360px, 100vw' },
}

export const PLACES = {
  'slide.authentic': { kind: 'slide', label: 'adminPhotos.place.slide.authentic' },
  'slide.historical': { kind: 'slide', label: 'adminPhotos.place.slide.historical' },
  'slide.blossoms': { kind: 'slide', label: 'adminPhotos.place.slide.blossoms' },
  'slide.neighborhoods': { kind: 'slide', label: 'adminPhotos.place.slide.neighborhoods' },
  'slide.cafes': { kind: 'slide', label: 'adminPhotos.place.slide.cafes' },
  'slide.mountains': { kind: 'slide', label: 'adminPhotos.place.slide.mountains' },
  'guide.portrait': { kind: 'portrait', label: 'adminPhotos.place.guide.portrait' },
  'guide.banner': { kind: 'banner', label: 'adminPhotos.place.guide.banner' },
  'packages.hero': { kind: 'hero', label: 'adminPhotos.place.packages.hero' },
  'package.homemaker': { kind: 'card', label: 'adminPhotos.place.package.homemaker' },
  'package.hobbyist': { kind: 'card', label: 'adminPhotos.place.package.hobbyist' },
  'package.kiddo': { kind: 'card', label: 'adminPhotos.place.package.kiddo' },
  'package.explorer': { kind: 'card', label: 'adminPhotos.place.package.explorer' },
  'explore.shopping': { kind: 'card', label: 'adminPhotos.place.explore.shopping' },
  'explore.food': { kind: 'card', label: 'adminPhotos.place.explore.food' },
  'explore.lifestyle': { kind: 'card', label: 'adminPhotos.place.explore.lifestyle' },
  'explore.culture': { kind: 'card', label: 'adminPhotos.place.explore.culture' },
  'tokyo.article': { kind: 'article', label: 'adminPhotos.place.tokyo.article' },
} as const satisfies Record<string, { kind: PlaceKind; label: MessageId }>

export type Place = keyof typeof PLACES
export const PLACE_KEYS = Object.keys(PLACES) as Place[]

export function isPlace(value: unknown): value is Place {
  return typeof value === 'string' && Object.hasOwn(PLACES, value)
}

/** The place's name on the dashboard's Photos page: a catalogue id, said in the admin's language. */
export function placeLabel(place: Place): MessageId {
  return PLACES[place].label
}

export function placeKind(place: Place): Kind {
  return PLACE_KINDS[PLACES[place].kind]
}

/** A point of the photo that every crop keeps in view, in whole percent of its width and height. */
export type FocalPoint = { x: number; y: number }
export const CENTRE: FocalPoint = { x: 50, y: 50 }

export type Crop = { left: number; top: number; width: number; height: number }

/**
 * The largest box of the given shape inside the photo, placed so the focal point sits as near
 * its centre as the photo's edges allow.
 */
export function cropAround(size: { width: number; height: number }, aspect: Aspect, focal: FocalPoint): Crop {
  const [aw, ah] = aspect
  const scale = Math.min(size.width / aw, size.height / ah)
  const width = Math.max(1, Math.min(size.width, Math.round(aw * scale)))
  const height = Math.max(1, Math.min(size.height, Math.round(ah * scale)))
  const place = (centre: number, box: number, full: number) => Math.min(full - box, Math.max(0, Math.round(centre - box / 2)))
  return {
    left: place((focal.x / 100) * size.width, width, size.width),
    top: place((focal.y / 100) * size.height, height, size.height),
    width,
    height,
  }
}

export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]
export const FORMAT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }
const EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' }

/**
 * One derived picture: a photo cropped to a shape around a focal point (or the whole photo, for
 * the dashboard's previews), at a width, in a format. Its URL names all of that and the photo's
 * content hash, so a changed picture gets a new URL and every URL can be cached for ever.
 */
export type Variant = { hash: string; crop: { aspect: Aspect; focal: FocalPoint } | 'whole'; width: number; format: ImageFormat }

/** The widths of a whole photo in the dashboard: its grid and its focal-point editor. */
export const PREVIEW_WIDTHS = [480, 960] as const

export function variantPath(v: Variant): string {
  const shape = v.crop === 'whole' ? 'whole' : `${v.crop.aspect[0]}x${v.crop.aspect[1]}-${v.crop.focal.x}-${v.crop.focal.y}`
  return `/media/${v.hash}/${shape}-${v.width}.${EXTENSIONS[v.format]}`
}

const VARIANT_PATH = /^\/media\/([0-9a-f]{64})\/(?:whole|(\d{1,2})x(\d{1,2})-(\d{1,3})-(\d{1,3}))-(\d{1,4})\.(avif|webp|jpg)$/

/** The variant a URL path names, or undefined: only the shapes and widths some place (or the preview) uses. */
export function parseVariantPath(path: string): Variant | undefined {
  const m = VARIANT_PATH.exec(path)
  if (!m) return undefined
  const [, hash, aw, ah, fx, fy, w, ext] = m
  const width = Number(w)
  const format = (Object.keys(EXTENSIONS) as ImageFormat[]).find((f) => EXTENSIONS[f] === ext)!
  if (aw === undefined) return (PREVIEW_WIDTHS as readonly number[]).includes(width) ? { hash: hash!, crop: 'whole', width, format } : undefined
  const aspect: Aspect = [Number(aw), Number(ah)]
  const focal = { x: Number(fx), y: Number(fy) }
  const kind = Object.values(PLACE_KINDS).find((k) => k.aspect[0] === aspect[0] && k.aspect[1] === aspect[1] && k.widths.includes(width))
  if (!kind || focal.x > 100 || focal.y > 100) return undefined
  return { hash: hash!, crop: { aspect, focal }, width, format }
}
/**
 * The widths a crop is served at: the place's widths the photo is wide enough for, so no picture is
 * blown up and no srcset entry claims a width it does not have; a photo narrower than the smallest
 * gets that one alone.
 */
export function servedWidths(kind: Kind, crop: Crop): readonly number[] {
  const fitting = kind.widths.filter((w) => w <= crop.width)
  return fitting.length > 0 ? fitting : kind.widths.slice(0, 1)
}

export function heightFor(aspect: Aspect, width: number): number {
  return Math.round((width * aspect[1]) / aspect[0])
}
