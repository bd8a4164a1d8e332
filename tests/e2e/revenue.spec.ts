import { expect } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { todayInTokyo } from '../../core/dates.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import iconv from 'iconv-lite'
import fs from 'node:fs'

// docs/decisions/0058: the guide's revenue by month, on a phone and a desktop.
test.use({ reducedMotion: 'reduce' })

for (const width of [375, 1280]) {
  test(`the revenue tab at ${width} px: this year's months and total, another year, the CSV, the journal`, async ({ page }) => {
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
    // Books for your accountant (docs/decisions/0082): a period and a format, downloaded as a journal.
    const books = page.getByRole('region', { name: 'Books for your accountant' })
    const from = `${year}-01-01`
    const to = todayInTokyo(new Date())
    await books.getByLabel('From').fill(from)
    await books.getByLabel('To').fill(to)
    await books.getByLabel('Format').selectOption('generic')
    const generic = page.waitForEvent('download')
    await books.getByRole('link', { name: `Download journal ${from} to ${to}` }).click()
    const genericFile = await generic
    expect(genericFile.suggestedFilename()).toBe(`journal-${from}-to-${to}-generic.csv`)
    const lines = fs.readFileSync((await genericFile.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('date,entry,debit account,debit sub-account,debit tax category,debit tax,credit account,credit sub-account,credit tax category,credit tax,amount,booking reference,description,ledger row')
    await books.getByLabel('Format').selectOption('moneyforward')
    const moneyforward = page.waitForEvent('download')
    await books.getByRole('link', { name: `Download journal ${from} to ${to}` }).press('Enter')
    const mfFile = await moneyforward
    expect(mfFile.suggestedFilename()).toBe(`journal-${from}-to-${to}-moneyforward.csv`)
    const mfHeader = iconv.decode(fs.readFileSync((await mfFile.path())!), 'cp932').split('\r\n')[0]!.split(',')
    expect(mfHeader.slice(0, 3)).toEqual(['取引No', '取引日', '借方勘定科目'])
    expect(mfHeader).toHaveLength(27)
    // A period that runs backwards is refused on its field, and no link is offered.
    await books.getByLabel('From').fill(`${year + 1}-01-01`)
    await expect(books.getByText('The first day must not be after the last day')).toBeVisible()
    await expect(books.getByLabel('To')).toHaveAttribute('aria-invalid', 'true')
    await expect(books.getByRole('link')).toHaveCount(0)
    await expectNoSeriousAxeViolations(page, `books at ${width}`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    // Another year is a link: its own address, with its figures from the page's loader (docs/decisions/0088).
    await page.getByRole('link', { name: 'Previous year' }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/revenue\\?year=${year - 1}$`))
    await expect(page.getByRole('heading', { name: `Revenue ${year - 1}` })).toBeVisible()
    await expect(page.getByRole('table', { name: `Revenue of ${year - 1} by month: tours by the month of the tour, money by the month it moved` })).toBeVisible()
  })
}
