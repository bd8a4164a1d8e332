import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { formatLongDate } from '../../core/dates.ts'
import { waitlistSunday } from './tour-dates.ts'
import { dayButton, openMonthOf } from './booking-steps.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { emailTo } from './outbox-mail.ts'

// docs/decisions/0057: on a phone, a visitor waits for a taken slot, confirms
// their address from the one e-mail sent before anything else (docs/decisions/0070); the booking
// is cancelled; the e-mail's link opens the booking page with the slot chosen; its removal link
// works without JavaScript. Then, at 375 and 1280 px, a day a full-day booking fills still opens
// in the calendar with its slots' waitlist links (docs/decisions/0070), and the confirmation
// works with and without JavaScript. The tests take turns on one Sunday, each leaving it free.
test.use({ reducedMotion: 'reduce' })
test.describe.configure({ mode: 'serial' })

const SUNDAY = waitlistSunday()
const VISITOR = `waiting-${Date.now()}@example.com`

/**
 * The link of the one e-mail an address gets before it waits (docs/decisions/0070), opened: the
 * page names the slot and asks first, since opening it must change nothing. Axe clean.
 */
async function openConfirmation(page: Page, to: string, slot: string): Promise<URL> {
  const mail = await emailTo(to, /^Confirm your address for the waitlist$/)
  const link = new URL(/(http\S+\/waitlist\/confirm\/[0-9A-Z]{52})/.exec(mail.text ?? '')![1]!)
  await page.goto(link.pathname)
  await expect(page.getByRole('heading', { name: 'Wait for these slots?' })).toBeVisible()
  await expect(page.getByText(`${slot} on ${formatLongDate(SUNDAY)} (`)).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'confirmation page')
  return link
}

/** The page says the address is confirmed, axe clean. */
async function expectConfirmed(page: Page) {
  await expect(page.getByRole('heading', { name: 'Your address is confirmed' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'confirmed')
}

test('on a 375 px phone a visitor waits for a taken morning, confirms the address, is e-mailed when it frees, books from the link, and leaves the list without JavaScript', async ({ page, browser }) => {
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
  await expect(page.getByRole('heading', { name: 'Almost there: please check your e-mail' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'joined')

  // The one e-mail before anything else: its link's page asks first, its button confirms.
  await openConfirmation(page, VISITOR, 'Morning')
  await page.getByRole('button', { name: 'Confirm my address' }).click()
  await expectConfirmed(page)

  // The booking is cancelled: the morning frees, and everyone waiting is e-mailed.
  expect((await page.request.post(`/api/bookings/${reference}/cancel`)).status()).toBe(200)
  const mail = await emailTo(VISITOR, /is free again/)
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

for (const width of [375, 1280]) {
  test(`at ${width} px a day a full-day booking fills opens in the calendar; a visitor waits for its afternoon and confirms from the e-mail${width === 375 ? ' without JavaScript' : ''}`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 })
    const visitor = `full-day-${width}-${Date.now()}@example.com`
    const fullDay = ((await (await page.request.get('/api/tour-packages')).json()) as { id: number; isHalfDay: boolean }[]).find((p) => !p.isHalfDay)!
    const booked = await page.request.post('/api/bookings', {
      data: { name: 'Whole Day', email: `whole-day-${width}@example.com`, phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: fullDay.id, tourDate: SUNDAY, tourTime: 'full-day', acceptPolicy: true },
    })
    expect(booked.status(), await booked.text()).toBe(201)
    const { reference } = await booked.json()

    // The day is full, and still opens: each of its slots offers the waitlist.
    await page.goto('/booking')
    await openMonthOf(page, SUNDAY)
    const day = dayButton(page, SUNDAY)
    await expect(day).toHaveAccessibleName(`${formatLongDate(SUNDAY)}, fully booked, waitlist open`)
    await expect(day).toHaveAttribute('aria-disabled', 'false')
    await day.click()
    for (const slot of ['Morning', 'Afternoon', 'Full Day']) {
      await expect(page.getByRole('radio', { name: new RegExp(`^${slot} · `) })).toBeDisabled()
      await expect(page.getByRole('link', { name: `Tell me if this slot frees up (${slot})` })).toBeVisible()
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await expectNoSeriousAxeViolations(page, 'a full day chosen')
    await page.getByRole('link', { name: 'Tell me if this slot frees up (Afternoon)' }).click()

    await expect(page.getByRole('heading', { name: 'Waitlist', level: 1 })).toBeVisible()
    await page.getByLabel('Email').fill(visitor)
    await page.getByRole('button', { name: 'Add me to the waitlist' }).click()
    await expect(page.getByRole('heading', { name: 'Almost there: please check your e-mail' })).toBeVisible()

    // Opening the link changes nothing: the page asks.
    const confirm = await openConfirmation(page, visitor, 'Afternoon')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    if (width === 375) {
      // The same link without JavaScript: the button is a plain form post.
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } })
      const plain = await context.newPage()
      await plain.goto(confirm.pathname)
      await plain.getByRole('button', { name: 'Confirm my address' }).click()
      await expect(plain.getByRole('heading', { name: 'Your address is confirmed' })).toBeVisible()
      await context.close()
      await page.reload()
    } else {
      await page.getByRole('button', { name: 'Confirm my address' }).click()
    }
    await expectConfirmed(page)

    // The full day is cancelled: the confirmed visitor hears that the afternoon is free.
    expect((await page.request.post(`/api/bookings/${reference}/cancel`)).status()).toBe(200)
    expect((await emailTo(visitor, /is free again/)).subject).toBe(`Afternoon on ${formatLongDate(SUNDAY)} is free again: book it now`)
  })
}
