import { expect, type Browser } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { logInAsAdmin } from './admin-login.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

/**
 * The dashboard in the admin's own language (docs/decisions/0086): the browser's choice between
 * Japanese and English until the admin chooses in the header, then theirs on every device, with
 * and without script. An admin of its own: the shared one's language is every other spec's.
 */
const ADMIN = { username: 'language-admin', password: 'language-admin-password' }

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` })
  expect((await request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  const created = await request.post('/api/register', { data: { ...ADMIN, isAdmin: true } })
  expect([201, 409], await created.text()).toContain(created.status())
  await request.dispose()
})

const japaneseBrowser = (browser: Browser, options: { javaScriptEnabled?: boolean } = {}) => browser.newContext({ locale: 'ja-JP', ...options })

for (const width of [375, 1280]) {
  test(`a browser that prefers Japanese gets the login page and the dashboard in Japanese at ${width} px, without a serious accessibility problem`, async ({ browser }) => {
    const context = await japaneseBrowser(browser)
    const page = await context.newPage()
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/admin/login')
    await expect(page.getByRole('heading', { name: '管理者ログイン' })).toBeVisible()
    await expect(page).toHaveTitle(/^管理者ログイン \| /)
    await expectNoSeriousAxeViolations(page, `the login page in Japanese at ${width} px`)
    await logInAsAdmin(page, '', 'ja', ADMIN)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    await expect(page.getByRole('banner').getByText(`${ADMIN.username} でログイン中`)).toBeVisible()
    await expect(page.getByRole('navigation').getByRole('link', { name: 'ツアー予約' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'ログアウト' })).toBeVisible()
    await expect(page.getByLabel('表示言語')).toHaveValue('ja')
    await expectNoSeriousAxeViolations(page, `the dashboard in Japanese at ${width} px`)
    await context.close()
  })
}

test('the admin chooses English in the header, and every device shows it whatever the browser prefers', async ({ browser }) => {
  const context = await japaneseBrowser(browser)
  const page = await context.newPage()
  await logInAsAdmin(page, '', 'ja', ADMIN)
  await page.getByLabel('表示言語').selectOption('en')
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Tour Bookings' })).toBeVisible()
  await context.close()

  // Another device whose browser prefers Japanese: the admin's choice wins once they are known.
  const other = await japaneseBrowser(browser)
  const second = await other.newPage()
  await second.goto('/admin/login')
  await expect(second.getByRole('heading', { name: '管理者ログイン' })).toBeVisible()
  await second.getByLabel('ユーザー名', { exact: true }).fill(ADMIN.username)
  await second.getByLabel('パスワード', { exact: true }).fill(ADMIN.password)
  await second.getByRole('button', { name: 'ログイン', exact: true }).click()
  await expect(second.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  await other.close()
})

test('without JavaScript the admin changes the language with the header’s button', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' })
  const page = await context.newPage()
  await page.goto('/admin/login')
  await page.getByLabel('Username', { exact: true }).fill(ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Log In', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  await page.getByLabel('Language').selectOption('ja')
  await page.getByRole('button', { name: 'Change', exact: true }).click()
  await expect(page.getByRole('heading', { name: '管理ダッシュボード' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  await page.getByLabel('表示言語').selectOption('en')
  await page.getByRole('button', { name: '変更', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  await context.close()
})
