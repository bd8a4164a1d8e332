import { expect } from '@playwright/test'
import { test } from './test.ts'
import { addDays, todayInTokyo } from '../../core/dates.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'

// The prices on the home, packages and legal pages are read from the catalogue
// per request (docs/decisions/0004), so a price the guide edits shows everywhere at once.
// Its own server: every other spec expects the seeded prices.

const ADMIN = { username: 'catalogue-admin', password: 'catalogue-admin-password' }
const PRICED_PAGES = ['/', '/packages', '/legal']

let server: OwnServer

test.beforeAll(async () => {
  test.setTimeout(120_000)
  server = await startOwnServer('catalogue', { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SIMULATED_PAYMENTS: 'true' })
})

test.afterAll(async () => {
  await server?.stop()
})

test('a price edited by the guide shows on every priced page at once, and the solo special only while it runs', async ({ page }) => {
  const api = page.request
  expect((await api.post(`${server.baseURL}/api/login`, { data: ADMIN })).status()).toBe(200)
  const packages = (await (await api.get(`${server.baseURL}/api/tour-packages`)).json()) as { id: number; isHalfDay: boolean; duration: string }[]
  const halfDay = packages.find((p) => p.isHalfDay)!
  const today = todayInTokyo(new Date())
  // The half day's form in Dashboard → Settings, posted as the page posts it (docs/decisions/0088): answered with the page again.
  const edit = async (promo: { soloPromoStart: string; soloPromoEnd: string }) => {
    const form = { intent: 'tour', id: String(halfDay.id), basePrice: '15400', extraGuestPrice: '2750', soloPrice: '9900', ...promo, duration: halfDay.duration, available: 'on' }
    const res = await api.post(`${server.baseURL}/admin/settings`, { form, maxRedirects: 0 })
    return [res.status(), res.headers()['location']]
  }

  expect(await edit({ soloPromoStart: today, soloPromoEnd: addDays(today, 30) })).toEqual([302, '/admin/settings'])
  for (const path of PRICED_PAGES) {
    await page.goto(`${server.baseURL}${path}`)
    const main = page.getByRole('main')
    await expect(main.getByText('¥15,400').first(), path).toBeVisible()
    await expect(main.getByText(/¥2,750/).first(), path).toBeVisible()
    await expect(main.getByText(/¥9,900/).first(), path).toBeVisible()
    await expect(main.getByText('¥14,300'), path).toHaveCount(0)
  }

  // The promotion ended yesterday: the special disappears, the new prices stay.
  expect(await edit({ soloPromoStart: addDays(today, -30), soloPromoEnd: addDays(today, -1) })).toEqual([302, '/admin/settings'])
  for (const path of PRICED_PAGES) {
    await page.goto(`${server.baseURL}${path}`)
    const main = page.getByRole('main')
    await expect(main.getByText('¥15,400').first(), path).toBeVisible()
    await expect(main.getByText(/¥9,900/), path).toHaveCount(0)
  }
})

// The Settings tab's tour catalogue saves through its route's action (docs/decisions/0088): a plain
// form post, without JavaScript, changes the price, and a refused one shows its error by the field.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the guide changes a tour price in Settings and sees it saved, and a blank duration refused beside its field', async ({ page }) => {
    await page.goto(`${server.baseURL}/admin/login`)
    await page.getByLabel('Username', { exact: true }).fill(ADMIN.username)
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page).toHaveURL(/\/admin\/bookings$/)

    await page.goto(`${server.baseURL}/admin/settings`)
    const form = page.getByRole('form').filter({ has: page.getByRole('button', { name: 'Save Half-Day Tour' }) })
    await form.getByLabel('Base price (1–2 guests)').fill('16500')
    await form.getByRole('button', { name: 'Save Half-Day Tour' }).click()
    // Back on the Settings page, from the server: the form shows the stored price.
    await expect(page).toHaveURL(/\/admin\/settings$/)
    const saved = page.getByRole('form').filter({ has: page.getByRole('button', { name: 'Save Half-Day Tour' }) })
    await expect(saved.getByLabel('Base price (1–2 guests)')).toHaveValue('16500')
    await expect(saved).toContainText('¥16,500 for 1–2 guests')
    await page.goto(`${server.baseURL}/packages`)
    await expect(page.getByRole('main').getByText('¥16,500').first()).toBeVisible()

    await page.goto(`${server.baseURL}/admin/settings`)
    const again = page.getByRole('form').filter({ has: page.getByRole('button', { name: 'Save Half-Day Tour' }) })
    await again.getByLabel('Duration', { exact: true }).fill('')
    await again.getByRole('button', { name: 'Save Half-Day Tour' }).click()
    const refused = page.getByRole('form').filter({ has: page.getByRole('button', { name: 'Save Half-Day Tour' }) })
    await expect(refused.getByLabel('Duration', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(refused.getByText('Duration is required').first()).toBeVisible()
  })
})
