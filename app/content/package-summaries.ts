import { images, type SiteImage } from './images.ts'

/**
 * The four itinerary ideas in brief (id, title, subtitle, teaser, picture): what the home
 * page's teasers need. packages.ts adds the full description and activities for /packages.
 */
export type PackageId = 'mom-package' | 'dad-package' | 'kid-package' | 'mix-match-package'
export type PackageSummary = { id: PackageId; title: string; subtitle: string; teaser: string; image: SiteImage }

export const packageSummaries: PackageSummary[] = [
  {
    id: 'mom-package',
    title: 'The Joetsu Homemaker',
    subtitle: 'For lifestyle lovers who want to see how Joetsu really lives',
    teaser: 'Morning market, neighbourhood shops, a home-style cooking lesson and coffee under the gangi.',
    image: images.packages.homemaker,
  },
  {
    id: 'dad-package',
    title: 'The Joetsu Hobbyist',
    subtitle: 'For history buffs, drink enthusiasts and the endlessly curious',
    teaser: 'Uesugi Kenshin’s mountain castle in the morning, sake brewery and winery in the afternoon.',
    image: images.packages.hobbyist,
  },
  {
    id: 'kid-package',
    title: 'The Joetsu Kiddo',
    subtitle: 'For families with children who like to move, touch and ask questions',
    teaser: 'Penguins, a beach, a snack workshop and a samurai story told on the castle walls.',
    image: images.packages.kiddo,
  },
  {
    id: 'mix-match-package',
    title: 'The Joetsu Explorer',
    subtitle: 'Mix and match: build your own day',
    teaser: 'Pick any places from Explore Joetsu and we turn your list into a relaxed day.',
    image: images.packages.explorer,
  },
]

/** The key /contact?package= expects for a card ('mom-package' → 'mom'). */
export function contactKey(id: PackageId): string {
  return id.replace(/-package$/, '')
}
