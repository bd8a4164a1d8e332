import { useEffect, useRef, useState } from 'react'
import { preload } from 'react-dom'
import type { SiteImage } from '../../content/images.ts'
import { useT } from '../../i18n/i18n.tsx'
import { usePagePhoto } from './page-photos.tsx'
import type { Place } from '../../../core/media/places.ts'

/** A place with no illustration of its own (the guide's portrait): nothing shows until a photo is put there. */
type PhotoOnly = { place: Place }

type Props = {
  image: SiteImage | PhotoOnly
  /** Shown on the placeholder if the picture cannot be loaded. */
  title: string
  className?: string
  /** The page's main picture (its LCP candidate): loaded at once with high priority. */
  priority?: boolean
  /** Above the fold but not the main picture: loaded at once, at normal priority. Everything else is lazy. */
  eager?: boolean
}

/**
 * A picture with its layout box reserved (width/height attributes, so no layout shift)
 * that turns into a titled placeholder when the file fails to load. A failure before
 * hydration fired no React event, so the effect checks the element once on mount too.
 * Where the guide has put a photo in the image's place (docs/decisions/0048), it is that photo:
 * AVIF and WebP sources and a JPEG fallback, each at the widths the place uses.
 */
export function ImageWithFallback({ image, title, className = '', priority = false, eager = false }: Props) {
  const ref = useRef<HTMLImageElement>(null)
  const [failed, setFailed] = useState(false)
  const photo = usePagePhoto(image.place)
  const t = useT()
  const artwork = 'src' in image ? image : undefined

  useEffect(() => {
    const img = ref.current
    if (img && img.complete && img.naturalWidth === 0) setFailed(true)
  }, [])

  // The page's main photo is asked for from the <head>, ahead of the inline stylesheet, in the
  // format the <picture> picks first (a browser without AVIF skips the hint and loses nothing).
  // Server only: the hint is for the first paint, and the browser's bundle stays without it.
  if (import.meta.env.SSR && photo && priority) {
    const [first] = photo.sources
    if (first) preload(photo.src, { as: 'image', imageSrcSet: first.srcSet, imageSizes: photo.sizes, type: first.type, fetchPriority: 'high' })
  }
  const box = photo ?? artwork
  if (!box) return null
  const alt = photo?.alt ?? t(artwork!.alt)
  const altLang = photo?.altLang

  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        lang={altLang}
        className={`flex items-center justify-center bg-gradient-to-br from-brand-100 via-blossom-100 to-brand-50 p-6 text-center ${className}`}
        style={{ aspectRatio: `${box.width} / ${box.height}` }}
      >
        <span className="text-lg font-semibold text-brand-900">{title}</span>
      </div>
    )
  }

  const img = (
    <img
      ref={ref}
      src={photo?.src ?? artwork!.src}
      srcSet={photo?.srcSet}
      sizes={photo?.sizes}
      alt={alt}
      lang={altLang}
      width={box.width}
      height={box.height}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      // The main picture is decoded with the rest of the first paint, so it shows in that frame
      // if it has arrived; the others decode aside and never hold up a frame.
      decoding={priority ? 'sync' : 'async'}
      onError={() => setFailed(true)}
      className={photo ? 'block size-full object-cover' : className}
    />
  )
  if (!photo) return img
  // The picture holds the box (its size, corners and placeholder colour), so that a photo held
  // back until the main picture is painted (docs/decisions/0066) keeps its place on the page.
  return (
    <picture className={`block overflow-hidden ${className}`}>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={photo.sizes} />
      ))}
      {img}
    </picture>
  )
}
