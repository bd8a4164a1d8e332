import type { MessageId } from '../../core/i18n/message-id.ts'
import { images, type SiteImage } from './images.ts'

/**
 * The four itinerary ideas in brief (id, title, subtitle, teaser, picture): what the home
 * page's teasers need. packages.ts adds the full description and activities for /packages.
 */
export type PackageId = 'mom-package' | 'dad-package' | 'kid-package' | 'mix-match-package'
export type PackageSummary = { id: PackageId; title: MessageId; subtitle: MessageId; teaser: MessageId; image: SiteImage }

export const packageSummaries: PackageSummary[] = [
  {
    id: 'mom-package',
    title: 'summaries.homemaker.title',
    subtitle: 'summaries.homemaker.subtitle',
    teaser: 'summaries.homemaker.teaser',
    image: images.packages.homemaker,
  },
  {
    id: 'dad-package',
    title: 'summaries.hobbyist.title',
    subtitle: 'summaries.hobbyist.subtitle',
    teaser: 'summaries.hobbyist.teaser',
    image: images.packages.hobbyist,
  },
  {
    id: 'kid-package',
    title: 'summaries.kiddo.title',
    subtitle: 'summaries.kiddo.subtitle',
    teaser: 'summaries.kiddo.teaser',
    image: images.packages.kiddo,
  },
  {
    id: 'mix-match-package',
    title: 'summaries.explorer.title',
    subtitle: 'summaries.explorer.subtitle',
    teaser: 'summaries.explorer.teaser',
    image: images.packages.explorer,
  },
]

/** The key /contact?package= expects for a card ('mom-package' → 'mom'). */
export function contactKey(id: PackageId): string {
  return id.replace(/-package$/, '')
}
