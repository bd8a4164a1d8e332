import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { formatLongDate } from '../../core/dates.ts'
import { sundayAhead } from './tour-dates.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'

// docs/decisions/0055: the guide moves a booking from the dashboard, on a
// desktop and on a phone; a taken slot is refused and the booking stays where it was.
test.use({ reducedMotion: 'reduce' })

const FIRST = sundayAhead(70)
const SECOND = sundayAhead(70, 1)
const THIRD = sundayAhead(70, 2)

async function book(page: Page, name: string, tourDate: string, tourTime: 'morning' | 'afternoon') {
  const res = await page.request.post('/api/bookings', {
    data: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: 1, tourDate, tourTime, acceptPolicy: true },
  })
  expect(res.status(), await res.text()).toBe(201)
  const login = await page.request.post('/api/login', { data: E2E_ADMIN })
  expect(login.status()).toBe(200)
  const list = await (await page.request.get(`/api/bookings?q=${encodeURIComponent(name)}`)).json()
  return list.items[0].id as number
}

async function moveFromTheList(page: Page, id: number, target: { date: string; otherGuest: string }) {
  await page.goto(`/admin/dashboard?tab=bookings&bookingId=${id}`)
  await page.getByRole('link', { name: `Move booking #${id}` }).click()
  const dialog = page.getByRole('dialog', { name: `Move booking #${id}` })
  await dialog.getByLabel('New date', { exact: true }).fill(target.date)
  const slot = dialog.getByLabel('Time slot', { exact: true })
  // The calendar's word on each slot of the chosen date.
  await expect(slot.locator('option[value="morning"]')).toHaveText(new RegExp(`held by an unpaid booking: ${target.otherGuest}`))
  await expect(slot.locator('option[value="afternoon"]')).toHaveText(/\(free\)/)
  await expectNoSeriousAxeViolations(page, 'move dialog')

  // The taken half is refused by the server, and the dialog says so.
  await slot.selectOption('morning')
  await dialog.getByRole('button', { name: 'Move Booking' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('This time slot is no longer available')

  await slot.selectOption('afternoon')
  await dialog.getByRole('button', { name: 'Move Booking' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Booking moved' }).first()).toContainText(`now on ${formatLongDate(target.date)}`)
}

test('the guide moves a booking on a desktop, and its history shows it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const id = await book(page, 'Mover Maeda', FIRST, 'morning')
  await book(page, 'Staying Sato', SECOND, 'morning')
  await moveFromTheList(page, id, { date: SECOND, otherGuest: 'Staying Sato' })

  const row = page.locator(`tr[data-booking-id="${id}"]`)
  await expect(row).toContainText('2:00 PM')
  await row.getByRole('link', { name: `View message for booking #${id}` }).click()
  const details = page.getByRole('dialog', { name: `Booking #${id}: Mover Maeda` })
  await expect(details.getByRole('listitem')).toContainText(`moved ${FIRST} morning → ${SECOND} afternoon by ${E2E_ADMIN.username}; the guest was told.`)
  // The booking's dialog moves it too.
  await details.getByRole('link', { name: 'Move Booking' }).click()
  await expect(page.getByRole('dialog', { name: `Move booking #${id}` })).toBeVisible()
})

test('the guide moves a booking on a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  const id = await book(page, 'Phoning Fujita', FIRST, 'afternoon')
  await book(page, 'Keeping Kato', THIRD, 'morning')
  await moveFromTheList(page, id, { date: THIRD, otherGuest: 'Keeping Kato' })
  await expect(page.locator(`li[data-booking-id="${id}"]`)).toContainText(`${formatLongDate(THIRD)} · 2:00 PM`)
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})

// After the two journeys above, both halves of the first Sunday are free again: this one moves between them.
test('without JavaScript the guide moves a booking from its address, and a refusal comes back beside the form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const id = await book(page, 'Scriptless Sasaki', FIRST, 'morning')
  await page.goto(`/admin/bookings?move=${id}`)
  const dialog = page.getByRole('dialog', { name: `Move booking #${id}` })
  const slot = dialog.getByLabel('Time slot', { exact: true })
  // The server's page says what the calendar holds on the booking's own day.
  await expect(slot.locator('option[value="morning"]')).toHaveText(/this booking/)
  await expect(slot.locator('option[value="afternoon"]')).toHaveText(/\(free\)/)
  await slot.selectOption('afternoon')
  await dialog.getByLabel('E-mail the guest the new date (with the calendar event moved)').uncheck()
  await dialog.getByRole('button', { name: 'Move Booking' }).click()
  // Saved, and back on the list with the dialog closed.
  await expect(page).toHaveURL(/\/admin\/bookings$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(((await (await page.request.get(`/api/bookings?bookingId=${id}`)).json()) as { items: unknown[] }).items[0]).toMatchObject({ id, tourDate: FIRST, tourTime: 'afternoon' })

  // Its details, opened by their address, show the move; their Move link opens the move again.
  await page.goto(`/admin/bookings?details=${id}`)
  const details = page.getByRole('dialog', { name: `Booking #${id}: Scriptless Sasaki` })
  await expect(details.getByRole('listitem')).toContainText(`moved ${FIRST} morning → ${FIRST} afternoon by ${E2E_ADMIN.username}; the guest was not e-mailed.`)
  await details.getByRole('link', { name: 'Move Booking' }).click()
  await expect(page).toHaveURL(new RegExp(`\\?move=${id}$`))
  // Moved onto where it is: refused, the page again with the server's words in the dialog.
  await page.getByRole('dialog', { name: `Move booking #${id}` }).getByRole('button', { name: 'Move Booking' }).click()
  await expect(page.getByRole('dialog', { name: `Move booking #${id}` }).getByText('Choose another date, time, tour or group size to move this booking.').first()).toBeVisible()
  await page.getByRole('dialog', { name: `Move booking #${id}` }).getByRole('link', { name: 'Keep As Is' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await context.close()
})

test('the guide reads and saves how often guests may change a booking online', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  await page.goto('/admin/dashboard?tab=settings')
  await hydrated(page)
  const panel = page.getByRole('region', { name: 'Changes of plan' })
  const field = panel.getByLabel('Changes a guest may make online')
  // Other journeys run at the same time and count on the default: saved as it is.
  await expect(field).toHaveValue('2')
  await field.fill('eleven')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByRole('alert')).toHaveText('Enter a whole number from 0 to 10')
  await field.fill('2')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Booking rules saved' }).first()).toContainText('up to 2 times')
})
