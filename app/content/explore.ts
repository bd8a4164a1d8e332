import { type ExploreSummary, exploreSummaries } from './explore-summaries.ts'

/**
 * Explore categories: id, title, image, nine places each. Places are real
 * landmarks of Joetsu or plainly descriptive kinds of place; no addresses or phone
 * numbers are given because the guide takes you there.
 */
export type Place = { name: string; note: string }
export type ExploreCategory = ExploreSummary & { intro: string; places: Place[] }

function exploreSummary(id: ExploreSummary['id']): ExploreSummary {
  const summary = exploreSummaries.find((s) => s.id === id)
  if (!summary) throw new Error(`No explore summary for ${id}`)
  return summary
}

export const exploreCategories: ExploreCategory[] = [
  {
    ...exploreSummary('shopping'),
    intro:
      'Shopping in Joetsu is less about malls and more about people: the farmer who grew your pickles, the fourth-generation shopkeeper wrapping your sweets. Most of it happens under the gangi, so rain or snow never spoils the browsing.',
    places: [
      { name: 'Takada Honcho shopping street', note: 'The old high street, sheltered end to end by covered gangi walkways.' },
      { name: 'Takada morning markets', note: 'Open-air markets on set days of the month: vegetables, pickles, flowers and gossip.' },
      { name: 'Takahashi Magozaemon Shoten', note: 'Making awa-ame millet candy since 1624, said to be Japan’s oldest candy shop.' },
      { name: 'Sake brewery shops', note: 'Family breweries that sell their own bottles, with tastings at the counter.' },
      { name: 'Farmers’ direct-sale stands', note: 'Koshihikari rice, seasonal vegetables and home-made miso straight from the grower.' },
      {
        name: 'Craft and antique shops under the gangi',
        note: 'Lacquerware, pottery and old kimono fabric, often with the maker behind the till.',
      },
      { name: 'Michi-no-eki Umiterasu Nadachi', note: 'A seaside roadside station selling the morning’s catch and local snacks.' },
      { name: 'Japanese sweets makers', note: 'Seasonal wagashi, from cherry-blossom mochi in spring to chestnut treats in autumn.' },
      {
        name: 'Joetsu-Myoko Station souvenir corner',
        note: 'Last-minute gifts: rice crackers, sasa-dango and local sake before the train home.',
      },
    ],
  },
  {
    ...exploreSummary('food'),
    intro:
      'Snowmelt from the Myoko mountains waters the rice fields and feeds the breweries, and the boats come home to Naoetsu every morning. The result is simple food of extraordinary quality: rice that tastes of something, fish eaten hours from the sea.',
    places: [
      { name: 'Seafood bowls near Naoetsu port', note: 'Kaisen-don piled with whatever the boats brought in that morning.' },
      { name: 'Neighbourhood sushi counters', note: 'Yellowtail and squid from the Sea of Japan, with local rice under every piece.' },
      { name: 'Koshihikari rice from the Takada plain', note: 'Niigata’s famous rice, best as a simple salted rice ball.' },
      { name: 'Sasa-dango', note: 'Mugwort rice dumplings filled with sweet bean paste and wrapped in bamboo leaves.' },
      { name: 'Hegi-soba', note: 'Buckwheat noodles bound with seaweed and served in bite-sized bundles on a wooden tray.' },
      { name: 'Noppe-jiru', note: 'A gentle winter stew of taro, root vegetables and salmon, the taste of a Niigata home.' },
      { name: 'Local sake tasting', note: 'Crisp, dry Niigata sake brewed with soft snowmelt water.' },
      { name: 'Iwanohara Vineyard', note: 'A historic winery founded in 1890, birthplace of the Muscat Bailey A grape.' },
      { name: 'Kanzuri', note: 'Fermented chilli paste from the Myoko area, bleached in the snow for a mellow heat.' },
    ],
  },
  {
    ...exploreSummary('lifestyle'),
    intro:
      'Life in Joetsu follows the seasons: cherry blossom parties in April, rice planting in May, lotus and festivals in summer, harvest and hot springs in autumn, snow and hot pots in winter. These are the everyday places where that life happens.',
    places: [
      { name: 'Takada Park', note: 'A morning walk around the castle moats, where locals jog, fish and feed the carp.' },
      { name: 'The lotus ponds of Takada Park', note: 'In July and August the outer moat turns pink and green with lotus flowers.' },
      { name: 'Cafés in converted townhouses', note: 'Hand-drip coffee and cake in long, narrow machiya houses.' },
      { name: 'Hot-spring day baths', note: 'Soak like a local for a few hundred yen after a day on foot.' },
      { name: 'The Seki River path', note: 'Flat riverside paths for cycling or an evening stroll.' },
      { name: 'The beaches of the Sea of Japan', note: 'Sunsets over the water, with Sado Island visible on clear days.' },
      { name: 'Rice fields of the Kubiki plain', note: 'Green in summer, gold before the harvest, silver with snow in winter.' },
      { name: 'A local supermarket', note: 'See what families cook tonight: a favourite stop for curious travellers.' },
      { name: 'Kanaya-yama', note: 'The hill where skiing first came to Japan in 1911, with views over the town.' },
    ],
  },
  {
    ...exploreSummary('culture'),
    intro:
      'Joetsu was a seat of power for centuries: the warlord Uesugi Kenshin ruled from Kasugayama, and Takada became a castle town in 1614. Its temples, theatres and townhouses tell that long story, and its festivals keep it alive.',
    places: [
      { name: 'Kasugayama Castle ruins', note: 'The mountain stronghold of Uesugi Kenshin, with wide views to the sea.' },
      { name: 'Kasugayama Shrine', note: 'A shrine dedicated to Kenshin at the foot of his castle mountain.' },
      { name: 'Rinsen-ji', note: 'The Uesugi family temple where young Kenshin studied.' },
      { name: 'Takada Castle turret', note: 'The rebuilt three-storey sanju-yagura, beautiful above the moat in every season.' },
      { name: 'Teramachi temple district', note: 'More than sixty temples lined up along quiet lanes.' },
      { name: 'Takada Sekaikan', note: 'A working cinema that opened in 1911, one of the oldest in Japan.' },
      { name: 'Gochi Kokubun-ji', note: 'A temple linked to the Buddhist teacher Shinran, who lived here in exile.' },
      { name: 'Old townhouses of Takada', note: 'Restored machiya, open to visitors, showing how merchants lived in snow country.' },
      { name: 'Joetsu festivals', note: 'The summer Gion festivals with floats on the river, and Kenshin’s own festival in August.' },
    ],
  },
]
