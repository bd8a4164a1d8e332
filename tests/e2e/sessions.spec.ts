import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'

// docs/decisions/0026: "Log out everywhere" in Settings ends every session of the account, the
// one in this browser and the one on another device. Each run uses an admin of its own,
// so it never signs out the shared e2e admin that other specs use at the same time.
test.use({ reducedMotion: 'reduce' })

async function logIn(page: Page, credentials: { username: string; password: string }) {
  const res = await page.request.post('/api/login', { data: credentials })
  expect(res.status()).toBe(200)
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`Log out everywhere signs the admin out in every browser, at ${viewport.width} px`, async ({ browser }) => {
    const account = { username: `everywhere-${viewport.width}`, password: 'everywhere-password' }
    const setup = await browser.newContext()
    const setupPage = await setup.newPage()
    await logIn(setupPage, E2E_ADMIN)
    const created = await setupPage.request.post('/api/register', { data: { ...account, isAdmin: true } })
    expect(created.status()).toBe(201)

    const here = await browser.newContext({ viewport, hasTouch: viewport.width < 1024 })
    const elsewhere = await browser.newContext({ viewport })
    const page = await here.newPage()
    const otherDevice = await elsewhere.newPage()
    await logIn(page, account)
    await logIn(otherDevice, account)
    await otherDevice.goto('/admin/dashboard')
    await expect(otherDevice.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()

    await page.goto('/admin/dashboard?tab=settings')
    await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible()
    await page.getByRole('button', { name: 'Log out everywhere' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Log out everywhere?' })
    await expect(dialog).toContainText('on this device too')
    // The dialog fits the screen, a phone's included.
    const box = (await dialog.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)

    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect((await page.request.get('/api/user')).status()).toBe(200)

    await page.getByRole('button', { name: 'Log out everywhere' }).click()
    await dialog.getByRole('button', { name: 'Log out everywhere' }).click()
    await expect(page).toHaveURL(/\/admin\/login$/)
    expect((await page.request.get('/api/user')).status()).toBe(401)

    // The other device is signed out too: its next page load goes to the login page.
    expect((await otherDevice.request.get('/api/user')).status()).toBe(401)
    await otherDevice.reload()
    await expect(otherDevice).toHaveURL(/\/admin\/login\?denied=1/)

    // The shared admin, signed in elsewhere, is untouched.
    expect((await setupPage.request.get('/api/user')).status()).toBe(200)
    await Promise.all([setup.close(), here.close(), elsewhere.close()])
  })
}

test('without script the admin is asked under the button and signed out everywhere, at 375 px', async ({ browser }) => {
  const account = { username: 'everywhere-no-script', password: 'everywhere-password' }
  const setup = await browser.newContext()
  await logIn(await setup.newPage(), E2E_ADMIN)
  expect((await setup.request.post('/api/register', { data: { ...account, isAdmin: true } })).status()).toBe(201)

  const here = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false })
  const page = await here.newPage()
  await logIn(page, account)
  await page.goto('/admin/settings')
  const sessions = page.getByRole('region', { name: 'Sessions' })
  await sessions.locator('summary', { hasText: 'Log out everywhere' }).click()
  const question = sessions.getByRole('group', { name: 'Log out everywhere?' })
  await expect(question).toContainText('on this device too')
  await question.getByRole('button', { name: 'Log out everywhere' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  expect((await page.request.get('/api/user')).status()).toBe(401)
  await Promise.all([setup.close(), here.close()])
})
