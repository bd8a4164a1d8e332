import type { MessageId } from '../../core/i18n/message-id.ts'
import { images, type SiteImage } from './images.ts'

/**
 * The four Explore categories in brief (id, title, one-line teaser, picture): what the
 * home page's teasers need. Kept apart from the full lists in explore.ts so the home
 * page's JavaScript does not carry all 36 places.
 */
export type ExploreSummary = {
  id: 'shopping' | 'food' | 'lifestyle' | 'culture'
  title: MessageId
  teaser: MessageId
  image: SiteImage
}

export const exploreSummaries: ExploreSummary[] = [
  {
    id: 'shopping',
    title: 'summaries.shopping.title',
    teaser: 'summaries.shopping.teaser',
    image: images.explore.shopping,
  },
  {
    id: 'food',
    title: 'summaries.food.title',
    teaser: 'summaries.food.teaser',
    image: images.explore.food,
  },
  {
    id: 'lifestyle',
    title: 'summaries.lifestyle.title',
    teaser: 'summaries.lifestyle.teaser',
    image: images.explore.lifestyle,
  },
  {
    id: 'culture',
    title: 'summaries.culture.title',
    teaser: 'summaries.culture.teaser',
    image: images.explore.culture,
  },
]
