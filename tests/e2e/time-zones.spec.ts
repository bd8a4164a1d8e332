import { expect } from '@playwright/test'
import { test } from './test.ts'
import { slotInstants } from '../../core/slots.ts'
import { hydrated } from './hydration.ts'
import { sundayAhead } from './tour-dates.ts'

/**
 * The tour's time is Japan time, said so, with the visitor's own time beside it when their time
 * zone differs (docs/decisions/0044): a traveller planning from Los Angeles reads both, one in Tokyo only one.
 */
const date = sundayAhead(155)
let reference = ''

test.beforeAll(async ({ request }) => {
  const res = await request.post('/api/bookings', {
    data: { name: 'Casey Traveller', email: 'casey.traveller@example.com', phone: '+1 415 555 0100', numberOfPeople: 2, tourPackageId: 1, tourDate: date, tourTime: 'morning', acceptPolicy: true },
  })
  expect(res.status(), await res.text()).toBe(201)
  reference = ((await res.json()) as { reference: string }).reference
})

test.describe('from Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' })

  test('the confirmation and the checkout show the Japan time and the visitor’s own', async ({ page }) => {
    const start = slotInstants(date, 'morning').start
    const own = new Intl.DateTimeFormat('en', { timeZone: 'America/Los_Angeles', weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(start)
    for (const url of [`/booking-confirmation/${reference}`, `/checkout/${reference}`]) {
      await page.goto(url)
      const main = page.getByRole('main')
      await expect(main).toContainText('Morning, 9:00 AM (Japan time)')
      await expect(main).toContainText(`Your time: ${own}`)
    }
    // The day before in California: the visitor's own date is named.
    expect(own).toMatch(/^Sat, /)
  })
})

test.describe('from Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' })

  test('only the Japan time is shown', async ({ page }) => {
    await page.goto(`/booking-confirmation/${reference}`)
    await expect(page.getByRole('main')).toContainText('Morning, 9:00 AM (Japan time)')
    // Hydrated, so the visitor's own time would have been written by now.
    await hydrated(page)
    await expect(page.getByText(/Your time/)).toHaveCount(0)
  })
})
