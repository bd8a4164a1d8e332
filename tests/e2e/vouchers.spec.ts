import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { logInAsAdmin } from './admin-login.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { searchBookings } from './booking-search.ts'
import { chooseSlot, dayButton, policyConsent, slotHeldToast } from './booking-steps.ts'
import { hydrated } from './hydration.ts'
import { messagesOf } from './messages.ts'
import { emailTo } from './outbox-mail.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'
import { saturdayAhead } from './tour-dates.ts'

/**
 * docs/decisions/0065: a visitor on a phone buys a gift voucher on /gift (a
 * refused amount first), pays it on the simulated card form and sees the printable voucher; a
 * second visitor books a tour on a laptop with the code, the voucher pays part and the card the
 * rest; the voucher page then shows what is left; the guide sees it in the Vouchers tab. A server
 * of its own, so its vouchers and bookings meet no other spec.
 */
let server: OwnServer
let dataDir: string
let voucherUrl = ''
let voucherCode = ''
/** The second visitor's booking, paid ¥20,000 by the voucher and ¥900 by card. */
let guestReference = ''
const ja = messagesOf('ja')
const HOSTILE = '<img src=x onerror="window.__pwned=1">Happy birthday!'

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-e2e-vouchers-'))
  server = await startOwnServer('vouchers', {
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

const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

test('a visitor on a phone buys a voucher, pays it on the card form and sees the printable voucher (375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`${server.baseURL}/`)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Gift Vouchers' }).click()
  await expect(page).toHaveURL(/\/gift$/)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Give a day in Joetsu' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /One half-day tour for two ¥14,300/ })).toBeChecked()
  await expectNoSeriousAxeViolations(page, 'gift page 375')
  await noSidewaysScroll(page)

  await page.getByRole('radio', { name: 'Another amount' }).check()
  const amount = page.getByLabel('Amount in yen')
  await amount.fill('2000')
  await page.getByLabel('Your name').fill('Mei Chen')
  await page.getByLabel('Your e-mail address').fill('mei-voucher@example.com')
  await page.getByLabel("Recipient's name (optional)").fill('Lin')
  await page.getByLabel('A message for them (optional)').fill(HOSTILE)
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  // Below the guide's smallest amount: refused at the field, nothing bought.
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('alert')).toContainText('Please choose an amount from ¥5,000 to ¥300,000, in whole yen')
  await expectNoSeriousAxeViolations(page, 'gift page refused')

  await amount.fill('20,000')
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/voucher\/[A-Za-z0-9_-]{43}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your gift voucher' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('¥20,000')
  await expectNoSeriousAxeViolations(page, 'voucher checkout')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()

  const voucher = page.getByRole('article', { name: 'Gift voucher' })
  await expect(voucher).toBeVisible()
  await expect(voucher).toContainText('For Lin')
  await expect(voucher).toContainText('¥20,000')
  await expect(voucher).toContainText('From Mei Chen')
  // The message is text: shown as typed, never run.
  await expect(voucher).toContainText(HOSTILE)
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  await expect(voucher).toContainText(/Valid until \w+, \w+ \d+, \d{4} \(Japan time\)/)
  voucherCode = (await voucher.getByText(/^GIFT(-[0-9A-Z]{4}){4}$/).textContent())!
  voucherUrl = page.url()
  await expectNoSeriousAxeViolations(page, 'printable voucher 375')
  await noSidewaysScroll(page)

  // On paper: only the voucher.
  await page.emulateMedia({ media: 'print' })
  await expect(voucher).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print the voucher' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })

  const mail = await emailTo('mei-voucher@example.com', /gift voucher/, dataDir)
  expect(mail.text).toContain(voucherCode)
  expect(mail.text).toContain(new URL(voucherUrl).pathname)
})

test('a second visitor books with the code: the voucher pays part, the card the rest, and the voucher shows what is left (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${server.baseURL}/booking`)
  await hydrated(page)
  await chooseSlot(page, saturdayAhead(20), /^Morning · 9:00 AM/)
  await page.getByLabel('Full Name').fill('Voucher Guest')
  await page.getByLabel('Email', { exact: true }).fill('voucher-guest@example.com')
  await page.getByLabel('Phone Number').fill('+81 90-1234-5678')
  // Five guests on a half-day tour: ¥14,300 + 3 × ¥2,200 = ¥20,900.
  await page.getByLabel('Number of People').fill('5')
  await policyConsent(page).check()
  const code = page.getByLabel('Gift voucher code (optional)')
  await code.fill('GIFT-0000-0000-0000-0000')
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('main').getByText('This voucher code is not valid')).toBeVisible()

  // Typed as a person reads it off paper: lower case, spaces.
  await code.fill(voucherCode.toLowerCase().replace(/-/g, ' '))
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByText('Your gift voucher pays ¥20,000: ¥900 is left to pay.')).toBeVisible()
  await slotHeldToast(page)
  await page.getByRole('link', { name: 'Continue to Payment' }).click()
  const checkout = page.getByRole('region', { name: 'Booking Summary' })
  await expect(checkout).toContainText('Tour price')
  await expect(checkout).toContainText('¥20,900')
  await expect(checkout).toContainText('Gift voucher')
  await expect(checkout).toContainText('−¥20,000')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('−¥20,000')
  guestReference = new URL(page.url()).pathname.split('/').at(-1)!

  // Cancelling is offered with what goes back where: the card's part and the voucher's (decision 0065).
  await page.getByRole('button', { name: 'Cancel booking' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Refund: ¥20,900')
  await expect(dialog).toContainText('¥900 to your card and ¥20,000 back onto your gift voucher.')
  await expect(dialog).toContainText('the full amount of ¥20,900 paid will be refunded')
  await dialog.getByRole('button', { name: 'Keep my booking' }).click()
  await expect(dialog).toBeHidden()

  await page.goto(voucherUrl)
  await expect(page.getByRole('status').filter({ hasText: 'This voucher has been used in full.' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Gift voucher' })).toContainText('Balance left: ¥0')
  await expectNoSeriousAxeViolations(page, 'used voucher 1280')

  const mail = await emailTo('voucher-guest@example.com', /Payment confirmed/, dataDir)
  expect(mail.text).toMatch(/Gift voucher: +−¥20,000/)
})

test('the guide sees the voucher, its balance and its use in the Vouchers tab (1280 px and 375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await logInAsAdmin(page, server.baseURL)
  await page.getByRole('navigation').getByRole('link', { name: 'Vouchers' }).click()
  const row = page.getByRole('row', { name: new RegExp(voucherCode.slice(-4)) })
  await expect(row).toContainText('¥20,000')
  await expect(row).toContainText('¥0')
  await expect(row).toContainText('Mei Chen')
  await expect(row).toContainText('Lin')
  await expect(row).toContainText('Used up')
  await expect(row).not.toContainText(voucherCode)
  await expectNoSeriousAxeViolations(page, 'vouchers tab 1280')
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoSeriousAxeViolations(page, 'vouchers tab 375')
})

test('on a phone, the guest moves to a smaller group: the card gets its ¥900 back and the voucher the ¥5,700 the new tour does not need (375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`${server.baseURL}/booking-confirmation/${guestReference}/change`)
  await hydrated(page)
  await dayButton(page, saturdayAhead(20)).click()
  await page.getByRole('radio', { name: /^Morning · 9:00 AM/ }).check()
  // Two guests on a half-day tour: ¥14,300, all of it from the voucher's ¥20,000 part.
  await page.getByLabel('Group size').selectOption('2')
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(page.getByText('we refund the difference of ¥900')).toBeVisible()
  await expect(page.getByText('The new tour costs less than your gift voucher paid: ¥5,700 goes back onto the voucher.')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'change review with voucher 375')
  await noSidewaysScroll(page)
  await page.getByRole('button', { name: 'Confirm the change' }).click()
  await expect(page.getByRole('heading', { name: 'Your booking has been changed' })).toBeVisible()
  await expect(page.getByText('¥5,700 is back on your gift voucher.')).toBeVisible()

  await page.goto(voucherUrl)
  await expect(page.getByRole('article', { name: 'Gift voucher' })).toContainText('Balance left: ¥5,700')
  const mail = await emailTo('voucher-guest@example.com', /Booking changed/, dataDir)
  expect(mail.text).toContain('¥5,700 has gone back onto your gift voucher')
})

test('the guide reads the booking’s money line by line, oldest first, on a phone and a desktop (docs/decisions/0067)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await logInAsAdmin(page, server.baseURL)
  await searchBookings(page, 'voucher-guest@')
  await page.getByRole('link', { name: /^Details of booking #/ }).first().click()
  const dialog = page.getByRole('dialog')
  // What paid the price, way by way from the ledger (docs/decisions/0075): the voucher alone, the card's ¥900 given back.
  await expect(dialog.getByText(/^Paid by: /)).toHaveText('Paid by: voucher ¥14,300')
  const money = dialog.getByRole('table', { name: 'The booking’s money, oldest first' })
  const lines = money.locator('tbody').getByRole('row')
  await expect(lines).toHaveText([
    /Price of the tour\s*¥20,900/,
    /Paid with a gift voucher \(GIFT-••••-••••-••••-\w{4}\)\s*¥20,000/,
    /Card payment \(sim_pi_\w+\)\s*¥900/,
    /Price lowered by a move\s*−¥6,600/,
    /Card refund \(sim_pi_\w+\)\s*−¥900/,
    /Given back to the gift voucher \(GIFT-••••-••••-••••-\w{4}\)\s*−¥5,700/,
  ])
  await expectNoSeriousAxeViolations(page, 'booking money 375')
  await noSidewaysScroll(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectNoSeriousAxeViolations(page, 'booking money 1280')
})

test('a booking a voucher paid in full asks the card for the difference of a dearer tour, in the browser (1280 px; docs/decisions/0067)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const api = page.request
  const bought = await (await api.post(`${server.baseURL}/api/vouchers`, { data: { choice: 'custom', amount: 14_300, buyerName: 'Mei Chen', buyerEmail: 'mei-two@example.com', locale: 'en' } })).json()
  await api.post(`${server.baseURL}/api/vouchers/${bought.token}/payment-intent`)
  await api.post(`${server.baseURL}/api/vouchers/${bought.token}/simulated-payment`, { data: { cardNumber: '4242424242424242' } })
  await api.post(`${server.baseURL}/api/vouchers/${bought.token}/payment-success`)
  const code = (await (await api.get(`${server.baseURL}/api/vouchers/${bought.token}`)).json()).code as string
  const date = saturdayAhead(34)
  const booked = await api.post(`${server.baseURL}/api/bookings`, {
    data: { name: 'Free Upgrade', email: 'upgrade@example.com', phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: 1, tourDate: date, tourTime: 'morning', voucherCode: code, acceptPolicy: true },
  })
  const { reference } = await booked.json()
  expect((await (await api.post(`${server.baseURL}/api/bookings/${reference}/payment-success`)).json()).status).toBe('paid')

  await page.goto(`${server.baseURL}/booking-confirmation/${reference}/change`)
  await hydrated(page)
  await dayButton(page, date).click()
  await page.getByRole('radio', { name: /^Full Day · 9:00 AM/ }).check()
  await page.getByLabel('Group size').selectOption('5')
  await page.getByRole('button', { name: 'Review the change' }).click()
  await page.getByRole('button', { name: 'Hold the new slot and pay ¥20,900' }).click()
  // The checkout takes the difference: a voucher-paid booking's card total of ¥0 is not "nothing to pay".
  await expect(page).toHaveURL(new RegExp(`/checkout/${reference}$`))
  await expect(page.getByLabel('Card number')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('¥20,900')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('5')
})

test('/gift at 1280 px, and in Japanese', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${server.baseURL}/gift`)
  await expectNoSeriousAxeViolations(page, 'gift page 1280')
  await page.goto(`${server.baseURL}/ja/gift`)
  await expect(page.getByRole('heading', { level: 1, name: ja['gift.banner.title'] })).toBeVisible()
  await expect(page.getByRole('radio', { name: new RegExp(ja['gift.form.halfDay']!.replace(/[()（）]/g, '.')) })).toBeVisible()
  await expect(page.getByRole('button', { name: ja['gift.form.submit'] })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(ja['gift.meta.title']!))
})
