import type { ReactNode } from 'react'
import type { SiteImage } from '../../content/images.ts'
import { ImageWithFallback } from './image-with-fallback.tsx'

/**
 * The banner at the top of an inner page: the page's one h1, a lead paragraph and, when
 * given, a wide picture (the page's main image, so it loads eagerly).
 */
export function PageBanner({
  eyebrow,
  title,
  children,
  image,
}: {
  eyebrow?: string
  title: string
  children?: ReactNode
  image?: SiteImage
}) {
  return (
    <section className="bg-brand-900 text-white" aria-labelledby="page-title">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {eyebrow ? <p className="font-semibold uppercase tracking-wider text-blossom-100">{eyebrow}</p> : null}
        <h1 id="page-title" className="mt-2 max-w-3xl text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
          {title}
        </h1>
        {children ? <div className="mt-5 max-w-3xl text-lg text-brand-100">{children}</div> : null}
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
