import './zod-config.ts'
import { z } from 'zod'

/**
 * Google's Things to Do product feed (docs/decisions/0078), as a schema written by hand from the
 * specification: the feed proto bundle (package ext.travel.ttd.proto.feeds.v1: ProductFeed,
 * FeedMetadata, Product, Option, PriceOption, DeepLink, LocalizedTextSet, Location, Operator,
 * CancellationPolicy, google.type.Money) and its JSON sample. Google publishes the feed as a
 * proto, not as a JSON schema, so this is ours: the JSON field names (snake_case) and enum values
 * are the proto's, every field the proto marks Required is required here, and every object is
 * strict, so a field the specification does not have (a misspelt one) is refused too.
 *
 * It covers the messages and fields the feed can carry up to what this site sends: fields of the
 * proto the site never fills (ratings, media, text features, categories, related locations…) are
 * left out on purpose, and a feed carrying one is refused until it is added here from the proto.
 */

/** proto3 JSON writes 64-bit integers as numbers or as strings of digits. */
const uint64 = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
const uint32 = z.number().int().nonnegative().max(2 ** 32 - 1)

/** LocalizedText: a text in one language, `language_code` a BCP 47 tag. */
const localizedText = z.strictObject({
  language_code: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 language tag'),
  text: z.string().min(1),
})

/** LocalizedTextSet: the same text in several languages, one entry per language. */
const localizedTextSet = z
  .strictObject({ localized_texts: z.array(localizedText).min(1) })
  .refine((set) => new Set(set.localized_texts.map((t) => t.language_code.toLowerCase())).size === set.localized_texts.length, 'one text per language')

/** google.type.Money: `units` whole units of `currency_code` (ISO 4217), `nanos` billionths of one. */
const money = z.strictObject({
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
  units: z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).optional(),
  nanos: z.number().int().min(-999_999_999).max(999_999_999).optional(),
})

/** DeepLink: a landing page, at least one of `url` (the fallback) or `localized_url` (one per language). */
const deepLink = z
  .strictObject({
    url: z.url().optional(),
    localized_url: localizedTextSet.optional(),
  })
  .refine((link) => link.url !== undefined || link.localized_url !== undefined, 'at least one of url or localized_url is required')
  .refine((link) => (link.localized_url?.localized_texts ?? []).every((t) => z.url().safeParse(t.text).success), 'every localized_url must be a URL')

const latLng = z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })

/** PlaceInfo: a place described by the partner; `name` Required, at most one form of address. */
const placeInfo = z
  .strictObject({
    name: z.string().min(1),
    phone_number: z.string().min(1).optional(),
    website_url: z.string().min(1).optional(),
    coordinates: latLng.optional(),
    structured_address: z
      .strictObject({
        street_address: z.string().min(1),
        locality: z.string().optional(),
        region: z.string().optional(),
        postal_code: z.string().optional(),
        country_code: z.string().regex(/^[A-Z]{2}$/),
      })
      .optional(),
    unstructured_address: z.string().min(1).optional(),
  })
  .refine((place) => !(place.structured_address && place.unstructured_address), 'structured_address and unstructured_address are one of')

/** GeoLocation: exactly one of its forms (a oneof in the proto). */
const geoLocation = z
  .strictObject({
    place_id: z.string().min(1).optional(),
    address: z.string().min(1).optional(),
    place_info: placeInfo.optional(),
    lat_lng: latLng.optional(),
  })
  .refine((g) => [g.place_id, g.address, g.place_info, g.lat_lng].filter((v) => v !== undefined).length === 1, 'exactly one of place_id, address, place_info, lat_lng')

/** Location: a place and what to say of it. */
const location = z.strictObject({ location: geoLocation, description: localizedTextSet.optional() })

/** CancellationPolicy: refund conditions, each from some time before the start. */
const cancellationPolicy = z.strictObject({
  refund_conditions: z
    .array(
      z.strictObject({
        min_duration_before_start_time_sec: uint32.optional(),
        refund_percent: z.number().int().min(0).max(100).optional(),
        refund_fee: money.optional(),
      }),
    )
    .optional(),
})

/** PriceOption: `id` and `title` Required; `price` Required unless `is_free`. */
const priceOption = z
  .strictObject({
    id: z.string().min(1),
    title: z.string().min(1),
    price: money.optional(),
    is_free: z.boolean().optional(),
    geo_criteria: z.array(z.strictObject({ country_code: z.string().regex(/^[A-Z]{2}$/), is_negative: z.boolean().optional() })).optional(),
  })
  .refine((p) => p.is_free === true || p.price !== undefined, 'price is required unless is_free')

/** Option: `id`, `title`, `landing_page` and at least one price option Required. */
const option = z.strictObject({
  id: z.string().min(1),
  title: localizedTextSet,
  description: localizedTextSet.optional(),
  landing_page: deepLink,
  landing_page_list_view: deepLink.optional(),
  cancellation_policy: cancellationPolicy.optional(),
  price_options: z.array(priceOption).min(1),
  duration_sec: uint32.optional(),
  languages: z.array(z.strictObject({ code: z.string().min(1) })).optional(),
  meeting_point: location.optional(),
})

/** Operator: `google_business_profile_name` Required. */
const operator = z.strictObject({
  google_business_profile_name: localizedTextSet,
  locations: z.array(location).optional(),
})

const INVENTORY_TYPES = ['INVENTORY_TYPE_UNSPECIFIED', 'INVENTORY_TYPE_DEFAULT', 'INVENTORY_TYPE_OFFICIAL', 'INVENTORY_TYPE_OPERATOR_DIRECT'] as const
const CONFIRMATION_TYPES = ['CONFIRMATION_TYPE_UNSPECIFIED', 'CONFIRMATION_TYPE_INSTANT', 'CONFIRMATION_TYPE_24HRS', 'CONFIRMATION_TYPE_48HRS'] as const

/** Product: `id` (letters, digits, `_` and `-`), `title` and at least one option Required; option ids unique within it. */
const product = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, 'letters, digits, _ and - only, at most 255'),
    title: localizedTextSet,
    description: localizedTextSet.optional(),
    options: z.array(option).min(1),
    operator: operator.optional(),
    inventory_type: z.enum(INVENTORY_TYPES).optional(),
    confirmation_type: z.enum(CONFIRMATION_TYPES).optional(),
    brand_name: z.string().min(1).optional(),
  })
  .refine((p) => new Set(p.options.map((o) => o.id)).size === p.options.length, 'option ids must be unique within a product')

/**
 * FeedMetadata: `total_shards_count` (at least 1) and `processing_instruction` Required;
 * `shard_id` and `nonce` Required when there is more than one shard. PROCESS_AS_UNSPECIFIED is
 * "for compatibility, don't use", so it is refused.
 */
const feedMetadata = z
  .strictObject({
    shard_id: uint32.optional(),
    total_shards_count: uint32.min(1),
    nonce: uint64.optional(),
    processing_instruction: z.enum(['PROCESS_AS_SNAPSHOT', 'PROCESS_AS_UPSERT']),
    max_removal_share: z.number().min(0).max(1).optional(),
  })
  .refine((m) => m.total_shards_count === 1 || (m.shard_id !== undefined && m.nonce !== undefined), 'shard_id and nonce are required with more than one shard')

/** ProductFeed: its metadata Required; products optional (none in every shard removes them all); product ids unique. */
export const productFeedSchema = z
  .strictObject({
    feed_metadata: feedMetadata,
    products: z.array(product).optional(),
  })
  .refine((feed) => new Set((feed.products ?? []).map((p) => p.id)).size === (feed.products ?? []).length, 'product ids must be unique')

export type ProductFeed = z.infer<typeof productFeedSchema>
export type FeedProduct = z.infer<typeof product>
export type FeedOption = z.infer<typeof option>
export type LocalizedTextSet = z.infer<typeof localizedTextSet>
export type FeedLocation = z.infer<typeof location>
