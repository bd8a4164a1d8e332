import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'
import { test } from './test.ts'
import { formatLongDate, formatMonthTitle } from '../../core/dates.ts'
import { localizeClockText } from '../../core/slots.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { logInAsAdmin } from './admin-login.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { chooseSlot, policyConsent, slotHeldToast } from './booking-steps.ts'
import { hydrated } from './hydration.ts'
import { messagesOf } from './messages.ts'
import { emailTo } from './outbox-mail.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'
import { saturdayAhead } from './tour-dates.ts'

/**
 * docs/decisions/0062: the guide makes a promo code in the dashboard; a guest
 * types it on the booking form (a wrong one first), the server takes it off the total, the
 * checkout and the guest's e-mail show the discount, and the guest pays the lower total with the
 * test card; once in Japanese. A server of its own, so its codes and bookings meet no other spec.
 */
let server: OwnServer
let dataDir: string
const ja = messagesOf('ja')

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-e2e-promo-'))
  server = await startOwnServer('promo-codes', {
    DATA_DIR: dataDir,
    SIMULATED_PAYMENTS: 'true',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_BOOKINGS_PER_HOUR: '1000',
  })
})

test.afterAll(async () => {
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('the guide creates a promo code in the dashboard and sees it listed (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await logInAsAdmin(page, server.baseURL)
  await page.getByRole('navigation').getByRole('link', { name: 'Promo codes' }).click()
  const form = page.getByRole('region', { name: 'New promo code' })
  await form.getByLabel('Code').fill('spring-10')
  await form.getByLabel('Discount').selectOption('percent')
  await form.getByLabel('Percent off').fill('10')
  await form.getByLabel('Total uses').fill('5')
  await form.getByLabel('Tours').selectOption('half-day')
  await form.getByRole('button', { name: 'Create code' }).click()
  await expect(page.getByText('Promo code created', { exact: true })).toBeVisible()
  // Code, offer, dates, limits, uses and status, in that order.
  await expect(page.getByRole('row', { name: /SPRING-10/ })).toHaveText(/^SPRING-10\s*10% off\s*Always\s*half-day tours only\s*0 of 5\s*Active\s*Edit$/)
  await expectNoSeriousAxeViolations(page, 'promo codes tab')
})

test('a guest’s promo code lowers the total; the checkout and the e-mail show the discount, and the guest pays it (375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`${server.baseURL}/booking`)
  await hydrated(page)
  await chooseSlot(page, saturdayAhead(20), /^Morning · 9:00 AM/)
  await page.getByLabel('Full Name').fill('Promo Guest')
  await page.getByLabel('Email', { exact: true }).fill('promo-guest@example.com')
  await page.getByLabel('Phone Number').fill('+81 90-1234-5678')
  await policyConsent(page).check()

  // A code that does not exist: refused at the field, nothing booked.
  const code = page.getByLabel('Promo code (optional)')
  await code.fill('nope-2030')
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('main').getByText('This promo code is not valid')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'refused code')

  // The right code: leaving the field asks the server, and the summary shows the total to pay.
  await code.fill('Spring-10')
  await code.blur()
  const summary = page.getByRole('complementary', { name: 'Booking summary' })
  await expect(summary).toContainText('Promo code SPRING-10')
  await expect(summary).toContainText('−¥1,430')
  await expect(summary).toContainText('Total: ¥12,870')
  await expect(code).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Create Booking' }).click()
  // Half day, 2 guests: ¥14,300, 10 % off.
  await expect(page.getByText('Promo code SPRING-10 takes ¥1,430 off: you pay ¥12,870.')).toBeVisible()
  await slotHeldToast(page)

  await page.getByRole('link', { name: 'Continue to Payment' }).click()
  const checkout = page.getByRole('region', { name: 'Booking Summary' })
  await expect(checkout).toContainText('Tour price')
  await expect(checkout).toContainText('¥14,300')
  await expect(checkout).toContainText('Promo code SPRING-10')
  await expect(checkout).toContainText('−¥1,430')
  await expect(checkout).toContainText('¥12,870')
  await expectNoSeriousAxeViolations(page, 'checkout')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('−¥1,430')

  const mail = await emailTo('promo-guest@example.com', undefined, dataDir)
  expect(mail.text).toMatch(/Promo code SPRING-10: +−¥1,430/)
  expect(mail.text).toContain('¥12,870')
})

test('a code on the Japanese booking page: the refusal and the discount in Japanese, and the e-mail too (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const date = saturdayAhead(27)
  await page.goto(`${server.baseURL}/ja/booking`)
  await hydrated(page)
  for (let i = 0; i < 8 && (await page.locator('#calendar-month').textContent()) !== formatMonthTitle(date, 'ja'); i++) {
    await page.getByRole('button', { name: new RegExp(`^${ja['booking.calendar.next']!.split('{')[0]}`) }).click()
  }
  await page.getByRole('grid').getByRole('button', { name: new RegExp(`^${formatLongDate(date, 'ja')}`) }).click()
  await page.getByRole('radio', { name: new RegExp(`^${ja['booking.slot.morning']} · ${localizeClockText('9:00 AM', 'ja')}`) }).check()
  await page.getByRole('button', { name: ja['booking.continue'] }).click()
  await page.getByLabel(ja['booking.form.name']!).fill('山田 花子')
  await page.getByLabel(ja['booking.form.email']!, { exact: true }).fill('promo-hanako@example.com')
  await page.getByLabel(ja['booking.form.phone']!).fill('+81 90 1234 5678')
  await page.getByRole('checkbox', { name: ja['booking.form.consent']!.replace(/<\/?\d>/g, '') }).check()
  const code = page.getByLabel(ja['booking.form.promoCode']!)
  // Refused when the guest leaves the field, in Japanese, before anything is sent.
  await code.fill('NOPE-2030')
  await code.blur()
  await expect(page.getByRole('main').getByText(ja['errors.promoUnknown']!)).toBeVisible()

  await code.fill('spring-10')
  await page.getByRole('button', { name: ja['booking.form.create'] }).click()
  await expect(page.getByText('プロモーションコード SPRING-10 で ¥1,430 割引、お支払い額は ¥12,870 です。')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'ja created')
  const mail = await emailTo('promo-hanako@example.com', undefined, dataDir)
  expect(mail.text).toMatch(/プロモーションコード SPRING-10: +−¥1,430/)
  expect(mail.text).toMatch(/ツアー料金: +¥14,300/)
})
