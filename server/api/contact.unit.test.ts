import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryHitCounter } from '../services/rate-limits.ts'
import { CONTACT_RATE_LIMITED_HEADER, contactPageRateLimit } from './contact.ts'

describe('contactPageRateLimit (the /contact form shares the contact limiter)', () => {
  let limiter = memoryHitCounter('contact', 2, 60_000)
  let server: http.Server
  let base = ''
  beforeAll(async () => {
    const app = express()
    app.use((req, res, next) => contactPageRateLimit(limiter)(req, res, next))
    app.use((req, res) => res.json({ limited: req.headers[CONTACT_RATE_LIMITED_HEADER] ?? null }))
    server = http.createServer(app)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  const post = async (path: string, headers: Record<string, string> = {}) =>
    (await (await fetch(base + path, { method: 'POST', headers, body: 'name=x' })).json()) as { limited: string | null }

  it('marks the third page post in the window, whether plain or fetcher (.data)', async () => {
    limiter = memoryHitCounter('contact', 2, 60_000)
    expect((await post('/contact')).limited).toBeNull()
    expect((await post('/contact.data')).limited).toBeNull()
    expect((await post('/contact')).limited).toBe('1')
    expect((await post('/contact.data')).limited).toBe('1')
  })

  it('ignores other pages and GETs, and strips the header a client sends itself', async () => {
    limiter = memoryHitCounter('contact', 2, 60_000)
    for (let i = 0; i < 5; i++) expect((await post('/booking')).limited).toBeNull()
    expect((await post('/booking', { [CONTACT_RATE_LIMITED_HEADER]: '1' })).limited).toBeNull()
    const get = (await (await fetch(`${base}/contact`)).json()) as { limited: string | null }
    expect(get.limited).toBeNull()
    expect((await post('/contact')).limited).toBeNull()
  })
})
