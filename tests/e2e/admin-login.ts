import { expect, type Page } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { hydrated } from './hydration.ts'

/** The login form's and the dashboard's words in each of the dashboard's languages (docs/decisions/0086). */
const WORDS = {
  en: { username: 'Username', password: 'Password', submit: 'Log In', dashboard: 'Admin Dashboard' },
  ja: { username: 'ユーザー名', password: 'パスワード', submit: 'ログイン', dashboard: '管理ダッシュボード' },
} as const

/**
 * The guide signs in through the login form, as a person does, and lands on the dashboard (of `baseURL`: a spec's own
 * server), in the language the page speaks: the browser's (its context's `locale`) until the admin chooses one, and its
 * script running.
 */
export async function logInAsAdmin(page: Page, baseURL = '', language: keyof typeof WORDS = 'en', user = E2E_ADMIN) {
  const words = WORDS[language]
  await page.goto(`${baseURL}/admin/login`)
  await page.getByLabel(words.username, { exact: true }).fill(user.username)
  await page.getByLabel(words.password, { exact: true }).fill(user.password)
  await page.getByRole('button', { name: words.submit, exact: true }).click()
  await expect(page.getByRole('heading', { name: words.dashboard })).toBeVisible()
  // Its script runs before the caller clicks: a click before it posts a form without script, and no toast comes.
  await hydrated(page)
}
