import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ENGINES } from './databases.ts'
import { startTestApp } from './app.ts'

/**
 * docs/decisions/0050: Apple Pay in the Payment Element needs the site to
 * serve the domain association file Stripe's dashboard gives, at Apple's fixed address.
 */
const PATH = '/.well-known/apple-developer-merchantid-domain-association'
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-wallets-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe.each(ENGINES)('the Apple Pay domain association file on %s', (engine) => {
  it('is served as configured, byte for byte, to anyone', async () => {
    // What Stripe's file looks like: one long line of hex-ish text, no line break at the end.
    const content = `7B2270737049${'0123456789ABCDEF'.repeat(200)}227D`
    const file = path.join(dir, `association-${engine}`)
    fs.writeFileSync(file, content)
    const app = await startTestApp(engine, { env: { APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file } })
    try {
      const res = await app.client().get(PATH)
      expect(res.status).toBe(200)
      expect(res.text).toBe(content)
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
      // Only the file: nothing else under the same folder.
      expect((await app.client().get(`${PATH}x`)).status).toBe(404)
    } finally {
      await app.close()
    }
  })

  it('is a plain 404 when not configured', async () => {
    const app = await startTestApp(engine)
    try {
      const res = await app.client().get(PATH)
      expect(res.status).toBe(404)
      expect(res.text).toBe('Not found')
    } finally {
      await app.close()
    }
  })
})
