/**
 * Every picture on the public pages, in one place (docs/decisions/0019): the original flat
 * illustrations in public/images/. Each one with a `place` gives way to the guide's photo when the
 * guide puts one there from the dashboard's Photos tab (docs/decisions/0048); the illustration is
 * what a place without a photo shows.
 */
import type { MessageId } from '../../core/i18n/message-id.ts'
import type { Place } from '../../core/media/places.ts'

export type SiteImage = {
  src: string
  /** Intrinsic size, used for the width/height attributes (reserves the layout box). */
  width: number
  height: number
  /** What the picture shows, for screen readers: a message of the 'images' namespace, which the root delivers. */
  alt: MessageId
  /** Where on the site this picture stands, when the guide can put a photo there instead. */
  place?: Place
}

const slide = (name: string, alt: MessageId, place: Place): SiteImage => ({ src: `/images/slides/${name}.svg`, width: 1200, height: 800, alt, place })
const card = (folder: 'explore' | 'packages', name: string, alt: MessageId, place: Place): SiteImage => ({
  src: `/images/${folder}/${name}.svg`,
  width: 800,
  height: 500,
  alt,
  place,
})

export const images = {
  slides: {
    authentic: slide('authentic-joetsu', 'images.slides.authentic', 'slide.authentic'),
    historical: slide('historical-sites', 'images.slides.historical', 'slide.historical'),
    blossoms: slide('cherry-blossoms', 'images.slides.blossoms', 'slide.blossoms'),
    neighborhoods: slide('local-neighborhoods', 'images.slides.neighborhoods', 'slide.neighborhoods'),
    cafes: slide('scenic-cafes', 'images.slides.cafes', 'slide.cafes'),
    mountains: slide('mountain-landscapes', 'images.slides.mountains', 'slide.mountains'),
  },
  explore: {
    shopping: card('explore', 'shopping', 'images.explore.shopping', 'explore.shopping'),
    food: card('explore', 'food', 'images.explore.food', 'explore.food'),
    lifestyle: card('explore', 'lifestyle', 'images.explore.lifestyle', 'explore.lifestyle'),
    culture: card('explore', 'culture', 'images.explore.culture', 'explore.culture'),
  },
  packages: {
    homemaker: card('packages', 'homemaker', 'images.packages.homemaker', 'package.homemaker'),
    hobbyist: card('packages', 'hobbyist', 'images.packages.hobbyist', 'package.hobbyist'),
    kiddo: card('packages', 'kiddo', 'images.packages.kiddo', 'package.kiddo'),
    explorer: card('packages', 'explorer', 'images.packages.explorer', 'package.explorer'),
    // The two catalogue tours: the seed's tour_packages.image_url points at these files.
    halfDay: { src: '/images/packages/half-day.svg', width: 800, height: 500, alt: 'images.packages.halfDay' },
    fullDay: { src: '/images/packages/full-day.svg', width: 800, height: 500, alt: 'images.packages.fullDay' },
  },
  tokyo: {
    // The article's picture: the cherry-blossom illustration until the guide puts a photo there.
    article: { src: '/images/slides/cherry-blossoms.svg', width: 1200, height: 800, alt: 'images.slides.blossoms', place: 'tokyo.article' },
  },
  guide: {
    banner: {
      src: '/images/guide/guide-banner.svg',
      width: 1600,
      height: 600,
      alt: 'images.guide.banner',
      place: 'guide.banner',
    },
  },
} as const satisfies Record<string, Record<string, SiteImage>>
