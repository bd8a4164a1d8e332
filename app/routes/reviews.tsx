import { Link } from 'react-router'
import type { Route } from './+types/reviews'
import { LOCALES, isLocale } from '../../core/i18n/locales.ts'
import { PUBLIC_PAGE_SIZE } from '../../core/reviews.ts'
import { useLocalePath, useT } from '../i18n/i18n.tsx'
import { pageLanguage, pageMessages } from '../i18n/messages.server.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { RatingLine, ReviewList } from '../components/site/review-list.tsx'
import { loadReviews } from '../components/site/reviews.server.ts'
import { linkStyle } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { siteIdentity } from '../lib/site.server.ts'
import { reviewsJsonLd } from '../lib/structured-data.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

export const handle = contentPageHandle

/** A whole page number from the query string; anything else is the first page. */
const pageOf = (value: string | null) => (value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1)

/**
 * /reviews (docs/decisions/0063): every approved review, newest tour first,
 * ten a page, filtered by tour and by the language it was written in through a plain GET form.
 * Rendered per request; its JSON-LD names the average and this page's reviews, only when there are some.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const language = pageLanguage(request)
  const params = new URL(request.url).searchParams
  const tours = await context.services.catalogue.bookableForGuests(language.locale)
  const tourParam = Number(params.get('tour'))
  const tourPackageId = tours.some((tour) => tour.id === tourParam) ? tourParam : undefined
  const langParam = params.get('lang')
  const writtenIn = isLocale(langParam) ? langParam : undefined
  const page = pageOf(params.get('page'))
  const loaded = await loadReviews(context, language.locale, { limit: PUBLIC_PAGE_SIZE, offset: (page - 1) * PUBLIC_PAGE_SIZE, filter: { tourPackageId, locale: writtenIn } })
  const jsonLd = reviewsJsonLd(siteIdentity(language.locale), loaded.ownSummary, loaded.published)
  return {
    summary: loaded.summary,
    reviews: loaded.reviews,
    tours: tours.map((tour) => ({ id: tour.id, name: tour.name })),
    filter: { tour: tourPackageId ?? null, lang: writtenIn ?? null },
    page,
    pages: Math.max(1, Math.ceil(loaded.total / PUBLIC_PAGE_SIZE)),
    meta: seo(request, { title: 'reviews.meta.title', description: 'reviews.meta.description', path: '/reviews', jsonLd: jsonLd ? [jsonLd] : [] }),
    messages: pageMessages(request, 'reviews'),
  }
}

export const meta = loaderMeta

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const path = useLocalePath()
  const { summary, reviews, tours, filter, page, pages } = loaderData
  const pageLink = (n: number) => {
    const query = new URLSearchParams()
    if (filter.tour !== null) query.set('tour', String(filter.tour))
    if (filter.lang !== null) query.set('lang', filter.lang)
    if (n > 1) query.set('page', String(n))
    const q = query.toString()
    return path(`/reviews${q ? `?${q}` : ''}`)
  }
  const select = 'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-ink'
  return (
    <main id="main">
      <PageBanner eyebrow={t('reviews.page.eyebrow')} title={t('reviews.page.title')}>
        <p>{t('reviews.page.lead')}</p>
      </PageBanner>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:py-14">
        {summary ? <RatingLine summary={summary} /> : null}
        <form method="get" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label={t('reviews.filter.label')}>
          <label className="grid gap-1.5 font-semibold text-brand-900">
            {t('reviews.filter.tour')}
            <select name="tour" defaultValue={filter.tour ?? ''} className={select}>
              <option value="">{t('reviews.filter.anyTour')}</option>
              {tours.map((tour) => (
                <option key={tour.id} value={tour.id}>
                  {tour.name}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1.5 font-semibold text-brand-900">
            {t('reviews.filter.language')}
            <select name="lang" defaultValue={filter.lang ?? ''} className={select}>
              <option value="">{t('reviews.filter.anyLanguage')}</option>
              {LOCALES.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>
                  {l.nativeName}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonVariants({ variant: 'secondary' })}>
            {t('reviews.filter.apply')}
          </button>
        </form>
        {reviews.length > 0 ? <ReviewList reviews={reviews} level={2} /> : <p className="text-slate-800">{t('reviews.empty')}</p>}
        {pages > 1 ? (
          <nav aria-label={t('reviews.pager.label')} className="flex flex-wrap justify-between gap-3">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className={linkStyle}>
                {t('reviews.pager.newer')}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-700">{t('reviews.pager.position', { page, pages })}</span>
            {page < pages ? (
              <Link to={pageLink(page + 1)} className={linkStyle}>
                {t('reviews.pager.older')}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </main>
  )
}
