import { expect, type APIRequestContext } from '@playwright/test'
import { test } from './test.ts'
import { formatLongDate } from '../../core/dates.ts'
import { lastWeekDay, sundayAhead } from './tour-dates.ts'
import { logInAsAdmin } from './admin-login.ts'
import { GUEST_MOVE_MESSAGES } from '../../core/booking-changes.ts'
import { dayButton } from './booking-steps.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

// docs/decisions/0055: a guest changes their own booking from its page, on a
// phone with JavaScript and on a desktop without it.
test.use({ reducedMotion: 'reduce' })

const SUNDAY = sundayAhead(63)

async function book(request: APIRequestContext, name: string, tourTime: 'morning' | 'afternoon', pay: boolean): Promise<string> {
  const res = await request.post('/api/bookings', {
    data: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: 1, tourDate: SUNDAY, tourTime, acceptPolicy: true },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { reference } = await res.json()
  if (pay) {
    expect((await request.post('/api/create-payment-intent', { data: { bookingId: reference } })).status()).toBe(200)
    expect((await request.post(`/api/bookings/${reference}/simulated-payment`, { data: { cardNumber: '4242424242424242' } })).status()).toBe(200)
    expect((await (await request.post(`/api/bookings/${reference}/payment-success`)).json()).status).toBe('paid')
  }
  return reference
}

test('on a 375 px phone a guest moves their paid booking to the afternoon and brings a friend, paying the difference', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  const reference = await book(page.request, 'Changing Chen', 'morning', true)
  await page.goto(`/booking-confirmation/${reference}`)
  await page.getByRole('link', { name: 'Change your booking' }).click()
  await expect(page.getByRole('heading', { name: 'Change your booking', level: 1 })).toBeVisible()
  await expect(page.getByText(/You can change this booking online 2 more times/)).toBeVisible()

  await dayButton(page, SUNDAY).click()
  await page.getByRole('radio', { name: /^Afternoon · 2:00 PM/ }).check()
  // Three people cost more than the two who paid: the difference is paid by card.
  await page.getByLabel('Group size').selectOption('3')
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(page.getByRole('heading', { name: '2. Check and confirm' })).toBeVisible()
  await expect(page.getByText(`${formatLongDate(SUNDAY)} · Afternoon, 2:00 PM (Japan time)`)).toBeVisible()
  await expect(page.getByText(/The new price is ¥[\d,]+: you pay the difference of ¥[\d,]+ by card/)).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'review')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.getByRole('button', { name: /^Hold the new slot and pay ¥[\d,]+$/ }).click()

  // The checkout takes the difference only.
  await expect(page.getByRole('heading', { level: 1, name: 'Pay the difference for your change' })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Booking Summary' })
  await expect(summary).toContainText('3 people')
  await expect(summary).toContainText('Difference to pay')
  await expectNoSeriousAxeViolations(page, 'checkout of the difference')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page).toHaveURL(new RegExp(`/booking-confirmation/${reference}$`))
  const stored = await (await page.request.get(`/api/bookings/${reference}`)).json()
  expect(stored).toMatchObject({ tourDate: SUNDAY, tourTime: 'afternoon', numberOfPeople: 3, status: 'paid' })
  expect(stored.totalPrice).toBeGreaterThan(14_300)
  // Nothing is left to pay: the checkout leads to the booking.
  await page.goto(`/checkout/${reference}`)
  await expect(page).toHaveURL(new RegExp(`/booking-confirmation/${reference}$`))
})

test('without JavaScript a guest changes the size of their group on a desktop', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const reference = await book(page.request, 'Scriptless Suzuki', 'morning', false)
  await page.goto(`/booking-confirmation/${reference}/change`)
  await dayButton(page, SUNDAY).click()
  await expect(page).toHaveURL(new RegExp(`date=${SUNDAY}`))
  // The booking's own morning is free to it; the guest keeps it and brings a friend.
  await page.getByRole('radio', { name: /^Morning · 9:00 AM/ }).check()
  await page.getByLabel('Group size').selectOption('3')
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(page.getByText(/The new price is ¥[\d,]+, paid when you complete your booking\./)).toBeVisible()
  await page.getByRole('button', { name: 'Confirm the change' }).click()
  await expect(page.getByRole('heading', { name: 'Your booking has been changed' })).toBeVisible()
  const stored = await (await page.request.get(`/api/bookings/${reference}`)).json()
  expect(stored).toMatchObject({ tourDate: SUNDAY, tourTime: 'morning', numberOfPeople: 3, status: 'pending' })
  await context.close()
})

test('a tour inside its last week offers no change it cannot keep and names no day that has passed, at 375 and 1280 px (decision 0072)', async ({ page }) => {
  await logInAsAdmin(page)
  // The guide's booking, by the Bookings section's new-booking form (docs/decisions/0088).
  const made = await page.request.post('/admin/bookings', {
    form: { intent: 'create', name: 'Soon Suzuki', email: 'soon-suzuki@example.com', phone: '', locale: 'en', tourDate: lastWeekDay(), tourTime: 'morning', tourPackageId: 1, numberOfPeople: 2, pricing: 'catalogue', payment: 'confirmed', specialRequests: '' },
    maxRedirects: 0,
  })
  expect(made.status(), await made.text()).toBe(302)
  const id = /\?created=(\d+)$/.exec(made.headers()['location'] ?? '')![1]
  const { items } = (await (await page.request.get(`/api/bookings?bookingId=${id}`)).json()) as { items: { reference: string }[] }
  const { reference } = items[0]!
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/booking-confirmation/${reference}`)
    const plans = page.getByRole('region', { name: 'Plans changed?' })
    // What the change page would say, before the guest goes there to be refused.
    await expect(plans).toContainText(GUEST_MOVE_MESSAGES['too-late'])
    await expect(plans).not.toContainText('free of charge until')
    await expect(page.getByRole('link', { name: 'Change your booking' })).toHaveCount(0)
    await expectNoSeriousAxeViolations(page, `trip page in the last week at ${width}`)
  }
  const changePage = await page.request.get(`/booking-confirmation/${reference}/change`)
  expect(await changePage.text()).toContain(GUEST_MOVE_MESSAGES['too-late'].split(',')[0])
})
