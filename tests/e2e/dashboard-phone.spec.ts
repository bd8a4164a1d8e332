import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { test } from './test.ts'
import { addDays, dayOfWeek, todayInTokyo } from '../../core/dates.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { ADMIN_SECTIONS as TABS } from '../../app/components/admin/sections.ts'
import { translate } from '../../server/i18n/catalog.ts'
import { logInAsAdmin } from './admin-login.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'
import { saturdayAhead } from './tour-dates.ts'

/**
 * The dashboard on a 375 px phone (docs/decisions/0075): every tab fits the screen, the calendar
 * starts at this week and shows a booking once, "New booking" offers no past date and says what
 * it refuses in its own words, and a booking paid partly by a promo code and a gift voucher says
 * so in the list and its dialog. A server of its own: its promo code, voucher and bookings meet
 * no other spec, so it books on any Saturday.
 */
let server: OwnServer
let dataDir: string
const SATURDAY = saturdayAhead(14)
const CARD = '4242424242424242'

test.describe.configure({ mode: 'serial' })
test.use({ reducedMotion: 'reduce' })

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-e2e-dashboard-phone-'))
  server = await startOwnServer('dashboard-phone', {
    DATA_DIR: dataDir,
    SIMULATED_PAYMENTS: 'true',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_BOOKINGS_PER_HOUR: '1000',
  })
  const api = await playwright.request.newContext({ baseURL: server.baseURL })
  await setUpBookings(api)
  await api.dispose()
})

test.afterAll(async () => {
  await server?.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The answer's JSON, once its status says it worked. */
async function ok<T = Record<string, string>>(response: Promise<Awaited<ReturnType<APIRequestContext['post']>>>): Promise<T> {
  const answer = await response
  expect(answer.status(), await answer.text()).toBeLessThan(300)
  return (await answer.json()) as T
}

/**
 * A guest's afternoon paid by a promo code (10 % of ¥16,500), a ¥5,000 gift voucher and the card
 * for the rest; and the guide's own morning on the same Saturday.
 */
async function setUpBookings(api: APIRequestContext) {
  await ok(api.post('/api/login', { data: E2E_ADMIN }))
  // The Promo codes section's own form, posted without script: answered with the way back to the page.
  const promo = await api.post('/admin/promo-codes', { form: { intent: 'create', code: 'PHONE-10', kind: 'percent', value: '10', validFrom: '', validTo: '', maxUses: '', tourKind: '', minGroup: '', active: 'on' }, maxRedirects: 0 })
  expect(promo.status(), await promo.text()).toBe(302)
  const voucher = await ok(api.post('/api/vouchers', { data: { choice: 'custom', amount: 5_000, buyerName: 'Mei Chen', buyerEmail: 'mei@example.com', locale: 'en' } }))
  await ok(api.post(`/api/vouchers/${voucher.token}/payment-intent`))
  await ok(api.post(`/api/vouchers/${voucher.token}/simulated-payment`, { data: { cardNumber: CARD } }))
  await ok(api.post(`/api/vouchers/${voucher.token}/payment-success`))
  const { code } = await ok(api.get(`/api/vouchers/${voucher.token}`))
  const packages = await ok<{ id: number; name: string }[]>(api.get('/api/tour-packages'))
  const halfDay = packages.find((p) => p.name === 'Half-Day Private Tour')!.id
  const booking = await ok(
    api.post('/api/bookings', {
      data: { name: 'Voucher Guest', email: 'voucher-guest@example.com', phone: '+44 7700 900123', numberOfPeople: 3, tourPackageId: halfDay, tourDate: SATURDAY, tourTime: 'afternoon', promoCode: 'PHONE-10', voucherCode: code, acceptPolicy: true },
    }),
  )
  await ok(api.post('/api/create-payment-intent', { data: { reference: booking.reference } }))
  await ok(api.post(`/api/bookings/${booking.reference}/simulated-payment`, { data: { cardNumber: CARD } }))
  await ok(api.post(`/api/bookings/${booking.reference}/payment-success`))
  // The guide's own, by the Bookings section's new-booking form (docs/decisions/0088): answered with its pay link's address.
  const made = await api.post('/admin/bookings', {
    form: { intent: 'create', name: 'Morning Guest', email: 'morning-guest@example.com', phone: '', locale: 'en', tourDate: SATURDAY, tourTime: 'morning', tourPackageId: halfDay, numberOfPeople: 2, pricing: 'catalogue', payment: 'confirmed', specialRequests: '' },
    maxRedirects: 0,
  })
  expect(made.status(), await made.text()).toBe(302)
  expect(made.headers()['location']).toMatch(/^\/admin\/bookings\?created=\d+$/)
}

/** Nothing on the page is wider than the screen: no sideways scrolling of the whole page. Soft: every tab is measured. */
async function expectFits(page: Page, width: number, what: string) {
  expect.soft(await page.evaluate(() => document.scrollingElement!.scrollWidth), what).toBeLessThanOrEqual(width)
}

test('at 375 px every tab of the dashboard fits the screen, without a serious accessibility problem', async ({ page }) => {
  test.setTimeout(240_000)
  test.slow()
  await page.setViewportSize({ width: 375, height: 740 })
  await logInAsAdmin(page, server.baseURL)
  for (const { value, label } of TABS) {
    await page.getByRole('navigation').getByRole('link', { name: new RegExp(`^${translate('en', label)}`) }).click()
    const panel = page.getByRole('main')
    await expect(panel).toBeVisible()
    // Each tab loads its data after it opens: measure what it shows, not its "Loading…".
    await expect(panel.getByText(/^Loading/)).toHaveCount(0)
    await expectFits(page, 375, `the ${value} tab`)
    await expectNoSeriousAxeViolations(page, `${value} tab at 375 px`)
  }
})

test('at 375 px the calendar starts at this week and shows a morning booking once', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await logInAsAdmin(page, server.baseURL)
  await page.getByRole('navigation').getByRole('link', { name: 'Calendar View' }).click()
  const weekends = page.getByRole('list', { name: /^Weekends of / })
  await expect(weekends).toBeVisible()
  // The first day shown is in this week (Monday to Sunday, in Japan), never a past weekend of the month.
  const today = todayInTokyo(new Date())
  const monday = addDays(today, -((dayOfWeek(today) + 6) % 7))
  const first = await weekends.locator(':scope > li').first().getAttribute('data-date')
  expect(first! >= monday, `${first} is before this week's Monday ${monday}`).toBe(true)

  // The month of the Saturday, wherever it falls.
  await page.goto(`${server.baseURL}/admin/dashboard?tab=calendar&month=${SATURDAY.slice(0, 7)}`)
  const day = weekends.locator(`[data-date="${SATURDAY}"]`)
  await expect(day.getByRole('button', { name: /Morning Guest/ })).toHaveCount(1)
  await expect(day.getByRole('button', { name: /Voucher Guest/ })).toHaveCount(1)
  // The full day is taken by both halves, and says so without naming them again.
  await expect(day.getByRole('listitem').filter({ hasText: 'Full Day' })).toContainText(/Taken by the (morning|afternoon) booking/)
  await expectFits(page, 375, 'the calendar')
  await expectNoSeriousAxeViolations(page, 'calendar at 375 px')
})

test('at 375 px "New booking" offers no past date, and its refusal is about making a booking', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await logInAsAdmin(page, server.baseURL)
  await page.getByRole('link', { name: 'New Booking' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create booking' })
  const today = todayInTokyo(new Date())
  const date = dialog.getByLabel('Date', { exact: true })
  await expect(date).toHaveAttribute('min', today)
  // A past Saturday typed anyway is not offered as free, and the server's refusal speaks of making it.
  let past = addDays(today, -1)
  while (dayOfWeek(past) !== 6) past = addDays(past, -1)
  await dialog.getByLabel('Guest name').fill('Late Guest')
  await dialog.getByLabel('Email').fill('late@example.com')
  await date.fill(past)
  await expect(dialog.getByLabel('Time slot').locator('option[value="morning"]')).toHaveText(/\(past: cannot be booked\)/)
  await dialog.getByLabel('Tour', { exact: true }).selectOption({ label: 'Half-Day Private Tour' })
  await dialog.getByRole('button', { name: 'Create Booking' }).click()
  await expect(dialog.getByText(/^A booking can be made for a Saturday or Sunday from today until /)).toBeVisible()
  await expect(dialog.getByText(/moved/)).toHaveCount(0)
  await expectFits(page, 375, 'the new booking dialog')
  await expectNoSeriousAxeViolations(page, 'new booking dialog at 375 px')
})

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 900 }]) {
  test(`at ${viewport.width} px a booking paid by promo code, voucher and card says what paid it, in the list and its dialog`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await logInAsAdmin(page, server.baseURL)
    const paidBy = 'card ¥9,850 + voucher ¥5,000 + promo PHONE-10 ¥1,650'
    // The row (a card on a phone) of the booking: what paid it, beside what the card paid.
    const entry = page.locator('[data-booking-id]').filter({ hasText: 'Voucher Guest' }).filter({ visible: true })
    await expect(entry).toHaveCount(1)
    await expect(entry.getByText(paidBy)).toBeVisible()
    await expectFits(page, viewport.width, 'the bookings list')
    await entry.getByRole('link', { name: /^(Details|View)/ }).click()
    const dialog = page.getByRole('dialog', { name: /Voucher Guest/ })
    await expect(dialog.getByText('¥16,500', { exact: true })).toBeVisible()
    await expect(dialog).toContainText(paidBy)
    // No subtotal made up from the parts: only the price and what paid it.
    await expect(dialog).not.toContainText('less')
    await expectFits(page, viewport.width, 'the booking dialog')
    await expectNoSeriousAxeViolations(page, `booking dialog at ${viewport.width} px`)
  })
}
