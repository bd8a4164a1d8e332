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
import type { MessageId } from '../../core/i18n/message-id.ts'

export type SiteImage = {
  src: string
  /** Intrinsic size, used for the width/height attributes (reserves the layout box). */
  width: number
  height: number
  /** What the picture shows, for screen readers: a message of the 'images' namespace, which the root delivers. */
  alt: MessageId
}

const slide = (name: string, alt: MessageId): SiteImage => ({ src: `/images/slides/${name}.svg`, width: 1200, height: 800, alt })
const card = (folder: 'explore' | 'packages', name: string, alt: MessageId): SiteImage => ({
  src: `/images/${folder}/${name}.svg`,
  width: 800,
  height: 500,
  alt,
})

export const images = {
  slides: {
    authentic: slide('authentic-joetsu', 'images.slides.authentic'),
    historical: slide(
      'historical-sites',
      'images.slides.historical',
    ),
    blossoms: slide('cherry-blossoms', 'images.slides.blossoms'),
    neighborhoods: slide('local-neighborhoods', 'images.slides.neighborhoods'),
    cafes: slide('scenic-cafes', 'images.slides.cafes'),
    mountains: slide('mountain-landscapes', 'images.slides.mountains'),
  },
  explore: {
    shopping: card('explore', 'shopping', 'images.explore.shopping'),
    food: card('explore', 'food', 'images.explore.food'),
    lifestyle: card('explore', 'lifestyle', 'images.explore.lifestyle'),
    culture: card('explore', 'culture', 'images.explore.culture'),
  },
  packages: {
    homemaker: card('packages', 'homemaker', 'images.packages.homemaker'),
    hobbyist: card('packages', 'hobbyist', 'images.packages.hobbyist'),
    kiddo: card('packages', 'kiddo', 'images.packages.kiddo'),
    explorer: card('packages', 'explorer', 'images.packages.explorer'),
    // The two catalogue tours: the seed's tour_packages.image_url points at these files.
    halfDay: card('packages', 'half-day', 'images.packages.halfDay'),
    fullDay: card('packages', 'full-day', 'images.packages.fullDay'),
  },
  guide: {
    banner: {
      src: '/images/guide/guide-banner.svg',
      width: 1600,
      height: 600,
      alt: 'images.guide.banner',
    },
  },
} as const satisfies Record<string, Record<string, SiteImage>>
