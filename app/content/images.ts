/**
 * Every picture on the public pages, in one place (docs/decisions/0019).
 *
 * The shipped files are original flat illustrations in public/images/. To use a real
 * photo instead, drop it into the same folder and change that one entry's `src` below,
 * e.g. '/images/slides/cherry-blossoms.svg' → '/images/slides/cherry-blossoms.jpg'
 * (or keep the name and replace the .svg file itself). Keep photos small (≤ 200 KB,
 * about 1600 px wide, WebP or JPEG): width and height below only reserve space in the
 * layout, and a photo of another shape is cropped to fit (object-fit: cover), so
 * nothing jumps while the page loads. docs/images.md says the same for the guide.
 */
export type SiteImage = {
  src: string
  /** Intrinsic size, used for the width/height attributes (reserves the layout box). */
  width: number
  height: number
  /** What the picture shows, for screen readers. */
  alt: string
}

const slide = (name: string, alt: string): SiteImage => ({ src: `/images/slides/${name}.svg`, width: 1200, height: 800, alt })
const card = (folder: 'explore' | 'packages', name: string, alt: string): SiteImage => ({
  src: `/images/${folder}/${name}.svg`,
  width: 800,
  height: 500,
  alt,
})

export const images = {
  slides: {
    authentic: slide('authentic-joetsu', 'Rice terraces and a farmhouse below the snow-capped Myoko mountains at sunrise'),
    historical: slide(
      'historical-sites',
      'The three-storey turret of Takada Castle above its moat, with the wooded slopes of Kasugayama behind',
    ),
    blossoms: slide('cherry-blossoms', 'Cherry trees and paper lanterns lit up at night around Takada Castle'),
    neighborhoods: slide('local-neighborhoods', 'An old Takada street lined with gangi, the covered wooden walkways of snow country'),
    cafes: slide('scenic-cafes', 'Coffee and Japanese sweets by a café window looking out over the Sea of Japan'),
    mountains: slide('mountain-landscapes', 'The snow-capped Myoko mountains above pine forest and a still pond'),
  },
  explore: {
    shopping: card('explore', 'shopping', 'Morning-market stalls in front of an old shopping street with gangi walkways'),
    food: card('explore', 'food', 'A seafood rice bowl, a bottle of local sake and a rice ball on a wooden counter'),
    lifestyle: card('explore', 'lifestyle', 'A cyclist on the riverbank path at sunset, with a steaming hot spring in the foreground'),
    culture: card('explore', 'culture', 'A temple hall among pine trees, with a red shrine gate and a stone lantern'),
  },
  packages: {
    homemaker: card('packages', 'homemaker', 'A home kitchen with a basket of market vegetables and a pot steaming on the stove'),
    hobbyist: card('packages', 'hobbyist', 'A sake brewery with a cedar ball over the door and stacked sake barrels'),
    kiddo: card('packages', 'kiddo', 'Penguins, a bucket and spade and a beach ball on the Sea of Japan shore'),
    explorer: card('packages', 'explorer', 'A folded map of Joetsu with a dotted route, colourful pins and a compass'),
    // The two catalogue tours: the seed's tour_packages.image_url points at these files.
    halfDay: card('packages', 'half-day', 'Morning at Takada Castle with cherry trees along the moat'),
    fullDay: card('packages', 'full-day', 'From the Sea of Japan through rice fields to the Myoko mountains'),
  },
  guide: {
    banner: {
      src: '/images/guide/guide-banner.svg',
      width: 1600,
      height: 600,
      alt: 'Evening on the Joetsu coast: Sado Island on the horizon, a lighthouse and the port of Naoetsu',
    },
  },
} as const satisfies Record<string, Record<string, SiteImage>>
