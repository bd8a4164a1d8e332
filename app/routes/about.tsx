import { Link } from 'react-router'
import type { Route } from './+types/about'
import { useSite } from '../lib/site.ts'
import { CameraIcon, CheckIcon, HeartIcon } from '../components/site/icons.tsx'
import { PageBanner } from '../components/site/page-banner.tsx'
import { linkStyle, sectionHeading } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { aboutJoetsu, guideStory, tourPromises } from '../content/about.ts'
import { images } from '../content/images.ts'
import { seo } from '../lib/seo.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

// Prerendered at build time (core/prerender.ts): no loader, no database.

export const handle = contentPageHandle

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Meet Your Guide',
    description:
      'Meet your local guide in Joetsu, Niigata: private, relaxed tours in English through castle towns, snow-country streets, sake breweries and the Sea of Japan coast.',
    path: '/about',
    image: images.guide.banner,
  })

export default function About() {
  const site = useSite()
  return (
    <main id="main">
      <PageBanner eyebrow="Your guide" title="Meet Your Guide" image={images.guide.banner}>
        <p>A Joetsu local who would love to show you the town like a friend would: the famous views, and everything in between.</p>
      </PageBanner>

      <section className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:py-20 lg:grid-cols-[3fr_2fr]" aria-labelledby="story-heading">
        <div>
          <h2 id="story-heading" className={sectionHeading}>
            {guideStory.heading}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
            {guideStory.paragraphs.map((text) => (
              <p key={text.slice(0, 24)}>{text}</p>
            ))}
          </div>
          <p className="mt-6 text-lg font-semibold text-brand-900">
            — <span className="capitalize">{site.guideName}</span>, {site.businessName}
          </p>
        </div>
        <aside className="h-fit rounded-2xl bg-blossom-100 p-6 sm:p-8" aria-labelledby="loves-heading">
          <h2 id="loves-heading" className="flex items-center gap-2 text-xl font-bold text-brand-900">
            <HeartIcon className="size-6 text-blossom-700" />
            Things I love to share
          </h2>
          <ul className="mt-4 space-y-3 text-slate-800">
            {guideStory.loves.map((item) => (
              <li key={item} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-blossom-700" />
                {item}
              </li>
            ))}
          </ul>
        </aside>
      </section>

      <section className="bg-brand-50 py-16 sm:py-20" aria-labelledby="promises-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="promises-heading" className={sectionHeading}>
            What to expect on a tour
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {tourPromises.map((item) => (
              <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-bold text-brand-900">{item.title}</h3>
                <p className="mt-2 text-slate-700">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="joetsu-heading">
        <div className="max-w-3xl">
          <h2 id="joetsu-heading" className={sectionHeading}>
            {aboutJoetsu.heading}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
            {aboutJoetsu.paragraphs.map((text) => (
              <p key={text.slice(0, 24)}>{text}</p>
            ))}
          </div>
          <p className="mt-6">
            <Link to="/tokyo-2h-joetsu-day-trip" className={linkStyle}>
              How to get here from Tokyo in about 2 hours
            </Link>
          </p>
        </div>
        <h3 className="mt-14 text-xl font-bold text-brand-900">Joetsu through the seasons</h3>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {aboutJoetsu.seasons.map((season) => (
            <li key={season.name} className="rounded-2xl border border-brand-100 p-6">
              <h4 className="font-bold text-field-600">{season.name}</h4>
              <p className="mt-2 text-slate-700">{season.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-brand-800 py-16 text-white sm:py-20" aria-labelledby="connect-heading">
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 text-center">
          <h2 id="connect-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Let’s plan your day together
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Tell me what you enjoy and when you are visiting, and I will suggest a day that fits. For photos of everyday life in Joetsu,
            follow along on {site.socialLabel}.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/contact" className={buttonVariants({ variant: 'light' })}>
              Contact Me
            </Link>
            <a href={site.socialUrl} className={buttonVariants({ variant: 'outlineLight' })} target="_blank" rel="noopener noreferrer">
              <CameraIcon />
              Follow on {site.socialLabel}
            </a>
          </div>
        </div>
      </section>
    </main>
  )
}
