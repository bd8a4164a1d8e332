import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { bookingBody, postJson, startServerProcess, stopAllServers, tourPackages, type ServerProcess } from './server-process.ts'

/**
 * Page posts pass one door (docs/decisions/0068): every page action, as a document and as its
 * `.data` request, refuses with 4xx a body it cannot read (never 5xx, never an error-level
 * log line), and a refused post is counted under the page's rate limit. Through the real
 * entry (server/main.ts, React Router rendering the pages); the door reads no database, so
 * the embedded engine is enough.
 */
describe('page posts through one door', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-page-posts-'))
  const CONTACT_LIMIT = 3
  let server: ServerProcess
  let reference: string

  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', TRUST_PROXY: '1', LOG_LEVEL: 'warn', RATE_LIMIT_CONTACT_PER_MINUTE: String(CONTACT_LIMIT) }, 'main')
    const halfDayId = (await tourPackages(server.url)).find((t) => t.isHalfDay)!.id
    const today = todayInTokyo(new Date())
    const date = weekendDatesBetween(addDays(today, 20), addDays(today, 40))[0]!
    const created = await postJson(`${server.url}/api/bookings`, bookingBody(halfDayId, date, 'morning', 1))
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    reference = created.json.reference
  }, 180_000)
  afterAll(async () => {
    await stopAllServers()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  // Every page with an action, in English and once under a language's prefix, and a page without one.
  const pages = () => [
    '/booking',
    '/book',
    '/ja/booking',
    '/contact',
    '/gift',
    '/booking/waitlist',
    '/review/not-a-real-review-token',
    `/booking-confirmation/${reference}/change`,
    `/checkout/${reference}`,
    '/waitlist/not-a-real-waitlist-token',
    '/waitlist/confirm/not-a-real-waitlist-token',
    '/about',
  ]

  // What a script may send instead of a form; `door` is the door's answer, where it is the door's.
  const bodies: { name: string; headers: Record<string, string>; body?: BodyInit; door?: number }[] = [
    { name: 'JSON', headers: { 'content-type': 'application/json' }, body: '{}', door: 415 },
    { name: 'plain text', headers: { 'content-type': 'text/plain' }, body: 'name=x', door: 415 },
    { name: 'no content type', headers: {}, body: new Blob(['name=x']), door: 415 },
    { name: 'no body at all', headers: {}, door: 415 },
    { name: 'multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, body: 'name=x', door: 400 },
    { name: 'broken multipart', headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body: '--XyZ\r\nContent-Disposition: form-da' },
    { name: 'urlencoded garbage', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '%%%&&===&_via=fetcher&%ZZ=%C3%28&email=' },
    { name: 'a huge form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `message=${'x'.repeat(200 * 1024)}`, door: 413 },
  ]

  let address = 0
  // Each request from an address of its own (TRUST_PROXY): the limits are not what this looks at.
  const post = (url: string, headers: Record<string, string>, body?: BodyInit) =>
    fetch(server.url + url, { method: 'POST', headers: { ...headers, 'x-forwarded-for': `10.7.${Math.floor(++address / 250)}.${(address % 250) + 1}` }, body, redirect: 'manual' })

  it('answers 4xx, never 5xx, to every body it cannot read, on every page action, as a document and as data', async () => {
    const failures: string[] = []
    for (const page of pages()) {
      for (const url of [page, `${page}.data`]) {
        for (const { name, headers, body, door } of bodies) {
          const res = await post(url, headers, body)
          await res.arrayBuffer()
          const wanted = door ? res.status === door : res.status >= 400 && res.status < 500
          if (!wanted && !(name === 'urlencoded garbage' && res.status < 500)) failures.push(`${url} ${name}: ${res.status}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(server.output()).not.toMatch(/"level":50/)
  }, 300_000)

  it('counts a refused post under the page’s limit before refusing it', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' }
    const json = () => fetch(`${server.url}/contact.data`, { method: 'POST', headers: { ...from, 'content-type': 'application/json' }, body: '{}' })
    for (let i = 0; i < CONTACT_LIMIT; i++) expect((await json()).status).toBe(415)
    const refused = await json()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // The same budget as the form's: a real message from that address is refused too.
    const form = await fetch(`${server.url}/contact.data`, { method: 'POST', headers: from, body: new URLSearchParams({ name: 'Visitor', email: 'visitor@example.com', message: 'A question about tours.', website: '', _via: 'fetcher' }) })
    expect(form.status).toBe(429)
  })

  it('logs a post refused for its origin below error level', async () => {
    const before = server.output().length
    const res = await post('/contact', { origin: 'null', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' }, 'name=Visitor&email=visitor%40example.com&message=Hello+there+guide&website=')
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    const foreign = await post('/contact', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, 'name=x')
    expect(foreign.status).toBe(403)
    await new Promise((r) => setTimeout(r, 200))
    expect(server.output().slice(before)).not.toMatch(/"level":50/)
  })
})
