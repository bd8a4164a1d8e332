import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { test } from './test.ts'
import sharp from 'sharp'
import { hydrated } from './hydration.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'
import { placePhoto as placeById, uploadPhoto } from './dashboard-data.ts'

// A content page's lazy photos wait, unfetched, until its main picture is painted, so that on a
// slow phone they do not share its bandwidth (docs/decisions/0066); their place stays reserved,
// and without JavaScript they load as usual. On a server of its own: photos on the shared server
// would change the pages every other spec looks at.

const ADMIN = { username: 'admin', password: 'lazy-photos-admin-password' }
const PLACES = ['packages.hero', 'package.homemaker', 'package.hobbyist', 'guide.portrait', 'guide.banner'] as const

async function placePhoto(request: APIRequestContext, place: string, seed: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2600" height="1950"><rect width="100%" height="100%" fill="#2f4f6f"/><circle cx="${900 + seed * 150}" cy="800" r="420" fill="#f4a7bb"/></svg>`
  const id = await uploadPhoto(request, `Photo number ${seed} for ${place}`, { name: `place-${seed}.jpg`, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() })
  await placeById(request, place, id)
}

/** The layout shifts the page has had, summed as the cumulative layout shift counts them. */
function layoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect()
          resolve(list.getEntries().reduce((sum, entry) => sum + ((entry as PerformanceEntry & { hadRecentInput: boolean; value: number }).hadRecentInput ? 0 : (entry as PerformanceEntry & { value: number }).value), 0))
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(0), 500)
      }),
  )
}

test.describe('lazy photos wait for the main picture', () => {
  let server: OwnServer

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000)
    server = await startOwnServer('lazy-photos', { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SIMULATED_PAYMENTS: 'true' })
    const request = await playwright.request.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { origin: server.baseURL } })
    expect((await request.post('/api/login', { data: ADMIN })).status()).toBe(200)
    for (const [i, place] of PLACES.entries()) await placePhoto(request, place, i + 1)
    await request.dispose()
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  for (const width of [375, 1280]) {
    test(`on /packages at ${width} px, the cards' photos are fetched only once the head's photo is painted, in the place kept for them`, async ({ page }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await page.setViewportSize({ width, height: 800 })
      // Hold the head's photo (4:3) back until the test lets it go; note every card photo (8:5) asked for.
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      const cardRequests: string[] = []
      await page.route('**/media/**', async (route) => {
        const url = route.request().url()
        if (url.includes('/8x5-')) cardRequests.push(url)
        if (url.includes('/4x3-')) await held
        await route.continue()
      })
      await page.goto(`${server.baseURL}/packages`, { waitUntil: 'domcontentloaded' })
      const card = page.locator('#mom-package picture')
      await expect(card).toBeAttached()
      const boxWhileHeld = await card.boundingBox()
      await page.waitForTimeout(700)
      expect(cardRequests).toEqual([])
      expect(await page.locator('html').getAttribute('data-photos-wait')).toBe('')
      expect(boxWhileHeld!.height).toBeGreaterThan(100)

      release()
      await expect(page.locator('html')).not.toHaveAttribute('data-photos-wait')
      await hydrated(page)
      const photo = card.locator('img')
      await photo.scrollIntoViewIfNeeded()
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      expect(cardRequests.length).toBeGreaterThan(0)
      // The photo filled the place kept for it: nothing moved.
      const box = await card.boundingBox()
      expect(Math.abs(box!.height - boxWhileHeld!.height)).toBeLessThan(1)
      expect((await photo.boundingBox())!.height).toBeCloseTo(box!.height, 0)
      expect(await layoutShift(page)).toBeLessThan(0.01)

      // After the page's own scripts took over, the next page's lazy photos are not held.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }))
      await page.getByRole('contentinfo').getByRole('link', { name: 'Guide', exact: true }).click()
      await expect(page).toHaveURL(/\/about$/)
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
      const banner = page.getByRole('img', { name: /Photo number 5/ })
      await banner.scrollIntoViewIfNeeded()
      await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      expect(errors).toEqual([])
    })
  }

  test('a head photo that never arrives holds the others back five seconds at most', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    const cardRequests: number[] = []
    await page.route('**/media/**', async (route) => {
      const url = route.request().url()
      if (url.includes('/8x5-')) cardRequests.push(Date.now())
      // The head's photo stalls for good.
      if (url.includes('/4x3-')) return
      await route.continue()
    })
    const start = Date.now()
    await page.goto(`${server.baseURL}/packages`, { waitUntil: 'domcontentloaded' })
    await page.waitForTimeout(3_000)
    expect(cardRequests).toEqual([])
    await expect(page.locator('html')).not.toHaveAttribute('data-photos-wait', '', { timeout: 5_000 })
    const photo = page.locator('#mom-package picture img')
    await photo.scrollIntoViewIfNeeded()
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(cardRequests[0]! - start).toBeLessThan(8_000)
  })

  test('without JavaScript, nothing is held and every photo loads', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.baseURL, viewport: { width: 375, height: 700 } })
    const page = await context.newPage()
    await page.goto('/about')
    expect(await page.locator('html').getAttribute('data-photos-wait')).toBeNull()
    const banner = page.getByRole('img', { name: /Photo number 5/ })
    await banner.scrollIntoViewIfNeeded()
    await expect(banner).toBeVisible()
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await context.close()
  })
})
