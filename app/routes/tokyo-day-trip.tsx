import { Link } from 'react-router'
import type { Route } from './+types/tokyo-day-trip'
import { TrainIcon } from '../components/site/icons.tsx'
import { ImageWithFallback } from '../components/site/image-with-fallback.tsx'
import { linkStyle } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { images } from '../content/images.ts'
import { seo } from '../lib/seo.ts'
import { siteIdentity } from '../lib/site.server.ts'
import { articleJsonLd } from '../lib/structured-data.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { metaTranslator } from '../i18n/translator.ts'
import { useT } from '../i18n/i18n.tsx'
import { pageMessages, requestLocale, translateFor } from '../i18n/messages.server.ts'
import { localeFromPath } from '../../core/i18n/locales.ts'

// Prerendered at build time (core/prerender.ts): its loader reads no database.

const PATH = '/tokyo-2h-joetsu-day-trip'
/** When this article was first published and last revised (for search engines). */
const PUBLISHED = '2026-03-01'
const HERO = images.slides.blossoms

export const handle = contentPageHandle

export function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request)
  const translate = translateFor(request)
  return {
    jsonLd: [
      articleJsonLd(siteIdentity(), {
        headline: translate('tokyo.meta.headline'),
        description: translate('tokyo.meta.description'),
        path: PATH,
        image: HERO,
        datePublished: PUBLISHED,
        locale,
      }),
    ],
    messages: pageMessages(request, 'tokyo'),
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  seo({
    matches,
    title: metaTranslator(localeFromPath(location.pathname), matches)('tokyo.meta.title'),
    description: metaTranslator(localeFromPath(location.pathname), matches)('tokyo.meta.description'),
    path: PATH,
    type: 'article',
    image: HERO,
    jsonLd: loaderData?.jsonLd,
  })

const prose = 'space-y-5 text-lg leading-relaxed text-slate-700'
const h2 = 'mt-14 text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl'
const h3 = 'mt-8 text-xl font-bold text-brand-900'

export default function TokyoDayTrip() {
  const t = useT()
  return (
    <main id="main">
      <article aria-labelledby="page-title">
        <header className="bg-brand-900 text-white">
          <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
            <p className="flex items-center gap-2 font-semibold uppercase tracking-wider text-blossom-100">
              <TrainIcon />
              Travel guide
            </p>
            <h1 id="page-title" className="mt-3 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
              {t('tokyo.meta.headline')}
            </h1>
            <p className="mt-5 text-lg text-brand-100">
              Board the Hokuriku Shinkansen in Tokyo after breakfast and you can be walking under the cherry trees of Takada Castle before
              lunch. Here is how to make the most of Joetsu, the Niigata castle town most visitors to Japan have never heard of.
            </p>
          </div>
        </header>

        <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
          <ImageWithFallback
            image={HERO}
            title={t('tokyo.meta.headline')}
            priority
            className="aspect-[3/2] w-full rounded-2xl bg-brand-100 object-cover shadow-md"
          />

          <h2 className={h2}>Getting there: the bullet train to Joetsu-Myoko</h2>
          <div className={`mt-5 ${prose}`}>
            <p>
              Joetsu-Myoko Station sits on the Hokuriku Shinkansen, the line that runs from Tokyo through Nagano towards Kanazawa. Take a{' '}
              <strong>Hakutaka</strong> train from Tokyo Station (it also stops at Ueno and Omiya): the fastest trains reach Joetsu-Myoko in
              a little under two hours, most in about two. The faster Kagayaki trains do not stop here, so check the train name when you
              reserve.
            </p>
            <p>
              Seats can be reserved at any JR ticket office or machine, and the route is covered by the Japan Rail Pass. In winter, watch
              the view turn white somewhere after Nagano: you are entering snow country.
            </p>
            <p>
              From Joetsu-Myoko, the old castle town of Takada is a few minutes away by the local Echigo Tokimeki Railway, by taxi, or with
              your guide, who can meet you right at the ticket gates.
            </p>
          </div>

          <h2 className={h2}>What to see</h2>
          <h3 className={h3}>Takada Castle and its cherry blossoms</h3>
          <p className={`mt-3 ${prose}`}>
            Takada Park surrounds the rebuilt three-storey turret of Takada Castle with about 4,000 cherry trees. In early to mid April
            thousands of paper lanterns light them after dark, and the reflections in the moat make this one of the three great night-time
            sakura views of Japan. In July and August the outer moat fills with lotus flowers instead.
          </p>
          <h3 className={h3}>The gangi arcades of Takada</h3>
          <p className={`mt-3 ${prose}`}>
            Joetsu gets some of the heaviest snow of any city in Japan, and for centuries its merchants answered with gangi: wooden eaves
            that turn the pavement into a covered walkway. Takada still has kilometres of them, lined with sweet shops, sake sellers and old
            townhouses, including Takahashi Magozaemon Shoten, which has made millet candy since 1624, and Takada Sekaikan, a cinema that
            opened in 1911.
          </p>
          <h3 className={h3}>Kasugayama, the castle of Uesugi Kenshin</h3>
          <p className={`mt-3 ${prose}`}>
            On a wooded mountain north of the plain are the ruins of Kasugayama Castle, stronghold of the sixteenth-century warlord Uesugi
            Kenshin. The climb past Kasugayama Shrine takes under an hour and ends with views over the city to the Sea of Japan. Rinsen-ji,
            the temple where Kenshin studied as a boy, is at the foot of the mountain.
          </p>
          <h3 className={h3}>Naoetsu and the Sea of Japan</h3>
          <p className={`mt-3 ${prose}`}>
            The port of Naoetsu is where the ferries leave for Sado Island, which you can see on the horizon on a clear day. Families love
            Umigatari, the city aquarium on the shore, with its large colony of penguins; everyone loves the sunsets.
          </p>

          <h2 className={h2}>What to eat and drink</h2>
          <ul className="mt-5 list-disc space-y-2 pl-6 text-lg leading-relaxed text-slate-700">
            <li>
              <strong>Seafood</strong> straight from the Sea of Japan: yellowtail, squid and winter crab, best in a generous kaisen-don rice
              bowl.
            </li>
            <li>
              <strong>Koshihikari rice</strong>, Niigata’s pride, which tastes best as a simple salted rice ball.
            </li>
            <li>
              <strong>Sake</strong> from local breweries using soft snowmelt water, and wine from Iwanohara Vineyard, founded in 1890.
            </li>
            <li>
              <strong>Sasa-dango</strong>, mugwort dumplings wrapped in bamboo leaves, and <strong>hegi-soba</strong> noodles bound with
              seaweed.
            </li>
          </ul>

          <h2 className={h2}>A relaxed two-day itinerary</h2>
          <h3 className={h3}>Day 1: castle town</h3>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-lg leading-relaxed text-slate-700">
            <li>Morning Hakutaka from Tokyo; arrive at Joetsu-Myoko around late morning.</li>
            <li>Walk Takada Park and the castle turret, then lunch on local soba or a seafood bowl.</li>
            <li>Stroll the gangi arcades: candy, sweets, a sake tasting and a peek into an old townhouse.</li>
            <li>Coffee in a converted machiya café, then the quiet temple lanes of Teramachi at dusk.</li>
            <li>Dinner at a neighbourhood izakaya and a night in Joetsu.</li>
          </ol>
          <h3 className={h3}>Day 2: samurai and the sea</h3>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-lg leading-relaxed text-slate-700">
            <li>Climb Kasugayama in the cool of the morning and visit Rinsen-ji.</li>
            <li>Head to the coast at Naoetsu for a seafood lunch by the port.</li>
            <li>Choose: penguins at Umigatari, a winery visit at Iwanohara, or a hot-spring soak.</li>
            <li>Evening Hakutaka back to Tokyo, with sake and sasa-dango for the ride.</li>
          </ol>
          <p className={`mt-5 ${prose}`}>
            Short on time? The same highlights fit into a long day trip: a private{' '}
            <Link to="/packages" className={linkStyle}>
              half-day or full-day tour
            </Link>{' '}
            with a local guide takes care of the route, the timings and the translating, so you spend your hours seeing Joetsu rather than
            reading timetables.
          </p>

          <aside className="mt-14 rounded-2xl bg-blossom-100 p-6 text-center sm:p-10" aria-labelledby="trip-cta-heading">
            <h2 id="trip-cta-heading" className="text-2xl font-bold tracking-tight text-brand-900">
              Let a local show you around
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-lg text-slate-800">
              Private tours on weekends, planned around your train times and your interests.
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/booking" className={buttonVariants()}>
                Book Your Joetsu Experience
              </Link>
              <Link to="/packages" className={buttonVariants({ variant: 'secondary' })}>
                See tour ideas and prices
              </Link>
            </div>
          </aside>
        </div>
      </article>
    </main>
  )
}
