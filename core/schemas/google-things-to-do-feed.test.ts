import { describe, expect, it } from 'vitest'
import { googleThingsToDoFeed } from '../google-things-to-do.ts'
import { DEFAULT_CATALOGUE } from '../pricing.ts'
import { productFeedSchema } from './google-things-to-do-feed.ts'

/** Plain JSON, reached into at any depth to break one field (`any`: the tests write what no type allows). */
type Json = Record<string, any>

/** A feed the builder makes, as plain JSON the tests can break one field at a time. */
function feed(): Json {
  const built = googleThingsToDoFeed({
    tours: [{ slug: 'half-day', name: 'Half-Day Private Tour', shortDescription: '', description: 'A relaxed morning.', duration: 'About 5 hours', isHalfDay: true, maxGroupSize: 5, ...DEFAULT_CATALOGUE.halfDay, translations: {} }],
    site: {
      businessName: 'Joetsu Local Tours',
      guideName: 'Aiko',
      email: 'hello@example.com',
      whatsappNumber: '+81 90-1234-5678',
      socialUrl: 'https://www.instagram.com/',
      socialLabel: 'Instagram',
      city: 'Joetsu',
      baseUrl: 'https://tours.example.com',
      seller: { name: null, manager: null, address: null, phone: null },
      inLanguages: {},
    },
    meeting: { points: [], settings: { pickupEnabled: false, defaults: { morning: null, afternoon: null, 'full-day': null } } },
    now: new Date('2026-11-27T00:00:00Z'),
  })
  return JSON.parse(JSON.stringify(built))
}

const problems = (value: unknown) => productFeedSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? []

describe('the Things to Do feed schema, written from the specification (docs/decisions/0078)', () => {
  it('accepts the feed the site makes, and Google’s own smallest feed (wipe every product)', () => {
    expect(problems(feed())).toEqual([])
    expect(problems({ feed_metadata: { shard_id: 0, total_shards_count: 1, processing_instruction: 'PROCESS_AS_SNAPSHOT', nonce: 202113041501, max_removal_share: 1.0 }, products: [] })).toEqual([])
  })

  it.each([
    ['the feed metadata', (f: Json) => delete f.feed_metadata, 'feed_metadata'],
    ['the processing instruction', (f: Json) => delete f.feed_metadata.processing_instruction, 'feed_metadata.processing_instruction'],
    ['a product’s id', (f: Json) => delete f.products[0].id, 'products.0.id'],
    ['a product’s title', (f: Json) => delete f.products[0].title, 'products.0.title'],
    ['a product’s options', (f: Json) => (f.products[0].options = []), 'products.0.options'],
    ['an option’s landing page', (f: Json) => delete f.products[0].options[0].landing_page, 'products.0.options.0.landing_page'],
    ['both forms of a landing page', (f: Json) => (f.products[0].options[0].landing_page = {}), 'products.0.options.0.landing_page'],
    ['an option’s price options', (f: Json) => (f.products[0].options[0].price_options = []), 'products.0.options.0.price_options'],
    ['a price option’s price', (f: Json) => delete f.products[0].options[0].price_options[0].price, 'products.0.options.0.price_options.0'],
    ['the operator’s business profile name', (f: Json) => delete f.products[0].operator.google_business_profile_name, 'products.0.operator.google_business_profile_name'],
  ])('refuses a feed without %s', (_what, breakIt, path) => {
    const broken = feed()
    breakIt(broken)
    expect(problems(broken).map((p) => p.split(':')[0])).toContain(path)
  })

  it.each([
    ['an inventory type', (f: Json) => (f.products[0].inventory_type = 'OPERATOR_DIRECT'), 'products.0.inventory_type'],
    ['a processing instruction', (f: Json) => (f.feed_metadata.processing_instruction = 'PROCESS_AS_SNAPSHOTS'), 'feed_metadata.processing_instruction'],
    ['the processing instruction Google says not to use', (f: Json) => (f.feed_metadata.processing_instruction = 'PROCESS_AS_UNSPECIFIED'), 'feed_metadata.processing_instruction'],
    ['a currency', (f: Json) => (f.products[0].options[0].price_options[0].price.currency_code = 'yen'), 'products.0.options.0.price_options.0.price.currency_code'],
    ['a refund percentage', (f: Json) => (f.products[0].options[0].cancellation_policy.refund_conditions[0].refund_percent = 120), 'products.0.options.0.cancellation_policy.refund_conditions.0.refund_percent'],
    ['a product id', (f: Json) => (f.products[0].id = 'half day'), 'products.0.id'],
    ['a language code', (f: Json) => (f.products[0].title.localized_texts[0].language_code = 'English'), 'products.0.title.localized_texts.0.language_code'],
    ['a landing page URL', (f: Json) => (f.products[0].options[0].landing_page.url = '/packages'), 'products.0.options.0.landing_page.url'],
  ])('refuses a wrong value of %s', (_what, breakIt, path) => {
    const broken = feed()
    breakIt(broken)
    expect(problems(broken).map((p) => p.split(':')[0])).toContain(path)
  })

  it('refuses a field the specification does not have, a misspelt one among them', () => {
    const broken = feed()
    broken.products[0].options[0].landing_pages = broken.products[0].options[0].landing_page
    expect(problems(broken).join('\n')).toMatch(/landing_pages/)
    const camel = feed()
    camel.feedMetadata = camel.feed_metadata
    expect(problems(camel).join('\n')).toMatch(/feedMetadata/)
  })

  it('refuses two texts in one language, two products with one id, and several shards without their id and nonce', () => {
    const twice = feed()
    twice.products[0].title.localized_texts.push({ language_code: 'en', text: 'Again' })
    expect(problems(twice)).toContain('products.0.title: one text per language')
    const sameId = feed()
    sameId.products.push(sameId.products[0])
    expect(problems(sameId)).toContain(': product ids must be unique')
    const shards = feed()
    shards.feed_metadata = { total_shards_count: 2, processing_instruction: 'PROCESS_AS_SNAPSHOT' }
    expect(problems(shards)).toContain('feed_metadata: shard_id and nonce are required with more than one shard')
  })
})
