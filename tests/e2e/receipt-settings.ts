import { expect, type Page } from '@playwright/test'
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

/** Sets them through the API, as the guide's Settings → Receipts saves them. */
export async function setUpReceipts(page: Page) {
  const api = page.context().request
  expect((await api.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  expect((await api.put('/api/admin/tax-settings', { data: RECEIPT_SETTINGS })).status()).toBe(200)
}
