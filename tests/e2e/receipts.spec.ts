import fs from 'node:fs'
import { type APIRequestContext, expect } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { formatLongDate, todayInTokyo } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import type { Locale } from '../../core/i18n/locales.ts'
import { pdfText } from '../support/pdf-text.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'
import { messagesOf } from './messages.ts'
import { RECEIPT_SETTINGS, setUpReceipts } from './receipt-settings.ts'
import { saturdayAhead } from './tour-dates.ts'

/**
 * Receipts and return invoices (docs/decisions/0080): the guide sets the business's details up in
 * Settings → Receipts; a Korean guest downloads a receipt from the trip page on a phone, in Korean
 * with the Japanese legal wording, and the same bytes again on a desktop; the same form works
 * without script and through the page's data request. Bookings: the afternoons of
 * booking-languages' Saturdays (its mornings), see tour-dates.ts.
 */

const fill = (message: string, values: Record<string, string>) => message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')

/** A paid half-day afternoon for two (¥14,300) booked in `locale`, as a guest's browser does it. */
async function paidBooking(request: APIRequestContext, tourDate: string, locale: Locale): Promise<string> {
  const booked = await request.post('/api/bookings', {
    data: { name: '김민준', email: `receipts-${locale}@example.com`, phone: '+82 10-1234-5678', numberOfPeople: 2, tourPackageId: 1, tourDate, tourTime: 'afternoon', acceptPolicy: true, locale },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const { reference } = (await booked.json()) as { reference: string }
  expect((await request.post('/api/create-payment-intent', { data: { bookingId: reference } })).status()).toBe(200)
  expect((await request.post(`/api/bookings/${reference}/simulated-payment`, { data: { cardNumber: '4242424242424242' } })).status()).toBe(200)
  expect((await (await request.post(`/api/bookings/${reference}/payment-success`)).json()).status).toBe('paid')
  return reference
}

test('the guide sets up receipts in Settings, with the registration number checked, at 1280 and 375 px', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/admin/dashboard?tab=settings')
    await hydrated(page)
    const panel = page.getByRole('region', { name: 'Receipts' })
    await panel.getByLabel('Name to print (legal name or business name)').fill(RECEIPT_SETTINGS.legalName)
    await panel.getByLabel('Address to print').fill(RECEIPT_SETTINGS.address)
    await panel.getByLabel('Registered qualified invoice issuer (適格請求書発行事業者)').check()
    await panel.getByLabel('The business is').selectOption('corporation')
    // A corporation's number is its corporate number: this one's check digit is wrong.
    await panel.getByLabel('Registration number').fill('T6000012050002')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect(panel.getByText('This is not a corporate number: its check digit does not match')).toBeVisible()
    await expect(panel.getByLabel('Registration number')).toHaveAttribute('aria-invalid', 'true')
    await expectNoSeriousAxeViolations(page, `receipt settings refused at ${width}px`)
    await panel.getByLabel('The business is').selectOption(RECEIPT_SETTINGS.issuerType)
    await panel.getByLabel('Registration number').fill(RECEIPT_SETTINGS.registrationNumber)
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Receipt settings saved' }).first()).toContainText(RECEIPT_SETTINGS.registrationNumber)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
})

test('a Korean guest downloads a receipt on a phone, in Korean with the Japanese wording, and the same bytes again on a desktop', async ({ browser }) => {
  test.setTimeout(90_000)
  const m = messagesOf('ko')
  const admin = await browser.newContext()
  await setUpReceipts(await admin.newPage())
  await admin.close()

  const guest = await browser.newContext({ viewport: { width: 375, height: 800 } })
  const page = await guest.newPage()
  const date = saturdayAhead(74)
  const reference = await paidBooking(page.request, date, 'ko')
  await page.goto(`/ko/booking-confirmation/${reference}`)
  await hydrated(page)
  const section = page.getByRole('region', { name: m['trip.receipts.title'] })
  await expect(section).toContainText(fill(m['trip.receipts.receipt']!, { amount: formatYen(14_300), date: formatLongDate(todayInTokyo(new Date()), 'ko') }))
  await section.getByLabel(m['trip.receipts.recipient']!).fill('김민준 (주)한빛여행')
  await expectNoSeriousAxeViolations(page, 'receipts on the Korean trip page')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: m['trip.receipts.download'] }).click()])
  expect(download.suggestedFilename()).toMatch(/^R-\d{6}\.pdf$/)
  const number = download.suggestedFilename().replace('.pdf', '')
  const first = fs.readFileSync((await download.path())!)
  const text = await pdfText(first)
  for (const words of [m['receipt.title.receipt']!, m['receipt.taxable']!, m['receipt.rounding']!, '適格簡易請求書', '消費税', RECEIPT_SETTINGS.registrationNumber, RECEIPT_SETTINGS.legalName, number, '14,300', '1,300', '김민준 (주)한빛여행']) {
    expect(text, words).toContain(words)
  }
  // The page now names the document, made out to the guest's company.
  await expect(section).toContainText(fill(m['trip.receipts.issued']!, { number, name: '김민준 (주)한빛여행' }))

  await page.setViewportSize({ width: 1280, height: 900 })
  const [again] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: m['trip.receipts.downloadAgain'] }).click()])
  expect(fs.readFileSync((await again.path())!).equals(first)).toBe(true)
  await expectNoSeriousAxeViolations(page, 'receipts issued, at 1280 px')
  await guest.close()
})

test('the receipt form answers without script and through the page’s data request, in the page’s language', async ({ browser, request }) => {
  const m = messagesOf('ja')
  const admin = await browser.newContext()
  await setUpReceipts(await admin.newPage())
  await admin.close()
  const reference = await paidBooking(request, saturdayAhead(67), 'ja')
  const [point] = ((await (await request.get(`/api/bookings/${reference}/receipts`)).json()) as { points: { key: number }[] }).points
  const page = `/ja/booking-confirmation/${reference}`

  // A name too long: the page again, with the message in Japanese; the data request the same.
  const long = await request.post(page, { form: { intent: 'receipt', point: String(point!.key), recipient: 'x'.repeat(101) }, maxRedirects: 0 })
  expect(long.status()).toBe(400)
  expect(await long.text()).toContain(fill(m['errors.receiptRecipientTooLong']!, { max: '100' }))
  const unknown = await request.post(`${page}.data`, { form: { intent: 'receipt', point: '999999', recipient: '', _via: 'fetcher' } })
  expect(unknown.status()).toBe(404)
  expect(await unknown.text()).toContain(m['errors.receiptNotFound'])

  // Through the data request: issued, with its number and link.
  const issued = await request.post(`${page}.data`, { form: { intent: 'receipt', point: String(point!.key), recipient: '', _via: 'fetcher' } })
  expect(issued.status()).toBe(201)
  const number = /R-\d{6}/.exec(await issued.text())![0]

  // Without script: the post is sent on to the PDF, the same document.
  const plain = await request.post(page, { form: { intent: 'receipt', point: String(point!.key), recipient: '' }, maxRedirects: 0 })
  expect(plain.status()).toBe(303)
  expect(plain.headers().location).toBe(`/api/bookings/${reference}/receipts/${number}`)
  const pdf = await request.get(plain.headers().location!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect(await pdfText(await pdf.body())).toContain('上様')
})

test('without script the guide saves the receipt settings, and a wrong number comes back on its field (375 px)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } })
  const page = await context.newPage()
  expect((await context.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  await page.goto('/admin/settings')
  const panel = page.getByRole('region', { name: 'Receipts' })
  const fillIn = async (issuerType: string, registrationNumber: string) => {
    await panel.getByLabel('Name to print (legal name or business name)').fill(RECEIPT_SETTINGS.legalName)
    await panel.getByLabel('Address to print').fill(RECEIPT_SETTINGS.address)
    await panel.getByLabel('Registered qualified invoice issuer (適格請求書発行事業者)').check()
    await panel.getByLabel('The business is').selectOption(issuerType)
    await panel.getByLabel('Registration number').fill(registrationNumber)
    await panel.getByLabel('Tour prices include 10 % consumption tax').check()
    await panel.getByRole('button', { name: 'Save' }).click()
  }
  await fillIn('corporation', 'T6000012050002')
  await expect(panel.getByRole('alert').first()).toHaveText('This is not a corporate number: its check digit does not match')
  await expect(panel.getByLabel('Registration number')).toHaveAttribute('aria-invalid', 'true')
  await expect(panel.getByLabel('Registration number')).toHaveAccessibleDescription(/This is not a corporate number: its check digit does not match/)

  // The page came back from the server with what is stored: the guide types the settings again,
  // the number as people write it; it is stored, and shown, in its one form.
  await fillIn(RECEIPT_SETTINGS.issuerType, RECEIPT_SETTINGS.registrationNumber.replace('T', 't ').replace(/(\d{4})/, '$1-'))
  await expect(page).toHaveURL(/\/admin\/settings$/)
  await expect(panel.getByLabel('Registration number')).toHaveValue(RECEIPT_SETTINGS.registrationNumber)
  await expect(panel.getByLabel('Registration number')).not.toHaveAttribute('aria-invalid', 'true')
  await context.close()
})
