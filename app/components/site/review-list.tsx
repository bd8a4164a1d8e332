import type { RatingSummary } from '../../../core/reviews.ts'
import { useT } from '../../i18n/i18n.tsx'
import { linkStyle, sectionHeading } from './styles.ts'

/** An approved review as a page shows it (app/components/site/reviews.server.ts makes it). */
export type ShownReview = {
  id: number
  rating: number
  title: string
  text: string
  displayName: string
  country: string | null
  /** Null: written through this site's request, from a verified booking. */
  source: string | null
  sourceUrl: string | null
  reply: string | null
  packageName: string | null
  /** The month of the tour, written out in the page's language. */
  month: string
}

/** Stars as text: one element, no script, read out as "4 of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  const t = useT()
  return (
    <span role="img" aria-label={t('reviews.stars', { rating })} className="tracking-wide text-blossom-600">
      {'★'.repeat(rating) + '☆'.repeat(5 - rating)}
    </span>
  )
}

/** The average with the count of each kind, beside the prices and above the reviews. */
export function RatingLine({ summary }: { summary: RatingSummary }) {
  const t = useT()
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-slate-800">
      <Stars rating={Math.round(summary.average)} />
      <span className="font-semibold">{t('reviews.summary', { average: summary.average, count: summary.count })}</span>
      <span className="text-sm">{t('reviews.summaryKinds', { verified: summary.verified, elsewhere: summary.elsewhere })}</span>
    </p>
  )
}

/**
 * Reviews with their stars, who wrote them, the tour's month, where they came from and the guide's
 * reply. Text is shown escaped, as React does. `level`: the titles' heading level in the page's outline.
 */
export function ReviewList({ reviews, level = 3 }: { reviews: ShownReview[]; level?: 2 | 3 }) {
  const t = useT()
  const Title = level === 2 ? 'h2' : 'h3'
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {reviews.map((r) => (
        <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-5">
          <article>
            <Stars rating={r.rating} />
            <Title className="mt-1 text-lg font-bold text-brand-900">{r.title}</Title>
            <p className="mt-2 whitespace-pre-line text-slate-800">{r.text}</p>
            <p className="mt-3 text-sm text-slate-700">
              {[r.country ? `${r.displayName}, ${r.country}` : r.displayName, t('reviews.tourMonth', { month: r.month }), r.packageName].filter(Boolean).join(' · ')}
            </p>
            <p className="mt-1 text-sm font-semibold text-field-600">
              {r.source === null ? t('reviews.verified') : r.sourceUrl ? <a href={r.sourceUrl} rel="nofollow noopener" className={linkStyle}>{t('reviews.source', { source: r.source })}</a> : t('reviews.source', { source: r.source })}
            </p>
            {r.reply ? (
              <div className="mt-3 border-l-4 border-brand-100 pl-3">
                <p className="text-sm font-semibold text-brand-900">{t('reviews.reply')}</p>
                <p className="whitespace-pre-line text-slate-800">{r.reply}</p>
              </div>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  )
}

/** The latest reviews on the home page and /packages, with the link to all of them; nothing when there are none. */
export function ReviewsSection({ reviews, summary, allLink }: { reviews: ShownReview[]; summary: RatingSummary | null; allLink: string }) {
  const t = useT()
  if (!summary || reviews.length === 0) return null
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:py-20" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className={sectionHeading}>
        {t('reviews.section.title')}
      </h2>
      <RatingLine summary={summary} />
      <ReviewList reviews={reviews} />
      <a href={allLink} className={linkStyle}>
        {t('reviews.section.all')}
      </a>
    </section>
  )
}
