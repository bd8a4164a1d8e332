import type { AppLoadContext } from 'react-router'
import { formatMonthTitle } from '../../../core/dates.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import type { RatingSummary } from '../../../core/reviews.ts'
import type { PublicReview, PublicReviewFilter } from '../../../server/for-app.ts'
import type { ShownReview } from './review-list.tsx'

/** A review as the pages show it: the month of the tour written out here, so no date code travels to the browser. */
export function shownReview(review: PublicReview, locale: Locale): ShownReview {
  return { ...review, month: formatMonthTitle(review.tourDate.slice(0, 7), locale) }
}

/**
 * The approved reviews a page shows (docs/decisions/0063), with the average
 * and counts: the latest few on the home page and /packages, a page of them on /reviews. The
 * page shows every kind; `ownSummary` is what its JSON-LD may claim (decision 0073).
 */
export async function loadReviews(
  context: AppLoadContext,
  locale: Locale,
  options: { limit: number; offset?: number; filter?: PublicReviewFilter },
): Promise<{ summary: RatingSummary | null; ownSummary: RatingSummary | null; reviews: ShownReview[]; published: PublicReview[]; total: number }> {
  const [summary, ownSummary, page] = await Promise.all([
    context.services.reviews.summary(),
    context.services.reviews.ownSummary(),
    context.services.reviews.published({ locale, ...options }),
  ])
  return { summary, ownSummary, reviews: page.reviews.map((r) => shownReview(r, locale)), published: page.reviews, total: page.total }
}
