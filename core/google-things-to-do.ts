import { FREE_CANCELLATION_DAYS } from './cancellation-policy.ts'
import { todayInTokyo } from './dates.ts'
import { LOCALES, localizePath, type Locale } from './i18n/locales.ts'
import type { TourText, TourTranslations } from './i18n/tour-text.ts'
import { defaultPoint, type MeetingPoint, type MeetingSettings } from './meeting-points.ts'
import { optionIdOf, optionTourTimes } from './octo.ts'
import { MIN_GROUP, quote, type PriceCatalogueEntry } from './pricing.ts'
import type { FeedLocation, FeedOption, FeedProduct, LocalizedTextSet, ProductFeed } from './schemas/google-things-to-do-feed.ts'
import { siteIn, type SiteIdentity } from './site.ts'
import { TOUR_DURATION_MINUTES } from './slots.ts'
import { tourAnchor } from './tour-pages.ts'

/**
 * The catalogue as Google's Things to Do product feed (docs/decisions/0078): what lets Google list
 * the guide's tours with a "Book" link to this site. Pure: the server's service
 * (server/services/google-things-to-do.ts) reads the bookable tours and the meeting points, and
 * both the public feed and `npm run feed:google` write what this returns.
 *
 * - A product is a bookable tour; its one option is the tour as sold, its length (`half-day` or
 *   `full-day`, the ids OCTO uses, docs/decisions/0074).
 * - Its price is the whole group's, for the smallest group, without the solo special: the price
 *   any group may book on any date (the decision says why).
 * - Titles and descriptions carry each language in which the guide has written them, never the
 *   English text under another language's code; landing pages exist in every language.
 */

/** A tour of the catalogue as the feed needs it: its words, its prices, its length. */
export type FeedTour = TourText & PriceCatalogueEntry & { slug: string; isHalfDay: boolean; maxGroupSize: number; translations: TourTranslations }

export type ThingsToDoInput = {
  /** The bookable tours (the catalogue's `bookable()`), in display order. */
  tours: FeedTour[]
  site: SiteIdentity
  /** The meeting points as stored, and the settings that name each slot's default. */
  meeting: { points: MeetingPoint[]; settings: MeetingSettings }
  now: Date
}

const PRICES_ANCHOR = 'prices'

const SECONDS_PER_DAY = 24 * 60 * 60
/** Every price is whole yen, tax included (core/money.ts). */
const CURRENCY = 'JPY'

/** A text in every language the guide has written it in: English (the tour's own words) first. */
function ownWords(texts: (locale: Locale) => string | undefined): LocalizedTextSet | undefined {
  const localized = LOCALES.flatMap(({ code }) => {
    const text = texts(code)?.trim()
    return text ? [{ language_code: code, text }] : []
  })
  return localized.length > 0 ? { localized_texts: localized } : undefined
}

/** A tour's field in the languages the guide wrote it in (a blank translation is no translation, docs/decisions/0045). */
function tourWords(tour: FeedTour, field: keyof TourText): LocalizedTextSet | undefined {
  return ownWords((code) => (code === 'en' ? tour[field] : tour.translations[code]?.[field]))
}

/** The page in every language, the English one as the fallback Google uses for any other. */
function landingPage(baseUrl: string, path: string, anchor: string) {
  const url = (code: Locale) => `${baseUrl}${localizePath(path, code)}#${anchor}`
  return { url: url('en'), localized_url: { localized_texts: LOCALES.map(({ code }) => ({ language_code: code, text: url(code) })) } }
}

/**
 * Where the option meets: the default point of its slots when they share one (docs/decisions/0052);
 * none when a half day's morning and afternoon meet at different places, or nothing is offered.
 */
function meetingPointOf(optionTimes: ReturnType<typeof optionTourTimes>, { points, settings }: ThingsToDoInput['meeting']): FeedLocation | undefined {
  const defaults = optionTimes.map((time) => defaultPoint(points, settings, time))
  const point = defaults[0]
  if (!point || defaults.some((p) => p?.id !== point.id)) return undefined
  const description = ownWords((code) => (code === 'en' ? point.instructions : point.translations[code]?.instructions))
  return {
    location: {
      place_info: {
        name: point.name,
        coordinates: { latitude: point.latitude, longitude: point.longitude },
        // The Japanese address: the one Japan's map apps and taxi drivers read (core/meeting-points.ts).
        unstructured_address: point.addressJa,
      },
    },
    ...(description ? { description } : {}),
  }
}

function tourOption(tour: FeedTour, input: ThingsToDoInput): FeedOption {
  const baseUrl = input.site.baseUrl.replace(/\/$/, '')
  const optionId = optionIdOf(tour.isHalfDay)
  const times = optionTourTimes(optionId)
  // The smallest group's price, as any date sells it: the solo special only runs on some tour dates.
  const smallest = quote({ ...tour, soloPrice: null }, MIN_GROUP, todayInTokyo(input.now), tour.maxGroupSize)
  if (!smallest.ok) throw new RangeError(`No price for a group of ${MIN_GROUP} on tour ${tour.slug}: ${smallest.message}`)
  const title = tourWords(tour, 'name')
  if (!title) throw new RangeError(`Tour ${tour.slug} has no name`)
  const description = tourWords(tour, 'duration')
  const meetingPoint = meetingPointOf(times, input.meeting)
  return {
    id: optionId,
    title,
    ...(description ? { description } : {}),
    landing_page: landingPage(baseUrl, '/packages', tourAnchor(tour.slug)),
    landing_page_list_view: landingPage(baseUrl, '/packages', PRICES_ANCHOR),
    // Free cancellation until FREE_CANCELLATION_DAYS calendar days before the tour date in Japan:
    // that many whole days before any start time always falls on such a day (core/cancellation-policy.ts).
    cancellation_policy: { refund_conditions: [{ min_duration_before_start_time_sec: FREE_CANCELLATION_DAYS * SECONDS_PER_DAY, refund_percent: 100 }] },
    price_options: [{ id: `${optionId}-group`, title: smallest.lines[0]!.label, price: { currency_code: CURRENCY, units: smallest.total } }],
    duration_sec: Math.max(...times.map((time) => TOUR_DURATION_MINUTES[time])) * 60,
    ...(meetingPoint ? { meeting_point: meetingPoint } : {}),
  }
}

function tourProduct(tour: FeedTour, input: ThingsToDoInput): FeedProduct {
  const option = tourOption(tour, input)
  const { site } = input
  const businessName = siteIn(site, 'en').businessName
  const description = ownWords((code) => {
    const words = code === 'en' ? tour : tour.translations[code]
    return words?.description?.trim() || words?.shortDescription
  })
  return {
    id: tour.slug,
    title: option.title,
    ...(description ? { description } : {}),
    options: [option],
    operator: {
      // The business as its Google Business Profile names it, in each language the deployment writes it
      // (docs/decisions/0079; the English name is never empty); the phone is the one every page and the JSON-LD give.
      google_business_profile_name: ownWords((code) => (code === 'en' ? businessName : site.inLanguages[code]?.businessName))!,
      locations: [{ location: { place_info: { name: businessName, phone_number: site.whatsappNumber, website_url: `${site.baseUrl.replace(/\/$/, '')}/` } } }],
    },
    // Sold by the guide on the guide's own site.
    inventory_type: 'INVENTORY_TYPE_OPERATOR_DIRECT',
  }
}

/** The whole feed: one shard, a snapshot that replaces whatever was uploaded before. */
export function googleThingsToDoFeed(input: ThingsToDoInput): ProductFeed {
  return {
    feed_metadata: { shard_id: 0, total_shards_count: 1, processing_instruction: 'PROCESS_AS_SNAPSHOT', nonce: input.now.getTime() },
    products: input.tours.map((tour) => tourProduct(tour, input)),
  }
}
