import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'

// The toasts in a real browser: one at a time, gone after 5 s, dismissed by a
// swipe right past 50 px, and reachable with F8. The login page's 'Login failed' toast
// is the trigger: a wrong password is the quickest failure a visitor can cause.

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')

async function failLogin(page: Page) {
  await page.getByLabel('Username', { exact: true }).fill('nobody-here')
  await page.getByLabel('Password', { exact: true }).fill('wrong-password')
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(toasts(page).filter({ hasText: 'Login failed' })).toBeVisible()
}

test.beforeEach(async ({ page }) => {
  await page.goto('/admin/login')
  // The form only reaches the API once React has hydrated it (its handler is attached).
  await page.waitForFunction(() => {
    const form = document.querySelector('form')
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  })
})

test('one toast at a time, closing by itself after about 5 seconds', async ({ page }) => {
  await failLogin(page)
  await failLogin(page)
  await expect(toasts(page)).toHaveCount(1)
  const shownAt = Date.now()
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 })
  // Not before its time: a toast that vanished at once would fail here.
  expect(Date.now() - shownAt).toBeGreaterThan(3_000)
})

test('a swipe right past 50 px dismisses it; a shorter one does not', async ({ page }) => {
  await failLogin(page)
  const box = (await toasts(page).boundingBox())!
  const y = box.y + box.height / 2
  const drag = async (dx: number) => {
    await page.mouse.move(box.x + 20, y)
    await page.mouse.down()
    for (let step = 1; step <= 5; step++) await page.mouse.move(box.x + 20 + (dx * step) / 5, y)
    await page.mouse.up()
  }
  await drag(30)
  await expect(toasts(page)).toHaveCount(1)
  await drag(120)
  await expect(toasts(page)).toHaveCount(0, { timeout: 2_000 })
})

test('F8 moves the keyboard focus to the notifications', async ({ page }) => {
  await page.keyboard.press('F8')
  await expect(page.getByRole('region', { name: /Notifications/ }).locator('ol')).toBeFocused()
  await failLogin(page)
  await page.keyboard.press('F8')
  await expect(page.getByRole('region', { name: /Notifications/ }).locator('ol')).toBeFocused()
})
