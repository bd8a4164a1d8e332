import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { saturdayAhead } from './tour-dates.ts'
import { chooseSlot, policyConsent } from './booking-steps.ts'

// `npm run dev` on a fresh clone (docs/decisions/0031): Vite's dependency optimiser starts
// with an empty cache. When it met a dependency it had not pre-bundled, it re-optimised
// and reloaded the page ("optimized dependencies changed. reloading"): a booking was
// saved and the screen went back to step 1. This journey walks the site on a dev server
// with an empty cache folder of its own and checks that no page ever reloads.

test.describe.configure({ mode: 'serial', timeout: 240_000 })

const ADMIN = { username: 'admin', password: 'dev-server-admin-password' }
const TOUR_DATE = saturdayAhead(30 + Math.floor(Math.random() * 60))

type DevServer = { baseURL: string; output: () => string; stop: () => Promise<void> }

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

async function startDevServer(): Promise<DevServer> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-e2e-dev-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: baseURL,
    DATA_DIR: path.join(dir, 'data'),
    // An empty optimiser cache, as after a fresh clone, without touching node_modules/.vite.
    VITE_CACHE_DIR: path.join(dir, 'vite'),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  }
  delete env.NODE_ENV
  let output = ''
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { baseURL, output: () => output, stop }
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 250))
  }
  await stop()
  throw new Error(`the dev server did not start:\n${output}`)
}

/** Marks the page's JavaScript world; a full reload starts a new one without the mark. */
async function mark(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
  })
}
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)

let dev: DevServer
const problems: string[] = []

test.beforeAll(async () => {
  dev = await startDevServer()
})
test.afterAll(async () => {
  await dev?.stop()
})
test.afterEach(async ({}, info) => {
  // What the server and the page said, to see which dependency arrived late.
  if (info.status !== info.expectedStatus) await info.attach('dev server output and page problems', { body: `${dev.output()}\n---\n${problems.join('\n')}` })
})

function watch(page: Page) {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} ${r.url()}`)
  })
}

test('a fresh dev server takes a booking, its payment and the admin login without reloading a page', async ({ page }) => {
  watch(page)
  await page.goto(`${dev.baseURL}/`)
  // The first page of a dev server compiles everything it needs: give it time.
  await expect(page.getByRole('banner')).toHaveAttribute('data-hydrated', 'true', { timeout: 90_000 })
  await mark(page)

  // Home → booking, in the page (client-side navigation).
  await page.getByRole('banner').getByRole('link', { name: /^Book/ }).first().click()
  await expect(page.getByRole('grid')).toBeVisible()
  await chooseSlot(page, TOUR_DATE, /^Morning · 9:00 AM/)
  await page.getByLabel('Full Name').fill('Dev Server Guest')
  await page.getByLabel('Email').fill('dev-guest@example.com')
  await page.getByLabel('Phone Number').fill('+81 90-1234-5678')
  await page.getByLabel('Number of People').fill('2')
  await policyConsent(page).check()
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByRole('heading', { name: 'Your slot is held: payment is needed' })).toBeVisible()
  const pay = page.getByRole('link', { name: 'Continue to Payment' })
  await expect(pay).toHaveAttribute('href', /^\/checkout\/[0-9A-Z]{12}$/)
  expect(await stillSameDocument(page)).toBe(true)

  // Checkout and the confirmation page load their own code (the card form, the toasts).
  await pay.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Booking' })).toBeVisible()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  // Still the booking's page, not step 1 after a reload.
  await expect(page).toHaveURL(/\/booking-confirmation\/[0-9A-Z]{12}$/)
  expect(await stillSameDocument(page)).toBe(true)

  // The admin side: its first visit found an outdated optimised dependency (504).
  await page.goto(`${dev.baseURL}/admin/login`)
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await mark(page)
  await page.getByLabel('Username', { exact: true }).fill(ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByRole('cell', { name: 'Dev Server Guest' }).or(page.getByText('Dev Server Guest')).first()).toBeVisible()
  expect(await stillSameDocument(page)).toBe(true)

  expect(problems).toEqual([])
  const output = dev.output()
  expect(output).not.toMatch(/optimized dependencies changed|new dependencies optimized|Outdated Optimize Dep|Future Flag Warning/)
})

test('first loads hydrate without a mismatch, the languages’ home pages included, at 1280 and 375 px', async ({ page }) => {
  // React's development build names a mismatch between the server's HTML and the first client
  // render; the production build patches it silently. The header's home link was one (the server
  // sees /ja/ as /ja).
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text().slice(0, 300))
  })
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 })
    for (const [path, current] of [['/', '/'], ['/ja/', '/ja/'], ['/ko/about', '/ko/about'], ['/zh-hant/booking', null]] as const) {
      await page.goto(`${dev.baseURL}${path}`)
      await expect(page.getByRole('banner')).toHaveAttribute('data-hydrated', 'true', { timeout: 90_000 })
      // The menus mark the page shown, the same on the server and in the browser.
      const marked = page.getByRole('banner').locator('a[aria-current="page"]')
      if (current) await expect(marked.first()).toHaveAttribute('href', current)
      else await expect(marked).toHaveCount(0)
    }
  }
  expect(errors).toEqual([])
})
