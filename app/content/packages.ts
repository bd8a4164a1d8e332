import { type PackageId, type PackageSummary, packageSummaries } from './package-summaries.ts'

export { contactKey } from './package-summaries.ts'

/**
 * Itinerary ideas. The anchor id is the card's id on
 * /packages; the contact key is what /contact?package= receives (the id without its
 * '-package' suffix; the contact form maps mix-match to its 'explorer' option, docs/decisions/0038).
 */
export type ItineraryPackage = PackageSummary & { description: string; activities: string[] }

function summary(id: PackageId): PackageSummary {
  const found = packageSummaries.find((p) => p.id === id)
  if (!found) throw new Error(`No package summary for ${id}`)
  return found
}

export const itineraryPackages: ItineraryPackage[] = [
  {
    ...summary('mom-package'),
    description:
      'A day in the rhythm of a Joetsu household: the morning market, the neighbourhood shops, a home-style lunch and an unhurried coffee under the gangi. Ideal for anyone who travels to understand everyday life, and for cooks who want to take a few flavours home.',
    activities: [
      'Browse a Takada morning market with your guide and taste seasonal pickles and produce',
      'Visit a local supermarket and a kitchenware shop to decode Japanese ingredients and tools',
      'Learn to make rice balls and a simple Niigata home dish with a local cook',
      'Buy traditional awa-ame candy at Takahashi Magozaemon Shoten, founded in 1624',
      'Slow down over coffee and wagashi in a café inside a converted townhouse',
      'Pick up crafts and tableware in the small shops under the gangi walkways',
    ],
  },
  {
    ...summary('dad-package'),
    description:
      'Samurai strategy in the morning, craft drinks in the afternoon. This day follows the warlord Uesugi Kenshin up his mountain fortress, then heads into the breweries and cellars that make Joetsu a quiet destination for sake and wine lovers.',
    activities: [
      'Hike the Kasugayama Castle ruins and hear the story of Uesugi Kenshin on the summit',
      'Tour a family sake brewery and taste several styles of Niigata sake',
      'Visit Iwanohara Vineyard, birthplace of the Muscat Bailey A grape, and its old stone cellar',
      'Step inside Takada Sekaikan, a working cinema opened in 1911',
    ],
  },
  {
    ...summary('kid-package'),
    description:
      'A day paced for small legs and big curiosity, with plenty of snacks and time to play. Penguins, a beach, a samurai story told on the castle walls: the kind of day children talk about long after the trip.',
    activities: [
      'Meet the penguins and the dolphins at Joetsu City Aquarium Umigatari by the sea',
      'Build sandcastles and hunt for sea glass on a Sea of Japan beach',
      'Shape your own rice crackers or sasa-dango in a hands-on snack workshop',
      'Run, feed the carp and climb the castle banks in Takada Park',
      'Hear a kid-sized samurai story on the way up to Kasugayama Shrine',
    ],
  },
  {
    ...summary('mix-match-package'),
    description:
      'No fixed plan at all. Pick the places that made you curious on our Explore page, add a food you have always wanted to try or a season you want to chase, and we will turn the list into a relaxed day with sensible travel times and a good lunch in the middle.',
    activities: [],
  },
]
