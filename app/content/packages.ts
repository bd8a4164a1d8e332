import type { MessageId } from '../../core/i18n/message-id.ts'
import { type PackageId, type PackageSummary, packageSummaries } from './package-summaries.ts'

export { contactKey } from './package-summaries.ts'

/**
 * Itinerary ideas, as messages ('packages' namespace). The anchor id is the card's id on
 * /packages; the contact key is what /contact?package= receives (the id without its
 * '-package' suffix; the contact form maps mix-match to its 'explorer' option, docs/decisions/0038).
 */
export type ItineraryPackage = PackageSummary & { description: MessageId; activities: MessageId[] }

function summary(id: PackageId): PackageSummary {
  const found = packageSummaries.find((p) => p.id === id)
  if (!found) throw new Error(`No package summary for ${id}`)
  return found
}

export const itineraryPackages: ItineraryPackage[] = [
  {
    ...summary('mom-package'),
    description: 'packages.homemaker.description',
    activities: [
      'packages.homemaker.a1',
      'packages.homemaker.a2',
      'packages.homemaker.a3',
      'packages.homemaker.a4',
      'packages.homemaker.a5',
      'packages.homemaker.a6',
    ],
  },
  {
    ...summary('dad-package'),
    description: 'packages.hobbyist.description',
    activities: ['packages.hobbyist.a1', 'packages.hobbyist.a2', 'packages.hobbyist.a3', 'packages.hobbyist.a4'],
  },
  {
    ...summary('kid-package'),
    description: 'packages.kiddo.description',
    activities: ['packages.kiddo.a1', 'packages.kiddo.a2', 'packages.kiddo.a3', 'packages.kiddo.a4', 'packages.kiddo.a5'],
  },
  {
    ...summary('mix-match-package'),
    description: 'packages.explorer.description',
    activities: [],
  },
]
