import { type Page, expect } from '@playwright/test'
import { test } from './test.ts'
import { todayInTokyo } from '../../core/dates.ts'
import { DEFAULT_CATALOGUE, isPromotionOpen } from '../../core/pricing.ts'
import { hydrated } from './hydration.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { w3cErrors } from './w3c.ts'

/**
 * The public website: every marketing page with its content, the shared
 * chrome, the mobile menu, the carousel, accessibility, server rendering without
 * JavaScript, internal links and valid HTML. Runs against the production build with a
 * fresh database, so prices are the seeded catalogue (docs/decisions/0019).
 */

type PublicPage = { path: string; h1: string | RegExp; texts: (string | RegExp)[]; title: RegExp; status?: number }

const PAGES: PublicPage[] = [
  {
    path: '/',
    h1: 'Come as a visitor, leave as a friend',
    title: /Private Tours in Joetsu/,
    texts: [
      'Experience Authentic Joetsu',
      'Why Experience Joetsu with a Local',
      'Authentic Connection',
      'Personalized Just For You',
      'Discover Hidden Gems',
      'Private Tour Prices',
      '¥14,300',
      '¥22,000',
      'The Joetsu Homemaker',
      'The Joetsu Hobbyist',
      'Get Inspired',
      'Make Contact',
      'We Plan Together',
      'Enjoy Your Day',
    ],
  },
  {
    path: '/about',
    h1: 'Meet Your Guide',
    title: /Meet Your Guide/,
    texts: ['Hello, and welcome to my hometown', 'About Joetsu', 'Kasugayama'],
  },
  {
    path: '/explore',
    h1: 'Explore Joetsu',
    title: /Explore Joetsu/,
    texts: ['Shopping', 'Food', 'Lifestyle', 'Culture', 'Takahashi Magozaemon Shoten', 'Kasugayama Castle ruins'],
  },
  {
    path: '/packages',
    h1: 'Our Curated Joetsu Experiences',
    title: /Curated Experiences/,
    texts: [
      'The Joetsu Homemaker',
      'The Joetsu Hobbyist',
      'The Joetsu Kiddo',
      'The Joetsu Explorer',
      'Prices and Information',
      '¥14,300',
      '+ ¥2,200 per additional guest',
    ],
  },
  {
    path: '/how-it-works',
    h1: 'Planning Your Joetsu Day',
    title: /How It Works/,
    texts: ['Get Inspired', 'Make Contact', 'We Plan Together', 'Enjoy Your Day'],
  },
  {
    path: '/legal',
    h1: /特定商取引法に基づく表記/,
    title: /Legal Notice/,
    texts: ['販売業者', 'Seller', 'Operations manager', 'Payment method', 'Cancellation', 'Returns', '¥14,300', 'Credit card'],
  },
  {
    path: '/privacy',
    h1: /Privacy Notice/,
    title: /Privacy Notice/,
    texts: ['Who we are', 'Processors, including abroad', 'How long we keep it', 'Cookies', '個人情報取扱事業者'],
  },
  {
    // Reviews (docs/decisions/0063): this server has none approved, so the page says so and claims no rating.
    path: '/reviews',
    h1: 'What guests say',
    title: /Reviews from our guests/,
    texts: ['No reviews to show yet.', 'Written in', 'Show reviews'],
  },
  {
    path: '/tokyo-2h-joetsu-day-trip',
    h1: 'From Tokyo to Joetsu in 2 Hours',
    title: /From Tokyo to Joetsu in 2 Hours/,
    texts: ['Getting there: the bullet train to Joetsu-Myoko', 'A relaxed two-day itinerary', 'Hokuriku Shinkansen'],
  },
  {
    path: '/this-page-does-not-exist',
    h1: '404 Page Not Found',
    title: /404 Page Not Found/,
    texts: ['Back to the home page'],
    status: 404,
  },
]

const MOBILE = { width: 375, height: 740 }
const DESKTOP = { width: 1280, height: 800 }

function textLocator(page: Page, text: string | RegExp) {
  return page.getByRole('main').getByText(text).first()
}

test.describe('public pages', () => {
  for (const p of PAGES) {
    test(`${p.path} shows its content inside the shared layout`, async ({ page }) => {
      const response = await page.goto(p.path)
      expect(response?.status()).toBe(p.status ?? 200)
      await expect(page).toHaveTitle(p.title)
      await expect(page.locator('h1')).toHaveCount(1)
      await expect(page.getByRole('heading', { level: 1, name: p.h1 })).toBeVisible()
      for (const text of p.texts) await expect(textLocator(page, text)).toBeVisible()

      // Shared chrome: header with the main navigation, footer, floating WhatsApp button.
      const nav = page.getByRole('banner')
      await expect(nav.getByRole('link', { name: /home$/ }).first()).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
      await expect(page.getByRole('contentinfo').getByRole('link', { name: /Legal Notice/ })).toHaveAttribute('href', '/legal')
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/login')
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Notice' })).toHaveAttribute('href', '/privacy')
      const floating = page.getByRole('link', { name: 'Chat on WhatsApp' })
      await expect(floating).toBeVisible()
      await expect(floating).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.+/)
      await expect(page.locator('main#main')).toHaveCount(1)
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main')

      // Search metadata: description, canonical and Open Graph on every page.
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1)
      await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1)
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
      expect(new URL(canonical ?? '').pathname).toBe(p.path)
    })
  }

  test('the desktop header links every section, with Book Now to /booking', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/about')
    const main = page.getByRole('navigation', { name: 'Main' })
    for (const [name, href] of [
      ['Home', '/'],
      ['Guide', '/about'],
      ['Explore Joetsu', '/explore'],
      ['Packages', '/packages'],
      ['How It Works', '/how-it-works'],
      ['Contact', '/contact'],
      ['Book Now', '/booking'],
    ] as const) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(main.getByRole('link', { name: 'Guide', exact: true })).toHaveAttribute('aria-current', 'page')

    // Client-side navigation between server-rendered pages.
    await hydrated(page)
    await main.getByRole('link', { name: 'Explore Joetsu', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Joetsu' })).toBeVisible()
    await expect(page).toHaveTitle(/Explore Joetsu/)
    await main.getByRole('link', { name: 'Packages', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Our Curated Joetsu Experiences' })).toBeVisible()
    await expect(page.getByRole('main').getByText('¥14,300').first()).toBeVisible()
    await expect(page).toHaveTitle(/Curated Experiences/)
    // The head follows: the page's loader writes its tags (docs/decisions/0060).
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/packages$/)
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/packages$/)
  })

  test('the header gains a shadow once the page is scrolled more than 10 px', async ({ page }) => {
    await page.goto('/explore')
    await hydrated(page)
    const header = page.getByRole('banner')
    await expect(header).toHaveAttribute('data-scrolled', 'false')
    await page.evaluate(() => window.scrollTo(0, 300))
    await expect(header).toHaveAttribute('data-scrolled', 'true')
    await expect(header).toHaveClass(/shadow-md/)
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(header).toHaveAttribute('data-scrolled', 'false')
  })

  test('/admin/login renders without the public header, footer or floating button', async ({ page }) => {
    await page.goto('/admin/login')
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /Legal Notice/ })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveCount(0)
  })

  test('prices come from the catalogue, tax included, and the solo special only while it runs', async ({ page }) => {
    const promoOpen = isPromotionOpen(DEFAULT_CATALOGUE.halfDay, todayInTokyo(new Date()))
    for (const path of ['/', '/packages', '/legal']) {
      await page.goto(path)
      const main = page.getByRole('main')
      await expect(main.getByText('¥14,300').first()).toBeVisible()
      await expect(main.getByText('¥22,000').first()).toBeVisible()
      await expect(main.getByText(/¥2,200/).first()).toBeVisible()
      await expect(main.getByText(/¥4,400/).first()).toBeVisible()
      if (path !== '/legal') {
        // The seeded catalogue's own wording: the cards are filled from the database row.
        await expect(main.getByText('About 5 hours in Joetsu, planned around your interests.').first()).toBeVisible()
      }
      if (promoOpen) await expect(main.getByText(/¥8,800/).first()).toBeVisible()
      else await expect(main.getByText(/¥8,800|Solo special/)).toHaveCount(0)
    }
  })
})

test.describe('mobile menu', () => {
  test.use({ viewport: MOBILE })

  test('opens with the toggle, marks the body and closes on navigation', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()

    await toggle.click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    await expect(page.locator('body')).toHaveClass(/\bnav-open\b/)
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    await expect(menu.getByRole('link', { name: 'Contact via WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\//)
    await expect(menu.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking')
    // Every page a guest may look for is in the menu, not only in the footer at the end of a long page.
    await expect(menu.getByRole('link', { name: 'Gift Vouchers' })).toHaveAttribute('href', '/gift')
    await expect(menu.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/reviews')

    await menu.getByRole('link', { name: 'Packages' }).click()
    await expect(page).toHaveURL(/\/packages$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Our Curated Joetsu Experiences' })).toBeVisible()
    await expect(menu).toBeHidden()
    await expect(page.locator('body')).not.toHaveClass(/\bnav-open\b/)
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
  })

  test('closes with Escape and returns focus to the toggle', async ({ page }) => {
    await page.goto('/explore')
    await hydrated(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.locator('body')).toHaveClass(/\bnav-open\b/)
    await page.keyboard.press('Escape')
    await expect(page.locator('body')).not.toHaveClass(/\bnav-open\b/)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  })
})

test.describe('hero carousel', () => {
  const slideHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

  test('advances every 5 seconds, loops, and the dots and arrows jump to a slide', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await hydrated(page)
    await page.mouse.move(0, 0)
    await expect(slideHeading(page, 'Experience Authentic Joetsu')).toBeVisible()
    await expect(slideHeading(page, 'Explore Historical Sites')).toBeHidden()

    await page.clock.runFor(5_100)
    await expect(slideHeading(page, 'Explore Historical Sites')).toBeVisible()
    await expect(slideHeading(page, 'Experience Authentic Joetsu')).toBeHidden()

    // Dots jump straight to a slide and mark it as current.
    const dot = page.getByRole('button', { name: 'Show slide 5: Relax at Scenic Cafés' })
    await dot.click()
    await expect(slideHeading(page, 'Relax at Scenic Cafés')).toBeVisible()
    await expect(dot).toHaveAttribute('aria-current', 'true')

    // The last slide loops back to the first.
    await page.getByRole('button', { name: 'Show slide 6: Mountain Landscapes' }).click()
    await expect(slideHeading(page, 'Mountain Landscapes')).toBeVisible()
    await page.getByRole('button', { name: 'Next slide' }).click()
    await expect(slideHeading(page, 'Experience Authentic Joetsu')).toBeVisible()
    await page.getByRole('button', { name: 'Previous slide' }).click()
    await expect(slideHeading(page, 'Mountain Landscapes')).toBeVisible()

    // Arrow keys move between slides while focus is in the carousel.
    await page.getByRole('button', { name: 'Previous slide' }).focus()
    await page.keyboard.press('ArrowLeft')
    await expect(slideHeading(page, 'Breathtaking Cherry Blossoms')).toBeHidden()
    await expect(slideHeading(page, 'Relax at Scenic Cafés')).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(slideHeading(page, 'Mountain Landscapes')).toBeVisible()
  })

  test('the pause button stops the rotation', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('button', { name: 'Pause slideshow' }).click()
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
    // Move focus and pointer out of the carousel: it must stay paused anyway.
    await page.mouse.move(0, 0)
    await page.getByRole('link', { name: 'View Experiences' }).focus()
    await page.clock.runFor(12_000)
    await expect(slideHeading(page, 'Experience Authentic Joetsu')).toBeVisible()

    await page.getByRole('button', { name: 'Play slideshow' }).click()
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible()
    // Rotation also waits while the pointer or focus is in the carousel: move both away.
    await page.mouse.move(0, 0)
    await page.getByRole('link', { name: 'View Experiences' }).focus()
    await page.clock.runFor(5_100)
    await expect(slideHeading(page, 'Explore Historical Sites')).toBeVisible()
  })

  test('does not rotate by itself when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.clock.install()
    await page.goto('/')
    await hydrated(page)
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
    await page.clock.runFor(12_000)
    await expect(slideHeading(page, 'Experience Authentic Joetsu')).toBeVisible()
  })
})

test('the Explore page opens on a sketch map whose pins lead to each kind of place', async ({ page }) => {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await page.goto('/explore')
    const map = page.getByRole('navigation', { name: 'Sketch map of Joetsu: where each kind of place is found' })
    // In the page's head, beside (or under) its heading, drawn here: no map tiles or scripts from elsewhere.
    await expect(page.getByRole('region', { name: 'Explore Joetsu' }).getByRole('navigation', { name: /^Sketch map/ })).toBeVisible()
    await expect(map.locator('svg[viewBox="0 0 400 300"]')).toHaveAttribute('aria-hidden', 'true')
    expect(await map.locator('img, image, iframe, script').count()).toBe(0)
    await expect(map.getByRole('link')).toHaveCount(4)
    // Every pin is a target a thumb can hit, and none hides another.
    const boxes = await Promise.all((await map.getByRole('link').all()).map(async (link) => (await link.boundingBox())!))
    for (const [i, a] of boxes.entries()) {
      expect(a.height).toBeGreaterThanOrEqual(44)
      for (const b of boxes.slice(i + 1)) expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true)
    }
    await map.getByRole('link', { name: /^Food/ }).click()
    await expect(page).toHaveURL(/#food$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Food', exact: true })).toBeInViewport()
  }
})

test('/packages#kid-package scrolls the card into view', async ({ page }) => {
  await page.goto('/packages#kid-package')
  const card = page.locator('#kid-package')
  await expect(card).toBeInViewport()
  await expect(card.getByRole('heading', { name: 'The Joetsu Kiddo' })).toBeVisible()
  await expect(card.getByRole('link', { name: /Inquire About This Idea/ })).toHaveAttribute('href', '/contact?package=kid')
  const explorer = page.locator('#mix-match-package')
  await expect(explorer.getByRole('link', { name: /Tell Us Your Interests/ })).toHaveAttribute('href', '/contact?package=mix-match')
  await expect(explorer.getByRole('link', { name: 'Explore Joetsu' })).toHaveAttribute('href', '/explore')
  await expect(page.locator('#mom-package').getByRole('link', { name: /Inquire About This Idea/ })).toHaveAttribute(
    'href',
    '/contact?package=mom',
  )
  await expect(page.locator('#dad-package').getByRole('link', { name: /Inquire About This Idea/ })).toHaveAttribute(
    'href',
    '/contact?package=dad',
  )

  // Following an in-page link later scrolls smoothly to the card too.
  await page.goto('/')
  await page.getByRole('link', { name: /Discover The Joetsu Hobbyist/ }).click()
  await expect(page).toHaveURL(/\/packages#dad-package$/)
  await expect(page.locator('#dad-package')).toBeInViewport()
})

test('the Tokyo article links to /packages and /booking (docs/decisions/0019) and never to the dead /access or /tours', async ({ page }) => {
  await page.goto('/tokyo-2h-joetsu-day-trip')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Book Your Joetsu Experience' })).toHaveAttribute('href', '/booking')
  await expect(main.locator('a[href="/packages"]').first()).toBeVisible()
  await expect(page.locator('a[href="/access"], a[href="/tours"]')).toHaveCount(0)
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1)
  expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')['@type']).toBe('Article')
})

test('home and packages describe the business and its offers in JPY as JSON-LD', async ({ page }) => {
  for (const path of ['/', '/packages']) {
    await page.goto(path)
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
    expect(blocks.length).toBeGreaterThan(0)
    const objects = blocks.map(
      (text) =>
        JSON.parse(text) as {
          '@type': string
          offers?: { priceCurrency: string; price: number }[]
          makesOffer?: { priceCurrency: string; price: number }[]
        },
    )
    const offers = objects.flatMap((o) => o.offers ?? o.makesOffer ?? [])
    expect(offers.length).toBeGreaterThan(0)
    for (const offer of offers) expect(offer.priceCurrency).toBe('JPY')
    expect(offers.map((o) => o.price)).toContain(14_300)
  }
})

test.describe('accessibility (axe): no serious or critical violations', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    for (const p of PAGES) {
      test(`${p.path} at ${viewport.width} px`, async ({ page }) => {
        await page.setViewportSize(viewport)
        // Reduced motion keeps the carousel still, so no half-faded slide is measured.
        await page.emulateMedia({ reducedMotion: 'reduce' })
        await page.goto(p.path)
        await hydrated(page)
        await expectNoSeriousAxeViolations(page)
      })
    }
  }
})

test.describe('without JavaScript', () => {
  for (const p of PAGES) {
    test(`${p.path} is fully server-rendered`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
      const page = await context.newPage()
      const response = await page.goto(p.path)
      expect(response?.status()).toBe(p.status ?? 200)
      await expect(page.getByRole('heading', { level: 1, name: p.h1 })).toBeVisible()
      for (const text of p.texts) await expect(textLocator(page, text)).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
      await context.close()
    })
  }

  test('the first hero slide and its picture show without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Experience Authentic Joetsu', exact: true })).toBeVisible()
    const img = page.getByRole('img', { name: /Rice terraces/ })
    await expect(img).toBeVisible()
    await expect(img).toHaveAttribute('fetchpriority', 'high')
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
    await context.close()
  })
})

test('images reserve their space, load lazily below the fold, and fall back to a titled placeholder', async ({ page }) => {
  await page.goto('/explore')
  const images = page.locator('main img')
  const count = await images.count()
  expect(count).toBeGreaterThan(3)
  for (let i = 0; i < count; i++) {
    const img = images.nth(i)
    await expect(img).toHaveAttribute('width', /^\d+$/)
    await expect(img).toHaveAttribute('height', /^\d+$/)
    await expect(img).toHaveAttribute('alt', /.{10,}/)
    await expect(img).toHaveAttribute('decoding', 'async')
  }
  await expect(images.last()).toHaveAttribute('loading', 'lazy')

  // A picture that cannot be loaded turns into a placeholder showing its title.
  await page.route('**/images/packages/kiddo.svg', (route) => route.fulfill({ status: 404, body: 'missing' }))
  await page.goto('/packages#kid-package')
  const card = page.locator('#kid-package')
  await expect(card.getByRole('img', { name: /Penguins/ })).toContainText('The Joetsu Kiddo')
  await expect(card.locator('img')).toHaveCount(0)
})

test('every internal link answers, and none leads to a missing page', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  const origin = new URL(baseURL ?? '').origin
  const seen = new Set<string>()
  const queue = ['/']
  const failures: string[] = []
  const fragments: { page: string; id: string; from: string }[] = []
  const htmlByPath = new Map<string, string>()

  while (queue.length > 0) {
    const target = queue.shift() as string
    if (seen.has(target)) continue
    seen.add(target)
    const response = await page.request.get(target, { maxRedirects: 5 })
    if (response.status() >= 400) {
      failures.push(`${target} → ${response.status()}`)
      continue
    }
    const type = response.headers()['content-type'] ?? ''
    if (!type.includes('text/html')) continue
    // Only crawl onwards from public pages; /admin and the booking flow belong to other suites.
    if (target.startsWith('/admin')) continue
    const html = await response.text()
    htmlByPath.set(target, html)
    for (const match of html.matchAll(/<(?:a|link)\b[^>]*?\shref="([^"]+)"|<img\b[^>]*?\ssrc="([^"]+)"/g)) {
      const raw = (match[1] ?? match[2] ?? '').replaceAll('&amp;', '&')
      if (!raw || raw.startsWith('mailto:') || raw.startsWith('tel:')) continue
      const url = new URL(raw, origin + target)
      if (url.origin !== origin) continue
      if (url.hash && url.hash.length > 1) fragments.push({ page: url.pathname, id: decodeURIComponent(url.hash.slice(1)), from: target })
      const next = url.pathname + url.search
      if (!seen.has(next)) queue.push(next)
    }
  }

  expect(failures).toEqual([])
  for (const path of [
    '/',
    '/about',
    '/explore',
    '/packages',
    '/how-it-works',
    '/legal',
    '/tokyo-2h-joetsu-day-trip',
    '/contact',
    '/booking',
    '/privacy',
  ]) {
    expect(seen.has(path), `${path} is linked from the site`).toBe(true)
  }
  // In-page anchors (/packages#mom-package, /explore#food…) point at elements that exist.
  for (const f of fragments) {
    if (f.id === 'main') continue
    const html = htmlByPath.get(f.page)
    if (!html) continue
    expect(html.includes(`id="${f.id}"`), `#${f.id} on ${f.page} (linked from ${f.from})`).toBe(true)
  }
})

test('the W3C HTML checker finds no errors on the public pages', async ({ page }) => {
  test.setTimeout(180_000)
  // The two form pages are not in PAGES (their own specs check their content), but their markup counts too.
  expect(await w3cErrors(page.request, [...PAGES.map((p) => p.path), '/contact', '/booking'])).toEqual([])
})

test('search engines get a sitemap of every public page and a robots.txt that keeps out /admin and /api', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
  const indexable = PAGES.filter((p) => (p.status ?? 200) === 200).map((p) => p.path)
  expect(locs).toEqual(expect.arrayContaining([...indexable, '/contact', '/booking']))
  expect(locs.filter((p) => p.startsWith('/admin') || p.startsWith('/api') || p.startsWith('/checkout'))).toEqual([])
  for (const loc of locs) expect((await request.get(loc)).status(), loc).toBe(200)

  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  const lines = (await robots.text()).split('\n')
  expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /api', `Sitemap: ${baseURL}/sitemap.xml`]))
  // A guest's own pages are kept out in every language, not only at their English paths.
  for (const prefix of ['', '/ja', '/zh-hant', '/zh-hans', '/ko']) {
    for (const path of ['/checkout/', '/booking-confirmation', '/waitlist/', '/review/', '/voucher/']) expect(lines).toContain(`Disallow: ${prefix}${path}`)
  }
})
