/**
 * Debian's Chromium (package `chromium`), the one browser of the browser tests and the
 * Lighthouse benchmark: no test tool downloads one. The flags keep it quiet and offline:
 * every host but 127.0.0.1 fails to resolve, so a page that reaches for the network shows it.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

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
