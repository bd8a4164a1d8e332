import { type Page, expect, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'

/**
 * The site's typeface (issue 17, docs/decisions/0051): Fraunces headings and Source Sans 3 text
 * on English pages, hinted from the head; on Japanese, Chinese and Korean pages a Noto Serif
 * face for headings, linked on those pages only and fetched slice by slice; every file from
 * the site itself; and the server-only stylesheet link costs no hydration error.
 */

const CJK = [
  { path: '/ja/', family: 'Noto Serif JP', file: /noto-serif-jp-\d+-700-normal-[\w-]+\.woff2$/ },
  { path: '/zh-hant/', family: 'Noto Serif TC', file: /noto-serif-tc-\d+-700-normal-[\w-]+\.woff2$/ },
  { path: '/zh-hans/', family: 'Noto Serif SC', file: /noto-serif-sc-\d+-700-normal-[\w-]+\.woff2$/ },
  { path: '/ko/', family: 'Noto Serif KR', file: /noto-serif-kr-\d+-700-normal-[\w-]+\.woff2$/ },
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
    expect(fonts.filter((url) => /noto/.test(url))).toEqual([])
    expect(errors).toEqual([])
    await expectNoSeriousAxeViolations(page, `/ at ${viewport.width} px with the typeface`)
  })
}

for (const { path, family, file } of CJK) {
  test(`${path} sets its headings in ${family}, fetching only the slices its characters need`, async ({ page, baseURL, request }) => {
    const { fonts, errors } = await visit(page, path)
    expect(await headingFamily(page)).toContain(`"${family}"`)
    // Linked at the end of the body, on this language's pages only, and the server's element survives hydration.
    const link = page.locator('body > link[rel="stylesheet"]')
    await expect(link).toHaveCount(1)
    const css = await (await request.get((await link.getAttribute('href'))!)).text()
    const slices = css.match(/@font-face/g)?.length ?? 0
    expect(slices).toBeGreaterThan(90)
    expect(css).not.toMatch(/\.woff\)/)
    // Some slices, far from all: unicode-range at work.
    const used = fonts.filter((url) => file.test(url))
    expect(used.length).toBeGreaterThan(0)
    expect(used.length).toBeLessThan(slices / 2)
    for (const url of fonts) expect(url.startsWith(`${baseURL}/assets/`), url).toBe(true)
    // Every CJK character of the heading is drawn in the face: its slices are loaded.
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/[\u0000-\u02ff\s]/g, '')
    expect(heading.length).toBeGreaterThan(0)
    expect(await page.evaluate(([f, text]) => document.fonts.check(`700 32px "${f}"`, text), [family, heading])).toBe(true)
    // The text face is for Latin pages: body text here is the system's own CJK face.
    expect(fonts.filter((url) => /source-sans/.test(url))).toEqual([])
    await expect(page.locator('head link[rel="preload"][as="font"]')).toHaveCount(0)
    expect(errors).toEqual([])
  })
}
