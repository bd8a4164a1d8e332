/**
 * Google's Things to Do product feed as a file, for an upload (docs/decisions/0078):
 *   npm run feed:google -- FILE
 * writes the feed GET /feeds/google-things-to-do.json serves (when GOOGLE_THINGS_TO_DO_FEED is on)
 * from the configured database: DATABASE_URL when set, else the embedded one in DATA_DIR (stop the
 * server first: the embedded database allows one process at a time). The landing pages are on
 * BASE_URL, so it must be set. The feed is checked against the specification's schema before it is
 * written: an upload Google would refuse is not written at all.
 */
import fs from 'node:fs'
import path from 'node:path'
import { productFeedSchema } from '../core/schemas/google-things-to-do-feed.ts'
import { loadConfig } from '../server/config/index.ts'
import { openDatabase } from '../server/db/client.ts'
import { createCatalogueService } from '../server/services/catalogue.ts'
import { createGoogleThingsToDoService } from '../server/services/google-things-to-do.ts'
import { createTripService } from '../server/services/trip.ts'

async function main() {
  const [file] = process.argv.slice(2)
  if (!file) throw new Error('Usage: npm run feed:google -- FILE')
  const config = loadConfig()
  if (!config.env.BASE_URL) throw new Error('BASE_URL: is required (the public address the landing pages are on, e.g. https://tours.example.com)')
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    const db = database.db
    const feeds = createGoogleThingsToDoService({ catalogue: createCatalogueService(db), trip: createTripService(db), site: config.site, now: () => new Date() })
    const feed = await feeds.feed()
    productFeedSchema.parse(feed)
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
    fs.writeFileSync(file, `${JSON.stringify(feed, null, 2)}\n`)
    const products = feed.products ?? []
    const options = products.reduce((sum, product) => sum + product.options.length, 0)
    console.log(`Wrote the Google Things to Do feed of ${where} to ${file}: ${products.length} products, ${options} options`)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
