import { Link } from 'react-router'
import type { Route } from './+types/home'
import { loadPublicTours } from '../components/site/catalogue.server.ts'
import { HeroCarousel } from '../components/site/hero-carousel.tsx'
import { ArrowRightIcon, CompassIcon, HeartIcon, SparkleIcon, TrainIcon } from '../components/site/icons.tsx'
import { ImageWithFallback } from '../components/site/image-with-fallback.tsx'
import { linkStyle, sectionHeading } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { TourPriceCards } from '../components/site/tour-price-cards.tsx'
import { exploreSummaries } from '../content/explore-summaries.ts'
import { benefits, heroSlides, planningSteps } from '../content/home.ts'
import { useT } from '../i18n/i18n.tsx'
import { images } from '../content/images.ts'
import { packageSummaries } from '../content/package-summaries.ts'
import { seo } from '../lib/seo.ts'
import { siteIdentity } from '../lib/site.server.ts'
import { localBusinessJsonLd } from '../lib/structured-data.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

export const handle = contentPageHandle

// Rendered per request: the pricing section reads the catalogue (docs/decisions/0004).
export async function loader({ context }: Route.LoaderArgs) {
  const tours = await loadPublicTours(context)
  return { tours, jsonLd: [localBusinessJsonLd(siteIdentity(), tours, images.slides.blossoms)] }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  return seo({
    matches,
    title: 'Private Tours in Joetsu, Niigata with a Local Guide',
    description:
      'Private half-day and full-day tours of Joetsu, Niigata: Takada Castle’s cherry blossoms, gangi arcades, sake, seafood and the Myoko mountains, planned around you. Two hours from Tokyo.',
    path: '/',
    image: images.slides.blossoms,
    jsonLd: loaderData?.jsonLd,
  })
}

const benefitIcons = { heart: HeartIcon, compass: CompassIcon, sparkle: SparkleIcon } as const
const teaserCategories = ['food', 'culture', 'lifestyle'] as const

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { tours } = loaderData
  const curated = packageSummaries.filter((p) => p.id === 'mom-package' || p.id === 'dad-package')
  const teasers = teaserCategories.map((id) => exploreSummaries.find((c) => c.id === id)).filter((c) => c !== undefined)

  return (
    <main id="main">
      {/* Hero */}
      <section className="bg-brand-900 text-white" aria-labelledby="hero-heading">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-10 sm:py-14 lg:grid-cols-[5fr_6fr] lg:py-20">
          <div>
            <p className="font-semibold uppercase tracking-wider text-blossom-100">Private tours in Joetsu, Niigata</p>
            <h1 id="hero-heading" className="mt-3 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
              {t('common.tagline')}
            </h1>
            <p className="mt-5 text-lg text-brand-100">
              Half-day and full-day private tours of Joetsu with a local guide: castle towns and cherry blossoms, snow-country streets,
              sake, seafood and mountain air, planned around what you love.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/packages" className={buttonVariants({ variant: 'light' })}>
                View Experiences
              </Link>
              <Link to="/how-it-works" className={buttonVariants({ variant: 'outlineLight' })}>
                How It Works
              </Link>
            </div>
            <p className="mt-8 flex items-start gap-2 text-brand-100">
              <TrainIcon className="mt-0.5 size-5 shrink-0" />
              <span>
                About 2 hours from Tokyo by bullet train.{' '}
                <Link
                  to="/tokyo-2h-joetsu-day-trip"
                  className="font-semibold text-white underline underline-offset-2 hover:text-blossom-100"
                >
                  Plan your trip from Tokyo
                </Link>
              </span>
            </p>
          </div>
          <HeroCarousel slides={heroSlides} label="Highlights of Joetsu" />
        </div>
      </section>

      {/* Why a local */}
      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="why-heading">
        <h2 id="why-heading" className={`${sectionHeading} text-center`}>
          Why Experience Joetsu with a Local
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">
          Joetsu is not on the usual Tokyo–Kyoto circuit, and that is its charm. With a friend who lives here, a quiet castle town opens up
          into stories, flavours and people.
        </p>
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {benefits.map((benefit) => {
            const Icon = benefitIcons[benefit.icon]
            return (
              <li key={benefit.title} className="rounded-2xl bg-brand-50 p-6">
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-blossom-600">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-xl font-bold text-brand-900">{benefit.title}</h3>
                <p className="mt-2 text-slate-700">{benefit.text}</p>
              </li>
            )
          })}
        </ul>
      </section>

      {/* Prices */}
      <section className="bg-brand-50 py-16 sm:py-20" aria-labelledby="prices-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="prices-heading" className={`${sectionHeading} text-center`}>
            Private Tour Prices
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">
            One price for your whole group, not per person. Every tour is private: just you, your companions and your guide.
          </p>
          <div className="mt-10">
            <TourPriceCards tours={tours} />
          </div>
          <p className="mx-auto mt-6 max-w-3xl text-center text-slate-700">
            {tours.some((tour) => tour.solo)
              ? 'Travelling alone? The solo special above is a limited-time offer for one guest.'
              : 'Travelling alone? A private tour for one costs the same as for two.'}{' '}
            Lunch, transport fares and entrance fees are paid on the day.{' '}
            <Link to="/packages#prices" className={linkStyle}>
              Prices and what is included
            </Link>
          </p>
        </div>
      </section>

      {/* Curated packages */}
      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="curated-heading">
        <h2 id="curated-heading" className={`${sectionHeading} text-center`}>
          Curated Joetsu Experiences
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">
          Not sure where to start? These ideas are starting points: we adjust every one of them to your group.
        </p>
        <ul className="mt-12 grid gap-8 md:grid-cols-2">
          {curated.map((pkg) => (
            <li key={pkg.id} className="flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm">
              <ImageWithFallback image={pkg.image} title={pkg.title} className="aspect-[8/5] w-full bg-brand-100 object-cover" />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-xl font-bold text-brand-900">{pkg.title}</h3>
                <p className="mt-1 font-medium text-field-600">{pkg.subtitle}</p>
                <p className="mt-3 text-slate-700">{pkg.teaser}</p>
                <p className="mt-auto pt-5">
                  <Link to={`/packages#${pkg.id}`} className={`${linkStyle} inline-flex items-center gap-1`}>
                    Discover {pkg.title}
                    <ArrowRightIcon className="size-4" />
                  </Link>
                </p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to="/packages" className={buttonVariants({ variant: 'secondary' })}>
            See all experiences
          </Link>
        </p>
      </section>

      {/* Four steps */}
      <section className="bg-brand-800 py-16 text-white sm:py-20" aria-labelledby="steps-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="steps-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            Your Day in Four Simple Steps
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
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-brand-100">{step.summary}</p>
              </li>
            ))}
          </ol>
          <p className="mt-12 text-center">
            <Link to="/how-it-works" className={buttonVariants({ variant: 'light' })}>
              How planning works
            </Link>
          </p>
        </div>
      </section>

      {/* Explore teasers */}
      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="explore-heading">
        <h2 id="explore-heading" className={`${sectionHeading} text-center`}>
          Explore Joetsu
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">
          From the Sea of Japan to the Myoko mountains, here is a taste of what your day could hold.
        </p>
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {teasers.map((category) => (
            <li
              key={category.id}
              className="group relative flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm"
            >
              <ImageWithFallback image={category.image} title={category.title} className="aspect-[8/5] w-full bg-brand-100 object-cover" />
              <div className="p-6">
                <h3 className="text-xl font-bold text-brand-900">
                  <Link to={`/explore#${category.id}`} className="after:absolute after:inset-0 group-hover:text-blossom-700">
                    {category.title}
                  </Link>
                </h3>
                <p className="mt-2 text-slate-700">{category.teaser}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to="/explore" className={buttonVariants({ variant: 'secondary' })}>
            Explore all of Joetsu
          </Link>
        </p>
      </section>

      {/* Closing call to action */}
      <section className="bg-blossom-100 py-16 sm:py-20" aria-labelledby="cta-heading">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="cta-heading" className={sectionHeading}>
            Ready to Meet Joetsu?
          </h2>
          <p className="mt-4 text-lg text-slate-800">
            Tell us when you are coming and what you enjoy. We reply within 24–48 hours with ideas for your day, with no obligation to book.
          </p>
          <p className="mt-8">
            <Link to="/contact" className={buttonVariants()}>
              Contact Us
            </Link>
          </p>
        </div>
      </section>
    </main>
  )
}
