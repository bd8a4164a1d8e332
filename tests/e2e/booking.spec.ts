import { expect } from '@playwright/test'
import { test } from './test.ts'
import { addDays, formatLongDate } from '../../core/dates.ts'
import { saturdayAhead } from './tour-dates.ts'
import { chooseSlot, dayButton, openMonthOf, policyConsent } from './booking-steps.ts'
import { hydrated } from './hydration.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

// The server's "today" is the real clock (Japan's calendar). A random Saturday 97–175 days
// ahead, and the two Saturdays before it, keep this journey clear of other specs' bookings
// (tour-dates.ts: Sundays belong to other specs) and of the lead time.
const TOUR_DATE = saturdayAhead(97 + Math.floor(Math.random() * 73))

test.describe.configure({ mode: 'serial' })

let reference = ''

test('a visitor books a morning tour through the calendar and reaches payment', async ({ page }) => {
  // The longest journey (three axe scans, two steps, payment): about 25 s alone, more while
  // the other worker starts a server of its own on this 2-core machine.
  test.setTimeout(120_000)
  const consoleErrors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  await page.goto('/booking')
  await expect(page.getByText('Weekend-only bookings (Saturday & Sunday) | One group per time slot | Maximum 5 people')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\//)
  await expect(page.getByRole('main').getByRole('link', { name: /^E-mail/ })).toHaveAttribute('href', /^mailto:/)
  // Weekdays are not selectable.
  await openMonthOf(page, TOUR_DATE)
  await expect(
    page
      .getByRole('grid')
      .getByRole('button', { name: /^Wednesday, .*no tours/ })
      .first(),
  ).toHaveAttribute('aria-disabled', 'true')

  const day = dayButton(page, TOUR_DATE)
  await expect(day).toHaveAccessibleName(`${formatLongDate(TOUR_DATE)}, 3 slots available`)
  // Keyboard: focus the day, step away and back with the arrows, select with Enter.
  await day.focus()
  await page.keyboard.press('ArrowDown')
  await expect(dayButton(page, addDays(TOUR_DATE, 7))).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(day).toBeFocused()
  await page.keyboard.press('Enter')

  await page.getByRole('radio', { name: /^Morning · 9:00 AM/ }).check()
  const selected = page.getByRole('heading', { name: 'Selected' }).locator('..')
  await expect(selected).toContainText(formatLongDate(TOUR_DATE))
  await expectNoSeriousAxeViolations(page)
  await page.getByRole('button', { name: 'Continue to Booking Details' }).click()

  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible()
  // The schema's messages appear inline before anything is sent.
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('Please accept the cancellation policy and terms to book')).toBeVisible()

  await page.getByLabel('Full Name').fill('Playwright Guest')
  await page.getByLabel('Email').fill('guest@example.com')
  await page.getByLabel('Phone Number').fill('+44 7700 900123')
  await page.getByLabel('Number of People').fill('3')
  await policyConsent(page).check()
  await expect(page.getByLabel('Tour Package', { exact: true })).toHaveValue(/\d+/)
  const summary = page.getByRole('complementary', { name: 'Booking summary' })
  await expect(summary).toContainText(formatLongDate(TOUR_DATE))
  await expect(summary).toContainText('Morning, from 9:00 AM')
  await expect(summary).toContainText('Total: ¥16,500')
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy notice', exact: true })).toHaveAttribute('href', '/privacy')
  await expectNoSeriousAxeViolations(page)

  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByRole('heading', { name: 'Your slot is held: payment is needed' })).toBeVisible()
  // An unpaid hold is not a booking yet: the step says until when it is held and that payment is needed (docs/decisions/0072).
  await expect(page.getByText('Slot held', { exact: true })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(/We hold .+ for you until .+ \(Japan time\)\. Your booking is made once it is paid/)
  await expect(page.getByText(/success/i)).toHaveCount(0)
  const pay = page.getByRole('link', { name: 'Continue to Payment' })
  const href = await pay.getAttribute('href')
  expect(href).toMatch(/^\/checkout\/[0-9A-HJKMNP-TV-Z]{12}$/)
  reference = href!.split('/').pop()!

  const direct = await page.request.get(`/booking-confirmation/${reference}`)
  expect(direct.headers()['cache-control']).toBe('no-store')
  await page.getByRole('link', { name: 'View booking details' }).click()
  await expect(page).toHaveURL(new RegExp(`/booking-confirmation/${reference}$`))
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: `Booking #${reference}` })).toBeVisible()
  await expect(main).toContainText('Pending Payment')
  await expect(main).toContainText(formatLongDate(TOUR_DATE))
  // The start time, as checkout and the e-mails give it (docs/decisions/0030).
  await expect(main).toContainText('Morning, 9:00 AM')
  await expect(main).toContainText('Playwright Guest')
  await expect(main).toContainText('¥16,500')
  await expect(main).toContainText(/We hold this slot for you for about (29|30) more minutes/)
  await expect(main.getByRole('link', { name: 'Pay with Credit Card' })).toHaveAttribute('href', `/checkout/${reference}`)
  await expect(main.getByRole('button', { name: /Pay on Tour Day \(Cash\)/ })).toBeDisabled()
  await expectNoSeriousAxeViolations(page)
  // No hydration mismatch or script error on the way.
  expect(consoleErrors).toEqual([])
})

test('a second visitor sees the morning taken on that date', async ({ browser }) => {
  expect(reference).not.toBe('')
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/booking')
  await openMonthOf(page, TOUR_DATE)
  const day = dayButton(page, TOUR_DATE)
  // Morning and full day are gone; the afternoon is still open.
  await expect(day).toHaveAccessibleName(`${formatLongDate(TOUR_DATE)}, 1 slot available`)
  await day.click()
  await expect(page.getByRole('radio', { name: /^Morning · 9:00 AM/ })).toBeDisabled()
  await expect(page.getByRole('radio', { name: /^Full Day · 9:00 AM/ })).toBeDisabled()
  await expect(page.getByRole('radio', { name: /^Afternoon · 2:00 PM/ })).toBeEnabled()
  await context.close()
})

test('counting ids reveals no guest data', async ({ page, request }) => {
  const api = await request.get('/api/bookings/1')
  expect(api.status()).toBe(404)
  expect(await api.text()).not.toContain('Playwright Guest')
  // A numeric id is no reference: not found (docs/decisions/0029), which tells nothing either.
  const byId = await page.goto('/booking-confirmation/1')
  expect(byId?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('Playwright Guest')
  await page.goto('/booking-confirmation?id=1')
  await expect(page.getByRole('main')).not.toContainText('Playwright Guest')
  // The reference itself works through ?id= as well.
  await page.goto(`/booking-confirmation?id=${reference}`)
  await expect(page.getByRole('main')).toContainText('Playwright Guest')
})

test('booking and confirmation pages have no serious accessibility violations at 375 px', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
  })
  const page = await context.newPage()
  await page.goto('/booking')
  await expectNoSeriousAxeViolations(page)
  await openMonthOf(page, TOUR_DATE)
  await dayButton(page, TOUR_DATE).click()
  await page.getByRole('radio', { name: /^Afternoon · 2:00 PM/ }).check()
  await page.getByRole('button', { name: 'Continue to Booking Details' }).click()
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.goto(`/booking-confirmation/${reference}`)
  await expectNoSeriousAxeViolations(page)
  await context.close()
})

test('when someone else takes the slot first, the visitor is sent back to the calendar with the slot shown taken', async ({ page }) => {
  await page.goto('/booking')
  await openMonthOf(page, TOUR_DATE)
  await dayButton(page, TOUR_DATE).click()
  await page.getByRole('radio', { name: /^Afternoon · 2:00 PM/ }).check()
  await page.getByRole('button', { name: 'Continue to Booking Details' }).click()
  await page.getByLabel('Full Name').fill('Slow Guest')
  await page.getByLabel('Email').fill('slow@example.com')
  await page.getByLabel('Phone Number').fill('+1 415 555 0100')
  await policyConsent(page).check()

  // Another guest books the same afternoon while this one is typing.
  const packages = (await (await page.request.get('/api/tour-packages')).json()) as { id: number; isHalfDay: boolean }[]
  const half = packages.find((p) => p.isHalfDay)!
  const other = await page.request.post('/api/bookings', {
    data: {
      name: 'Fast Guest',
      email: 'fast@example.com',
      phone: '+1 415 555 0199',
      numberOfPeople: 2,
      tourPackageId: half.id,
      tourDate: TOUR_DATE,
      tourTime: 'afternoon',
      acceptPolicy: true,
    },
  })
  expect(other.status()).toBe(201)

  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByText('Booking Failed', { exact: true })).toBeVisible()
  await expect(page.getByText('This time slot is no longer available').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Choose a date and time' })).toBeVisible()
  await expect(dayButton(page, TOUR_DATE)).toHaveAccessibleName(`${formatLongDate(TOUR_DATE)}, fully booked, waitlist open`)
  await expect(page.getByRole('radio', { name: /^Afternoon · 2:00 PM/ })).toBeDisabled()
})

test('without JavaScript a visitor can still book: GET forms for the calendar, the route action for the details', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const date = addDays(TOUR_DATE, -7)
  await page.goto('/booking')
  await openMonthOf(page, date)
  await dayButton(page, date).click()
  await expect(page).toHaveURL(new RegExp(`date=${date}`))
  await page.getByRole('radio', { name: /^Full Day · 9:00 AM/ }).check()
  await page.getByRole('button', { name: 'Continue to Booking Details' }).click()
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Booking summary' })).toContainText(formatLongDate(date))

  // The server answers the schema's messages inline.
  await page.getByLabel('Full Name').fill('No Script Guest')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Phone Number').fill('+33 6 12 34 56 78')
  await policyConsent(page).check()
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByLabel('Full Name')).toHaveValue('No Script Guest')
  // The tick comes back with the rest of what the guest typed.
  await expect(policyConsent(page)).toBeChecked()

  // The hotel's name shows by CSS alone once the guest asks to be picked up (docs/decisions/0052).
  await expect(page.getByLabel('Hotel name')).toBeHidden()
  await page.getByRole('radio', { name: 'Pick me up at my hotel in Joetsu' }).check()
  await expect(page.getByLabel('Hotel name')).toBeVisible()
  await page.getByLabel('Hotel name').fill('Ryokan Takada')
  await page.getByLabel('Email').fill('noscript@example.com')
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByRole('heading', { name: 'Your slot is held: payment is needed' })).toBeVisible()
  const href = await page.getByRole('link', { name: 'Continue to Payment' }).getAttribute('href')
  expect(href).toMatch(/^\/checkout\/[0-9A-HJKMNP-TV-Z]{12}$/)
  const created = await page.request.get(`/api/bookings/${href!.split('/').pop()}`)
  expect(await created.json()).toMatchObject({ name: 'No Script Guest', tourDate: date, tourTime: 'full-day', totalPrice: 22_000, status: 'pending', meeting: { kind: 'pickup', hotel: 'Ryokan Takada' } })
  await context.close()
})

test('a booking sent while the connection is lost keeps the form and says so; sent again, it goes through', async ({ page }) => {
  const date = addDays(TOUR_DATE, -14)
  await page.goto('/booking')
  await hydrated(page)
  await chooseSlot(page, date, /^Afternoon · 2:00 PM/)
  await page.getByLabel('Full Name').fill('Offline Guest')
  await page.getByLabel('Email').fill('offline-guest@example.com')
  await page.getByLabel('Phone Number').fill('+44 7700 900456')
  await policyConsent(page).check()
  await expect(page.getByLabel('Tour Package', { exact: true })).toHaveValue(/\d+/)

  // The details go to the route action's data URL; the network drops the post.
  await page.route('**/booking.data*', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()))
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByText('We could not reach the server. Please check your connection and try again.').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible()
  await expect(page.getByLabel('Full Name')).toHaveValue('Offline Guest')

  await page.unroute('**/booking.data*')
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByRole('heading', { name: 'Your slot is held: payment is needed' })).toBeVisible()
})
