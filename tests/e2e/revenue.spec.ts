import { expect, test } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { todayInTokyo } from '../../core/dates.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

// Issue 20 point 4 (docs/decisions/0058): the guide's revenue by month, on a phone and a desktop.
test.use({ reducedMotion: 'reduce' })

for (const width of [375, 1280]) {
  test(`the revenue tab at ${width} px: this year's months and total, another year, the CSV`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    expect((await page.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
    const year = Number(todayInTokyo(new Date()).slice(0, 4))
    await page.goto('/admin/dashboard?tab=revenue')
    await expect(page.getByRole('heading', { name: `Revenue ${year}` })).toBeVisible()
    const table = page.getByRole('table', { name: `Revenue of ${year} by month: tours by the month of the tour, money by the month it moved` })
    await expect(table.getByRole('rowheader')).toHaveCount(13)
    await expect(table.getByRole('rowheader').last()).toHaveText(`Total ${year}`)
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/admin/revenue.csv?year=${year}`)
    // The money by channel (docs/decisions/0076): the site always, for the year or a month.
    await expect(page.getByRole('table', { name: `Money by channel, ${year}, by the month it moved` }).getByRole('rowheader').first()).toHaveText('Site (card and cash)')
    await page.getByLabel('Period').selectOption('March')
    await expect(page.getByRole('table', { name: `Money by channel, March ${year}, by the month it moved` })).toBeVisible()
    await expectNoSeriousAxeViolations(page, `revenue at ${width}`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    await page.getByRole('button', { name: 'Previous year' }).click()
    await expect(page.getByRole('heading', { name: `Revenue ${year - 1}` })).toBeVisible()
    await expect(page.getByRole('table', { name: `Revenue of ${year - 1} by month: tours by the month of the tour, money by the month it moved` })).toBeVisible()
  })
}
