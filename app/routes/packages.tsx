import { clsx } from 'clsx'
import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import type { Route } from './+types/packages'
import { useT } from '../i18n/i18n.tsx'
import { metaTranslator } from '../i18n/translator.ts'
import { localeFromPath } from '../../core/i18n/locales.ts'
import { pageMessages, translateFor } from '../i18n/messages.server.ts'
import { loadPublicTours, publicPolicy } from '../components/site/catalogue.server.ts'
import { CheckIcon } from '../components/site/icons.tsx'
import { ImageWithFallback } from '../components/site/image-with-fallback.tsx'
import { PageBanner } from '../components/site/page-banner.tsx'
import { linkStyle, sectionHeading } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { TourPriceCards } from '../components/site/tour-price-cards.tsx'
import type { PublicPolicy } from '../components/site/tour-prices.ts'
import { images } from '../content/images.ts'
import { contactKey, itineraryPackages } from '../content/packages.ts'
import { seo } from '../lib/seo.ts'
import { siteIdentity } from '../lib/site.server.ts'
import { touristTripJsonLd } from '../lib/structured-data.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

export const handle = contentPageHandle

/** The page scrolls to the #hash 100 ms after it loads, as the product description asks. */
export const HASH_SCROLL_DELAY_MS = 100

// Rendered per request: the pricing section reads the catalogue (docs/decisions/0004).
export async function loader({ context, request }: Route.LoaderArgs) {
  const tours = await loadPublicTours(context)
  const translate = translateFor(request)
  const site = siteIdentity()
  const jsonLd = [
    ...tours.map((tour) =>
      touristTripJsonLd(site, { name: tour.name, description: tour.description || tour.shortDescription, url: '/packages#prices' }, [tour]),
    ),
    ...itineraryPackages.map((pkg) =>
      touristTripJsonLd(
        site,
        { name: translate(pkg.title), description: pkg.description, touristType: translate(pkg.subtitle), activities: pkg.activities, url: `/packages#${pkg.id}`, image: pkg.image },
        tours,
      ),
    ),
  ]
  return { tours, policy: publicPolicy(), jsonLd, messages: pageMessages(request, 'packages', 'summaries', 'prices') }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  seo({
    matches,
    title: metaTranslator(localeFromPath(location.pathname), matches)('packages.meta.title'),
    description: metaTranslator(localeFromPath(location.pathname), matches)('packages.meta.description'),
    path: '/packages',
    image: images.packages.explorer,
    jsonLd: loaderData?.jsonLd,
  })

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

const policies = ({ maxGroup, freeCancellationDays }: PublicPolicy) => [
  {
    title: 'Weekends only',
    text: 'Tours run on Saturdays and Sundays: a morning or afternoon half-day, or a full day. One group per time slot.',
  },
  { title: 'Small private groups', text: `Up to ${maxGroup} guests per tour. For larger groups, contact us and we will find a way.` },
  { title: 'Not included', text: 'Lunch, transport fares (train, bus, taxi), entrance fees and personal expenses are paid on the day.' },
  { title: 'Payment', text: 'Pay the full amount by credit card when you book. Prices are in yen and include consumption tax.' },
  {
    title: 'Free cancellation',
    text: `Cancel up to ${freeCancellationDays} days before your tour for a full refund. From ${freeCancellationDays - 1} days before, the tour is not refundable.`,
  },
  { title: 'Weather and transport', text: 'If we have to cancel because of weather or transport disruption, you get a full refund.' },
]

export default function Packages({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { tours, policy } = loaderData
  useScrollToHash()

  return (
    <main id="main">
      <PageBanner eyebrow={t('packages.banner.eyebrow')} title={t('packages.banner.title')}>
        <p>{t('packages.banner.lead')}</p>
      </PageBanner>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="ideas-heading">
        <h2 id="ideas-heading" className="sr-only">
          Experience ideas
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
                  // The first card's picture is the page's largest paint on a phone: fetch it first.
                  priority={i === 0}
                  eager={i === 1}
                  className="aspect-[8/5] w-full bg-brand-100 object-cover"
                />
                <div className="flex flex-1 flex-col p-6 sm:p-8">
                  <h3 id={`${pkg.id}-title`} className="text-2xl font-bold text-brand-900">
                    {t(pkg.title)}
                  </h3>
                  <p className="mt-1 font-medium text-field-600">{t(pkg.subtitle)}</p>
                  <p className="mt-4 text-slate-700">{pkg.description}</p>
                  {isMix ? (
                    <p className="mt-4 text-slate-700">
                      Start with the 36 places on{' '}
                      <Link to="/explore" className={linkStyle}>
                        Explore Joetsu
                      </Link>
                      , from morning markets to samurai castles, and tell us which ones you would like to combine.
                    </p>
                  ) : (
                    <>
                      <h4 className="mt-6 font-bold text-brand-900">Likely activities</h4>
                      <ul className="mt-3 space-y-2 text-slate-700">
                        {pkg.activities.map((activity) => (
                          <li key={activity} className="flex gap-2">
                            <CheckIcon className="mt-0.5 size-5 shrink-0 text-field-600" />
                            {activity}
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                  <div className="mt-auto pt-8">
                    <Link
                      to={`/contact?package=${contactKey(pkg.id)}`}
                      className={clsx(buttonVariants(), 'w-full sm:w-auto')}
                      aria-label={`${isMix ? 'Tell Us Your Interests' : 'Inquire About This Idea'}: ${t(pkg.title)}`}
                    >
                      {isMix ? 'Tell Us Your Interests' : 'Inquire About This Idea'}
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
            Prices and Information
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">
            Every experience above can be a half-day or a full-day tour. You pay one price for the whole group, consumption tax included,
            whichever idea you choose.
          </p>
          <div className="mt-10">
            <TourPriceCards tours={tours} />
          </div>
          <h3 className="mt-14 text-xl font-bold text-brand-900">Good to know</h3>
          <dl className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {policies(policy).map((item) => (
              <div key={item.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <dt className="font-bold text-brand-900">{item.title}</dt>
                <dd className="mt-2 text-slate-700">{item.text}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 text-slate-700">
            The full terms are in our{' '}
            <Link to="/legal" className={linkStyle}>
              legal notice
            </Link>
            .
          </p>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="start-heading">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="start-heading" className={sectionHeading}>
            Ready to start planning?
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Ask us anything, or pick a weekend date now and we will plan the details together after you book.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/contact" className={buttonVariants({ variant: 'secondary' })}>
              Contact Us to Get Started
            </Link>
            <Link to="/booking" className={buttonVariants()}>
              Book Now
            </Link>
          </div>
        </div>
      </section>
    </main>
  )
}
