import { expect, type Page } from '@playwright/test'
import { formatLongDate, formatMonthTitle } from '../../core/dates.ts'

/** The booking calendar turned to the month of `date` (it opens on the first bookable month). */
export async function openMonthOf(page: Page, date: string) {
  const calendar = page.getByRole('grid')
  await expect(calendar).toBeVisible()
  for (let i = 0; i < 8; i++) {
    if ((await page.locator('#calendar-month').textContent()) === formatMonthTitle(date)) return
    await page.getByRole('button', { name: /^Next month/ }).click()
  }
  await expect(page.locator('#calendar-month')).toHaveText(formatMonthTitle(date))
}

/** A day of the booking calendar, named as a screen reader hears it. */
export const dayButton = (page: Page, date: string) => page.getByRole('grid').getByRole('button', { name: new RegExp(`^${formatLongDate(date)},`) })

/** A visitor's first two steps: the day, the slot (its radio's name, e.g. /^Morning · 9:00 AM/), then on to the details form. */
export async function chooseSlot(page: Page, date: string, slot: RegExp) {
  await openMonthOf(page, date)
  await dayButton(page, date).click()
  await page.getByRole('radio', { name: slot }).check()
  await page.getByRole('button', { name: 'Continue to Booking Details' }).click()
}

/** The consent box of the details form (docs/decisions/0050), found by what it says. */
export const policyConsent = (page: Page) => page.getByRole('checkbox', { name: 'I accept the cancellation policy and the terms.' })

/**
 * The toast that tells the guest their slot is held. It comes a moment after the held panel, over
 * the foot of a phone's screen: a tap on a link there before it could land on the toast instead,
 * so a journey that goes on by a link waits for it, as the guest sees it.
 */
export async function slotHeldToast(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Slot held' }).first()).toBeVisible()
}
