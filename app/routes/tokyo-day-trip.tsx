import { Link } from 'react-router'
import type { Route } from './+types/tokyo-day-trip'
import { TrainIcon } from '../components/site/icons.tsx'
import { ImageWithFallback } from '../components/site/image-with-fallback.tsx'
import { loadPagePhotos, placesOf } from '../components/site/page-photos.server.ts'
import { linkStyle } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { images } from '../content/images.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { siteIdentity } from '../lib/site.server.ts'
import { articleJsonLd } from '../lib/structured-data.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { T, useLocalePath, useT } from '../i18n/i18n.tsx'
import { pageLanguage, pageMessages } from '../i18n/messages.server.ts'

const PATH = '/tokyo-2h-joetsu-day-trip'
/** When this article was first published and last revised (for search engines). */
const PUBLISHED = '2026-03-01'
const HERO = images.tokyo.article

export const handle = contentPageHandle

// Rendered per request: its picture is the guide's photo where placed (docs/decisions/0048).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, translate } = pageLanguage(request)
  const photos = await loadPagePhotos(context, locale, placesOf([HERO]))
  return {
    photos,
    meta: seo(request, {
      title: 'tokyo.meta.title',
      description: 'tokyo.meta.description',
      path: PATH,
      type: 'article',
      image: HERO,
      photo: photos['tokyo.article'],
      jsonLd: [
        articleJsonLd(siteIdentity(locale), {
          headline: translate('tokyo.meta.headline'),
          description: translate('tokyo.meta.description'),
          path: PATH,
          image: HERO,
          datePublished: PUBLISHED,
          locale,
        }),
      ],
    }),
    messages: pageMessages(request, 'tokyo'),
  }
}

export const meta = loaderMeta

const prose = 'space-y-5 text-lg leading-relaxed text-slate-700'
const h2 = 'mt-14 text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl'
const h3 = 'mt-8 text-xl font-bold text-brand-900'

const SIGHTS = [
  { title: 'tokyo.see.castle.title', text: 'tokyo.see.castle.text' },
  { title: 'tokyo.see.gangi.title', text: 'tokyo.see.gangi.text' },
  { title: 'tokyo.see.kasugayama.title', text: 'tokyo.see.kasugayama.text' },
  { title: 'tokyo.see.naoetsu.title', text: 'tokyo.see.naoetsu.text' },
] as const
const FOOD = ['tokyo.eat.seafood', 'tokyo.eat.rice', 'tokyo.eat.sake', 'tokyo.eat.dumplings'] as const
const ITINERARY = [
  { title: 'tokyo.day1.title', steps: ['tokyo.day1.1', 'tokyo.day1.2', 'tokyo.day1.3', 'tokyo.day1.4', 'tokyo.day1.5'] },
  { title: 'tokyo.day2.title', steps: ['tokyo.day2.1', 'tokyo.day2.2', 'tokyo.day2.3', 'tokyo.day2.4'] },
] as const

export default function TokyoDayTrip() {
  const t = useT()
  const path = useLocalePath()
  const strong = { 0: <strong /> }
  return (
    <main id="main">
      <article aria-labelledby="page-title">
        <header className="bg-brand-900 text-white">
          <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
            <p className="flex items-center gap-2 font-semibold uppercase tracking-wider text-blossom-100">
              <TrainIcon />
              {t('tokyo.kicker')}
            </p>
            <h1 id="page-title" className="mt-3 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
              {t('tokyo.meta.headline')}
            </h1>
            <p className="mt-5 text-lg text-brand-100">{t('tokyo.lead')}</p>
          </div>
        </header>

        <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
          <ImageWithFallback
            image={HERO}
            title={t('tokyo.meta.headline')}
            priority
            className="aspect-[3/2] w-full rounded-2xl bg-brand-100 object-cover shadow-md"
          />

          <h2 className={h2}>{t('tokyo.access.title')}</h2>
          <div className={`mt-5 ${prose}`}>
            <p>
              <T id="tokyo.access.p1" components={strong} />
            </p>
            <p>{t('tokyo.access.p2')}</p>
            <p>{t('tokyo.access.p3')}</p>
          </div>

          <h2 className={h2}>{t('tokyo.see.title')}</h2>
          {SIGHTS.map((sight) => (
            <section key={sight.title}>
              <h3 className={h3}>{t(sight.title)}</h3>
              <p className={`mt-3 ${prose}`}>{t(sight.text)}</p>
            </section>
          ))}

          <h2 className={h2}>{t('tokyo.eat.title')}</h2>
          <ul className="mt-5 list-disc space-y-2 pl-6 text-lg leading-relaxed text-slate-700">
            {FOOD.map((food) => (
              <li key={food}>
                <T id={food} components={{ 0: <strong />, 1: <strong /> }} />
              </li>
            ))}
          </ul>

          <h2 className={h2}>{t('tokyo.itinerary.title')}</h2>
          {ITINERARY.map(({ title, steps }) => (
            <section key={title}>
              <h3 className={h3}>{t(title)}</h3>
              <ol className="mt-3 list-decimal space-y-2 pl-6 text-lg leading-relaxed text-slate-700">
                {steps.map((step) => (
                  <li key={step}>{t(step)}</li>
                ))}
              </ol>
            </section>
          ))}
          <p className={`mt-5 ${prose}`}>
            <T id="tokyo.shortOnTime" components={{ 0: <Link to={path('/packages')} className={linkStyle} /> }} />
          </p>

          <aside className="mt-14 rounded-2xl bg-blossom-100 p-6 text-center sm:p-10" aria-labelledby="trip-cta-heading">
            <h2 id="trip-cta-heading" className="text-2xl font-bold tracking-tight text-brand-900">
              {t('tokyo.cta.title')}
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-lg text-slate-800">{t('tokyo.cta.text')}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to={path('/booking')} className={buttonVariants()}>
                {t('tokyo.cta.book')}
              </Link>
              <Link to={path('/packages')} className={buttonVariants({ variant: 'secondary' })}>
                {t('tokyo.cta.packages')}
              </Link>
            </div>
          </aside>
        </div>
      </article>
    </main>
  )
}
