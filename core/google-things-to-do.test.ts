import { describe, expect, it } from 'vitest'
import { googleThingsToDoFeed, type FeedTour, type ThingsToDoInput } from './google-things-to-do.ts'
import { LOCALE_CODES } from './i18n/locales.ts'
import type { MeetingPoint } from './meeting-points.ts'
import { DEFAULT_CATALOGUE } from './pricing.ts'
import type { SiteIdentity } from './site.ts'
import { productFeedSchema, type FeedProduct } from './schemas/google-things-to-do-feed.ts'
import { tourAnchor } from './tour-pages.ts'

const halfDay: FeedTour = {
  slug: 'half-day',
  name: 'Half-Day Private Tour',
  shortDescription: 'About 5 hours in Joetsu.',
  description: 'A relaxed morning or afternoon with your local guide.',
  duration: 'About 5 hours',
  isHalfDay: true,
  maxGroupSize: 5,
  ...DEFAULT_CATALOGUE.halfDay,
  translations: {
    ja: { name: '半日プライベートツアー', description: '地元ガイドと過ごす午前または午後。', duration: '約5時間' },
    'zh-Hant': { name: '半日私人導覽', description: '與在地導遊共度上午或下午。', duration: '約 5 小時' },
    'zh-Hans': { name: '半日私人导览', description: '与本地导游共度上午或下午。', duration: '约 5 小时' },
    ko: { name: '반일 프라이빗 투어', description: '현지 가이드와 함께하는 오전 또는 오후.', duration: '약 5시간' },
  },
}

/** Written in English and Japanese only; its Korean description is left blank, its Chinese absent. */
const fullDay: FeedTour = {
  slug: 'full-day',
  name: 'Full-Day Private Tour',
  shortDescription: 'About 9 hours including a lunch break.',
  description: '',
  duration: 'About 9 hours',
  isHalfDay: false,
  maxGroupSize: 5,
  ...DEFAULT_CATALOGUE.fullDay,
  translations: { ja: { name: '1日プライベートツアー', shortDescription: '昼休憩を含む約9時間。' }, ko: { name: '종일 프라이빗 투어', description: '  ' } },
}

const station: MeetingPoint = {
  id: 1,
  name: 'Joetsu-Myoko Station',
  address: 'Yamato 5-chome, Joetsu, Niigata',
  addressJa: '新潟県上越市大和5丁目 上越妙高駅',
  latitude: 37.0785,
  longitude: 138.2483,
  instructions: 'By the ticket gates of the Shinkansen exit.',
  translations: { ja: { name: '上越妙高駅', instructions: '新幹線改札口の前でお待ちしています。' } },
  photoMediaId: null,
  active: true,
  sortOrder: 1,
}
const takada: MeetingPoint = { ...station, id: 2, name: 'Takada Station', addressJa: '新潟県上越市仲町4丁目 高田駅', instructions: '', translations: {}, sortOrder: 2 }

const SITE: SiteIdentity = {
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
}

// Inside the Green Season promotion of the seeded catalogue (the solo special runs).
const NOW = new Date('2025-07-01T03:00:00Z')

const input = (over: Partial<ThingsToDoInput> = {}): ThingsToDoInput => ({
  tours: [halfDay, fullDay],
  site: SITE,
  meeting: { points: [station, takada], settings: { pickupEnabled: true, defaults: { morning: 1, afternoon: 1, 'full-day': 2 } } },
  now: NOW,
  ...over,
})

const languages = (set: { localized_texts: { language_code: string }[] } | undefined) => set?.localized_texts.map((t) => t.language_code)
const text = (set: { localized_texts: { language_code: string; text: string }[] } | undefined, code: string) => set?.localized_texts.find((t) => t.language_code === code)?.text
const productOf = (slug: string, over: Partial<ThingsToDoInput> = {}): FeedProduct => googleThingsToDoFeed(input(over)).products!.find((p) => p.id === slug)!

describe('the Google Things to Do product feed (docs/decisions/0078)', () => {
  it('is valid against the specification’s schema', () => {
    const result = productFeedSchema.safeParse(googleThingsToDoFeed(input()))
    expect(result.error?.issues ?? []).toEqual([])
  })

  it('is one snapshot in one shard, its nonce the moment it was made', () => {
    expect(googleThingsToDoFeed(input()).feed_metadata).toEqual({ shard_id: 0, total_shards_count: 1, processing_instruction: 'PROCESS_AS_SNAPSHOT', nonce: NOW.getTime() })
  })

  it('has one product per tour given, in order, each with one option: the tour as sold, sold by the guide directly', () => {
    const feed = googleThingsToDoFeed(input())
    expect(feed.products!.map((p) => [p.id, p.options.map((o) => o.id), p.inventory_type])).toEqual([
      ['half-day', ['half-day'], 'INVENTORY_TYPE_OPERATOR_DIRECT'],
      ['full-day', ['full-day'], 'INVENTORY_TYPE_OPERATOR_DIRECT'],
    ])
    expect(googleThingsToDoFeed(input({ tours: [fullDay] })).products!.map((p) => p.id)).toEqual(['full-day'])
    // No bookable tour: an empty snapshot, which removes what was uploaded before.
    expect(googleThingsToDoFeed(input({ tours: [] })).products).toEqual([])
  })

  it('names and describes a translated tour in every language of the site', () => {
    const product = productOf('half-day')
    expect(languages(product.title)).toEqual(LOCALE_CODES)
    expect(languages(product.description)).toEqual(LOCALE_CODES)
    expect(languages(product.options[0]!.title)).toEqual(LOCALE_CODES)
    expect(text(product.title, 'ko')).toBe('반일 프라이빗 투어')
    expect(text(product.description, 'zh-Hant')).toBe('與在地導遊共度上午或下午。')
    expect(text(product.options[0]!.description, 'ja')).toBe('約5時間')
  })

  it('never gives the English words under another language’s code: an untranslated language is left out', () => {
    const product = productOf('full-day')
    expect(languages(product.title)).toEqual(['en', 'ja', 'ko'])
    // No description: the short one stands in, in the languages it is written in; a blank translation is none.
    expect(product.description!.localized_texts).toEqual([
      { language_code: 'en', text: 'About 9 hours including a lunch break.' },
      { language_code: 'ja', text: '昼休憩を含む約9時間。' },
    ])
    expect(languages(product.options[0]!.description)).toEqual(['en'])
  })

  it('prices the whole private group of the smallest size in yen, the solo special aside', () => {
    const [half, full] = googleThingsToDoFeed(input()).products!
    // Inside the promotion one guest alone pays the solo price on its tour dates; any group of 1–2 pays the base price on any date.
    expect(half!.options[0]!.price_options).toEqual([{ id: 'half-day-group', title: 'Tour for 1–2 guests', price: { currency_code: 'JPY', units: 14_300 } }])
    expect(full!.options[0]!.price_options).toEqual([{ id: 'full-day-group', title: 'Tour for 1–2 guests', price: { currency_code: 'JPY', units: 22_000 } }])
    // The price is the catalogue's, whatever the guide sets it to.
    const dearer = productOf('half-day', { tours: [{ ...halfDay, basePrice: 15_400 }] })
    expect(dearer.options[0]!.price_options[0]!.price).toEqual({ currency_code: 'JPY', units: 15_400 })
  })

  it('lands on the tour’s own card of the prices page in every language, with the prices as the list view', () => {
    const option = productOf('full-day').options[0]!
    expect(option.landing_page).toEqual({
      url: 'https://tours.example.com/packages#tour-full-day',
      localized_url: {
        localized_texts: [
          { language_code: 'en', text: 'https://tours.example.com/packages#tour-full-day' },
          { language_code: 'ja', text: 'https://tours.example.com/ja/packages#tour-full-day' },
          { language_code: 'zh-Hant', text: 'https://tours.example.com/zh-hant/packages#tour-full-day' },
          { language_code: 'zh-Hans', text: 'https://tours.example.com/zh-hans/packages#tour-full-day' },
          { language_code: 'ko', text: 'https://tours.example.com/ko/packages#tour-full-day' },
        ],
      },
    })
    expect(option.landing_page.url).toMatch(new RegExp(`#${tourAnchor('full-day')}$`))
    expect(option.landing_page_list_view?.url).toBe('https://tours.example.com/packages#prices')
    expect(languages(option.landing_page_list_view?.localized_url)).toEqual(LOCALE_CODES)
    // A base URL written with its trailing slash gives the same addresses.
    const slashed = productOf('full-day', { site: { ...input().site, baseUrl: 'https://tours.example.com/' } })
    expect(slashed.options[0]!.landing_page).toEqual(option.landing_page)
  })

  it('says the free cancellation of the site’s policy and the tour’s length', () => {
    const [half, full] = googleThingsToDoFeed(input()).products!.map((p) => p.options[0]!)
    // Free until 7 days before the tour date (core/cancellation-policy.ts): 7 × 24 hours before any start.
    expect(half!.cancellation_policy).toEqual({ refund_conditions: [{ min_duration_before_start_time_sec: 604_800, refund_percent: 100 }] })
    expect(full!.cancellation_policy).toEqual(half!.cancellation_policy)
    expect([half!.duration_sec, full!.duration_sec]).toEqual([5 * 3600, 9 * 3600])
  })

  it('meets at the slots’ default point, described in the languages the guide wrote', () => {
    const [half, full] = googleThingsToDoFeed(input()).products!.map((p) => p.options[0]!)
    expect(half!.meeting_point).toEqual({
      location: { place_info: { name: 'Joetsu-Myoko Station', coordinates: { latitude: 37.0785, longitude: 138.2483 }, unstructured_address: '新潟県上越市大和5丁目 上越妙高駅' } },
      description: {
        localized_texts: [
          { language_code: 'en', text: 'By the ticket gates of the Shinkansen exit.' },
          { language_code: 'ja', text: '新幹線改札口の前でお待ちしています。' },
        ],
      },
    })
    // The full day meets at Takada, which has no instructions to describe it.
    expect(full!.meeting_point).toEqual({ location: { place_info: expect.objectContaining({ name: 'Takada Station' }) } })
  })

  it('names no meeting point where a half day’s morning and afternoon meet apart, or none is offered', () => {
    const apart = productOf('half-day', { meeting: { points: [station, takada], settings: { pickupEnabled: false, defaults: { morning: 1, afternoon: 2, 'full-day': 1 } } } })
    expect(apart.options[0]!.meeting_point).toBeUndefined()
    const archived = productOf('half-day', { meeting: { points: [{ ...station, active: false }], settings: { pickupEnabled: true, defaults: { morning: 1, afternoon: 1, 'full-day': 1 } } } })
    expect(archived.options[0]!.meeting_point).toBeUndefined()
    // A default the guide archived gives way to the first place offered, as a booking's would.
    const first = productOf('half-day', { meeting: { points: [{ ...station, active: false }, takada], settings: { pickupEnabled: false, defaults: { morning: 1, afternoon: 1, 'full-day': 1 } } } })
    expect(first.options[0]!.meeting_point?.location.place_info?.name).toBe('Takada Station')
  })

  it('names the operator by the business name, with the phone and site every page gives', () => {
    expect(productOf('half-day').operator).toEqual({
      google_business_profile_name: { localized_texts: [{ language_code: 'en', text: 'Joetsu Local Tours' }] },
      locations: [{ location: { place_info: { name: 'Joetsu Local Tours', phone_number: '+81 90-1234-5678', website_url: 'https://tours.example.com/' } } }],
    })
  })

  it('names the business in each language the deployment writes its name in (docs/decisions/0079)', () => {
    const site = { ...SITE, inLanguages: { ja: { businessName: '上越ローカルツアーズ', city: '新潟県上越市' }, ko: { city: '조에쓰시' } } }
    expect(productOf('half-day', { site }).operator?.google_business_profile_name).toEqual({
      localized_texts: [
        { language_code: 'en', text: 'Joetsu Local Tours' },
        { language_code: 'ja', text: '上越ローカルツアーズ' },
      ],
    })
  })
})
