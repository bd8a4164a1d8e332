import { type Page, expect } from '@playwright/test'
import { test } from './test.ts'
import { LOCALES, localizePath } from '../../core/i18n/locales.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'
import { w3cErrors } from './w3c.ts'

/**
 * The guest side in five languages (docs/decisions/0044): every public page in every
 * locale names its language, its canonical URL and its translations; the sitemap lists them
 * all; the switcher keeps the visitor on the same page; no language is forced on anyone.
 */

/** Every indexable public page (the sitemap's), by its English path. */
const PAGES = ['/', '/about', '/explore', '/packages', '/reviews', '/how-it-works', '/contact', '/booking', '/gift', '/tokyo-2h-joetsu-day-trip', '/legal', '/privacy']
const OTHER_LOCALES = LOCALES.filter((l) => l.code !== 'en')
const MOBILE = { width: 375, height: 740 }
const DESKTOP = { width: 1280, height: 800 }

function head(html: string) {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`, 'i').exec(tag)?.[1]
  const links = [...html.matchAll(/<link [^>]*>/g)].map((m) => m[0])
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    canonical: links.filter((l) => /rel="canonical"/.test(l)).map((l) => attr(l, 'href')),
    alternates: Object.fromEntries(links.filter((l) => /rel="alternate"/.test(l) && /hreflang/i.test(l)).map((l) => [attr(l, 'hreflang'), attr(l, 'href')])),
    ogLocale: /property="og:locale" content="([^"]+)"/.exec(html)?.[1],
  }
}

/** Prerendered pages carry the base URL they were built with (docs/decisions/0022): compare paths. */
const pathOf = (href: string | undefined) => (href ? new URL(href).pathname : href)

test('every public page in every language names its language, canonical URL and translations', async ({ request }) => {
  const englishTitles = new Map<string, string | undefined>()
  for (const { code, ogLocale } of LOCALES) {
    for (const page of PAGES) {
      const url = localizePath(page, code)
      const response = await request.get(url)
      expect(response.status(), url).toBe(200)
      const tags = head(await response.text())
      expect(tags.lang, url).toBe(code)
      expect(tags.canonical.map(pathOf), url).toEqual([url])
      expect(Object.fromEntries(Object.entries(tags.alternates).map(([lang, href]) => [lang, pathOf(href as string | undefined)])), url).toEqual({
        ...Object.fromEntries(LOCALES.map((l) => [l.code, localizePath(page, l.code)])),
        'x-default': page,
      })
      expect(tags.ogLocale, url).toBe(ogLocale)
      if (code === 'en') englishTitles.set(page, tags.title)
      else expect(tags.title, `${url} has a title of its own`).not.toBe(englishTitles.get(page))
    }
  }
})

test('the business’s city is written in each page’s language (docs/decisions/0079)', async ({ request }) => {
  for (const [prefix, city] of [['', 'Joetsu City, Niigata Prefecture, Japan'], ['/ja', '新潟県上越市'], ['/ko', '일본 니가타현 조에쓰시'], ['/zh-hant', '日本新潟縣上越市'], ['/zh-hans', '日本新潟县上越市']]) {
    const html = await (await request.get(`${prefix}/contact`)).text()
    expect(html, `${prefix}/contact`).toContain(city)
  }
})

test('the sitemap lists every page in every language, each with all its alternates', async ({ request, baseURL }) => {
  const xml = await (await request.get('/sitemap.xml')).text()
  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!)
  const locs = entries.map((e) => /<loc>([^<]+)<\/loc>/.exec(e)![1])
  expect(locs.sort()).toEqual(LOCALES.flatMap((l) => PAGES.map((p) => `${baseURL}${localizePath(p, l.code)}`)).sort())
  for (const entry of entries) {
    const alternates = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => m[1])
    expect(alternates).toEqual([...LOCALES.map((l) => l.code), 'x-default'])
  }
})

test('an unknown language prefix is not found; an unknown page in a language is not found in that language', async ({ request }) => {
  const unknownPrefix = await request.get('/fr/about')
  expect(unknownPrefix.status()).toBe(404)
  expect(head(await unknownPrefix.text()).lang).toBe('en')
  const unknownPage = await request.get('/ko/no-such-page')
  expect(unknownPage.status()).toBe(404)
  expect(head(await unknownPage.text()).lang).toBe('ko')
  expect((await request.get('/ja/admin')).status()).toBe(404)
})

test('a browser asking for Japanese still gets the English page it asked for: no redirect', async ({ request }) => {
  const response = await request.get('/packages', { headers: { 'Accept-Language': 'ja,en;q=0.5' }, maxRedirects: 0 })
  expect(response.status()).toBe(200)
  expect(head(await response.text()).lang).toBe('en')
})

async function switchTo(page: Page, nativeName: string, where: 'header' | 'menu' | 'footer') {
  if (where === 'header') {
    await page.getByRole('banner').locator('summary').click()
    await page.getByRole('banner').getByRole('link', { name: nativeName, exact: true }).click()
  } else if (where === 'menu') {
    await page.getByRole('button', { expanded: false }).first().click()
    await page.locator('#mobile-menu').getByRole('link', { name: nativeName, exact: true }).click()
  } else {
    await page.getByRole('contentinfo').getByRole('link', { name: nativeName, exact: true }).click()
  }
}

test.describe('the language switcher keeps the visitor on the same page, with the same query', () => {
  for (const [where, viewport] of [['header', DESKTOP], ['menu', MOBILE], ['footer', DESKTOP]] as const) {
    test(`from the ${where}`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/booking?date=2031-05-10')
      await hydrated(page)
      await switchTo(page, '한국어', where)
      await expect(page).toHaveURL(/\/ko\/booking\?date=2031-05-10$/)
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
      await switchTo(page, 'English', where)
      await expect(page).toHaveURL(/\/booking\?date=2031-05-10$/)
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    })
  }
})

test.describe('the suggestion to read in the browser language', () => {
  test('offers the page in Korean, in Korean, and stays dismissed', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'ko-KR' })
    const page = await context.newPage()
    await page.goto('/about')
    await hydrated(page)
    const card = page.locator('[data-language-suggestion]')
    await expect(card).toBeVisible()
    await expect(card).toHaveAttribute('lang', 'ko')
    await card.getByRole('button').click()
    await expect(card).toBeHidden()
    await page.reload()
    await hydrated(page)
    await expect(page.locator('[data-language-suggestion]')).toHaveCount(0)
    await context.close()
  })

  test('follows it to the same page in Korean, and offers nothing there', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'ko-KR' })
    const page = await context.newPage()
    await page.goto('/explore')
    await hydrated(page)
    await page.locator('[data-language-suggestion]').getByRole('link').click()
    await expect(page).toHaveURL(/\/ko\/explore$/)
    await expect(page.locator('[data-language-suggestion]')).toHaveCount(0)
    await context.close()
  })

  test('is not shown to a browser in the page language', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'zh-TW' })
    const page = await context.newPage()
    await page.goto('/zh-hant/')
    await hydrated(page)
    await expect(page.locator('[data-language-suggestion]')).toHaveCount(0)
    await context.close()
  })
})

/**
 * Every page in every language at 375 px, where the longest words wrap and the menu folds; at 1280 px
 * every page once, the languages taking turns, so each language is seen wide too. What axe finds
 * that depends on the language (its `lang`, a label or name left empty) shows at either width; the
 * English pages are checked at both widths by their own specs.
 */
const AXE_RUNS = [
  ...OTHER_LOCALES.flatMap(({ code }) => [...PAGES, '/no-such-page'].map((path) => ({ code, path, viewport: MOBILE }))),
  ...[...PAGES, '/no-such-page'].map((path, i) => ({ code: OTHER_LOCALES[i % OTHER_LOCALES.length]!.code, path, viewport: DESKTOP })),
]

test.describe('accessibility (axe) in every language: no serious or critical violations', () => {
  // One test per page: a whole language's pages in one test outlasted its time on a busy machine.
  for (const { code, path, viewport } of AXE_RUNS) {
    test(`${localizePath(path, code)} at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto(localizePath(path, code))
      await hydrated(page)
      await expectNoSeriousAxeViolations(page, localizePath(path, code))
    })
  }
})

test('the W3C HTML checker finds no errors on the pages in every language', async ({ request }) => {
  test.setTimeout(240_000)
  expect(await w3cErrors(request, OTHER_LOCALES.flatMap(({ code }) => [...PAGES, '/no-such-page'].map((p) => localizePath(p, code))))).toEqual([])
})
