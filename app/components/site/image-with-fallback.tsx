import { useEffect, useRef, useState } from 'react'
import type { SiteImage } from '../../content/images.ts'
import { useT } from '../../i18n/i18n.tsx'

type Props = {
  image: SiteImage
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
 */
export function ImageWithFallback({ image, title, className = '', priority = false, eager = false }: Props) {
  const ref = useRef<HTMLImageElement>(null)
  const [failed, setFailed] = useState(false)
  const alt = useT()(image.alt)

  useEffect(() => {
    const img = ref.current
    if (img && img.complete && img.naturalWidth === 0) setFailed(true)
  }, [])

  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center bg-gradient-to-br from-brand-100 via-blossom-100 to-brand-50 p-6 text-center ${className}`}
        style={{ aspectRatio: `${image.width} / ${image.height}` }}
      >
        <span className="text-lg font-semibold text-brand-900">{title}</span>
      </div>
    )
  }

  return (
    <img
      ref={ref}
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  )
}
