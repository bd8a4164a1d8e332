import { Link } from 'react-router'
import type { Route } from './+types/home'
import { loadPublicTours } from '../components/site/catalogue.server.ts'
import { HeroCarousel } from '../components/site/hero-carousel.tsx'
import { ArrowRightIcon, CompassIcon, HeartIcon, SparkleIcon, TrainIcon } from '../components/site/icons.tsx'
import { ImageWithFallback } from '../components/site/image-with-fallback.tsx'
import { loadPagePhotos, placesOf } from '../components/site/page-photos.server.ts'
import { linkStyle, sectionHeading } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { TourPriceCards } from '../components/site/tour-price-cards.tsx'
import { exploreSummaries } from '../content/explore-summaries.ts'
import { benefits, heroSlides, planningSteps } from '../content/home.ts'
import { T, useLocalePath, useT } from '../i18n/i18n.tsx'
import { pageLanguage, pageMessages } from '../i18n/messages.server.ts'
import { images } from '../content/images.ts'
import { packageSummaries } from '../content/package-summaries.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { siteIdentity } from '../lib/site.server.ts'
import { localBusinessJsonLd, reviewsJsonLd } from '../lib/structured-data.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { RatingLine, ReviewsSection } from '../components/site/review-list.tsx'
import { loadReviews } from '../components/site/reviews.server.ts'
import { staticMarkup } from '../lib/static-markup.server.tsx'
import { localizePath } from '../../core/i18n/locales.ts'

export const handle = contentPageHandle

const PLACES = placesOf([...heroSlides.map((s) => s.image), ...packageSummaries.map((p) => p.image), ...exploreSummaries.map((c) => c.image)])

// Rendered per request: the pricing section reads the catalogue (docs/decisions/0004), the pictures the guide's photos (0048).
export async function loader({ context, request }: Route.LoaderArgs) {
  const language = pageLanguage(request)
  const [tours, photos, latest] = await Promise.all([
    loadPublicTours(context, language.locale),
    loadPagePhotos(context, language.locale, PLACES),
    loadReviews(context, language.locale, { limit: LATEST_REVIEWS }),
  ])
  const reviewed = reviewsJsonLd(siteIdentity(language.locale), latest.ownSummary, latest.published)
  return {
    tours,
    photos,
    // What guests said, written here as HTML: the home page's JavaScript has no room for the
    // reviews' component (its 120 KB budget, docs/decisions/0064). Nothing until one is approved.
    reviews:
      latest.summary && latest.reviews.length > 0
        ? {
            rating: staticMarkup(request, <RatingLine summary={latest.summary} />),
            section: staticMarkup(request, <ReviewsSection reviews={latest.reviews} summary={latest.summary} allLink={localizePath('/reviews', language.locale)} />),
          }
        : null,
    meta: seo(request, {
      title: 'home.meta.title',
      description: 'home.meta.description',
      path: '/',
      image: images.slides.blossoms,
      photo: photos['slide.blossoms'],
      jsonLd: [localBusinessJsonLd(siteIdentity(language.locale), tours, images.slides.blossoms, language), ...(reviewed ? [reviewed] : [])],
    }),
    messages: pageMessages(request, 'home', 'summaries', 'planning', 'prices'),
  }
}

export const meta = loaderMeta

/** The latest approved reviews the home page shows, as /packages does. */
const LATEST_REVIEWS = 3

const benefitIcons = { heart: HeartIcon, compass: CompassIcon, sparkle: SparkleIcon } as const
const teaserCategories = ['food', 'culture', 'lifestyle'] as const

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const path = useLocalePath()
  const { tours, reviews } = loaderData
  const curated = packageSummaries.filter((p) => p.id === 'mom-package' || p.id === 'dad-package')
  const teasers = teaserCategories.map((id) => exploreSummaries.find((c) => c.id === id)).filter((c) => c !== undefined)

  return (
    <main id="main">
      {/* Hero */}
      {/* Full-bleed: from 1024 px the slide's picture fills the whole hero behind a navy veil,
          darkest under the words (AA contrast over any photo); the caption sits on its own panel. */}
      <section className="relative isolate overflow-hidden bg-brand-900 text-white" aria-labelledby="hero-heading">
        <div aria-hidden="true" className="absolute inset-0 -z-10 hidden bg-gradient-to-r from-brand-900/95 via-brand-900/80 to-brand-900/10 lg:block" />
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-10 sm:py-14 lg:min-h-[38rem] lg:grid-cols-[5fr_6fr] lg:items-end lg:py-20">
          <div className="lg:self-center">
            <p className="font-semibold uppercase tracking-wider text-blossom-100">{t('home.hero.eyebrow')}</p>
            <h1 id="hero-heading" className="mt-3 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
              {t('common.tagline')}
            </h1>
            <p className="mt-5 text-lg text-brand-100">{t('home.hero.lead')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={path('/packages')} className={buttonVariants({ variant: 'light' })}>
                {t('home.hero.experiences')}
              </Link>
              <Link to={path('/how-it-works')} className={buttonVariants({ variant: 'outlineLight' })}>
                {t('home.hero.howItWorks')}
              </Link>
            </div>
            <p className="mt-8 flex items-start gap-2 text-brand-100">
              <TrainIcon className="mt-0.5 size-5 shrink-0" />
              <span>
                <T
                  id="home.hero.tokyo"
                  components={{
                    0: <Link to={path('/tokyo-2h-joetsu-day-trip')} className="font-semibold text-white underline underline-offset-2 hover:text-blossom-100" />,
                  }}
                />
              </span>
            </p>
          </div>
          <HeroCarousel slides={heroSlides} label={t('home.carousel.label')} />
        </div>
      </section>

      {/* Why a local */}
      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="why-heading">
        <h2 id="why-heading" className={`${sectionHeading} text-center`}>
          {t('home.why.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">{t('home.why.lead')}</p>
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {benefits.map((benefit) => {
            const Icon = benefitIcons[benefit.icon]
            return (
              <li key={benefit.title} className="rounded-2xl bg-brand-50 p-6">
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-blossom-600">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-xl font-bold text-brand-900">{t(benefit.title)}</h3>
                <p className="mt-2 text-slate-700">{t(benefit.text)}</p>
              </li>
            )
          })}
        </ul>
      </section>

      {/* Prices */}
      <section className="bg-brand-50 py-16 sm:py-20" aria-labelledby="prices-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="prices-heading" className={`${sectionHeading} text-center`}>
            {t('home.prices.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">{t('home.prices.lead')}</p>
          {reviews ? <div className="mt-6 flex justify-center" dangerouslySetInnerHTML={{ __html: reviews.rating }} /> : null}
          <div className="mt-10">
            <TourPriceCards tours={tours} />
          </div>
          <p className="mx-auto mt-6 max-w-3xl text-center text-slate-700">
            {t(tours.some((tour) => tour.solo) ? 'home.prices.soloOn' : 'home.prices.soloOff')}{' '}
            <T id="home.prices.onTheDay" components={{ 0: <Link to={path('/packages#prices')} className={linkStyle} /> }} />
          </p>
        </div>
      </section>

      {/* Curated packages */}
      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="curated-heading">
        <h2 id="curated-heading" className={`${sectionHeading} text-center`}>
          {t('home.curated.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">{t('home.curated.lead')}</p>
        <ul className="mt-12 grid gap-8 md:grid-cols-2">
          {curated.map((pkg) => (
            <li key={pkg.id} className="flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm">
              <ImageWithFallback image={pkg.image} title={t(pkg.title)} className="aspect-[8/5] w-full bg-brand-100 object-cover" />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-xl font-bold text-brand-900">{t(pkg.title)}</h3>
                <p className="mt-1 font-medium text-field-600">{t(pkg.subtitle)}</p>
                <p className="mt-3 text-slate-700">{t(pkg.teaser)}</p>
                <p className="mt-auto pt-5">
                  <Link to={path(`/packages#${pkg.id}`)} className={`${linkStyle} inline-flex items-center gap-1`}>
                    {t('home.curated.discover', { title: t(pkg.title) })}
                    <ArrowRightIcon className="size-4" />
                  </Link>
                </p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to={path('/packages')} className={buttonVariants({ variant: 'secondary' })}>
            {t('home.curated.all')}
          </Link>
        </p>
      </section>

      {/* Four steps */}
      <section className="bg-brand-800 py-16 text-white sm:py-20" aria-labelledby="steps-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="steps-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            {t('home.steps.title')}
          </h2>
          <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {planningSteps.map((step, i) => (
              <li key={step.title}>
                <span
                  className="inline-flex size-12 items-center justify-center rounded-full bg-white text-xl font-bold text-brand-900"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 text-xl font-bold">
                  <span className="sr-only">{t('home.steps.step', { number: i + 1 })}</span>
                  {t(step.title)}
                </h3>
                <p className="mt-2 text-brand-100">{t(step.summary)}</p>
              </li>
            ))}
          </ol>
          <p className="mt-12 text-center">
            <Link to={path('/how-it-works')} className={buttonVariants({ variant: 'light' })}>
              {t('home.steps.more')}
            </Link>
          </p>
        </div>
      </section>

      {/* Explore teasers */}
      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="explore-heading">
        <h2 id="explore-heading" className={`${sectionHeading} text-center`}>
          {t('home.explore.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">{t('home.explore.lead')}</p>
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {teasers.map((category) => (
            <li
              key={category.id}
              className="group relative flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm"
            >
              <ImageWithFallback image={category.image} title={t(category.title)} className="aspect-[8/5] w-full bg-brand-100 object-cover" />
              <div className="p-6">
                <h3 className="text-xl font-bold text-brand-900">
                  <Link to={path(`/explore#${category.id}`)} className="after:absolute after:inset-0 group-hover:text-blossom-700">
                    {t(category.title)}
                  </Link>
                </h3>
                <p className="mt-2 text-slate-700">{t(category.teaser)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to={path('/explore')} className={buttonVariants({ variant: 'secondary' })}>
            {t('home.explore.all')}
          </Link>
        </p>
      </section>

      {reviews ? <div dangerouslySetInnerHTML={{ __html: reviews.section }} /> : null}

      {/* Closing call to action */}
      <section className="bg-blossom-100 py-16 sm:py-20" aria-labelledby="cta-heading">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="cta-heading" className={sectionHeading}>
            {t('home.cta.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-800">{t('home.cta.text')}</p>
          <p className="mt-8">
            <Link to={path('/contact')} className={buttonVariants()}>
              {t('home.cta.button')}
            </Link>
          </p>
        </div>
      </section>
    </main>
  )
}
