/**
 * Debian's Chromium, the one browser of the browser tests and the Lighthouse benchmark: no test
 * tool downloads one. The flags keep it quiet and offline: every host but 127.0.0.1 fails to
 * resolve, so a page that reaches for the network shows it.
 */

/**
 * The browser tests run in Debian's `chromium-headless-shell`, the same headless shell Playwright
 * runs its own headless tests in: on two cores the full browser's headless mode took about a
 * quarter longer for the same specs (docs/decisions/0089).
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell'

/** Lighthouse measures the full browser (package `chromium`), as a visitor's Chrome draws the page. */
export const FULL_CHROMIUM_PATH = process.env.FULL_CHROME_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]
