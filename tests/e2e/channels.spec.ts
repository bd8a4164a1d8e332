import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Locator, type Page } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { test } from './test.ts'
import { logInAsAdmin } from './admin-login.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'

/**
 * Dashboard → Channels (docs/decisions/0076): the guide adds a reseller and sees its API key once,
 * with the OCTO base URL; the key answers OCTO at once and stops at once when revoked. On a phone
 * the tab fits the screen and the form works. The suite's shared server: names unique to this run.
 */
test.use({ reducedMotion: 'reduce' })

const run = Date.now().toString(36)
const supplier = (page: Page, key: string) => page.request.get('/octo/v1/supplier', { headers: { Authorization: `Bearer ${key}` } })

async function openChannels(page: Page) {
  await logInAsAdmin(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Channels' }).click()
  await expect(page.getByRole('heading', { name: 'Resellers' })).toBeVisible()
}

/** A platform's calendar served on 127.0.0.1, with one event on a weekday, when no tour runs: it closes no slot another spec of the shared server books. */
async function platformCalendar() {
  const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', `UID:weekday-${run}@test`, 'DTSTAMP:20260101T000000Z', 'DTSTART;VALUE=DATE:20300102', 'DTEND;VALUE=DATE:20300103', 'SUMMARY:Booked on the platform', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n')
  const platform = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics))
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(platform.address() as AddressInfo).port}/listing.ics`, close: () => platform.close() }
}

/** Adds a reseller through the form; answers the key the panel shows once. */
async function addReseller(page: Page, name: string, fill: (form: Locator) => Promise<void> = async () => {}) {
  const form = page.getByRole('region', { name: 'Add reseller' })
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Commission (%)').fill('20')
  await fill(form)
  await form.getByRole('button', { name: 'Add reseller' }).click()
  const panel = page.getByRole('region', { name: `API key for ${name}` })
  await expect(panel).toContainText('This key will not be shown again.')
  await expect(panel.getByLabel('OCTO base URL')).toHaveValue(/\/octo\/v1$/)
  const key = await panel.getByLabel('API key', { exact: true }).inputValue()
  expect(key).toMatch(/^jlt_/)
  return { panel, key }
}

test('at 1280 px the guide adds a reseller, sees its key once, the key works, edits its commission, and revoking the key stops it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openChannels(page)
  const name = `Channels desk ${run}`
  const { panel, key } = await addReseller(page, name, (form) => form.getByLabel('Terms').fill('Net rate, pays monthly'))
  expect((await supplier(page, key)).status()).toBe(200)
  await expectNoSeriousAxeViolations(page, 'channels with the key at 1280')

  await panel.getByRole('button', { name: 'Done: I copied it' }).click()
  await expect(panel).toHaveCount(0)
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('20%')
  await expect(row).toContainText('Active')

  // Edited by its link: the form opens with the stored values, the save is told, and the form is for a new reseller again.
  await row.getByRole('link', { name: `Edit ${name}` }).click()
  const editForm = page.getByRole('region', { name: `Edit ${name}` })
  await expect(editForm.getByLabel('Terms')).toHaveValue('Net rate, pays monthly')
  await editForm.getByLabel('Commission (%)').fill('25')
  await editForm.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Reseller saved' }).first()).toContainText(`${name}: 25% commission`)
  await expect(row).toContainText('25%')
  await expect(page.getByRole('region', { name: 'Add reseller' })).toBeVisible()

  await row.getByRole('button', { name: `Revoke ${name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Revoke ${name}'s key?` })
  await expect(dialog).toContainText('calls stop at once')
  await dialog.getByRole('button', { name: 'Revoke' }).click()
  await expect(row).toContainText('Revoked')
  expect((await supplier(page, key)).status()).toBe(401)
})

test('at 375 px the Channels tab fits the screen and the add form works', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await openChannels(page)
  const name = `Channels phone ${run}`
  // The server's refusal lands on its field.
  const form = page.getByRole('region', { name: 'Add reseller' })
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Commission (%)').fill('60')
  await form.getByRole('button', { name: 'Add reseller' }).click()
  await expect(form.getByLabel('Commission (%)')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByRole('alert')).toHaveText('The commission is a whole percentage from 0 to 50')
  const { key } = await addReseller(page, name, async (form) => {
    await form.getByLabel('No bookings within N hours of the tour').fill('48')
    await form.getByRole('group', { name: 'Tours it may sell' }).getByRole('checkbox').first().check()
  })
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('No bookings within 48 h')
  expect((await supplier(page, key)).status()).toBe(200)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectNoSeriousAxeViolations(page, 'channels at 375')

  // A new key: the old one stops at once, the new one is shown once and works.
  await page.getByRole('button', { name: 'Done: I copied it' }).click()
  await page.getByRole('button', { name: `New key for ${name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Make a new key for ${name}?` })
  await expect(dialog).toContainText('The old key stops at once')
  await dialog.getByRole('button', { name: 'Make new key' }).click()
  const fresh = await page.getByRole('region', { name: `API key for ${name}` }).getByLabel('API key', { exact: true }).inputValue()
  expect(fresh).not.toBe(key)
  expect((await supplier(page, key)).status()).toBe(401)
  expect((await supplier(page, fresh)).status()).toBe(200)
})

test('at 1280 and 375 px the guide imports a platform’s calendar, sees what it closed and when a fetch fails, and removes it (docs/decisions/0077)', async ({ page }) => {
  // The closing itself is proven by tests/integration/channel-calendars.test.ts.
  const platform = await platformCalendar()
  const url = platform.url
  try {
    await page.setViewportSize({ width: 1280, height: 900 })
    await openChannels(page)
    const panel = page.getByRole('region', { name: 'Imported calendars' })
    const add = async (name: string, link: string) => {
      await panel.getByLabel('Channel name').fill(name)
      await panel.getByLabel('Calendar link (iCalendar)').fill(link)
      await panel.getByRole('button', { name: 'Add Calendar' }).click()
      const item = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
      await expect(item).toBeVisible()
      return item
    }
    const good = await add(`Hotel desk ${run}`, url)
    await expect(good).toContainText('Up to date')
    await expect(good).toContainText('0 slots closed; last good fetch')
    // A platform that does not answer: the guide is told, nothing opens or closes.
    const broken = await add(`Silent platform ${run}`, 'http://127.0.0.1:9/listing.ics')
    await expect(broken).toContainText('Last fetch failed')
    await expect(broken.getByRole('status')).toContainText('Nothing was opened or closed')
    await expectNoSeriousAxeViolations(page, 'imported calendars at 1280')

    await page.setViewportSize({ width: 375, height: 740 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectNoSeriousAxeViolations(page, 'imported calendars at 375')
    for (const [item, name] of [[good, `Hotel desk ${run}`], [broken, `Silent platform ${run}`]] as const) {
      await item.getByRole('button', { name: 'Remove' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
      await expect(item).toHaveCount(0)
      // Told, though the row that asked is gone.
      await expect(page.getByRole('status').filter({ hasText: `${name} removed` }).first()).toContainText('The slots its calendar closed are open again')
    }
  } finally {
    platform.close()
  }
})

test('at 1280 and 375 px the guide sees a reseller’s OCTO webhook beside it, with what was sent (docs/decisions/0081)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openChannels(page)
  const name = `Webhook desk ${run}`
  await expect(page.getByText('No reseller has a webhook').or(page.getByRole('region', { name: 'Webhooks table' }))).toBeVisible()
  const { panel, key } = await addReseller(page, name)
  await panel.getByRole('button', { name: 'Done: I copied it' }).click()
  // The reseller registers its webhook through OCTO, with its key; the address is never called here (no booking changes).
  const url = `https://hooks.example.com/octo/${run}`
  const made = await page.request.post('/octo/v1/webhooks', { headers: { Authorization: `Bearer ${key}` }, data: { url, event: 'booking_update' } })
  expect(made.status()).toBe(200)
  expect((await made.json()).secret).toMatch(/^whsec_/)

  await page.reload()
  await hydrated(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Channels' }).click()
  const row = page.getByRole('region', { name: 'Webhooks table' }).getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText(url)
  await expect(row).toContainText('Nothing sent yet')
  await expectNoSeriousAxeViolations(page, 'channels with a webhook at 1280')

  await page.setViewportSize({ width: 375, height: 740 })
  await expect(row).toContainText('Nothing sent yet')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectNoSeriousAxeViolations(page, 'channels with a webhook at 375')

  // Deleted by the reseller: gone from the list.
  const id = (await made.json()).id as string
  expect((await page.request.delete(`/octo/v1/webhooks/${id}`, { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200)
  await page.reload()
  await hydrated(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Channels' }).click()
  await expect(page.getByRole('heading', { name: 'Resellers' })).toBeVisible()
  await expect(page.getByText(url)).toHaveCount(0)
})

test('without script the guide adds a reseller and sees its key once, edits its commission, adds a platform’s calendar, makes a new key, and revokes and removes them after asking (docs/decisions/0088)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
  const platform = await platformCalendar()
  const name = `No-script desk ${run}`
  const channel = `No-script platform ${run}`
  try {
    const page = await context.newPage()
    expect((await context.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
    // A new reseller's key comes back with the page, shown once; Done loads the page again, without it.
    await page.goto('/admin/channels')
    const made = await addReseller(page, name)
    await made.panel.getByRole('link', { name: 'Done: I copied it' }).click()
    await expect(made.panel).toHaveCount(0)
    await expect(page.getByText(made.key)).toHaveCount(0)

    // The Edit link opens the reseller's form; its Save posts the form and the page comes back with the new commission.
    const edit = page.getByRole('link', { name: `Edit ${name}` })
    const id = new URL((await edit.getAttribute('href'))!, 'http://localhost').searchParams.get('reseller')
    await edit.click()
    await expect(page).toHaveURL(new RegExp(`/admin/channels\\?reseller=${id}$`))
    const form = page.getByRole('region', { name: `Edit ${name}` })
    await expect(form.getByLabel('Commission (%)')).toHaveValue('20')
    await form.getByLabel('Commission (%)').fill('30')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('30%')
    await expect(form.getByLabel('Commission (%)')).toHaveValue('30')

    // A platform's calendar, added and fetched at once.
    const panel = page.getByRole('region', { name: 'Imported calendars' })
    await panel.getByLabel('Channel name').fill(channel)
    await panel.getByLabel('Calendar link (iCalendar)').fill(platform.url)
    await panel.getByRole('button', { name: 'Add Calendar' }).click()
    const item = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: channel }) })
    await expect(item).toContainText('Up to date')

    // A new key, after the question under its button: shown once, and the one before stops.
    expect((await supplier(page, made.key)).status()).toBe(200)
    const row = page.getByRole('row', { name: new RegExp(name) })
    await row.getByLabel(`New key for ${name}`, { exact: true }).click()
    await row.getByRole('group', { name: `Make a new key for ${name}?` }).getByRole('button', { name: 'Make new key' }).click()
    const newKey = await page.getByRole('region', { name: `API key for ${name}` }).getByLabel('API key', { exact: true }).inputValue()
    expect(newKey).not.toBe(made.key)
    expect((await supplier(page, made.key)).status()).toBe(401)
    const apiKey = newKey

    // Left as found: the key revoked and the calendar removed, each after its question, opened under its button.
    expect((await supplier(page, apiKey)).status()).toBe(200)
    await row.getByLabel(`Revoke ${name}`, { exact: true }).click()
    await row.getByRole('group', { name: `Revoke ${name}'s key?` }).getByRole('button', { name: 'Revoke' }).click()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked')
    expect((await page.request.get('/octo/v1/supplier', { headers: { Authorization: `Bearer ${apiKey}` } })).status()).toBe(401)
    await item.getByLabel(`Remove ${channel}`, { exact: true }).click()
    await item.getByRole('group', { name: `Remove ${channel}'s calendar?` }).getByRole('button', { name: 'Remove' }).click()
    await expect(panel.getByRole('heading', { name: channel })).toHaveCount(0)
  } finally {
    platform.close()
    await context.close()
  }
})
