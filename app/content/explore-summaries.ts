import { images, type SiteImage } from './images.ts'

/**
 * The four Explore categories in brief (id, title, one-line teaser, picture): what the
 * home page's teasers need. Kept apart from the full lists in explore.ts so the home
 * page's JavaScript does not carry all 36 places.
 */
export type ExploreSummary = {
  id: 'shopping' | 'food' | 'lifestyle' | 'culture'
  title: string
  teaser: string
  image: SiteImage
}

export const exploreSummaries: ExploreSummary[] = [
  {
    id: 'shopping',
    title: 'Shopping',
    teaser: 'Morning markets, sake shops and Japan’s oldest candy store under the snow arcades.',
    image: images.explore.shopping,
  },
  {
    id: 'food',
    title: 'Food',
    teaser: 'Sea of Japan seafood, famous Niigata rice and sake from the snowmelt.',
    image: images.explore.food,
  },
  {
    id: 'lifestyle',
    title: 'Lifestyle',
    teaser: 'Café hopping, hot springs and the slow rhythm of a snow-country town.',
    image: images.explore.lifestyle,
  },
  {
    id: 'culture',
    title: 'Culture',
    teaser: 'Samurai castles, quiet temples and the festivals that fill summer nights.',
    image: images.explore.culture,
  },
]
