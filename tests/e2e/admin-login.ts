import { expect, type Page } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config.ts'

/** The guide signs in through the login form, as a person does, and lands on the dashboard (of `baseURL`: a spec's own server). */
export async function logInAsAdmin(page: Page, baseURL = '') {
  await page.goto(`${baseURL}/admin/login`)
  await page.getByLabel('Username', { exact: true }).fill(E2E_ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
}
