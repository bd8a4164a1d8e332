import { expect } from '@playwright/test'
import { test } from './test.ts'
import ICAL from 'ical.js'
import { tripSundays } from './tour-dates.ts'
import { chooseSlot, policyConsent } from './booking-steps.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'
import { logInAsAdmin } from './admin-login.ts'
import { openBookingDetails } from './booking-search.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'

// On a 375 px phone (docs/decisions/0050): the guest books ticking the consent, the
// admin sees it in the booking's dialog, and the guide takes the private calendar link from
// Settings and replaces it.
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, reducedMotion: 'reduce' })

const [TOUR_DATE] = tripSundays()
const CONSENT_MESSAGE = 'Please accept the cancellation policy and terms to book'

test('a guest must tick the consent to book, and the admin sees when and which version they accepted', async ({ page }) => {
  await page.goto('/booking')
  await hydrated(page)
  await chooseSlot(page, TOUR_DATE, /^Afternoon · 2:00 PM/)
  await page.getByLabel('Full Name').fill('Consenting Guest')
  await page.getByLabel('Email').fill('consenting@example.com')
  await page.getByLabel('Phone Number').fill('+81 90-2222-3333')
  await page.getByLabel('Number of People').fill('2')

  // The policy and terms are a tap away, in a new tab, so the details stay.
  const consent = policyConsent(page)
  await expect(page.getByRole('link', { name: 'cancellation policy' })).toHaveAttribute('href', '/legal#cancellation')
  await expect(page.getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/legal')
  await expect(page.getByRole('link', { name: 'cancellation policy' })).toHaveAttribute('target', '_blank')

  // Without the tick: the message on the box, focus on it, nothing sent.
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByText(CONSENT_MESSAGE)).toBeVisible()
  await expect(consent).toHaveAttribute('aria-invalid', 'true')
  await expect(consent).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'details with the consent error (375 px)')

  await consent.check()
  await expect(page.getByText(CONSENT_MESSAGE)).toBeHidden()
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByRole('heading', { name: 'Your slot is held: payment is needed' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Continue to Payment' })).toHaveAttribute('href', /^\/checkout\/[0-9A-Z]{12}$/)

  // The server refuses a booking without it whichever way it comes: the form post and the data request as well as the API.
  const fields = { name: 'Sneaky Guest', email: 'sneaky@example.com', phone: '+81 90-4444-5555', numberOfPeople: '2', tourPackageId: '1', tourDate: TOUR_DATE, tourTime: 'morning' }
  for (const url of ['/booking', '/booking.data']) {
    const res = await page.request.post(url, { form: fields, maxRedirects: 0 })
    expect(res.status(), url).toBe(400)
    expect(await res.text(), url).toContain(CONSENT_MESSAGE)
  }
  const api = await page.request.post('/api/bookings', { data: { ...fields, acceptPolicy: false } })
  expect(api.status()).toBe(400)
  expect((await api.json()).errors).toEqual({ acceptPolicy: CONSENT_MESSAGE })

  await logInAsAdmin(page)
  const found = await (await page.request.get(`/api/bookings?q=${encodeURIComponent('Consenting Guest')}`)).json()
  expect(found.total).toBe(1)
  const id = found.items[0].id as number
  expect(found.items[0].policyVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  const dialog = await openBookingDetails(page, id)
  await expect(dialog).toContainText(`Accepted the cancellation policy and terms (version ${found.items[0].policyVersion}) on`)
  await expectNoSeriousAxeViolations(page, 'booking dialog with the consent (375 px)')
})

test('the guide takes the calendar link from Settings, and replacing it stops the old one at once', async ({ page }) => {
  await logInAsAdmin(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click()
  const panel = page.getByRole('region', { name: 'Calendar subscription' })
  // A new site has no link until the guide makes one (no GET request makes it).
  await expect(panel.getByText('No calendar link yet.')).toBeVisible()
  await panel.getByRole('button', { name: 'Create Calendar Link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Calendar link created' }).first()).toBeVisible()
  const link = panel.getByLabel('Calendar link')
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
  const first = await link.inputValue()
  await expectNoSeriousAxeViolations(page, 'settings with the calendar link (375 px)')

  const feed = await page.request.get(first)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(feed.headers()['cache-control']).toBe('no-store')
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()))
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/: bookings$/)

  await panel.getByRole('button', { name: 'Replace Link' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace Link' }).click()
  await expect(link).not.toHaveValue(first)
  await expect(page.getByRole('status').filter({ hasText: 'Calendar link replaced' }).first()).toBeVisible()
  const second = await link.inputValue()
  expect((await page.request.get(first)).status()).toBe(404)
  expect((await page.request.get(second)).status()).toBe(200)

  // Never offered to search engines.
  expect(await (await page.request.get('/robots.txt')).text()).toContain('Disallow: /calendar/')
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain('/calendar/')
})

test('without script the guide replaces the calendar link after the question under its button (375 px)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
  const page = await context.newPage()
  expect((await context.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  await page.goto('/admin/settings')
  const panel = page.getByRole('region', { name: 'Calendar subscription' })
  const link = panel.getByRole('textbox', { name: 'Calendar link' })
  if ((await link.count()) === 0) await panel.getByRole('button', { name: 'Create Calendar Link' }).click()
  const first = await link.inputValue()
  // Copying needs script: without it the button is not offered.
  await expect(panel.getByRole('button', { name: 'Copy Link' })).toHaveCount(0)
  await panel.locator('summary', { hasText: 'Replace Link' }).click()
  const question = panel.getByRole('group', { name: 'Replace the calendar link?' })
  await expect(question).toContainText('The current link stops working at once')
  await question.getByRole('button', { name: 'Replace Link' }).click()
  await expect(link).not.toHaveValue(first)
  expect((await page.request.get(first)).status()).toBe(404)
  expect((await page.request.get(await link.inputValue())).status()).toBe(200)
  await context.close()
})
