import { Link } from 'react-router'
import type { Route } from './+types/about'
import { useGuideName, useSite } from '../lib/site.ts'
import { CameraIcon, CheckIcon, HeartIcon } from '../components/site/icons.tsx'
import { ImageWithFallback } from '../components/site/image-with-fallback.tsx'
import { PageBanner } from '../components/site/page-banner.tsx'
import { loadPagePhotos, placesOf } from '../components/site/page-photos.server.ts'
import { readOrFallback } from '../lib/decoration.server.ts'
import { aboutWords } from '../../core/guide-words.ts'
import { linkStyle, sectionHeading } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { aboutJoetsu, guideStory, tourPromises } from '../content/about.ts'
import { images } from '../content/images.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { T, useLocalePath, useT } from '../i18n/i18n.tsx'
import { pageLanguage, pageMessages } from '../i18n/messages.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

export const handle = contentPageHandle

/** The guide's portrait: no illustration stands in for a face, so the column shows none until the guide puts one there. */
const PORTRAIT = { place: 'guide.portrait' } as const

// Rendered per request: the banner and the portrait are the guide's photos where placed (docs/decisions/0048),
// the story, signature, list and seasons the guide's own words where written (0049).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale } = pageLanguage(request)
  const [photos, words] = await Promise.all([
    loadPagePhotos(context, locale, placesOf([images.guide.banner, PORTRAIT])),
    readOrFallback(() => context.services.guideWords.all(), {}),
  ])
  return {
    photos,
    words: aboutWords(words, locale),
    meta: seo(request, { title: 'about.meta.title', description: 'about.meta.description', path: '/about', image: images.guide.banner, photo: photos['guide.banner'] }),
    messages: pageMessages(request, 'about'),
  }
}

export const meta = loaderMeta

export default function About({ loaderData }: Route.ComponentProps) {
  const site = useSite()
  const guideName = useGuideName()
  const t = useT()
  const path = useLocalePath()
  const { words } = loaderData
  const portrait = loaderData.photos[PORTRAIT.place]
  return (
    <main id="main">
      {/* Portrait-led once the guide has put a face on the page: the portrait stands beside the
          heading as the page's main picture, and the banner's view moves under the story. */}
      <PageBanner
        eyebrow={t('about.banner.eyebrow')}
        title={t('about.banner.title')}
        image={portrait ? undefined : images.guide.banner}
        aside={
          portrait ? (
            <ImageWithFallback image={PORTRAIT} title={guideName} priority className="mx-auto aspect-[4/5] w-full max-w-md rounded-2xl bg-brand-800 object-cover shadow-xl" />
          ) : undefined
        }
      >
        <p>{t('about.banner.lead')}</p>
      </PageBanner>

      <section className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:py-20 lg:grid-cols-[3fr_2fr]" aria-labelledby="story-heading">
        <div>
          <h2 id="story-heading" className={sectionHeading}>
            {t(guideStory.heading)}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
            {words.biography
              ? words.biography.map((paragraph, i) => (
                  <p key={i}>
                    {paragraph}
                  </p>
                ))
              : guideStory.paragraphs.map((id) => <p key={id}>{t(id)}</p>)}
          </div>
          <p className="mt-6 text-lg font-semibold text-brand-900">
            {words.signature ?? (
              <T id="about.signature" values={{ guideName, businessName: site.businessName }} components={{ 0: <span className="capitalize" /> }} />
            )}
          </p>
        </div>
        <aside className="h-fit rounded-2xl bg-blossom-100 p-6 sm:p-8" aria-labelledby="loves-heading">
          <h2 id="loves-heading" className="flex items-center gap-2 text-xl font-bold text-brand-900">
            <HeartIcon className="size-6 text-blossom-700" />
            {t('about.loves.title')}
          </h2>
          <ul className="mt-4 space-y-3 text-slate-800">
            {(words.loves ?? guideStory.loves.map((id) => t(id))).map((item, i) => (
              <li key={i} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-blossom-700" />
                {item}
              </li>
            ))}
          </ul>
        </aside>
      </section>

      {portrait ? (
        <div className="mx-auto max-w-6xl px-4 pb-16 sm:pb-20">
          <ImageWithFallback image={images.guide.banner} title={t('about.banner.title')} className="aspect-[8/3] w-full rounded-2xl bg-brand-100 object-cover shadow-md" />
        </div>
      ) : null}

      <section className="bg-brand-50 py-16 sm:py-20" aria-labelledby="promises-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="promises-heading" className={sectionHeading}>
            {t('about.promises.title')}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {tourPromises.map((item) => (
              <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-bold text-brand-900">{t(item.title)}</h3>
                <p className="mt-2 text-slate-700">{t(item.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="joetsu-heading">
        <div className="max-w-3xl">
          <h2 id="joetsu-heading" className={sectionHeading}>
            {t(aboutJoetsu.heading)}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
            {aboutJoetsu.paragraphs.map((id) => (
              <p key={id}>{t(id)}</p>
            ))}
          </div>
          <p className="mt-6">
            <Link to={path('/tokyo-2h-joetsu-day-trip')} className={linkStyle}>
              {t('about.tokyoLink')}
            </Link>
          </p>
        </div>
        <h3 className="mt-14 text-xl font-bold text-brand-900">{t('about.seasons.title')}</h3>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {aboutJoetsu.seasons.map((season) => (
            <li key={season.name} className="rounded-2xl border border-brand-100 p-6">
              <h4 className="font-bold text-field-600">{t(season.name)}</h4>
              {(words.seasons[season.key] ?? [t(season.text)]).map((paragraph, i) => (
                <p key={i} className="mt-2 text-slate-700">
                  {paragraph}
                </p>
              ))}
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-brand-800 py-16 text-white sm:py-20" aria-labelledby="connect-heading">
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 text-center">
          <h2 id="connect-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('about.connect.title')}
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">{t('about.connect.text', { network: site.socialLabel })}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={path('/contact')} className={buttonVariants({ variant: 'light' })}>
              {t('about.connect.contact')}
            </Link>
            <a href={site.socialUrl} className={buttonVariants({ variant: 'outlineLight' })} target="_blank" rel="noopener noreferrer">
              <CameraIcon />
              {t('about.connect.follow', { network: site.socialLabel })}
            </a>
          </div>
        </div>
      </section>
    </main>
  )
}
