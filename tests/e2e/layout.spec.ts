import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { hydrated } from './hydration.ts'

// What a newcomer ran into (docs/decisions/0030): layout defects seen in a browser.
test.use({ reducedMotion: 'reduce' })

const PUBLIC_PAGES = ['/', '/about', '/packages', '/explore', '/how-it-works', '/tokyo-day-trip', '/contact', '/booking', '/legal', '/privacy', '/booking-confirmation', '/no-such-page']
const ADMIN_TABS = ['bookings', 'calendar', 'messages', 'notifications', 'reviews', 'users', 'photos', 'revenue', 'settings']

async function login(page: Page) {
  const res = await page.request.post('/api/login', { data: E2E_ADMIN })
  expect(res.status()).toBe(200)
}

/** How far the document reaches past the viewport's width: 0 when nothing scrolls sideways. */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

  test('no public page scrolls sideways', async ({ page }) => {
    for (const path of PUBLIC_PAGES) {
      await page.goto(path)
      await hydrated(page)
      expect(await sidewaysOverflow(page), path).toBe(0)
    }
  })

  test('no admin page scrolls sideways, and every dashboard tab is on screen', async ({ page }) => {
    await page.goto('/admin/login')
    expect(await sidewaysOverflow(page), '/admin/login').toBe(0)
    await login(page)
    for (const tab of ADMIN_TABS) {
      // A notification and a message, so the tabs carry their unread badges: one for each tab, since
      // other specs on the shared server mark messages read.
      const sent = await page.request.post('/api/contact', { data: { name: 'Layout Visitor', email: 'layout@example.com', phone: '', message: 'Is the castle open in winter?' } })
      expect(sent.status()).toBe(201)
      await page.goto(`/admin/dashboard?tab=${tab}`)
      await expect(page.getByRole('navigation').locator('[aria-current="page"]')).toHaveAttribute('href', `/admin/${tab}`)
      await expect(page.getByTestId('messages-badge')).toBeVisible()
      expect(await sidewaysOverflow(page), tab).toBe(0)
      for (const t of await page.getByRole('navigation').getByRole('link').all()) {
        const box = (await t.boundingBox())!
        expect(box.x, await t.innerText()).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, await t.innerText()).toBeLessThanOrEqual(360)
      }
    }
  })

  test('booking on a phone: no step wraps, no arrow-key advice, the summary before Create Booking', async ({ page }) => {
    await page.goto('/booking')
    await hydrated(page)
    const steps = page.getByRole('list', { name: 'Booking steps' }).getByRole('listitem')
    // A step that wraps is two lines tall: as tall as its line height, not twice.
    const tall = await steps.evaluateAll((items) => items.filter((li) => li.getBoundingClientRect().height > parseFloat(getComputedStyle(li).lineHeight) * 1.5).map((li) => li.textContent))
    expect(tall).toEqual([])
    await expect(page.getByText('Use the arrow keys')).toBeHidden()

    // Any open date and time will do: nothing is booked here.
    // Next month always has open weekends (this one may be past its lead time).
    await page.getByRole('button', { name: /^Next month/ }).click()
    await page.getByRole('grid').getByRole('button', { name: /slots? available/ }).first().click()
    await page.getByRole('radio', { disabled: false }).first().check()
    await page.getByRole('button', { name: 'Continue to Booking Details' }).click()
    const summary = page.getByRole('complementary', { name: 'Booking summary' })
    const create = page.getByRole('button', { name: 'Create Booking' })
    expect((await summary.boundingBox())!.y).toBeLessThan((await create.boundingBox())!.y)
  })
})

test('opening /booking directly leaves the focus where it is, not on the heading', async ({ page }) => {
  await page.goto('/booking')
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'Choose a date and time' })).not.toBeFocused()
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY')
})

test('/admin without a session shows the login page, not "Access denied"', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  // The toast would come after hydration: let the page settle first.
  await page.waitForLoadState('networkidle')
  await expect(page.getByText('Access denied')).toHaveCount(0)
})

test('admin calendar: past weekends are not Free and have no Edit link', async ({ page }) => {
  await login(page)
  // A month wholly past: every weekend of it is over.
  await page.goto('/admin/dashboard?tab=calendar&month=2024-01')
  const day = page.locator('li[data-date="2024-01-06"]')
  await expect(day).toBeVisible()
  await expect(day.getByRole('link', { name: /Open or close slots/ })).toHaveCount(0)
  await expect(day.getByRole('link', { name: /Call off/ })).toHaveCount(0)
  await expect(day.getByText('Free', { exact: true })).toHaveCount(0)
})

test('admin notifications: Delete is a quiet button and still asks first', async ({ page }) => {
  await page.request.post('/api/contact', { data: { name: 'Quiet Delete', email: 'quiet@example.com', phone: '', message: 'Hello there, a question.' } })
  await login(page)
  await page.goto('/admin/dashboard?tab=notifications')
  const del = page.getByRole('button', { name: /^Delete/ }).first()
  await expect(del).toBeVisible()
  // No solid red block down the list: a white button with red text.
  const background = await del.evaluate((b) => getComputedStyle(b).backgroundColor)
  expect(background).toBe('rgb(255, 255, 255)')
  await del.click()
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toContainText('Delete this notification?')
})

test('admin: every 30 s the badges alone are read, and the page loads again only when one has changed (docs/decisions/0090)', async ({ page }) => {
  await page.clock.install()
  await login(page)
  await page.goto('/admin/settings')
  await hydrated(page)
  let checks = 0
  let sectionReads = 0
  page.on('request', (request) => {
    if (request.method() !== 'GET') return
    const path = new URL(request.url()).pathname
    if (path.startsWith('/admin/badges')) checks += 1
    if (path.startsWith('/admin/settings')) sectionReads += 1
  })
  /** The counts the page shows (a badge shows only a count above 0). */
  const shown = async () => {
    const counts: Record<string, number> = {}
    for (const section of ['messages', 'notifications', 'reviews']) {
      const badge = page.getByTestId(`${section}-badge`)
      counts[section] = (await badge.count()) ? Number(/\d+/.exec((await badge.textContent()) ?? '')![0]) : 0
    }
    return counts
  }

  // Other specs share this server, so something may have come in since the page loaded: the page
  // loads again exactly when its counts change. Nothing new, and only the three counts were read,
  // not the twelve things Settings shows.
  const before = await shown()
  await page.clock.runFor(30_000)
  await expect.poll(() => checks).toBeGreaterThanOrEqual(1)
  await page.waitForTimeout(1_000)
  if (JSON.stringify(await shown()) === JSON.stringify(before)) expect(sectionReads).toBe(0)
  else expect(sectionReads).toBeGreaterThanOrEqual(1)

  // A guest's message arrives: the next check sees the count change, and the page loads again with it.
  // (A page loaded again reads the badges' fetcher again too, so the checks are counted from here.)
  const reads = sectionReads
  const checksBefore = checks
  const messages = (await shown()).messages!
  expect((await page.request.post('/api/contact', { data: { name: 'Poll Visitor', email: 'poll@example.com', phone: '', message: 'Is the morning tour on next Sunday?' } })).status()).toBe(201)
  await page.clock.runFor(30_000)
  await expect.poll(() => checks).toBeGreaterThan(checksBefore)
  await expect.poll(() => sectionReads).toBeGreaterThan(reads)
  await expect.poll(async () => (await shown()).messages).toBeGreaterThan(messages)
})
