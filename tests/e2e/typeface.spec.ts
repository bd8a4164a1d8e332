import { type Page, expect } from '@playwright/test'
import { test } from './test.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'

/**
 * The site's typeface (docs/decisions/0051): Fraunces headings and Source Sans 3 text
 * on English pages from 768 px wide, hinted from the head, every file from the site itself; a
 * phone draws them in its own serif and sans and fetches no font (decision 0061); on Japanese,
 * Chinese and Korean pages the system's own serif for headings, with no web font to wait for.
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

/** The hints of both faces: low priority, for the screens that use them. */
async function expectFontHints(page: Page) {
  const hints = page.locator('head link[rel="preload"][as="font"]')
  await expect(hints).toHaveCount(2)
  for (const hint of await hints.all()) {
    await expect(hint).toHaveAttribute('type', 'font/woff2')
    await expect(hint).toHaveAttribute('fetchpriority', 'low')
    await expect(hint).toHaveAttribute('media', '(min-width: 48rem)')
  }
}

test('at 375 px English pages draw headings and text in the phone’s own faces, and fetch no font for them', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const { fonts, errors } = await visit(page, '/')
  expect(await headingFamily(page)).toMatch(/^ui-serif, /)
  expect(await page.locator('body').evaluate((b) => getComputedStyle(b).fontFamily)).toMatch(/^ui-sans-serif, /)
  // Hinted only for wider screens: a phone's slow connection keeps it for the main picture.
  await expectFontHints(page)
  expect(fonts).toEqual([])
  expect(errors).toEqual([])
  await expectNoSeriousAxeViolations(page, '/ at 375 px with the phone’s own faces')
})

for (const viewport of [{ width: 768, height: 1024 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px English pages set headings in Fraunces and text in Source Sans 3, from the site itself`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport)
    const { fonts, errors } = await visit(page, '/')
    expect(await headingFamily(page)).toMatch(/^Fraunces,/)
    expect(await page.locator('body').evaluate((b) => getComputedStyle(b).fontFamily)).toMatch(/^"Source Sans 3",/)
    // Both hinted from the head at low priority, so the main picture keeps the connection first.
    await expectFontHints(page)
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

test('at 375 px the Japanese, Chinese and Korean pages fetch no font at all, Latin words in headings included', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  for (const { path, serif } of CJK) {
    const { fonts, errors } = await visit(page, path)
    const family = await headingFamily(page)
    expect(family.split(', ').slice(0, 2)).toEqual(['ui-serif', serif])
    expect(fonts, path).toEqual([])
    expect(errors, path).toEqual([])
  }
})
