import type { ReactNode } from 'react'
import type { SiteImage } from '../../content/images.ts'
import type { Place } from '../../../core/media/places.ts'
import { ImageWithFallback } from './image-with-fallback.tsx'
import { usePagePhoto } from './page-photos.tsx'

type Props = {
  eyebrow?: string
  title: string
  children?: ReactNode
  /** A wide picture under the words (the page's main image, so it loads eagerly). */
  image?: SiteImage
  /**
   * A place for a photo behind the whole head, edge to edge. Until the guide puts a photo
   * there the head stays the plain navy banner.
   */
  backdrop?: Place
  /** Beside the words from 1024 px, under them on a phone: the guide's portrait, the Explore map. */
  aside?: ReactNode
}

/**
 * The head of an inner page: the page's one h1 and a lead paragraph, and one of a wide picture
 * under them, a full-bleed photo behind them, or something of the page's own beside them
 * (docs/decisions/0051), so the pages do not all open alike.
 */
export function PageBanner({ eyebrow, title, children, image, backdrop, aside }: Props) {
  const photo = usePagePhoto(backdrop)
  const words = (
    <div className={photo ? 'max-w-3xl' : undefined}>
      {eyebrow ? <p className="font-semibold uppercase tracking-wider text-blossom-100">{eyebrow}</p> : null}
      <h1 id="page-title" className="mt-2 max-w-3xl text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
        {title}
      </h1>
      {children ? <div className="mt-5 max-w-3xl text-lg text-brand-100">{children}</div> : null}
    </div>
  )

  if (photo && backdrop) {
    return (
      <section className="relative isolate flex min-h-[30rem] items-end overflow-hidden bg-brand-900 text-white sm:min-h-[34rem]" aria-labelledby="page-title">
        <ImageWithFallback image={{ place: backdrop }} title={title} priority className="absolute inset-0 -z-10 size-full object-cover" />
        {/* Navy over the photo, darkest where the words are: white text keeps AA contrast (at
            least 4.5:1) over any photo, even a white sky, since the veil there is at least two thirds navy. */}
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-brand-900/95 via-brand-900/85 to-brand-900/50" />
        <div className="mx-auto w-full max-w-6xl px-4 pb-12 pt-32 sm:pb-16">{words}</div>
      </section>
    )
  }

  return (
    <section className="bg-brand-900 text-white" aria-labelledby="page-title">
      <div className={`mx-auto max-w-6xl px-4 py-12 sm:py-16 ${aside ? 'grid items-center gap-10 lg:grid-cols-[3fr_2fr]' : ''}`}>
        {words}
        {aside}
        {image ? (
          <ImageWithFallback
            image={image}
            title={title}
            priority
            className="mt-10 aspect-[8/3] w-full rounded-2xl bg-brand-800 object-cover shadow-xl"
          />
        ) : null}
      </div>
    </section>
  )
}
