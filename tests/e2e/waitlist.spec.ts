import { expect, test } from '@playwright/test'
import { formatLongDate } from '../../core/dates.ts'
import { waitlistSunday } from './tour-dates.ts'
import { dayButton, openMonthOf } from './booking-steps.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { emailTo } from './outbox-mail.ts'

// Issue 19 point 4 (docs/decisions/0057): on a phone, a visitor waits for a taken slot; the booking
// is cancelled; the e-mail's link opens the booking page with the slot chosen; its removal link
// works without JavaScript.
test.use({ reducedMotion: 'reduce' })

const SUNDAY = waitlistSunday()
const VISITOR = `waiting-${Date.now()}@example.com`

test('on a 375 px phone a visitor waits for a taken morning, is e-mailed when it frees, books from the link, and leaves the list without JavaScript', async ({ page, browser }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  const booked = await page.request.post('/api/bookings', {
    data: { name: 'Holding Hayashi', email: 'holding@example.com', phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: 1, tourDate: SUNDAY, tourTime: 'morning', acceptPolicy: true },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const { reference } = await booked.json()

  // The booking page shows the morning as taken, with the offer beside it.
  await page.goto('/booking')
  await openMonthOf(page, SUNDAY)
  await dayButton(page, SUNDAY).click()
  await expect(page.getByRole('radio', { name: /^Morning · 9:00 AM/ })).toBeDisabled()
  await page.getByRole('link', { name: 'Tell me if this slot frees up (Morning)' }).click()

  await expect(page.getByRole('heading', { name: 'Waitlist', level: 1 })).toBeVisible()
  await expect(page.getByText(formatLongDate(SUNDAY))).toBeVisible()
  await page.getByLabel('Email').fill(VISITOR)
  await page.getByLabel('Number of people').selectOption('3')
  await expectNoSeriousAxeViolations(page, 'waitlist form')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.getByRole('button', { name: 'Add me to the waitlist' }).click()
  await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'joined')

  // The booking is cancelled: the morning frees, and everyone waiting is e-mailed.
  expect((await page.request.post(`/api/bookings/${reference}/cancel`)).status()).toBe(200)
  const mail = await emailTo(VISITOR)
  expect(mail.subject).toBe(`Morning on ${formatLongDate(SUNDAY)} is free again: book it now`)
  const text = mail.text ?? ''
  const bookLink = new URL(/(http\S+\/booking\?date=\S+)/.exec(text)![1]!)
  const removeLink = new URL(/(http\S+\/waitlist\/[0-9A-Z]{26})/.exec(text)![1]!)
  expect(bookLink.searchParams.get('date')).toBe(SUNDAY)
  expect(bookLink.searchParams.get('tourTime')).toBe('morning')

  // The link opens the booking page with the day and the morning chosen.
  await page.goto(bookLink.pathname + bookLink.search)
  await expect(page.getByRole('radio', { name: /^Morning · 9:00 AM/ })).toBeChecked()
  await expect(page.getByRole('heading', { name: 'Selected' })).toBeVisible()
  await expect(page.getByText(formatLongDate(SUNDAY)).first()).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'booking from the e-mail')

  // The removal link's page asks first (opening it changes nothing).
  await page.goto(removeLink.pathname)
  await expect(page.getByRole('heading', { name: 'Stop hearing about this slot?' })).toBeVisible()
  await expect(page.getByText(/You are waiting for the Morning slot on .* \(.*, 3 people\)/)).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'removal page')

  // Without JavaScript, on the same link, the button removes the entry.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } })
  const plain = await context.newPage()
  await plain.goto(removeLink.pathname)
  await plain.getByRole('button', { name: 'Leave the waitlist' }).click()
  await expect(plain.getByRole('heading', { name: 'You have left the waitlist' })).toBeVisible()
  await plain.goto(removeLink.pathname)
  await expect(plain.getByRole('heading', { name: 'This waitlist link no longer works' })).toBeVisible()
  await context.close()
})
