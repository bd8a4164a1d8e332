import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { createApp } from '../../server/app.ts'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClient, type TestApp } from './app.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { loader as bookingsLoader } from '../../app/routes/admin/bookings.tsx'
import { loadAdminSection, postAdminSection } from './admin-section.ts'
import { guideCancels, guideSaves } from './guide-desk.ts'

/**
 * docs/decisions/0027: numbers larger than the integer column
 * and control characters in one-line fields are refused with a 400 through every JSON way
 * in, never a 500, and nothing is logged at error level (the deploy guide alerts on it).
 * The page form posts and data requests are covered by tests/e2e/input-bounds.spec.ts.
 */

const TOO_LARGE = ['2147483648', '99999999999', '9007199254740991']
const FORGED = 'Evil\r\nBcc: x@evil.example'
const ONE_LINE = /must be on one line, without control characters/

describe.each(ENGINES)('client numbers and one-line fields on %s', (engine) => {
  let base: TestApp
  let server: http.Server
  let lines: string[]
  let url: string
  beforeEach(async () => {
    base = await startTestApp(engine)
    lines = []
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const { app } = createApp({ database: base.database, services: base.services, config: base.config, logger: pino({ level: 'info' }, sink) })
    server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await base.close()
  })

  /** Nothing at pino's error level (50) or above. */
  function errorLogs() {
    return lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)
  }

  async function admin() {
    await base.createUser('bounds-admin', 'correct-horse-battery', true)
    const client = new TestClient(url)
    expect((await client.post('/api/login', { username: 'bounds-admin', password: 'correct-horse-battery' })).status).toBe(200)
    return client
  }

  /** A tour's form in Dashboard → Settings, on its route action as the page's script sends it (docs/decisions/0088): it throws on anything but a refusal or a redirect. */
  const saveTour = (id: string, fields: Record<string, string> = {}) =>
    postAdminSection(base, settingsAction, '/admin/settings', { intent: 'tour', id, basePrice: '1', extraGuestPrice: '1', soloPrice: '', soloPromoStart: '', soloPromoEnd: '', duration: 'x', available: 'on', ...fields }, { byScript: true, username: 'bounds-admin', language: 'en' })

  const date = () => weekendDatesBetween(addDays(todayInTokyo(new Date()), 10), addDays(todayInTokyo(new Date()), 20))[0]!
  const booking = (over: Record<string, unknown>) => ({ name: 'Hanako Yamada', email: 'hanako@example.com', phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: 1, tourDate: date(), tourTime: 'morning', acceptPolicy: true, ...over })

  it('POST /api/bookings refuses a tourPackageId beyond the integer column, as number and as string', async () => {
    const guest = new TestClient(url)
    for (const id of TOO_LARGE) {
      for (const value of [id, Number(id)]) {
        const res = await guest.post('/api/bookings', booking({ tourPackageId: value }))
        expect(res.status, `${typeof value} ${id}`).toBe(400)
        expect(res.json.errors.tourPackageId).toBe('Please select a tour package')
      }
    }
    expect(errorLogs()).toEqual([])
  })

  it('POST /api/bookings and /api/contact refuse a name or phone on more than one line, and store nothing', async () => {
    const guest = new TestClient(url)
    const name = await guest.post('/api/bookings', booking({ name: FORGED }))
    expect(name.status).toBe(400)
    expect(name.json.errors.name).toBe('Name must be on one line, without control characters')
    const phone = await guest.post('/api/bookings', booking({ phone: '+81 90\n1234 5678' }))
    expect(phone.status).toBe(400)
    expect(phone.json.errors.phone).toBe('Phone number must be on one line, without control characters')
    const contact = await guest.post('/api/contact', { name: FORGED, email: 'maria@example.org', message: 'Line one\nLine two' })
    expect(contact.status).toBe(400)
    expect(contact.json.errors.name).toBe('Name must be on one line, without control characters')
    const a = await admin()
    expect((await a.get('/api/bookings')).json.total).toBe(0)
    expect((await a.get('/api/admin/messages')).json).toHaveLength(0)
    expect(errorLogs()).toEqual([])
  })

  it('admin endpoints answer 4xx, never 500, for ids beyond the integer column', async () => {
    const a = await admin()
    for (const id of TOO_LARGE) {
      const answers = [
        await a.patch(`/api/bookings/${id}/status`, { status: 'confirmed' }),
        await a.delete(`/api/bookings/${id}`),
        await a.patch(`/api/admin/users/${id}`, { username: 'someone' }),
        await a.delete(`/api/admin/users/${id}`),
        await a.patch(`/api/admin/messages/${id}/read`),
      ]
      for (const res of answers) expect(res.status, `${id}: ${res.text}`).toBeGreaterThanOrEqual(400)
      for (const res of answers) expect(res.status, `${id}: ${res.text}`).toBeLessThan(500)
      expect((await saveTour(id)).status, id).toBe(400)
      const page = await a.get(`/api/bookings?page=${id}`)
      expect(page.status, id).toBe(400)
      // Not a booking id the column can hold: the filter reads as absent (a number of up to 9 digits is looked up).
      expect((await a.get(`/api/bookings?bookingId=${id}`)).status).toBe(200)
      // The Bookings section's dialogs (docs/decisions/0088): such an id opens none, and a save naming it is refused.
      for (const dialog of ['details', 'move', 'cancel']) {
        expect((await loadAdminSection(base, bookingsLoader, `/admin/bookings?${dialog}=${id}`, { username: 'bounds-admin' })).dialog, `${dialog}=${id}`).toBeNull()
      }
      for (const intent of ['cancel', 'move'] as const) {
        const refused = await guideSaves(base, intent, { id, cause: 'guest', tourDate: date(), tourTime: 'morning', tourPackageId: 1, numberOfPeople: 2 }, { username: 'bounds-admin' })
        expect(refused.status, `${intent} ${id}`).toBe(400)
      }
    }
    expect((await a.get('/api/time-slots?month=99999999999')).status).toBe(400)
    expect((await a.get('/api/time-slots?from=99999999999')).status).toBe(400)
    expect(errorLogs()).toEqual([])
  })

  it('admin one-line fields refuse control characters: username, name, WhatsApp number, duration, cancellation reason', async () => {
    const a = await admin()
    const created = await a.post('/api/register', { username: 'evil\nadmin', password: 'long-enough' })
    expect(created.status).toBe(400)
    expect(created.json.message).toMatch(ONE_LINE)
    const me = (await a.get('/api/admin/users')).json.find((u: { username: string }) => u.username === 'bounds-admin')
    for (const body of [{ username: 'bounds-admin', name: FORGED }, { username: 'bounds-admin', whatsappNumber: '+81 90\r\n1234 5678' }]) {
      const res = await a.patch(`/api/admin/users/${me.id}`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.message).toMatch(ONE_LINE)
    }
    const pkg = await saveTour('1', { duration: 'About 5 hours\nBcc: x' })
    expect(pkg.status).toBe(400)
    expect(pkg.data?.message).toMatch(ONE_LINE)

    const made = await new TestClient(url).post('/api/bookings', booking({}))
    expect(made.status).toBe(201)
    const [row] = (await a.get('/api/bookings')).json.items
    // The guide's cancel dialog, through the Bookings section's route action (docs/decisions/0088).
    const cancel = await guideCancels(base, row.id, { cause: 'guest', reason: 'changed plans\r\nSubject: refund all' }, { username: 'bounds-admin' })
    expect(cancel.status).toBe(400)
    expect(cancel.data.message).toMatch(ONE_LINE)
    expect(cancel.data.errors).toEqual({ reason: cancel.data.message })
    expect(errorLogs()).toEqual([])
  })
})
