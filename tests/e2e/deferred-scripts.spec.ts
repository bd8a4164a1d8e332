import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { hydrated } from './hydration.ts'
import { dayButton, openMonthOf } from './booking-steps.ts'
import { saturdayAhead } from './tour-dates.ts'

// Content pages fetch their JavaScript only once they have painted their content and main
// picture (docs/decisions/0023), or at once when the visitor touches or types first; so does
// the booking page, whose calendar and forms work before its scripts arrive (decision 0047). Its
// details step comes in a file of its own, fetched when the guest reaches it (decision 0054).

const HERO_PICTURE = '/images/slides/authentic-joetsu.svg'

/**
 * Start times of the page's script downloads, when its first contentful paint happened and
 * when the last of its main (high-priority) pictures arrived and was painted, in ms since navigation.
 */
function scriptTimings(page: Page) {
  return page.evaluate(async () => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const scripts = resources
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))
    const mainPictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) => img.currentSrc)
    const picturesArrived = Math.max(0, ...resources.filter((entry) => mainPictures.includes(entry.name)).map((entry) => entry.responseEnd))
    const firstContentfulPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
    // When a main picture was painted as the page's largest (a picture that arrived before the
    // end of the HTML is complete, not yet painted: the starter must wait for its paint too).
    const largestPaints = await new Promise<(PerformanceEntry & { element?: Element | null })[]>((resolve) => {
      new PerformanceObserver((list, observer) => {
        observer.disconnect()
        resolve(list.getEntries())
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    const mainPicturePainted = Math.max(0, ...largestPaints.filter((entry) => entry.element instanceof HTMLImageElement && entry.element.fetchPriority === 'high').map((entry) => entry.startTime))
    return { firstContentfulPaint, picturesArrived, mainPicturePainted, mainPictures: mainPictures.length, scripts }
  })
}

// '/' is rendered per request (nonce) with a main picture; '/how-it-works' prerendered (hashes), text
// only: both policies must admit the scripts, and both pages wait for what they paint first.
for (const { path, pictures } of [
  { path: '/', pictures: 1 },
  { path: '/how-it-works', pictures: 0 },
]) {
  test(`${path} fetches no script before its first paint and main picture, then hydrates`, async ({ page }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    const response = await page.goto(path)
    const html = await response!.text()
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).not.toMatch(/<script[^>]*type="module"/)
    expect(html).toContain('type="application/x-deferred-module"')

    await hydrated(page)
    const { firstContentfulPaint, picturesArrived, mainPicturePainted, mainPictures, scripts } = await scriptTimings(page)
    expect(firstContentfulPaint).toBeGreaterThan(0)
    expect(mainPictures).toBe(pictures)
    if (pictures > 0) expect(picturesArrived).toBeGreaterThan(0)
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(script.start, script.path).toBeGreaterThanOrEqual(Math.max(firstContentfulPaint, picturesArrived, mainPicturePainted))

    // React Router took over: a header link navigates without reloading the document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.getByRole('banner').getByRole('link', { name: 'Explore Joetsu' }).first().click()
    await expect(page).toHaveURL(/\/explore$/)
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
    expect(errors).toEqual([])
  })
}

test('a key press before the main picture has arrived fetches the scripts at once', async ({ page }) => {
  // Hold the hero picture back until the test lets it go.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(HERO_PICTURE, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Without a touch or key the scripts wait for the picture.
  await page.waitForTimeout(500)
  expect((await scriptTimings(page)).scripts).toEqual([])
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete')

  await page.keyboard.press('Tab')
  await hydrated(page)
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
  release()
  await page.waitForLoadState('load')
})

test('the booking page defers its scripts too, and a day picked before they arrive is still picked (decision 0047)', async ({ page }) => {
  const html = await (await page.request.get('/booking')).text()
  expect(html).not.toContain('rel="modulepreload"')
  expect(html).toContain('type="application/x-deferred-module"')

  // No script arrives: the calendar is a plain form, so a day chosen now loads the page with it.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.goto('/booking')
  const day = page.getByRole('grid').locator('button[data-date]:not([aria-disabled="true"])').first()
  const date = await day.getAttribute('data-date')
  await day.click()
  await expect(page).toHaveURL(new RegExp(`[?&]date=${date}`))
  await expect(page.getByRole('radio').first()).toBeVisible()
})

test('the booking page fetches its details step when the guest reaches it, and a page the server sent on that step keeps its form until the file arrives (decision 0054)', async ({ page }) => {
  const date = saturdayAhead(60)
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(`${request.method()} ${new URL(request.url()).pathname}`))
  const detailsFile = (line: string) => /^GET \/assets\/details-form-[\w-]+\.js$/.test(line)

  // The calendar comes without the form's file; choosing a slot fetches it, before the guest continues.
  await page.goto('/booking')
  await hydrated(page)
  await openMonthOf(page, date)
  await dayButton(page, date).click()
  expect(fetched.filter(detailsFile)).toEqual([])
  await page.getByRole('radio', { name: /^Morning · 9:00 AM/ }).check()
  await expect.poll(() => fetched.filter(detailsFile).length).toBe(1)
  await page.getByRole('button', { name: 'Continue to Booking Details' }).click()
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeFocused()
  await expect(page.getByLabel('Full Name')).toBeVisible()

  // Step 2 straight from the server, its file held back: the server's form stays while the rest of the
  // page hydrates, and is the very form that hydrates once the file arrives (nothing blinks, React says
  // nothing), then checks itself in the browser instead of posting.
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/details-form-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/booking?date=${date}&tourTime=morning&step=details`)
  await hydrated(page)
  const name = page.getByLabel('Full Name')
  await expect(name).toBeVisible()
  await name.evaluate((input) => input.setAttribute('data-from-server', ''))
  release()
  // Hydrated: React has tied the element to its component (typing before that would be lost, as on any
  // page whose scripts have not run yet).
  await expect.poll(() => name.evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactFiber$')))).toBe(true)
  expect(fetched.filter(detailsFile)).toHaveLength(2)
  await name.fill('Early Guest')
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(name).toHaveValue('Early Guest')
  await expect(name).toHaveAttribute('data-from-server', '')
  expect(fetched.filter((line) => line.startsWith('POST '))).toEqual([])
  expect(problems).toEqual([])
})

test('when the details form’s file cannot be fetched, continuing loads step 2 from the server, whose form stays (decision 0054)', async ({ page }) => {
  const date = saturdayAhead(60)
  await page.route(/\/assets\/details-form-[\w-]+\.js$/, (route) => route.abort())
  await page.goto('/booking')
  await hydrated(page)
  await openMonthOf(page, date)
  await dayButton(page, date).click()
  await page.getByRole('radio', { name: /^Morning · 9:00 AM/ }).check()
  await page.getByRole('button', { name: 'Continue to Booking Details' }).click()
  await expect(page).toHaveURL(new RegExp(`/booking\\?date=${date}&tourTime=morning&step=details$`))
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible()
  await expect(page.getByLabel('Full Name')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create Booking' })).toBeVisible()
})

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px, a slot tapped before the page hydrates stays chosen and the guest may continue`, async ({ page }) => {
    await page.setViewportSize(viewport)
    const date = saturdayAhead(60)
    // The page's scripts are held back until the guest has tapped a day and a slot.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`/ja/booking?month=${date.slice(0, 7)}`, { waitUntil: 'domcontentloaded' })
    // Before hydration the day is a plain form's button: tapping it loads the page with the day.
    await page.locator(`button[data-date="${date}"]`).click()
    await expect(page).toHaveURL(new RegExp(`[?&]date=${date}`))
    const morning = page.getByRole('radio', { name: /^午前/ })
    await morning.click()
    await expect(morning).toBeChecked()
    release()
    await hydrated(page)
    await expect(page.getByRole('button', { name: 'お客様情報の入力へ進む' })).toBeVisible()
    await expect(morning).toBeChecked()
    // Still chosen once the page has settled (a later render must not undo it).
    await page.waitForTimeout(500)
    await expect(morning).toBeChecked()
    await page.getByRole('button', { name: 'お客様情報の入力へ進む' }).click()
    await expect(page.getByRole('heading', { name: 'ご予約内容の入力' })).toBeVisible()
  })
}
