import { expect } from '@playwright/test'
import { test } from './test.ts'
import { chooseSlot, policyConsent } from './booking-steps.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'
import { saturdayAhead } from './tour-dates.ts'

// docs/decisions/0024: one e-mail address may hold at most two unpaid bookings at once. A server
// of its own, so the holds made here meet no other spec's dates or addresses.

const MESSAGE = 'You already have unpaid bookings: finish or cancel them first'
const EMAIL = 'twice-unpaid@example.com'
let server: OwnServer

test.beforeAll(async () => {
  test.setTimeout(120_000)
  server = await startOwnServer('unpaid-limit', { SIMULATED_PAYMENTS: 'true' })
})

test.afterAll(async () => {
  await server?.stop()
})

test('a third unpaid booking for one e-mail is refused at the e-mail field, and the guest stays on the form (375 px)', async ({ page }) => {
  const held = saturdayAhead(30)
  for (const tourTime of ['morning', 'afternoon']) {
    const res = await page.request.post(`${server.baseURL}/api/bookings`, {
      data: { name: 'Twice Held', email: EMAIL, phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: 1, tourDate: held, tourTime, acceptPolicy: true },
    })
    expect(res.status(), await res.text()).toBe(201)
  }

  await page.setViewportSize({ width: 375, height: 800 })
  const date = saturdayAhead(37)
  await page.goto(`${server.baseURL}/booking`)
  await chooseSlot(page, date, /^Morning · 9:00 AM/)
  await page.getByLabel('Full Name').fill('Twice Held')
  // Another letter case is the same address.
  await page.getByLabel('Email').fill('Twice-Unpaid@Example.com')
  await page.getByLabel('Phone Number').fill('+81 90-1234-5678')
  await policyConsent(page).check()
  await page.getByRole('button', { name: 'Create Booking' }).click()

  const email = page.getByLabel('Email')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('main').getByText(MESSAGE)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible()
  await expect(page.getByLabel('Full Name')).toHaveValue('Twice Held')
})
