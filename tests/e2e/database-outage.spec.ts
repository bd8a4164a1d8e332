import { expect } from '@playwright/test'
import { test } from './test.ts'
import { createScratchDatabase, type ScratchDatabase } from '../integration/scratch-database.ts'
import { startCuttableProxy, type CuttableProxy } from '../integration/tcp-proxy.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'

// docs/decisions/0025: with the database unreachable, pages answer 503 with a clear message and
// recover by themselves when it returns (the API side is tests/integration/reliability.test.ts).
// Here, because the pages need the production build that `npm test` makes for these specs:
// a production server of its own on PostgreSQL, reached through a proxy the test cuts.

const PRICED_PAGES = ['/', '/packages']

test.describe('pages while the database is unreachable', () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL): the embedded database cannot be cut off from the server')

  let database: ScratchDatabase
  let proxy: CuttableProxy
  let server: OwnServer

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    database = await createScratchDatabase()
    proxy = await startCuttableProxy(database.url)
    server = await startOwnServer('outage', { DATABASE_URL: proxy.url, SIMULATED_PAYMENTS: 'true' })
  })

  test.afterAll(async () => {
    await server?.stop()
    await proxy?.cut()
    await database?.drop()
  })

  // Without JavaScript, so the page is the server's answer as a visitor, a crawler or a
  // monitor gets it. (After hydration the browser currently shows the generic error text
  // instead: the client receives React Router's sanitized loader error, not the 503.)
  test.use({ javaScriptEnabled: false })

  test('the priced pages answer 503 with a clear message, the other pages keep working, and all recover by themselves', async ({ page }) => {
    for (const path of PRICED_PAGES) expect((await page.goto(server.baseURL + path))!.status(), path).toBe(200)

    await proxy.cut()
    for (const path of PRICED_PAGES) {
      const response = (await page.goto(server.baseURL + path))!
      expect(response.status(), path).toBe(503)
      expect(response.headers()['retry-after'], path).toBe('10')
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('503 Service Unavailable')
      await expect(page.getByText('The site is briefly unavailable. Please try again in a minute.'), path).toBeVisible()
      await expect(page.getByRole('link', { name: 'Back to the home page' }), path).toBeVisible()
      // No error details reach the visitor.
      await expect(page.locator('body'), path).not.toContainText(/ECONNREFUSED|Unexpected Server Error|\bat \S+ \(|stack/i, { useInnerText: true })
    }
    // Their data requests (React Router's single fetch, what a hydrated page asks for when it
    // navigates) too: 503 with Retry-After, not React Router's 500 (docs/decisions/0025).
    for (const path of ['/packages.data', '/booking.data']) {
      const response = await page.request.get(server.baseURL + path)
      expect(response.status(), path).toBe(503)
      expect(response.headers()['retry-after'], path).toBe('10')
    }
    // Pages whose only read is the guide's photos show their illustrations instead (decision 0048);
    // the prerendered page needs no database at all.
    for (const path of ['/about', '/explore', '/tokyo-2h-joetsu-day-trip', '/how-it-works']) {
      expect((await page.goto(server.baseURL + path))!.status(), path).toBe(200)
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
    }
    expect((await page.request.get(`${server.baseURL}/about.data`)).status()).toBe(200)

    await proxy.restore()
    for (const path of PRICED_PAGES) {
      await expect.poll(async () => (await page.request.get(server.baseURL + path)).status(), { message: path, timeout: 30_000 }).toBe(200)
    }
    await page.goto(`${server.baseURL}/packages`)
    await expect(page.getByRole('main').getByText(/¥[\d,]+/).first()).toBeVisible()
  })
})
