import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { tourAnchor } from '../../core/tour-pages.ts'
import { LOCALES, LOCALE_CODES, localizePath } from '../../core/i18n/locales.ts'
import { productFeedSchema, type ProductFeed } from '../../core/schemas/google-things-to-do-feed.ts'
import { tourPackageUpdateSchema } from '../../core/schemas/tour-package-update.ts'
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client.ts'
import { tourPackages } from '../../server/db/schema.ts'
import { seedDatabase } from '../../server/db/seed.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, startWithCatalogue, type TestApp } from './app.ts'

/**
 * Google's Things to Do product feed (docs/decisions/0078) as Google and the operator get it: over
 * HTTP from the running site (off unless switched on), and as the file `npm run feed:google`
 * writes for an upload, both checked against the schema written from the specification and
 * against the catalogue in the database.
 */

const FEED = '/feeds/google-things-to-do.json'
// Wednesday 2030-05-01, 12:00 in Japan: no promotion runs.
const NOW = '2030-05-01T03:00:00.000Z'

const problems = (value: unknown) => productFeedSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? []

type Tour = { id: number; slug: string; basePrice: number; extraGuestPrice: number; soloPrice: number | null; soloPromoStart: string | null; soloPromoEnd: string | null; duration: string; available: boolean }

/** The guide's edit of a tour in Dashboard → Settings: the service its action calls, with the fields its form sends. */
async function editTour(app: TestApp, slug: string, change: Partial<Tour>) {
  const tour = (await app.services.catalogue.list()).find((t) => t.slug === slug)!
  const { basePrice, extraGuestPrice, soloPrice, soloPromoStart, soloPromoEnd, duration, available } = { ...tour, ...change }
  const input = tourPackageUpdateSchema.parse({ basePrice, extraGuestPrice, soloPrice, soloPromoStart, soloPromoEnd, duration, available })
  expect(await app.services.catalogue.update(tour.id, input)).toMatchObject({ id: tour.id })
}

describe.each(ENGINES)('Google’s Things to Do feed over HTTP on %s', (engine) => {
  let app: TestApp
  afterEach(async () => {
    await app.close()
  })

  it('is not there unless the setting is on: the plain 404 of any unknown address', async () => {
    app = await startTestApp(engine)
    const res = await app.client().get(FEED)
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.text).toBe('Not found')
  })

  it('switched on, is the bookable catalogue as it stands: valid, its prices and landing pages the database’s, in every language', async () => {
    const started = await startWithCatalogue(engine, NOW, { GOOGLE_THINGS_TO_DO_FEED: 'true' })
    app = started.app
    // The guide raises the half day's price and stops selling the full day online.
    await editTour(app, 'half-day', { basePrice: 15_400 })
    await editTour(app, 'full-day', { available: false })

    const res = await app.client().get(FEED)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(problems(res.json)).toEqual([])
    const feed = res.json as ProductFeed
    expect(feed.feed_metadata).toMatchObject({ total_shards_count: 1, processing_instruction: 'PROCESS_AS_SNAPSHOT', nonce: new Date(NOW).getTime() })

    // What the catalogue lets guests book, and nothing else: the hidden full day is left out.
    const bookable = await app.db.select().from(tourPackages).where(eq(tourPackages.available, true))
    expect(bookable.map((t) => t.slug)).toEqual(['half-day'])
    expect(feed.products!.map((p) => p.id)).toEqual(['half-day'])
    const [product] = feed.products!
    const [option] = product!.options
    expect(product!.inventory_type).toBe('INVENTORY_TYPE_OPERATOR_DIRECT')
    expect(option!.price_options).toEqual([{ id: 'half-day-group', title: 'Tour for 1–2 guests', price: { currency_code: 'JPY', units: bookable[0]!.basePrice } }])
    expect(bookable[0]!.basePrice).toBe(15_400)

    // The tour's own card on the prices page, in each language of the site; the seeded tour is written in all of them.
    const page = (code: (typeof LOCALE_CODES)[number]) => `${app.config.baseUrl}${localizePath('/packages', code)}#${tourAnchor('half-day')}`
    expect(option!.landing_page).toEqual({ url: page('en'), localized_url: { localized_texts: LOCALES.map(({ code }) => ({ language_code: code, text: page(code) })) } })
    expect(product!.title.localized_texts.map((t) => t.language_code)).toEqual(LOCALE_CODES)
    expect(product!.title.localized_texts.find((t) => t.language_code === 'ja')?.text).toBe(bookable[0]!.translations.ja?.name)
    // Where the seeded slots meet, and who sells.
    expect(option!.meeting_point?.location.place_info?.name).toBe('Joetsu-Myoko Station')
    expect(product!.operator?.google_business_profile_name.localized_texts[0]?.text).toBe(app.config.site.businessName)

    // Sold online again, the full day is back, at its own price.
    await editTour(app, 'full-day', { available: true })
    const again = (await app.client().get(FEED)).json as ProductFeed
    expect(again.products!.map((p) => [p.id, p.options[0]!.price_options[0]!.price?.units])).toEqual([
      ['half-day', 15_400],
      ['full-day', 22_000],
    ])
  })
})

/** `npm run feed:google -- FILE` as an operator runs it; resolves with its exit code and output. */
function feedCommand(file: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // Vitest exports Vite's BASE_URL ('/'); the command must read the one given here.
    const child = spawn('npm', ['run', '--silent', 'feed:google', '--', file], { env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

describe('npm run feed:google', () => {
  const dirs: string[] = []
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-feed-'))
    dirs.push(dir)
    return dir
  }
  let app: TestApp | undefined
  let database: Database | undefined
  afterEach(async () => {
    await app?.close()
    await database?.close()
    app = undefined
    database = undefined
  })
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('writes the feed the site serves from the configured database, and says how many products and options', async () => {
    const dataDir = tempDir()
    // A site's embedded database as the server leaves it (migrated, seeded), with a price the guide changed.
    const site = await openDatabase({ dataDir })
    await migrateDatabase(site, { dataDir })
    await seedDatabase(site.db)
    await site.db.update(tourPackages).set({ basePrice: 16_500 }).where(eq(tourPackages.slug, 'full-day'))
    await site.close()

    const file = path.join(dataDir, 'upload', 'google-things-to-do.json')
    const run = await feedCommand(file, { DATA_DIR: dataDir, BASE_URL: 'https://tours.example.com' })
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain(`Wrote the Google Things to Do feed of the embedded database in ${dataDir} to ${file}: 2 products, 2 options\n`)
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as ProductFeed
    expect(problems(written)).toEqual([])
    expect(written.products!.map((p) => [p.id, p.options[0]!.price_options[0]!.price?.units])).toEqual([
      ['half-day', 14_300],
      ['full-day', 16_500],
    ])

    // The same feed as the site serves over that database, but for the moment it was made.
    database = await openDatabase({ dataDir })
    app = await startTestApp('pglite', { database, env: { GOOGLE_THINGS_TO_DO_FEED: 'true', BASE_URL: 'https://tours.example.com' } })
    const served = (await app.client().get(FEED)).json as ProductFeed
    expect(typeof written.feed_metadata.nonce).toBe('number')
    expect({ ...written, feed_metadata: { ...written.feed_metadata, nonce: 0 } }).toEqual({ ...served, feed_metadata: { ...served.feed_metadata, nonce: 0 } })
  }, 120_000)

  it('writes nothing without BASE_URL, which the landing pages need', async () => {
    const dataDir = tempDir()
    const file = path.join(dataDir, 'feed.json')
    const run = await feedCommand(file, { DATA_DIR: dataDir, BASE_URL: '' })
    expect(run.code).toBe(1)
    expect(run.output).toMatch(/BASE_URL: is required/)
    expect(fs.existsSync(file)).toBe(false)
  }, 60_000)
})
