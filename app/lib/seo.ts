import type { MetaDescriptor } from 'react-router'
import type { SiteIdentity } from '../../core/site.ts'
import type { SiteImage } from '../content/images.ts'
import type { PublicTour } from '../components/site/tour-prices.ts'

/**
 * Search and social metadata for the public pages: one call per page builds the title,
 * description, canonical URL, Open Graph and Twitter tags and any JSON-LD, all from the
 * business identity in the root loader's data (D1), so nothing is repeated as a literal.
 */

type MatchLike = { id: string; loaderData?: unknown } | undefined

/** The site identity from the root route's data, as meta functions see it. */
export function siteFromMatches(matches: ReadonlyArray<MatchLike>): SiteIdentity | undefined {
  const root = matches.find((m) => m?.id === 'root')
  const data = root?.loaderData as { site?: SiteIdentity } | undefined
  return data?.site
}

export function absoluteUrl(site: Pick<SiteIdentity, 'baseUrl'>, path: string): string {
  return `${site.baseUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}

export type SeoInput = {
  matches: ReadonlyArray<MatchLike>
  /** The page's own title; the business name is appended ('Packages | <business name>'). */
  title: string
  /** Use the title as is, without the business name (the home page puts the name first itself). */
  titleIsComplete?: boolean
  description: string
  /** The page's path, e.g. '/packages'; the canonical URL is the site's base URL plus this. */
  path: string
  image?: SiteImage
  type?: 'website' | 'article'
  /** JSON-LD objects, rendered as <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown>[]
  noindex?: boolean
}

export function seo(input: SeoInput): MetaDescriptor[] {
  const site = siteFromMatches(input.matches)
  const businessName = site?.businessName ?? ''
  const title = input.titleIsComplete || !businessName ? input.title : `${input.title} | ${businessName}`
  const tags: MetaDescriptor[] = [{ title }, { name: 'description', content: input.description }]
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' })
  if (!site) return tags

  const url = absoluteUrl(site, input.path)
  tags.push(
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: businessName },
    { property: 'og:locale', content: 'en_US' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
  )
  if (input.image) {
    const imageUrl = absoluteUrl(site, input.image.src)
    tags.push(
      { property: 'og:image', content: imageUrl },
      { property: 'og:image:width', content: String(input.image.width) },
      { property: 'og:image:height', content: String(input.image.height) },
      { property: 'og:image:alt', content: input.image.alt },
      { name: 'twitter:image', content: imageUrl },
      { name: 'twitter:image:alt', content: input.image.alt },
    )
  }
  for (const object of input.jsonLd ?? []) tags.push({ 'script:ld+json': object })
  return tags
}

// ---- JSON-LD builders (schema.org) ----

function businessRef(site: SiteIdentity) {
  return { '@type': 'LocalBusiness', '@id': `${absoluteUrl(site, '/')}#business`, name: site.businessName, url: absoluteUrl(site, '/') }
}

/** One tour of the catalogue as a schema.org Offer in JPY (tax included). */
export function tourOffer(site: SiteIdentity, tour: PublicTour): Record<string, unknown> {
  return {
    '@type': 'Offer',
    name: tour.name,
    description: `${tour.duration}. For 1–${tour.includedGuests} guests, tax included; each additional guest ${tour.extraGuestPrice} JPY, up to ${tour.maxGroupSize} guests.`,
    price: tour.basePrice,
    priceCurrency: 'JPY',
    priceSpecification: {
      '@type': 'PriceSpecification',
      price: tour.basePrice,
      priceCurrency: 'JPY',
      valueAddedTaxIncluded: true,
    },
    availability: 'https://schema.org/InStock',
    url: absoluteUrl(site, '/booking'),
    seller: businessRef(site),
  }
}

/** The business with its tours (home page). */
export function localBusinessJsonLd(site: SiteIdentity, tours: PublicTour[], image: SiteImage): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    ...businessRef(site),
    description: 'Private half-day and full-day tours of Joetsu, Niigata, with a local guide.',
    image: absoluteUrl(site, image.src),
    email: site.email,
    telephone: site.whatsappNumber,
    sameAs: [site.socialUrl],
    address: { '@type': 'PostalAddress', addressLocality: 'Joetsu', addressRegion: 'Niigata', addressCountry: 'JP' },
    areaServed: { '@type': 'City', name: 'Joetsu' },
    currenciesAccepted: 'JPY',
    paymentAccepted: 'Credit card',
    makesOffer: tours.map((tour) => ({
      ...tourOffer(site, tour),
      itemOffered: { '@type': 'TouristTrip', name: tour.name, description: tour.shortDescription || tour.description },
    })),
  }
}

/** A tour idea or catalogue tour as a TouristTrip with the catalogue's offers (packages page). */
export function touristTripJsonLd(
  site: SiteIdentity,
  trip: { name: string; description: string; touristType?: string; activities?: string[]; url: string; image?: SiteImage },
  tours: PublicTour[],
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    name: trip.name,
    description: trip.description,
    url: absoluteUrl(site, trip.url),
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
    offers: tours.map((tour) => tourOffer(site, tour)),
  }
}

export function articleJsonLd(
  site: SiteIdentity,
  article: { headline: string; description: string; path: string; image: SiteImage; datePublished: string; dateModified?: string },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.headline,
    description: article.description,
    image: absoluteUrl(site, article.image.src),
    datePublished: article.datePublished,
    dateModified: article.dateModified ?? article.datePublished,
    inLanguage: 'en',
    mainEntityOfPage: absoluteUrl(site, article.path),
    author: { '@type': 'Organization', name: site.businessName, url: absoluteUrl(site, '/') },
    publisher: {
      '@type': 'Organization',
      name: site.businessName,
      logo: { '@type': 'ImageObject', url: absoluteUrl(site, '/favicon.svg') },
    },
  }
}
