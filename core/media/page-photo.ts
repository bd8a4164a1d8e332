import type { Locale } from '../i18n/locales.ts'
import type { AltTranslations } from '../schemas/photo.ts'
import { cropAround, FORMAT_TYPES, heightFor, type Kind, type Place, placeKind, servedWidths, variantPath } from './places.ts'

/** A placed photo as a page draws it: a `<picture>` with a source per modern format and a JPEG fallback. */
export type PagePhoto = {
  alt: string
  /** 'en' when the page is in another language and the guide has not translated the description: screen readers then read it as English. */
  altLang?: 'en'
  /** The largest picture's size: the width and height attributes that reserve the box. */
  width: number
  height: number
  sizes: string
  sources: { type: string; srcSet: string }[]
  /** The JPEG fallback: src is the largest, srcSet every width. */
  src: string
  srcSet: string
}

/** What the pages need of a stored photo (never its bytes). */
export type StoredPhoto = { sha256: string; width: number; height: number; alt: string; altTranslations: AltTranslations; focalX: number; focalY: number }

/** The description in the page's language, or the English one, marked as English, where the guide has not translated it. */
export function altIn(photo: Pick<StoredPhoto, 'alt' | 'altTranslations'>, locale: Locale): Pick<PagePhoto, 'alt' | 'altLang'> {
  if (locale === 'en') return { alt: photo.alt }
  const translated = photo.altTranslations[locale]
  return translated ? { alt: translated } : { alt: photo.alt, altLang: 'en' }
}

export function pagePhoto(photo: StoredPhoto, place: Place, locale: Locale): PagePhoto {
  return photoInKind(photo, placeKind(place), locale)
}

/** A photo cropped and sized as a kind of place draws it, for pictures that belong to a record rather than a page (a meeting point's). */
export function photoInKind(photo: StoredPhoto, kind: Kind, locale: Locale): PagePhoto {
  const focal = { x: photo.focalX, y: photo.focalY }
  const widths = servedWidths(kind, cropAround(photo, kind.aspect, focal))
  const srcSet = (format: keyof typeof FORMAT_TYPES) =>
    widths.map((width) => `${variantPath({ hash: photo.sha256, crop: { aspect: kind.aspect, focal }, width, format })} ${width}w`).join(', ')
  const largest = widths[widths.length - 1]!
  return {
    ...altIn(photo, locale),
    width: largest,
    height: heightFor(kind.aspect, largest),
    sizes: kind.sizes,
    sources: [
      { type: FORMAT_TYPES.avif, srcSet: srcSet('avif') },
      { type: FORMAT_TYPES.webp, srcSet: srcSet('webp') },
    ],
    src: variantPath({ hash: photo.sha256, crop: { aspect: kind.aspect, focal }, width: largest, format: 'jpeg' }),
    srcSet: srcSet('jpeg'),
  }
}

export type PagePhotos = Partial<Record<Place, PagePhoto>>
