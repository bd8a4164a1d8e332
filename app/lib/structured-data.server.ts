import { localizePath, type Locale } from '../../core/i18n/locales.ts'
import type { SiteIdentity } from '../../core/site.ts'
import type { RatingSummary } from '../../core/reviews.ts'
import type { PublicReview } from '../../server/for-app.ts'
import type { SiteImage } from '../content/images.ts'
import type { PublicTour } from '../components/site/tour-prices.ts'
import type { PageLanguage } from '../i18n/messages.server.ts'
import { absoluteUrl } from './seo.server.ts'
// The site's mark, served by the build as a hashed asset (it is no longer in public/).
import logo from '../favicon.svg?url&no-inline'

/**
 * JSON-LD (schema.org) for the pages search engines show as a business, its tours and an
 * article. Built by the pages' loaders, so the builders never travel in the browser's
 * JavaScript (the home page's budget, docs/decisions/0021); the meta functions place what
 * the loader returns. Client-side navigations carry it in the loader data.
 */

function businessRef(site: SiteIdentity) {
  return { '@type': 'LocalBusiness', '@id': `${absoluteUrl(site, '/')}#business`, name: site.businessName, url: absoluteUrl(site, '/') }
}

/** One tour of the catalogue as a schema.org Offer in JPY (tax included), in the page's language. */
function tourOffer(site: SiteIdentity, tour: PublicTour, { locale, translate }: PageLanguage): Record<string, unknown> {
  return {
    '@type': 'Offer',
    name: tour.name,
    description: translate('prices.offer.description', {
      duration: tour.duration,
      included: tour.includedGuests,
      extra: tour.extraGuestPrice,
      max: tour.maxGroupSize,
    }),
    price: tour.basePrice,
    priceCurrency: 'JPY',
    priceSpecification: {
      '@type': 'PriceSpecification',
      price: tour.basePrice,
      priceCurrency: 'JPY',
      valueAddedTaxIncluded: true,
    },
    availability: 'https://schema.org/InStock',
    url: absoluteUrl(site, localizePath('/booking', locale)),
    seller: businessRef(site),
  }
}

/** The business with its tours (home page), described in the page's language. */
export function localBusinessJsonLd(site: SiteIdentity, tours: PublicTour[], image: SiteImage, language: PageLanguage): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    ...businessRef(site),
    description: language.translate('home.business.description'),
    image: absoluteUrl(site, image.src),
    email: site.email,
    telephone: site.whatsappNumber,
    sameAs: [site.socialUrl],
    address: { '@type': 'PostalAddress', addressLocality: 'Joetsu', addressRegion: 'Niigata', addressCountry: 'JP' },
    areaServed: { '@type': 'City', name: 'Joetsu' },
    currenciesAccepted: 'JPY',
    paymentAccepted: 'Credit card',
    makesOffer: tours.map((tour) => ({
      ...tourOffer(site, tour, language),
      itemOffered: { '@type': 'TouristTrip', name: tour.name, description: tour.shortDescription || tour.description },
    })),
  }
}

/** A tour idea or catalogue tour as a TouristTrip with the catalogue's offers (packages page). */
export function touristTripJsonLd(
  site: SiteIdentity,
  trip: { name: string; description: string; touristType?: string; activities?: string[]; url: string; image?: SiteImage },
  tours: PublicTour[],
  language: PageLanguage,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    name: trip.name,
    description: trip.description,
    url: absoluteUrl(site, localizePath(trip.url, language.locale)),
    ...(trip.image ? { image: absoluteUrl(site, trip.image.src) } : {}),
    ...(trip.touristType ? { touristType: trip.touristType } : {}),
    ...(trip.activities && trip.activities.length > 0
      ? {
          itinerary: {
            '@type': 'ItemList',
            itemListElement: trip.activities.map((name, index) => ({ '@type': 'ListItem', position: index + 1, name })),
          },
        }
      : {}),
    provider: businessRef(site),
    offers: tours.map((tour) => tourOffer(site, tour, language)),
  }
}

export function articleJsonLd(
  site: SiteIdentity,
  article: { headline: string; description: string; path: string; image: SiteImage; datePublished: string; dateModified?: string; locale: Locale },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.headline,
    description: article.description,
    image: absoluteUrl(site, article.image.src),
    datePublished: article.datePublished,
    dateModified: article.dateModified ?? article.datePublished,
    inLanguage: article.locale,
    mainEntityOfPage: absoluteUrl(site, localizePath(article.path, article.locale)),
    author: { '@type': 'Organization', name: site.businessName, url: absoluteUrl(site, '/') },
    publisher: {
      '@type': 'Organization',
      name: site.businessName,
      logo: { '@type': 'ImageObject', url: absoluteUrl(site, logo) },
    },
  }
}

/**
 * The business's own approved reviews (docs/decisions/0063, 0073): its AggregateRating over
 * them (`ownSummary`: the site's verified reviews only), and each of them shown on the page.
 * Reviews the guide copied from other sites are shown on the page, labelled, but never marked
 * up: Google's review-snippet guidelines are against marking up reviews collected elsewhere.
 * Null when there is no own review: nothing invented, nothing empty.
 */
export function reviewsJsonLd(
  site: SiteIdentity,
  ownSummary: RatingSummary | null,
  reviews: readonly Pick<PublicReview, 'rating' | 'title' | 'text' | 'displayName' | 'tourDate' | 'locale' | 'source'>[],
): Record<string, unknown> | null {
  if (!ownSummary) return null
  return {
    '@context': 'https://schema.org',
    ...businessRef(site),
    aggregateRating: { '@type': 'AggregateRating', ratingValue: ownSummary.average, reviewCount: ownSummary.count, bestRating: 5, worstRating: 1 },
    review: reviews.filter((r) => r.source === null).map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.text,
      inLanguage: r.locale,
      datePublished: r.tourDate,
      author: { '@type': 'Person', name: r.displayName },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  }
}
