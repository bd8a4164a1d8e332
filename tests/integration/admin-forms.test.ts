import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logIn, startServerProcess, stopAllServers, type ServerProcess } from './server-process.ts'

/**
 * The dashboard's sections on their route loaders and actions (docs/decisions/0088), through every
 * way in: the old address, a plain form post (no script), the page's data request as a fetcher sends
 * it, and a visitor without a session. None of it depends on the engine: the embedded one is enough.
 */
describe('the dashboard’s sections and their forms', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-admin-forms-'))
  let server: ServerProcess
  let cookie: string

  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'main')
    cookie = await logIn(server.url, 'owner', 'owner-password')
  }, 180_000)
  afterAll(async () => {
    await stopAllServers()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  type Tour = { id: number; isHalfDay: boolean; basePrice: number; extraGuestPrice: number; soloPrice: number | null; duration: string; available: boolean }
  const tours = async () => (await (await fetch(`${server.url}/api/admin/tour-packages`, { headers: { cookie } })).json()) as Tour[]
  const post = (url: string, fields: Record<string, string>, who = cookie) =>
    fetch(`${server.url}${url}`, { method: 'POST', redirect: 'manual', headers: { cookie: who }, body: new URLSearchParams(fields) })
  const tourForm = (tour: Tour, change: Record<string, string>) => ({
    intent: 'tour',
    formId: `tour-${tour.id}`,
    id: String(tour.id),
    basePrice: String(tour.basePrice),
    extraGuestPrice: String(tour.extraGuestPrice),
    soloPrice: tour.soloPrice === null ? '' : String(tour.soloPrice),
    soloPromoStart: '',
    soloPromoEnd: '',
    duration: tour.duration,
    ...(tour.available ? { available: 'on' } : {}),
    ...change,
  })

  it('sends the old address to the section, keeping the rest of its query', async () => {
    const res = await fetch(`${server.url}/admin/dashboard?tab=calendar&month=2026-01`, { redirect: 'manual', headers: { cookie } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/admin/calendar?month=2026-01')
    const unknown = await fetch(`${server.url}/admin/dashboard?tab=nope&bookingId=12`, { redirect: 'manual', headers: { cookie } })
    expect(unknown.headers.get('location')).toBe('/admin/bookings?bookingId=12')
  })

  it('sends a visitor without a session to the login page, from a section and from its action', async () => {
    for (const res of [await fetch(`${server.url}/admin/settings`, { redirect: 'manual' }), await post('/admin/settings', { intent: 'tour' }, '')]) {
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fsettings')
    }
  })

  it('saves a price by a plain form post and comes back to Settings, which shows it', async () => {
    const [tour] = await tours()
    const res = await post('/admin/settings', tourForm(tour!, { basePrice: '17600' }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/admin/settings')
    expect((await tours()).find((t) => t.id === tour!.id)!.basePrice).toBe(17_600)
    const page = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie } })).text()
    expect(page).toContain('value="17600"')
  })

  it('refuses a blank duration with 400 and the field’s error, saving nothing, whichever way it comes', async () => {
    const [tour] = await tours()
    for (const [url, extra] of [
      ['/admin/settings', {}],
      ['/admin/settings.data', { _via: 'fetcher' }],
    ] as const) {
      const res = await post(url, { ...tourForm(tour!, { basePrice: '99000', duration: ' ' }), ...extra })
      expect(res.status, url).toBe(400)
      expect(await res.text(), url).toContain('Duration is required')
    }
    expect((await tours()).find((t) => t.id === tour!.id)!.basePrice).toBe(tour!.basePrice)
  })

  it('answers the page’s script with data, not a redirect, and refuses a form it does not know', async () => {
    const [tour] = await tours()
    const res = await post('/admin/settings.data', { ...tourForm(tour!, { extraGuestPrice: '3300' }), _via: 'fetcher' })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-remix-redirect')).toBeNull()
    expect((await tours()).find((t) => t.id === tour!.id)!.extraGuestPrice).toBe(3_300)
    expect((await post('/admin/settings', { intent: 'nope' })).status).toBe(400)
    expect((await post('/admin/settings', tourForm(tour!, { id: 'x' }))).status).toBe(400)
    expect((await post('/admin/settings', tourForm(tour!, { id: '999999' }))).status).toBe(404)
  })

  it('creates a promo code by a plain form post; an unticked box is "no"', async () => {
    const res = await post('/admin/promo-codes', { intent: 'create', code: 'form-5', kind: 'percent', value: '5', validFrom: '', validTo: '', maxUses: '', tourKind: '', minGroup: '' })
    expect(res.status).toBe(302)
    const { promoCodes } = (await (await fetch(`${server.url}/api/admin/promo-codes`, { headers: { cookie } })).json()) as { promoCodes: { code: string; active: boolean; onePerEmail: boolean }[] }
    expect(promoCodes.find((c) => c.code === 'FORM-5')).toMatchObject({ active: false, onePerEmail: false })
  })

  it('sends the browser only the words it shows: the login page the admin namespace, the dashboard none of the e-mails’ or notices’', async () => {
    const login = await (await fetch(`${server.url}/admin/login`)).text()
    expect(login).toContain('admin.login.title')
    expect(login).not.toContain('adminBookings.')
    const dashboard = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie } })).text()
    expect(dashboard).toContain('adminSettings.tours.title')
    expect(dashboard).not.toContain('adminEmail.')
    expect(dashboard).not.toContain('adminNotice.')
  })
})
