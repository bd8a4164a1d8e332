import { clsx } from 'clsx'
import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import type { Route } from './+types/packages'
import { T, useLocalePath, useT } from '../i18n/i18n.tsx'
import type { Translate } from '../i18n/translator.ts'
import { pageLanguage, pageMessages } from '../i18n/messages.server.ts'
import { loadPublicTours, publicPolicy } from '../components/site/catalogue.server.ts'
import { CheckIcon } from '../components/site/icons.tsx'
import { ImageWithFallback } from '../components/site/image-with-fallback.tsx'
import { loadPagePhotos, placesOf } from '../components/site/page-photos.server.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { linkStyle, sectionHeading } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { TourPriceCards } from '../components/site/tour-price-cards.tsx'
import type { PublicPolicy } from '../components/site/tour-prices.ts'
import { images } from '../content/images.ts'
import { contactKey, itineraryPackages } from '../content/packages.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { siteIdentity } from '../lib/site.server.ts'
import { reviewsJsonLd, touristTripJsonLd } from '../lib/structured-data.server.ts'
import { RatingLine, ReviewsSection } from '../components/site/review-list.tsx'
import { loadReviews } from '../components/site/reviews.server.ts'
import { LATEST_SHOWN } from '../../core/reviews.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

export const handle = contentPageHandle

/** The page scrolls to the #hash 100 ms after it loads, as the product description asks. */
export const HASH_SCROLL_DELAY_MS = 100

const PLACES = ['packages.hero' as const, ...placesOf(itineraryPackages.map((pkg) => pkg.image))]

// Rendered per request: the pricing section reads the catalogue (docs/decisions/0004), the pictures the guide's photos (0048).
export async function loader({ context, request }: Route.LoaderArgs) {
  const language = pageLanguage(request)
  const { translate } = language
  const [tours, photos, latest] = await Promise.all([
    loadPublicTours(context, language.locale),
    loadPagePhotos(context, language.locale, PLACES),
    loadReviews(context, language.locale, { limit: LATEST_SHOWN }),
  ])
  const site = siteIdentity(language.locale)
  const reviewed = reviewsJsonLd(site, latest.ownSummary, latest.published)
  const jsonLd = [
    ...tours.map((tour) =>
      touristTripJsonLd(site, { name: tour.name, description: tour.description || tour.shortDescription, url: '/packages#prices' }, [tour], language),
    ),
    ...itineraryPackages.map((pkg) =>
      touristTripJsonLd(
        site,
        { name: translate(pkg.title), description: translate(pkg.description), touristType: translate(pkg.subtitle), activities: pkg.activities.map((a) => translate(a)), url: `/packages#${pkg.id}`, image: pkg.image },
        tours,
        language,
      ),
    ),
  ]
  return {
    tours,
    photos,
    summary: latest.summary,
    reviews: latest.reviews,
    policy: publicPolicy(),
    meta: seo(request, {
      title: 'packages.meta.title',
      description: 'packages.meta.description',
      path: '/packages',
      image: images.packages.explorer,
      photo: photos['packages.hero'] ?? photos['package.explorer'],
      jsonLd: reviewed ? [...jsonLd, reviewed] : jsonLd,
    }),
    messages: pageMessages(request, 'packages', 'summaries', 'prices', 'reviews'),
  }
}

export const meta = loaderMeta

/** Smooth-scroll to the card named in the URL's #hash, after 100 ms. */
function useScrollToHash() {
  const location = useLocation()
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1))
    if (!id) return
    const timer = window.setTimeout(() => {
      const target = document.getElementById(id)
      if (!target) return
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
    }, HASH_SCROLL_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [location.hash, location.key])
}

const policies = ({ maxGroup, freeCancellationDays }: PublicPolicy, t: Translate) => [
  { title: t('packages.good.weekends'), text: t('packages.good.weekendsText') },
  { title: t('packages.good.groups'), text: t('packages.good.groupsText', { max: maxGroup }) },
  { title: t('packages.good.excluded'), text: t('packages.good.excludedText') },
  { title: t('packages.good.payment'), text: t('packages.good.paymentText') },
  { title: t('packages.good.cancellation'), text: t('packages.good.cancellationText', { days: freeCancellationDays, lastDays: freeCancellationDays - 1 }) },
  { title: t('packages.good.weather'), text: t('packages.good.weatherText') },
]

export default function Packages({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const path = useLocalePath()
  const { tours, policy } = loaderData
  useScrollToHash()
  // With a photo behind the head, that photo is the page's largest paint, not the first card.
  const cardsLead = !loaderData.photos['packages.hero']

  return (
    <main id="main">
      <PageBanner eyebrow={t('packages.banner.eyebrow')} title={t('packages.banner.title')} backdrop="packages.hero">
        <p>{t('packages.banner.lead')}</p>
      </PageBanner>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="ideas-heading">
        <h2 id="ideas-heading" className="sr-only">
          {t('packages.ideas')}
        </h2>
        <div className="grid gap-10 md:grid-cols-2">
          {itineraryPackages.map((pkg, i) => {
            const isMix = pkg.id === 'mix-match-package'
            return (
              <article
                key={pkg.id}
                id={pkg.id}
                aria-labelledby={`${pkg.id}-title`}
                className="flex scroll-mt-24 flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm"
              >
                <ImageWithFallback
                  image={pkg.image}
                  title={t(pkg.title)}
                  // Without a photo in the head, the first card's picture is the page's largest paint on a phone: fetch it
                  // first. With one, the cards start below the head and load as they come into view.
                  priority={cardsLead && i === 0}
                  eager={cardsLead && i === 1}
                  className="aspect-[8/5] w-full bg-brand-100 object-cover"
                />
                <div className="flex flex-1 flex-col p-6 sm:p-8">
                  <h3 id={`${pkg.id}-title`} className="text-2xl font-bold text-brand-900">
                    {t(pkg.title)}
                  </h3>
                  <p className="mt-1 font-medium text-field-600">{t(pkg.subtitle)}</p>
                  <p className="mt-4 text-slate-700">{t(pkg.description)}</p>
                  {isMix ? (
                    <p className="mt-4 text-slate-700">
                      <T id="packages.explorer.start" components={{ 0: <Link to={path('/explore')} className={linkStyle} /> }} />
                    </p>
                  ) : (
                    <>
                      <h4 className="mt-6 font-bold text-brand-900">{t('packages.activities')}</h4>
                      <ul className="mt-3 space-y-2 text-slate-700">
                        {pkg.activities.map((activity) => (
                          <li key={activity} className="flex gap-2">
                            <CheckIcon className="mt-0.5 size-5 shrink-0 text-field-600" />
                            {t(activity)}
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                  <div className="mt-auto pt-8">
                    <Link
                      to={path(`/contact?package=${contactKey(pkg.id)}`)}
                      className={clsx(buttonVariants(), 'w-full sm:w-auto')}
                      aria-label={t('packages.inquireLabel', { action: t(isMix ? 'packages.tellUs' : 'packages.inquire'), title: t(pkg.title) })}
                    >
                      {t(isMix ? 'packages.tellUs' : 'packages.inquire')}
                    </Link>
                  </div>
                </div>
              </article>
            )
          })}
        </div>
      </section>

      <section id="prices" className="scroll-mt-20 bg-brand-50 py-16 sm:py-20" aria-labelledby="prices-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="prices-heading" className={sectionHeading}>
            {t('packages.prices.title')}
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">{t('packages.prices.lead')}</p>
          {loaderData.summary ? (
            <div className="mt-3">
              <RatingLine summary={loaderData.summary} />
            </div>
          ) : null}
          <div className="mt-10">
            <TourPriceCards tours={tours} />
          </div>
          <h3 className="mt-14 text-xl font-bold text-brand-900">{t('packages.good.title')}</h3>
          <dl className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {policies(policy, t).map((item) => (
              <div key={item.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <dt className="font-bold text-brand-900">{item.title}</dt>
                <dd className="mt-2 text-slate-700">{item.text}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 text-slate-700">
            <T id="packages.terms" components={{ 0: <Link to={path('/legal')} className={linkStyle} /> }} />
          </p>
        </div>
      </section>

      <ReviewsSection reviews={loaderData.reviews} summary={loaderData.summary} allLink={path('/reviews')} />

      <section className="py-16 sm:py-20" aria-labelledby="start-heading">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="start-heading" className={sectionHeading}>
            {t('packages.start.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t('packages.start.text')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={path('/contact')} className={buttonVariants({ variant: 'secondary' })}>
              {t('packages.start.contact')}
            </Link>
            <Link to={path('/booking')} className={buttonVariants()}>
              {t('packages.start.book')}
            </Link>
          </div>
          <p className="mt-6 text-slate-700">
            <T id="packages.start.gift" components={{ 0: <Link to={path('/gift')} className={linkStyle} /> }} />
          </p>
        </div>
      </section>
    </main>
  )
}
