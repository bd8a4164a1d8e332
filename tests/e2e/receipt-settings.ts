import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config.ts'

/**
 * The business's details every receipt spec sets (docs/decisions/0080): the same values from every
 * spec, so specs running at once on the shared server never print each other's.
 */
export const RECEIPT_SETTINGS = {
  registered: true,
  issuerType: 'sole-proprietor',
  registrationNumber: 'T9876543210123',
  legalName: '上越ローカルツアーズ 山田太郎',
  address: '新潟県上越市本城町1-1',
  pricesIncludeTax: true,
} as const

/**
 * Sets them as the guide's Settings → Receipts form posts them, to the Settings route's action
 * (docs/decisions/0088): a plain form post, answered by a redirect back to Settings.
 */
export async function setUpReceipts(page: Page) {
  const api = page.context().request
  expect((await api.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  const { registered, pricesIncludeTax, ...text } = RECEIPT_SETTINGS
  const form = { intent: 'receipts', ...text, ...(registered ? { registered: 'on' } : {}), ...(pricesIncludeTax ? { pricesIncludeTax: 'on' } : {}) }
  const saved = await api.post('/admin/settings', { form, maxRedirects: 0 })
  expect(saved.status()).toBe(302)
  expect(saved.headers().location).toBe('/admin/settings')
}

/** Whether the business's name and address to print are entered, as the Settings page shows them (an admin's session in `request`). */
export async function receiptSettingsEntered(request: APIRequestContext): Promise<boolean> {
  const page = await (await request.get('/admin/settings')).text()
  const valueOf = (id: string) => /\bvalue="([^"]*)"/.exec(new RegExp(`<input[^>]*\\bid="${id}"[^>]*>`).exec(page)?.[0] ?? '')?.[1] ?? ''
  return valueOf('receipt-legal-name') !== '' && valueOf('receipt-address') !== ''
}
