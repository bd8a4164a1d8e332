import { type Page, expect, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'

/**
 * The site's typeface (issue 17, docs/decisions/0051): Fraunces headings and Source Sans 3 text
 * on English pages, hinted from the head, every file from the site itself; on Japanese, Chinese
 * and Korean pages the system's own serif for headings, with no web font to wait for.
 */

/** Each CJK language asks for its own region's serif first (one Han character is drawn differently in each region). */
const CJK = [
  { path: '/ja/', serif: '"Hiragino Mincho ProN"' },
  { path: '/zh-hant/', serif: '"Songti TC"' },
  { path: '/zh-hans/', serif: '"Songti SC"' },
  { path: '/ko/', serif: 'AppleMyungjo' },
]

/** Opens a page and records the fonts it fetched and the errors it logged, once React has hydrated it. */
async function visit(page: Page, path: string) {
  const fonts: string[] = []
  const errors: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url())
  })
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(path)
  await hydrated(page)
  await page.evaluate(() => document.fonts.ready)
  return { fonts, errors }
}

const headingFamily = (page: Page) => page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily)

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px English pages set headings in Fraunces and text in Source Sans 3, from the site itself`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport)
    const { fonts, errors } = await visit(page, '/')
    expect(await headingFamily(page)).toMatch(/^Fraunces,/)
    expect(await page.locator('body').evaluate((b) => getComputedStyle(b).fontFamily)).toMatch(/^"Source Sans 3",/)
    // Both hinted from the head at low priority, so the main picture keeps the connection first.
    const hints = page.locator('head link[rel="preload"][as="font"]')
    await expect(hints).toHaveCount(2)
    for (const hint of await hints.all()) {
      await expect(hint).toHaveAttribute('type', 'font/woff2')
      await expect(hint).toHaveAttribute('fetchpriority', 'low')
    }
    // Served from here and used (on this fast connection they arrive inside `optional`'s window).
    expect(fonts.length).toBeGreaterThan(0)
    for (const url of fonts) expect(url.startsWith(`${baseURL}/assets/`), url).toBe(true)
    expect(await page.evaluate(() => document.fonts.check('600 32px Fraunces') && document.fonts.check('400 16px "Source Sans 3"'))).toBe(true)
    const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family))
    expect(loaded).toEqual(expect.arrayContaining(['Fraunces', 'Source Sans 3']))
    // No CJK face anywhere near an English page.
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0)
    expect(await page.locator('head style[data-site-stylesheet]').textContent()).not.toMatch(/@font-face\s*\{[^}]*Noto Serif/)
    expect(fonts.filter((url) => /noto/.test(url))).toEqual([])
    expect(errors).toEqual([])
    await expectNoSeriousAxeViolations(page, `/ at ${viewport.width} px with the typeface`)
  })
}

for (const { path, serif } of CJK) {
  test(`${path} sets its headings in the system's own serif for the language, and fetches no web font for them`, async ({ page }) => {
    const { fonts, errors } = await visit(page, path)
    const family = await headingFamily(page)
    // Fraunces first for any Latin word in a heading, then the region's serif.
    expect(family).toMatch(/^Fraunces, /)
    expect(family.split(', ')[1]).toBe(serif)
    // No CJK face to download (measured: its slice list held back the first paint), no hints, no text face.
    expect(await page.locator('head style[data-site-stylesheet]').textContent()).not.toMatch(/@font-face\s*\{[^}]*Noto/)
    await expect(page.locator('head link[rel="preload"][as="font"]')).toHaveCount(0)
    expect(fonts.filter((url) => /noto|source-sans/.test(url))).toEqual([])
    expect(errors).toEqual([])
  })
}
