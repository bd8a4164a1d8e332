import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { saturdayAhead, sundayAhead } from './tour-dates.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

// What a newcomer ran into (docs/decisions/0029), seen the way they saw it.
// Dates: Sundays from 95 days ahead (tour-dates.ts), and for the late cancellation the
// first weekend day from the lead time, which no other spec books.

const DESKTOP = { width: 1280, height: 900 }
const MOBILE = { width: 375, height: 800 }

async function createBooking(request: APIRequestContext, data: { name: string; email: string; tourDate: string; tourTime: 'morning' | 'afternoon' }) {
  const res = await request.post('/api/bookings', { data: { phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: 1, acceptPolicy: true, ...data } })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { reference: string; totalPrice: number }
}

/** Pays by the simulated card and cancels in time, as the guest did: refunded in full. */
async function payAndCancel(request: APIRequestContext, reference: string) {
  expect((await request.post('/api/create-payment-intent', { data: { bookingId: reference } })).status()).toBe(200)
  expect((await request.post(`/api/bookings/${reference}/simulated-payment`, { data: { cardNumber: '4242424242424242' } })).status()).toBe(200)
  expect((await (await request.post(`/api/bookings/${reference}/payment-success`)).json()).status).toBe('paid')
  const cancelled = await request.post(`/api/bookings/${reference}/cancel`)
  expect((await cancelled.json()).refund).toMatchObject({ amount: 14300 })
}

async function loginAsAdmin(page: Page) {
  expect((await page.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
}

async function adminIdOf(page: Page, email: string): Promise<number> {
  const body = await (await page.request.get(`/api/bookings?q=${encodeURIComponent(email)}`)).json()
  expect(body.total).toBe(1)
  return body.items[0].id
}

async function expectCalmAndFitting(page: Page, width: number) {
  await expectNoSeriousAxeViolations(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

test('closing the morning closes the full day: public calendar, API, page post and its data request (docs/decisions/0029)', async ({ page, browser }) => {
  const date = sundayAhead(95)
  const admin = await browser.newContext()
  expect((await admin.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  // The Calendar's day form, posted without script: the morning's box left unticked.
  const closed = await admin.request.post('/admin/calendar', { form: { intent: 'availability', date, afternoonAvailable: 'on', fullDayAvailable: 'on', adminNotes: 'family wedding' }, maxRedirects: 0 })
  expect(closed.status(), await closed.text()).toBe(302)

  // The public calendar (the booking page's loader) no longer offers the full day.
  await page.goto(`/booking?date=${date}`)
  await expect(page.getByRole('radio', { name: /^Morning · 9:00 AM/ })).toBeDisabled()
  await expect(page.getByRole('radio', { name: /^Full Day · 9:00 AM/ })).toBeDisabled()
  await expect(page.getByText(/^Full Day · 9:00 AM/).locator('..')).toContainText('Not offered')
  await expect(page.getByRole('radio', { name: /^Afternoon · 2:00 PM/ })).toBeEnabled()

  // The availability API says the same.
  const slots = await (await page.request.get(`/api/time-slots?from=${date}&to=${date}`)).json()
  expect(slots.dates[0].slots.map((s: { tourTime: string; reason: string | null }) => [s.tourTime, s.reason])).toEqual([
    ['morning', 'closed'],
    ['afternoon', null],
    ['full-day', 'closed'],
  ])

  // And every way of booking refuses the full day on the server.
  const packages = (await (await page.request.get('/api/tour-packages')).json()) as { id: number; isHalfDay: boolean }[]
  const fullDay = packages.find((p) => !p.isHalfDay)!
  const request = { name: 'Wedding Day', email: 'wedding@example.com', phone: '+81 90-1234-5678', numberOfPeople: '2', tourPackageId: String(fullDay.id), tourDate: date, tourTime: 'full-day', acceptPolicy: 'on' }
  const api = await page.request.post('/api/bookings', { data: { ...request, numberOfPeople: 2, tourPackageId: fullDay.id } })
  expect(api.status()).toBe(409)
  expect((await api.json()).message).toBe('This time slot is no longer available')
  const formPost = await page.request.post('/booking', { form: request, maxRedirects: 0 })
  expect(formPost.status()).toBe(409)
  expect(await formPost.text()).toContain('This time slot is no longer available')
  const dataPost = await page.request.post('/booking.data', { form: request, maxRedirects: 0 })
  expect(await dataPost.text()).toContain('This time slot is no longer available')
  expect(await dataPost.text()).not.toContain('created=')
  const booked = await (await admin.request.get('/api/bookings?q=wedding@example.com')).json()
  expect(booked.total).toBe(0)
  await admin.close()
})

for (const viewport of [DESKTOP, MOBILE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('a cancelled, refunded booking: its page and its old pay link say so calmly, with the refund and a way to book again (docs/decisions/0029)', async ({ page }) => {
      const booking = await createBooking(page.request, { name: 'Refunded Guest', email: `refunded-${viewport.width}@example.com`, tourDate: sundayAhead(95, viewport.width === 375 ? 1 : 2), tourTime: 'morning' })
      await payAndCancel(page.request, booking.reference)

      await page.goto(`/booking-confirmation/${booking.reference}`)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible()
      await expect(main).toContainText('¥14,300 has been refunded to your card.')
      await expect(main.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/booking')
      await expect(main.getByRole('heading', { name: 'Need Help?' })).toBeVisible()
      for (const wrong of ['Thank you for booking', "What's Next", 'Enjoy your day', 'Pay with Credit Card']) await expect(main).not.toContainText(wrong)
      await expectCalmAndFitting(page, viewport.width)

      // The pay link from the first e-mail: no red error box, no red toast, the same calm page.
      await page.goto(`/checkout/${booking.reference}`)
      await expect(page).toHaveURL(new RegExp(`/booking-confirmation/${booking.reference}$`))
      await expect(main.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible()
      await expect(page.getByText('Payment Error')).toHaveCount(0)
      await expect(page.getByText('Failed to initialize payment')).toHaveCount(0)
    })

    test('an unknown reference answers 404 "Booking not found", with links to book and to contact (docs/decisions/0029)', async ({ page }) => {
      const res = await page.goto('/booking-confirmation/NOTAREALREF')
      expect(res?.status()).toBe(404)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { name: 'Booking not found' })).toBeVisible()
      await expect(main.getByRole('link', { name: 'Book a tour' })).toHaveAttribute('href', '/booking')
      await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
      await expect(main).not.toContainText('Thank you')
      await expectCalmAndFitting(page, viewport.width)
    })
  })
}

test('the admin cannot revive a refunded booking from the status menu (docs/decisions/0029)', async ({ page }) => {
  const booking = await createBooking(page.request, { name: 'Menu Guest', email: 'menu-guest@example.com', tourDate: sundayAhead(95, 3), tourTime: 'afternoon' })
  await payAndCancel(page.request, booking.reference)
  await loginAsAdmin(page)
  const id = await adminIdOf(page, 'menu-guest@example.com')
  await page.goto(`/admin/dashboard?tab=bookings&bookingId=${id}`)
  const menu = page.getByRole('combobox', { name: `Status of booking #${id}` })
  await expect(menu).toHaveValue('cancelled')
  await expect(menu).toBeDisabled()
  await expect(menu.locator('option')).toHaveText(['Cancelled'])
  await expect(page.getByRole('table')).toContainText('Refunded ¥14,300')
})

test('the admin cancel dialog of an unpaid booking says nothing is charged, before anything is cancelled (docs/decisions/0029)', async ({ page }) => {
  // The nearest bookable weekend day: inside the no-refund period on most days of the week.
  const soonest = [saturdayAhead(2), sundayAhead(2)].sort()[0]!
  const booking = await createBooking(page.request, { name: 'Unpaid Guest', email: 'unpaid-soon@example.com', tourDate: soonest, tourTime: 'afternoon' })
  await loginAsAdmin(page)
  const id = await adminIdOf(page, 'unpaid-soon@example.com')
  await page.goto(`/admin/dashboard?tab=bookings&bookingId=${id}`)
  await page.getByRole('link', { name: `Cancel booking #${id}` }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel booking #${id}` })
  await expect(dialog).toContainText('Nothing has been paid for this booking, so cancelling it charges nothing and refunds nothing.')
  await expect(dialog).not.toContainText('charged in full')
  await expect(dialog).not.toContainText(/Cancelled (\d+ days?|on the day)/)
  await dialog.getByRole('link', { name: 'Keep Booking' }).click()
  await expect(dialog).toBeHidden()
  expect((await (await page.request.get(`/api/bookings/${booking.reference}`)).json()).status).toBe('pending')
})
