import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { hydrated } from './hydration.ts'

// The skeleton every other journey stands on: pages render from the server, links work,
// unknown paths are real 404s, and the API answers on the same origin.

test('home page loads and a header link leads to another page', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('banner').getByRole('link', { name: 'Packages', exact: true }).first().click()
  await expect(page).toHaveURL(/\/packages$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Our Curated Joetsu Experiences' })).toBeVisible()
})

test('an unknown path answers HTTP 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: /home/i })).toBeVisible()
})

test('/book is an alias of /booking; /admin leads an admin to the dashboard and anyone else to the login', async ({ page, request }) => {
  const book = await page.goto('/book')
  expect(book?.status()).toBe(200)
  const booking = await request.get('/booking')
  expect(booking.status()).toBe(200)
  // Typing /admin is how one logs in, not an attempt to be denied (decision 0030).
  const anonymous = await request.get('/admin', { maxRedirects: 0 })
  expect(anonymous.status()).toBe(302)
  expect(anonymous.headers()['location']).toBe('/admin/login')
  expect((await request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  const admin = await request.get('/admin', { maxRedirects: 0 })
  expect(admin.status()).toBe(302)
  expect(admin.headers()['location']).toBe('/admin/bookings')
})

/** Whether an inline script added by someone else (an injection) would run on this page. */
function injectedScriptRuns(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'document.documentElement.dataset.injected = "yes"'
    document.body.append(script)
    return document.documentElement.dataset.injected === 'yes'
  })
}

test('a prerendered page runs its own inline scripts and refuses any other (CSP hashes, decision 0022)', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const response = await page.goto('/how-it-works')
  expect(response?.status()).toBe(200)
  const html = await response!.text()
  expect(html).not.toContain('__CSP_NONCE__')
  // The policy names the page's inline scripts by hash: no nonce, no 'unsafe-inline'.
  const scriptSrc = /script-src ([^;]*)/.exec(response!.headers()['content-security-policy'] ?? '')?.[1] ?? ''
  expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/)
  expect(scriptSrc).not.toMatch(/nonce-|unsafe-inline|unsafe-eval/)
  // Hydration ran: React Router's client navigation works without a full reload. The click waits
  // for hydration (a click before it is a full page load, whose document has no body for a moment),
  // and a mark on the window proves the same document is still there after it.
  await hydrated(page)
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByRole('banner').getByRole('link', { name: 'Explore Joetsu' }).first().click()
  await expect(page).toHaveURL(/\/explore$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([])
  // An inline script that is not one of the page's own is refused.
  expect(await injectedScriptRuns(page)).toBe(false)
})

test('a server-rendered page refuses an inline script without its nonce', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  const scriptSrc = /script-src ([^;]*)/.exec(response!.headers()['content-security-policy'] ?? '')?.[1] ?? ''
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/)
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/)
  expect(await injectedScriptRuns(page)).toBe(false)
})

test('the bootstrap admin can log in through the API', async ({ request }) => {
  const health = await request.get('/api/health')
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' })
  const login = await request.post('/api/login', { data: E2E_ADMIN })
  expect(login.status()).toBe(200)
  expect(await login.json()).toMatchObject({ success: true, user: { username: E2E_ADMIN.username, isAdmin: true } })
})
