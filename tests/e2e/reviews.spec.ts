import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { addDays, todayInTokyo } from '../../core/dates.ts'
import { migrateDatabase, openDatabase } from '../../server/db/client.ts'
import { seedDatabase } from '../../server/db/seed.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'
import { emailTo } from './outbox-mail.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'
import { insertBookings } from '../booking-fixture.ts'

// docs/decisions/0063: the day after a paid tour, its guest gets an e-mail with a
// private link; on a phone they write a review, meet a validation error, fix it and send it;
// the guide approves it and replies in the dashboard. A server of its own, on a data folder
// prepared before it starts with a tour that took place yesterday (a tour in the past cannot
// be booked through the site, and PGlite allows one process per data folder).
test.use({ reducedMotion: 'reduce' })

const GUEST = 'reviewing.guest@example.com'
const ADMIN = { username: 'review-admin', password: 'review-admin-password' }
const TITLE = 'Snow, sake and a castle'
let server: OwnServer
let dataDir: string

test.beforeAll(async () => {
  test.setTimeout(180_000)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-e2e-reviews-'))
  const database = await openDatabase({ dataDir })
  try {
    await migrateDatabase(database, { dataDir })
    await seedDatabase(database.db)
    const yesterday = addDays(todayInTokyo(new Date()), -1)
    await insertBookings(database.db, {
      reference: 'REVIEWTOUR01',
      name: 'Aiko Tanaka',
      email: GUEST,
      phone: '+81 90 1234 5678',
      numberOfPeople: 2,
      tourPackageId: 1,
      tourDate: yesterday,
      tourTime: 'morning',
      status: 'paid',
      totalPrice: 14300,
      paidAt: new Date(),
    })
  } finally {
    await database.close()
  }
  server = await startOwnServer('reviews', { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SIMULATED_PAYMENTS: 'true' })
})

test.afterAll(async () => {
  await server?.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

async function logIn(page: Page) {
  await page.goto(`${server.baseURL}/admin/login`)
  await page.getByLabel('Username', { exact: true }).fill(ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
}

test('a guest reviews their tour from the e-mail on a 375 px phone; the guide approves and replies at 1280 px', async ({ page }) => {
  test.setTimeout(120_000)
  // Nine full axe scans of rich pages: on a machine shared by other suites each can take tens of
  // seconds, so the journey gets three times the time (test.slow) rather than fewer checks.
  test.slow()
  const mail = await emailTo(GUEST, /How was your/, dataDir)
  const link = new URL(/(http\S+\/review\/[0-9A-Z]{26})(?=\s)/.exec(mail.text ?? '')![1]!)

  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`${server.baseURL}${link.pathname}`)
  await expect(page.getByRole('heading', { name: 'Review your tour', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Name to show')).toHaveValue('Aiko T.')
  await expectNoSeriousAxeViolations(page, 'review form at 375 px')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  await page.getByRole('radio', { name: '5 stars' }).check()
  await page.getByLabel('Title').fill(TITLE)
  // The limits show as the guest types.
  await page.getByLabel('Your review', { exact: true }).fill('Too short')
  await expect(page.getByText('9 of 20–2000 characters')).toBeVisible()
  await page.getByLabel('Country (optional)').fill('Japan')
  await page.getByRole('checkbox', { name: /I agree that my review/ }).check()
  await page.getByRole('button', { name: 'Send my review' }).click()
  await expect(page.getByText('Please write at least 20 characters about your tour')).toBeVisible()
  await expect(page.getByLabel('Your review', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousAxeViolations(page, 'review form with an error')

  await page.getByLabel('Your review', { exact: true }).fill('<b>Wonderful</b> day: the castle in the snow, then sake at a brewery.')
  await page.getByRole('button', { name: 'Send my review' }).click()
  await expect(page.getByRole('heading', { name: 'Thank you for your review' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'review sent')

  // The same link, later: the review to change, for 14 days.
  await page.goto(`${server.baseURL}${link.pathname}`)
  await expect(page.getByRole('heading', { name: 'Change your review' })).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(TITLE)
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectNoSeriousAxeViolations(page, 'review form at 1280 px')

  // The guide, at 1280 px: a badge on the tab, approve, reply.
  await page.setViewportSize({ width: 1280, height: 900 })
  await logIn(page)
  await expect(page.getByTestId('reviews-badge')).toHaveText('1 new')
  await page.getByRole('navigation').getByRole('link', { name: /Reviews/ }).click()
  const item = page.getByRole('listitem').filter({ hasText: TITLE })
  await expect(item.getByText('<b>Wonderful</b> day')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'reviews tab')
  await item.getByRole('button', { name: "Approve Aiko Tanaka's review" }).click()
  await expect(item.getByText('Published', { exact: true })).toBeVisible()
  await expect(page.getByTestId('reviews-badge')).toHaveCount(0)
  await item.getByLabel("Public reply to Aiko Tanaka's review").fill('Thank you, Aiko! Come back for the cherry blossoms.')
  await item.getByRole('button', { name: 'Save reply' }).click()
  await expect(page.getByText('Reply saved').first()).toBeVisible()
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoSeriousAxeViolations(page, 'reviews tab at 375 px')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  // Public now: on /reviews (at 1280 and 375 px) and /packages, with the guide's reply, the
  // markup the guest typed shown as text, and the average beside the prices.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${server.baseURL}/reviews`)
    const review = page.getByRole('listitem').filter({ hasText: TITLE })
    await expect(review.getByRole('heading', { name: TITLE })).toBeVisible()
    await expect(review.getByText('<b>Wonderful</b> day: the castle in the snow')).toBeVisible()
    await expect(review.getByText('Reply from the guide')).toBeVisible()
    await expect(review.getByText('Thank you, Aiko! Come back for the cherry blossoms.')).toBeVisible()
    await expect(review.getByText('Verified booking')).toBeVisible()
    await expect(review.getByRole('img', { name: '5 of 5 stars' })).toBeVisible()
    await expect(page.getByText('5 out of 5 from 1 review')).toBeVisible()
    await expectNoSeriousAxeViolations(page, `/reviews at ${width} px`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(jsonLd.some((text) => text.includes('"AggregateRating"') && text.includes('"reviewCount":1'))).toBe(true)

  await page.goto(`${server.baseURL}/packages`)
  await expect(page.getByRole('heading', { name: 'What guests say' })).toBeVisible()
  await expect(page.getByText('Thank you, Aiko! Come back for the cherry blossoms.')).toBeVisible()
  await expect(page.locator('#prices').getByText('5 out of 5 from 1 review')).toBeVisible()
  await expectNoSeriousAxeViolations(page, '/packages with a review at 375 px')

  // And on the home page, written as HTML by its loader (docs/decisions/0064), in each language,
  // the markup the guest typed still shown as text, and nothing broken once the page's scripts run.
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  for (const [path, heading] of [['/', 'What guests say'], ['/ja/', null]] as const) {
    await page.goto(`${server.baseURL}${path}`)
    const section = page.locator('section[aria-labelledby="reviews-heading"]')
    if (heading) await expect(section.getByRole('heading', { name: heading })).toBeVisible()
    await expect(section.getByText('<b>Wonderful</b> day: the castle in the snow')).toBeVisible()
    await expect(section.getByText('Thank you, Aiko! Come back for the cherry blossoms.')).toBeVisible()
    await expect(section.getByRole('link')).toHaveAttribute('href', path === '/' ? '/reviews' : '/ja/reviews')
    await expect(page.locator('section[aria-labelledby="prices-heading"]').getByRole('img', { name: /5/ })).toBeVisible()
    await hydrated(page)
    await expectNoSeriousAxeViolations(page, `${path} with a review at 375 px`)
  }
  const homeJsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(homeJsonLd.some((text) => text.includes('"AggregateRating"'))).toBe(true)
  expect(errors).toEqual([])

  // A review the guide copies from another site is shown, labelled, but the page's markup counts
  // only the site's own (docs/decisions/0073): still one review of 5 stars.
  // The Reviews section's own form, posted without script: answered with the way back to the page.
  const external = await page.request.post(`${server.baseURL}/admin/reviews`, {
    form: { intent: 'addExternal', source: 'Tripadvisor', sourceUrl: '', reviewDate: addDays(todayInTokyo(new Date()), -30), rating: '3', title: 'Copied from elsewhere', text: 'A fine day out, though it rained all afternoon.', displayName: 'Sam', country: '', locale: 'en' },
    maxRedirects: 0,
  })
  expect(external.status(), await external.text()).toBe(302)
  await page.goto(`${server.baseURL}/reviews`)
  await expect(page.getByRole('listitem').filter({ hasText: 'Copied from elsewhere' }).getByText('Review from Tripadvisor')).toBeVisible()
  const markup = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as { aggregateRating?: { ratingValue: number; reviewCount: number }; review?: { name: string }[] })
  const rated = markup.filter((ld) => ld.aggregateRating)
  expect(rated.map((ld) => [ld.aggregateRating!.ratingValue, ld.aggregateRating!.reviewCount, ld.review!.map((r) => r.name)])).toEqual([[5, 1, [TITLE]]])
})
