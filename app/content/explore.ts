import type { MessageId } from '../../core/i18n/message-id.ts'
import { type ExploreSummary, exploreSummaries } from './explore-summaries.ts'

/**
 * Explore categories: id, title, image, nine places each. Places are real
 * landmarks of Joetsu or plainly descriptive kinds of place; no addresses or phone
 * numbers are given because the guide takes you there.
 */
export type Place = { name: MessageId; note: MessageId }
export type ExploreCategory = ExploreSummary & { intro: MessageId; places: Place[] }

function exploreSummary(id: ExploreSummary['id']): ExploreSummary {
  const summary = exploreSummaries.find((s) => s.id === id)
  if (!summary) throw new Error(`No explore summary for ${id}`)
  return summary
}

export const exploreCategories: ExploreCategory[] = [
  {
    ...exploreSummary('shopping'),
    intro: 'explore.shopping.intro',
    places: [
      { name: 'explore.shopping.honcho.name', note: 'explore.shopping.honcho.note' },
      { name: 'explore.shopping.market.name', note: 'explore.shopping.market.note' },
      { name: 'explore.shopping.candy.name', note: 'explore.shopping.candy.note' },
      { name: 'explore.shopping.brewery.name', note: 'explore.shopping.brewery.note' },
      { name: 'explore.shopping.farmers.name', note: 'explore.shopping.farmers.note' },
      { name: 'explore.shopping.crafts.name', note: 'explore.shopping.crafts.note' },
      { name: 'explore.shopping.roadside.name', note: 'explore.shopping.roadside.note' },
      { name: 'explore.shopping.wagashi.name', note: 'explore.shopping.wagashi.note' },
      { name: 'explore.shopping.station.name', note: 'explore.shopping.station.note' },
    ],
  },
  {
    ...exploreSummary('food'),
    intro: 'explore.food.intro',
    places: [
      { name: 'explore.food.kaisen.name', note: 'explore.food.kaisen.note' },
      { name: 'explore.food.sushi.name', note: 'explore.food.sushi.note' },
      { name: 'explore.food.rice.name', note: 'explore.food.rice.note' },
      { name: 'explore.food.sasadango.name', note: 'explore.food.sasadango.note' },
      { name: 'explore.food.hegisoba.name', note: 'explore.food.hegisoba.note' },
      { name: 'explore.food.noppe.name', note: 'explore.food.noppe.note' },
      { name: 'explore.food.sake.name', note: 'explore.food.sake.note' },
      { name: 'explore.food.winery.name', note: 'explore.food.winery.note' },
      { name: 'explore.food.kanzuri.name', note: 'explore.food.kanzuri.note' },
    ],
  },
  {
    ...exploreSummary('lifestyle'),
    intro: 'explore.lifestyle.intro',
    places: [
      { name: 'explore.lifestyle.park.name', note: 'explore.lifestyle.park.note' },
      { name: 'explore.lifestyle.lotus.name', note: 'explore.lifestyle.lotus.note' },
      { name: 'explore.lifestyle.cafes.name', note: 'explore.lifestyle.cafes.note' },
      { name: 'explore.lifestyle.onsen.name', note: 'explore.lifestyle.onsen.note' },
      { name: 'explore.lifestyle.river.name', note: 'explore.lifestyle.river.note' },
      { name: 'explore.lifestyle.beaches.name', note: 'explore.lifestyle.beaches.note' },
      { name: 'explore.lifestyle.fields.name', note: 'explore.lifestyle.fields.note' },
      { name: 'explore.lifestyle.supermarket.name', note: 'explore.lifestyle.supermarket.note' },
      { name: 'explore.lifestyle.kanaya.name', note: 'explore.lifestyle.kanaya.note' },
    ],
  },
  {
    ...exploreSummary('culture'),
    intro: 'explore.culture.intro',
    places: [
      { name: 'explore.culture.kasugayama.name', note: 'explore.culture.kasugayama.note' },
      { name: 'explore.culture.shrine.name', note: 'explore.culture.shrine.note' },
      { name: 'explore.culture.rinsenji.name', note: 'explore.culture.rinsenji.note' },
      { name: 'explore.culture.turret.name', note: 'explore.culture.turret.note' },
      { name: 'explore.culture.teramachi.name', note: 'explore.culture.teramachi.note' },
      { name: 'explore.culture.sekaikan.name', note: 'explore.culture.sekaikan.note' },
      { name: 'explore.culture.kokubunji.name', note: 'explore.culture.kokubunji.note' },
      { name: 'explore.culture.machiya.name', note: 'explore.culture.machiya.note' },
      { name: 'explore.culture.festivals.name', note: 'explore.culture.festivals.note' },
    ],
  },
]
