import fs from 'node:fs/promises'
import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { pdfText } from '../support/pdf-text.ts'
import { logInAsAdmin } from './admin-login.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { RECEIPT_SETTINGS, receiptSettingsEntered } from './receipt-settings.ts'
import { receiptsSunday } from './tour-dates.ts'

// Decision 0080: the guide makes a booking in the dashboard, is paid for it by bank transfer and
// says so when marking it paid, then issues its receipt from the booking's dialog made out to a
// company, downloads the PDF, and corrects the name with a new receipt; at 1280 px (the
// afternoon) and 375 px (the morning) of the receipts' Sunday (tests/e2e/tour-dates.ts).
test.use({ reducedMotion: 'reduce' })
test.describe.configure({ mode: 'serial' })

const SUNDAY = receiptsSunday()

/**
 * Settings → Receipts, entered through the form when no other spec has entered them yet: the
 * values every receipt spec sets, so specs running at once never print each other's.
 */
async function receiptsSetUp(page: Page) {
  if (await receiptSettingsEntered(page.request)) return
  await page.goto('/admin/dashboard?tab=settings')
  const panel = page.getByRole('region', { name: 'Receipts' })
  await panel.getByLabel('Name to print (legal name or business name)').fill(RECEIPT_SETTINGS.legalName)
  await panel.getByLabel('Address to print').fill(RECEIPT_SETTINGS.address)
  await panel.getByLabel('Registered qualified invoice issuer (適格請求書発行事業者)').check()
  await panel.getByLabel('The business is').selectOption(RECEIPT_SETTINGS.issuerType)
  await panel.getByLabel('Registration number').fill(RECEIPT_SETTINGS.registrationNumber)
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Receipt settings saved').first()).toBeVisible()
}

async function openDetails(page: Page, id: number, name: string) {
  await page.goto(`/admin/dashboard?tab=bookings&bookingId=${id}`)
  // The phone's card and the desktop's table name the button differently.
  await page.getByRole('link', { name: new RegExp(`^(Details of|View message for) booking #${id}$`) }).click()
  return page.getByRole('dialog', { name: `Booking #${id}: ${name}` })
}

async function journey(page: Page, viewport: { width: number; height: number }, tourTime: 'morning' | 'afternoon') {
  await page.setViewportSize(viewport)
  await logInAsAdmin(page)
  const name = `Transfer ${viewport.width} Guest`
  const email = `transfer-${viewport.width}@example.com`

  // The guide makes the booking: held for payment, at the price list's ¥14,300.
  await page.goto('/admin/dashboard?tab=bookings')
  await page.getByRole('link', { name: 'New Booking' }).click()
  const create = page.getByRole('dialog', { name: 'Create booking' })
  await create.getByLabel('Guest name').fill(name)
  await create.getByLabel('Email').fill(email)
  await create.getByLabel('Date', { exact: true }).fill(SUNDAY)
  await create.getByLabel('Time slot').selectOption(tourTime)
  await create.getByLabel('Tour', { exact: true }).selectOption({ label: 'Half-Day Private Tour' })
  await create.getByLabel('Guests').selectOption('2')
  await expect(create.getByText('Price list: ¥14,300')).toBeVisible()
  await create.getByRole('button', { name: 'Create Booking' }).click()
  const created = page.getByRole('dialog', { name: /^Booking #\d+ created$/ })
  await created.getByRole('link', { name: 'Done' }).click()
  const id = (await (await page.request.get(`/api/bookings?q=${encodeURIComponent(email)}`)).json()).items[0].id as number

  // Marked paid with ¥14,300 due: the guide is asked how it came, and says by bank transfer.
  await page.goto(`/admin/dashboard?tab=bookings&bookingId=${id}`)
  const status = page.getByLabel(`Status of booking #${id}`).filter({ visible: true })
  await status.selectOption('paid')
  const how = page.getByRole('dialog', { name: `Mark booking #${id} paid` })
  await expect(how).toContainText('¥14,300 still to pay')
  await expect(how.getByLabel('In cash')).toBeChecked()
  await how.getByLabel('By bank transfer').check()
  await expectNoSeriousAxeViolations(page, 'how the booking was paid')
  await how.getByRole('button', { name: 'Mark Paid' }).click()
  await expect(how).toBeHidden()
  await expect(page.getByText(`Booking #${id} is now Paid, paid by bank transfer.`).first()).toBeVisible()
  // Focus is back on the menu the guide used.
  await expect(status).toBeFocused()
  await expect(status).toHaveValue('paid')

  let details = await openDetails(page, id, name)
  await expect(details.getByRole('cell', { name: 'Taken by the guide by bank transfer' })).toBeVisible()
  const receipts = details.getByRole('region', { name: 'Receipts' })
  await expect(receipts.getByText(/^Payment of ¥14,300 on .+ · bank transfer$/)).toBeVisible()
  if (!(await receiptSettingsEntered(page.request))) {
    // Nothing can be issued yet: the block says where to set receipts up.
    await expect(receipts).toContainText('Receipts cannot be issued yet')
    await expect(receipts.getByRole('button', { name: 'Issue receipt' })).toHaveCount(0)
    await receipts.getByRole('link', { name: 'Settings → Receipts' }).click()
    await expect(page.getByRole('region', { name: 'Receipts' })).toBeVisible()
  }
  await receiptsSetUp(page)

  // Issued made out to a company, from the booking's dialog.
  const company = `Sato Trading ${viewport.width} Co., Ltd.`
  details = await openDetails(page, id, name)
  await details.getByLabel('Made out to (optional)').fill(company)
  await expectNoSeriousAxeViolations(page, 'receipts in the booking dialog')
  await details.getByRole('button', { name: 'Issue receipt' }).click()
  const issuedLine = details.getByText(new RegExp(`^Receipt R-\\d{6}, made out to ${company.replace(/\./g, '\\.')}$`))
  await expect(issuedLine).toBeVisible()
  const number = /R-\d{6}/.exec((await issuedLine.textContent())!)![0]
  await expect(page.getByText(`Receipt ${number} issued, made out to ${company}.`).first()).toBeVisible()
  // The focus the form had goes to the new receipt's download link.
  const downloadLink = details.getByRole('link', { name: `Download ${number} (PDF)` })
  await expect(downloadLink).toBeFocused()

  const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()])
  expect(download.suggestedFilename()).toBe(`${number}.pdf`)
  const text = await pdfText(await fs.readFile((await download.path())!))
  for (const words of [number, company, '14,300', '銀行振込', 'Bank transfer']) expect(text).toContain(words)

  // A correction under another name: a new receipt naming this one.
  const correct = details.getByRole('button', { name: `Correct the name… on ${number}` })
  await correct.click()
  await expect(correct).toHaveAttribute('aria-expanded', 'true')
  const newName = `Sato Holdings ${viewport.width}`
  await details.getByLabel('New name (optional)').fill(newName)
  await expectNoSeriousAxeViolations(page, 'correcting the name')
  await details.getByRole('button', { name: 'Issue correction' }).click()
  const correctedLine = details.getByText(new RegExp(`^Receipt R-\\d{6}, made out to ${newName} \\(corrects ${number}\\)$`))
  await expect(correctedLine).toBeVisible()
  const correction = /R-\d{6}/.exec((await correctedLine.textContent())!)![0]
  expect(Number(correction.slice(2))).toBeGreaterThan(Number(number.slice(2)))
  await expect(page.getByText(`${correction} issued, made out to ${newName}: it corrects ${number}.`).first()).toBeVisible()
  await expect(details.getByRole('button', { name: `Correct the name… on ${correction}` })).toBeFocused()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
  await expectNoSeriousAxeViolations(page, 'after the correction')
}

test('the guide takes a bank transfer and issues, downloads and corrects its receipt at 1280 px', async ({ page }) => {
  await journey(page, { width: 1280, height: 900 }, 'afternoon')
})

test('the same on a 375 px phone', async ({ page }) => {
  await journey(page, { width: 375, height: 800 }, 'morning')
})

test('without script the guide corrects a receipt’s name from the booking’s dialog, under its button (375 px)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } })
  const page = await context.newPage()
  expect((await context.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  const { id } = (await (await page.request.get('/api/bookings?q=transfer-375%40example.com')).json()).items[0] as { id: number }
  await page.goto(`/admin/bookings?bookingId=${id}&details=${id}`)
  const details = page.getByRole('dialog', { name: `Booking #${id}: Transfer 375 Guest` })
  const latest = details.getByText(new RegExp(`^Receipt R-\\d{6}, made out to Sato Holdings 375 \\(corrects R-\\d{6}\\)$`))
  const number = /R-\d{6}/.exec((await latest.textContent())!)![0]
  await details.locator('summary', { hasText: `Correct the name… on ${number}` }).click()
  const form = details.getByRole('form', { name: `Correct the name on ${number}` })
  await form.getByLabel('New name (optional)').fill('Sato Holdings Japan')
  await form.getByRole('button', { name: 'Issue correction' }).click()
  await expect(details.getByText(new RegExp(`^Receipt R-\\d{6}, made out to Sato Holdings Japan \\(corrects ${number}\\)$`))).toBeVisible()
  await context.close()
})
