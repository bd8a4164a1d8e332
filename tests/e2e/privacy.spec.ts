import fs from 'node:fs'
import { expect } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { sundayAhead } from './tour-dates.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

// Guests' personal data (docs/decisions/0020): the notice, the line on each form, and the guide
// answering a guest's request to see and delete what is stored.

test.use({ reducedMotion: 'reduce' })

/** A Sunday about four months ahead: far from the dates other journeys book. */
const farSunday = () => sundayAhead(125)

test('the privacy notice is linked from the footer and the contact form, in English and Japanese', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: /privacy/i }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Privacy Notice')
  await expect(page.getByRole('heading', { name: 'Processors, including abroad' })).toBeVisible()
  await expect(page.getByText(/Stripe, Inc\., in the United States/)).toBeVisible()
  await expect(page.getByText('Paid bookings: 5 years after the tour', { exact: false })).toBeVisible()
  await expect(page.getByRole('heading', { name: '外国にある第三者への提供・委託' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  await page.setViewportSize({ width: 360, height: 740 })
  await expectNoSeriousAxeViolations(page)

  await page.goto('/contact')
  const line = page.getByText('We use your details only to answer you and run your tour.')
  await expect(line).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy')
})

test('the guide finds a guest by e-mail, exports the data, and erases it keeping amount and status', async ({ page, request }) => {
  const email = `erase-me-${Date.now()}@example.com`
  const created = await request.post('/api/bookings', {
    data: { name: 'Erin Example', email, phone: '+1 555 010 9999', numberOfPeople: 2, tourPackageId: 1, tourDate: farSunday(), tourTime: 'afternoon', specialRequests: 'Window seat on the train', acceptPolicy: true },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { reference } = (await created.json()) as { reference: string }
  const message = await request.post('/api/contact', { data: { name: 'Erin Example', email, message: 'Do you guide in winter?' } })
  expect(message.status()).toBe(201)

  expect((await page.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  await page.goto('/admin/dashboard?tab=settings')
  const panel = page.getByRole('region', { name: 'Guest data requests' })
  await panel.getByLabel('Guest e-mail address').fill(email)
  await panel.getByRole('button', { name: 'Look Up' }).click()
  await expect(panel.getByText(`#${reference} ·`)).toBeVisible()
  // A tour still to come cannot be erased: the reason is shown and the button is off.
  await expect(panel.getByText('The tour is still to come: cancel it first.').or(panel.getByText(/Payment is not finished yet/))).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Erase Personal Data' })).toBeDisabled()

  const download = page.waitForEvent('download')
  await panel.getByRole('link', { name: 'Export as JSON' }).click()
  const file = await (await download).path()
  const exported = JSON.parse(fs.readFileSync(file, 'utf8'))
  expect(exported.bookings[0]).toMatchObject({ reference, name: 'Erin Example', specialRequests: 'Window seat on the train' })
  expect(exported.messages[0]).toMatchObject({ message: 'Do you guide in winter?' })

  // The guest cancels; now nothing holds the data back.
  const search = await page.request.get(`/api/bookings?q=${encodeURIComponent(email)}`)
  const { items } = (await search.json()) as { items: { id: number; totalPrice: number }[] }
  // Cancelled by the guide's cancel dialog's form (the Bookings section's route action, docs/decisions/0088).
  const cancel = await page.request.post('/admin/bookings', { form: { intent: 'cancel', id: items[0]!.id, cause: 'guest', reason: 'Guest asked to cancel', refundAmount: '' }, maxRedirects: 0 })
  expect(cancel.status(), await cancel.text()).toBe(302)

  await panel.getByRole('button', { name: 'Look Up' }).click()
  await panel.getByRole('button', { name: 'Erase Personal Data' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click()
  await expect(page.getByText('Personal data erased').first()).toBeVisible()
  await expect(panel.getByText(`Nothing is stored for ${email}.`)).toBeVisible()
  await expect(panel.getByText(/Erased · /)).toBeVisible()

  const booking = ((await (await page.request.get(`/api/bookings?bookingId=${items[0]!.id}`)).json()) as { items: Record<string, unknown>[] }).items[0]
  expect(booking).toMatchObject({ name: 'Anonymised guest', status: 'cancelled', totalPrice: items[0]!.totalPrice })
  expect(JSON.stringify(booking)).not.toContain('Erin')
  expect(JSON.stringify(booking)).not.toContain(email)
})

test('without script the guide looks up a guest’s data, erases it after the question under its button, and both are in the audit log (375 px)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
  const page = await context.newPage()
  expect((await context.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  const email = `no-script-${Date.now().toString(36)}@example.com`
  expect((await context.request.post('/api/contact', { data: { name: 'Nora No-Script', email, message: 'Please forget me after my question.' } })).status()).toBe(201)
  await page.goto('/admin/settings')
  const panel = page.getByRole('region', { name: 'Guest data requests' })
  await panel.getByLabel('Guest e-mail address').fill(email)
  await panel.getByRole('button', { name: 'Look Up' }).click()
  await expect(panel.getByText(`Stored for ${email}`)).toBeVisible()
  await expect(panel.getByRole('listitem').filter({ hasText: ' · Looked up · ' }).first()).toBeVisible()

  await panel.locator('summary', { hasText: 'Erase Personal Data' }).click()
  const question = panel.getByRole('group', { name: 'Erase this guest’s personal data?' })
  await question.getByRole('button', { name: 'Erase' }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'Personal data erased' })).toContainText('1 message(s)')
  await expect(panel.getByText(`Nothing is stored for ${email}.`)).toBeVisible()
  await expect(panel.getByRole('listitem').filter({ hasText: ' · Erased · ' }).first()).toBeVisible()
  await context.close()
})
