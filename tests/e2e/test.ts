import { test as base, type Page } from '@playwright/test'

/** The dashboard's pages, but for its login page (which marks its own form). */
const DASHBOARD = /^\/admin\/(?!login)/

/**
 * Once a dashboard page loaded by `goto` or `reload` has its script: the header marks itself
 * (app/routes/admin/layout.tsx). Before that, a click posts a form without script and the toast
 * a test waits for never comes. A page with no header (an error page, a PDF) has nothing to wait for.
 */
async function settled(page: Page) {
  if (!DASHBOARD.test(new URL(page.url()).pathname)) return
  await page.waitForFunction(() => {
    const header = document.querySelector('header')
    return header === null || header.dataset.hydrated === 'true'
  })
}

/**
 * The suite's `test`: its `page` waits, after every load of a dashboard page, until the page's
 * script runs, so no journey clicks too early under CI's load. A context a test opens itself
 * waits with `hydrated(page)` (./hydration.ts).
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      page.goto = async (...args: Parameters<Page['goto']>) => {
        const response = await goto(...args)
        await settled(page)
        return response
      }
      page.reload = async (...args: Parameters<Page['reload']>) => {
        const response = await reload(...args)
        await settled(page)
        return response
      }
    }
    await use(page)
  },
})
