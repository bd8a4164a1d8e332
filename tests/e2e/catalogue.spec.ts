import { expect, test } from '@playwright/test'
import { addDays, todayInTokyo } from '../../core/dates.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'

// Issue 3, point 3: the prices on the home, packages and legal pages are read from the catalogue
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
  const packages = (await (await api.get(`${server.baseURL}/api/admin/tour-packages`)).json()) as { id: number; isHalfDay: boolean; duration: string }[]
  const halfDay = packages.find((p) => p.isHalfDay)!
  const today = todayInTokyo(new Date())
  const edit = (promo: { soloPromoStart: string; soloPromoEnd: string }) =>
    api.patch(`${server.baseURL}/api/admin/tour-packages/${halfDay.id}`, {
      data: { basePrice: 15_400, extraGuestPrice: 2_750, soloPrice: 9_900, ...promo, duration: halfDay.duration, available: true },
    })

  expect((await edit({ soloPromoStart: today, soloPromoEnd: addDays(today, 30) })).status()).toBe(200)
  for (const path of PRICED_PAGES) {
    await page.goto(`${server.baseURL}${path}`)
    const main = page.getByRole('main')
    await expect(main.getByText('¥15,400').first(), path).toBeVisible()
    await expect(main.getByText(/¥2,750/).first(), path).toBeVisible()
    await expect(main.getByText(/¥9,900/).first(), path).toBeVisible()
    await expect(main.getByText('¥14,300'), path).toHaveCount(0)
  }

  // The promotion ended yesterday: the special disappears, the new prices stay.
  expect((await edit({ soloPromoStart: addDays(today, -30), soloPromoEnd: addDays(today, -1) })).status()).toBe(200)
  for (const path of PRICED_PAGES) {
    await page.goto(`${server.baseURL}${path}`)
    const main = page.getByRole('main')
    await expect(main.getByText('¥15,400').first(), path).toBeVisible()
    await expect(main.getByText(/¥9,900/), path).toHaveCount(0)
  }
})
