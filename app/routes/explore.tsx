import { Link } from 'react-router'
import type { Route } from './+types/explore'
import { PinIcon } from '../components/site/icons.tsx'
import { ImageWithFallback } from '../components/site/image-with-fallback.tsx'
import { loadPagePhotos, placesOf } from '../components/site/page-photos.server.ts'
import { ExploreMap } from '../components/site/explore-map.tsx'
import { PageBanner } from '../components/site/page-banner.tsx'
import { sectionHeading } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { exploreCategories } from '../content/explore.ts'
import { images } from '../content/images.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { useLocalePath, useT } from '../i18n/i18n.tsx'
import { pageLanguage, pageMessages } from '../i18n/messages.server.ts'

export const handle = contentPageHandle

const PLACES = placesOf(exploreCategories.map((category) => category.image))

// Rendered per request: the pictures are the guide's photos where placed (docs/decisions/0048).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale } = pageLanguage(request)
  const photos = await loadPagePhotos(context, locale, PLACES)
  return {
    photos,
    meta: seo(request, { title: 'explore.meta.title', description: 'explore.meta.description', path: '/explore', image: images.explore.culture, photo: photos['explore.culture'] }),
    messages: pageMessages(request, 'explore', 'summaries'),
  }
}

export const meta = loaderMeta

export default function Explore() {
  const t = useT()
  const path = useLocalePath()
  return (
    <main id="main">
      <PageBanner eyebrow={t('explore.banner.eyebrow')} title={t('explore.banner.title')} aside={<ExploreMap />}>
        <p>{t('explore.banner.lead')}</p>
      </PageBanner>

      <nav aria-label={t('explore.categories')} className="border-b border-brand-100 bg-white">
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-2 px-4 py-4">
          {exploreCategories.map((category) => (
            <li key={category.id}>
              <a
                href={`#${category.id}`}
                className="inline-flex min-h-11 items-center rounded-full border border-brand-100 px-5 font-semibold text-brand-800 hover:bg-brand-50"
              >
                {t(category.title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {exploreCategories.map((category, i) => (
        <section
          key={category.id}
          id={category.id}
          className={`scroll-mt-20 py-16 sm:py-20 ${i % 2 === 1 ? 'bg-brand-50' : ''}`}
          aria-labelledby={`${category.id}-heading`}
        >
          <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2 lg:items-start">
            <div className={i % 2 === 1 ? 'lg:order-2' : ''}>
              <h2 id={`${category.id}-heading`} className={sectionHeading}>
                {t(category.title)}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-slate-700">{t(category.intro)}</p>
              <ImageWithFallback
                image={category.image}
                title={t(category.title)}
                className="mt-8 aspect-[8/5] w-full rounded-2xl bg-brand-100 object-cover shadow-md"
              />
            </div>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
              {category.places.map((place) => (
                <li key={place.name} className="flex gap-3 rounded-xl border border-brand-100 bg-white p-4">
                  <PinIcon className="mt-0.5 size-5 shrink-0 text-blossom-600" />
                  <div>
                    <h3 className="font-bold text-brand-900">{t(place.name)}</h3>
                    <p className="mt-1 text-slate-700">{t(place.note)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}

      <section className="bg-brand-800 py-16 text-white sm:py-20" aria-labelledby="explore-next-heading">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="explore-next-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('explore.next.title')}
          </h2>
          <p className="mt-4 text-lg text-brand-100">{t('explore.next.text')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={path('/packages')} className={buttonVariants({ variant: 'light' })}>
              {t('explore.next.packages')}
            </Link>
            <Link to={path('/contact')} className={buttonVariants({ variant: 'outlineLight' })}>
              {t('explore.next.contact')}
            </Link>
          </div>
        </div>
      </section>
    </main>
  )
}
