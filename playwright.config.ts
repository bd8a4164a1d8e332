import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts'
import { PRODUCTION_ENTRY } from './server/paths.ts'

// Workers re-read this file, so the port and data folder chosen by the first process are
// handed down through the environment. A fresh data folder per run: a fresh site.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim()
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-e2e-'))

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' }
const port = Number(process.env.E2E_PORT)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } } }],
  // The production build (npm run build runs first) on the embedded database.
  webServer: {
    // The compiled server, as `npm run serve` runs it (docs/decisions/0036).
    command: `node ${PRODUCTION_ENTRY}`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      SIMULATED_PAYMENTS: 'true',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every spec comes from 127.0.0.1: the abuse limits are proven by the integration tests.
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_BOOKINGS_PER_HOUR: '1000',
      RATE_LIMIT_WAITLIST_PER_HOUR: '1000',
      RATE_LIMIT_CONTACT_PER_MINUTE: '1000',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '10000',
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    },
  },
})
