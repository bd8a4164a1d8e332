import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sectionData } from './section-data.ts'
import { ownerServer } from './owner-server.ts'

/**
 * Dashboard → Channels on its route loader and action (docs/decisions/0088), through every way in:
 * a plain form post (no script), the page's data request as a fetcher sends it, a refusal in the
 * admin's language, and a row that is gone. What each save did is read back through the section's
 * own data request, as the page sees it.
 */
describe('the Channels section’s forms', () => {
  const server = ownerServer('jlt-admin-channels-')
  // A platform's calendar with one weekday event, when no tour runs.
  const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', 'UID:weekday@test', 'DTSTAMP:20300101T000000Z', 'DTSTART;VALUE=DATE:20300102', 'DTEND;VALUE=DATE:20300103', 'SUMMARY:Booked', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n')
  const platform = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics))
  let calendarUrl: string

  beforeAll(async () => {
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve))
    calendarUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/listing.ics`
  })
  afterAll(() => {
    platform.close()
  })

  type Reseller = { id: number; name: string; commissionPercent: number; minLeadHours: number; tourPackageIds: number[]; testMode: boolean; keyPrefix: string; revokedAt: string | null }
  type Calendar = { id: number; name: string; url: string; eventsCount: number; lastError: string | null }
  const post = (url: string, fields: Record<string, string> | [string, string][], language = 'en') =>
    fetch(`${server.url}${url}`, { method: 'POST', redirect: 'manual', headers: { cookie: server.cookie, 'accept-language': language }, body: new URLSearchParams(fields) })
  /** The same form as the page's fetcher sends it: answered with data, not a redirect. */
  const byScript = (fields: Record<string, string> | [string, string][], language = 'en') =>
    post('/admin/channels.data', [...(Array.isArray(fields) ? fields : Object.entries(fields)), ['_via', 'fetcher']], language)
  type Channels = { resellers: Reseller[]; calendars: Calendar[]; tours: { id: number; name: string }[] }
  const channels = () => sectionData<Channels>(server.url, server.cookie, 'channels')
  const resellers = async () => (await channels()).resellers
  const calendars = async () => (await channels()).calendars
  const page = async (query = '') => (await fetch(`${server.url}/admin/channels${query}`, { headers: { cookie: server.cookie } })).text()
  const backToChannels = (res: Response) => {
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/admin/channels')
  }

  it('sends a visitor without a session to the login page, from the section and from its action', async () => {
    for (const res of [await fetch(`${server.url}/admin/channels`, { redirect: 'manual' }), await fetch(`${server.url}/admin/channels`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ intent: 'addCalendar' }) })]) {
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fchannels')
    }
  })

  it('adds a reseller by script and by a plain form post, answering its key once; edits it by a plain form post, the ticked tours and boxes as sent', async () => {
    const [tour] = (await channels()).tours
    const made = await byScript({ intent: 'addReseller', name: 'Desk by script', commissionPercent: '20', note: '', minLeadHours: '' })
    expect(made.status).toBe(200)
    const [key] = /jlt_[\w-]{40,}/.exec(await made.text())!
    expect((await fetch(`${server.url}/octo/v1/supplier`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200)
    const added = (await resellers()).find((r) => r.name === 'Desk by script')!
    expect(added).toMatchObject({ commissionPercent: 20, minLeadHours: 0, tourPackageIds: [], testMode: false })
    // The page comes with it, and a link opens its form.
    expect(await page()).toContain('Desk by script')
    expect(await page(`?reseller=${added.id}`)).toContain('value="20"')
    // Without script the key comes back with the page, once.
    const plainMade = await post('/admin/channels', { intent: 'addReseller', name: 'Desk by plain form', commissionPercent: '15' })
    expect(plainMade.status).toBe(200)
    const [plainKey] = /jlt_[\w-]{40,}/.exec(await plainMade.text())!
    expect((await fetch(`${server.url}/octo/v1/supplier`, { headers: { authorization: `Bearer ${plainKey}` } })).status).toBe(200)
    expect(await page()).not.toContain(plainKey)

    const edit: [string, string][] = [
      ['intent', 'updateReseller'],
      ['id', String(added.id)],
      ['name', 'Desk by form'],
      ['note', 'Net rate'],
      ['commissionPercent', '25'],
      ['minLeadHours', '48'],
      ['tourPackageIds', String(tour!.id)],
      ['testMode', 'on'],
    ]
    backToChannels(await post('/admin/channels', edit))
    expect((await resellers()).find((r) => r.id === added.id)).toMatchObject({ name: 'Desk by form', commissionPercent: 25, minLeadHours: 48, tourPackageIds: [tour!.id], testMode: true })
    // Unticked boxes send nothing: every tour, live.
    const untick = edit.filter(([name]) => name !== 'tourPackageIds' && name !== 'testMode')
    const saved = await byScript(untick)
    expect(saved.status).toBe(200)
    expect(await saved.text()).toContain('Desk by form')
    expect((await resellers()).find((r) => r.id === added.id)).toMatchObject({ tourPackageIds: [], testMode: false })
    expect(await page()).toContain('No bookings within 48 h; Every tour')
  })

  it('revokes a reseller’s key and makes a new one, with script or without; a gone reseller is 404', async () => {
    const made = await byScript({ intent: 'addReseller', name: 'Desk to revoke', commissionPercent: '10' })
    const [key] = /jlt_[\w-]{40,}/.exec(await made.text())!
    const { id } = (await resellers()).find((r) => r.name === 'Desk to revoke')!
    backToChannels(await post('/admin/channels', { intent: 'revokeReseller', id: String(id) }))
    expect((await resellers()).find((r) => r.id === id)!.revokedAt).not.toBeNull()
    expect((await fetch(`${server.url}/octo/v1/supplier`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401)

    const fresh = await byScript({ intent: 'replaceResellerKey', id: String(id) })
    expect(fresh.status).toBe(200)
    const [newKey] = /jlt_[\w-]{40,}/.exec(await fresh.text())!
    expect(newKey).not.toBe(key)
    expect((await resellers()).find((r) => r.id === id)!.revokedAt).toBeNull()
    expect((await fetch(`${server.url}/octo/v1/supplier`, { headers: { authorization: `Bearer ${newKey}` } })).status).toBe(200)
    // Without script the new key comes back with the page, shown once; the one before stops.
    const plain = await post('/admin/channels', { intent: 'replaceResellerKey', id: String(id) })
    expect(plain.status).toBe(200)
    const [plainKey] = /jlt_[\w-]{40,}/.exec(await plain.text())!
    expect(plainKey).not.toBe(newKey)
    expect((await fetch(`${server.url}/octo/v1/supplier`, { headers: { authorization: `Bearer ${newKey}` } })).status).toBe(401)
    expect((await fetch(`${server.url}/octo/v1/supplier`, { headers: { authorization: `Bearer ${plainKey}` } })).status).toBe(200)
    expect(await page()).not.toContain(plainKey)

    for (const intent of ['revokeReseller', 'replaceResellerKey']) {
      const gone = await byScript({ intent, id: '999999' }, 'ja')
      expect(gone.status, intent).toBe(404)
      expect(await gone.text(), intent).toContain('販売代理店が見つかりません')
    }
    expect((await post('/admin/channels', { intent: 'updateReseller', id: '999999', name: 'Nobody', commissionPercent: '5' })).status).toBe(404)
  })

  it('refuses a commission out of range on its field, in the admin’s language, saving nothing', async () => {
    const before = (await resellers()).length
    const refused = await byScript({ intent: 'addReseller', name: 'Greedy desk', commissionPercent: '60' }, 'ja')
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('手数料は0～50の整数（%）で入力してください')
    const plain = await post('/admin/channels', { intent: 'addReseller', name: 'Greedy desk', commissionPercent: '60' })
    expect(plain.status).toBe(400)
    expect(await plain.text()).toContain('The commission is a whole percentage from 0 to 50')
    expect(await resellers()).toHaveLength(before)
  })

  it('adds a calendar by a plain form post, fetches it with script or without, and removes it; a gone calendar is 404', async () => {
    backToChannels(await post('/admin/channels', { intent: 'addCalendar', name: 'Hotel desk', url: calendarUrl }))
    const added = (await calendars()).find((c) => c.name === 'Hotel desk')!
    expect(added).toMatchObject({ url: calendarUrl, eventsCount: 1, lastError: null })
    expect(await page()).toContain('Hotel desk')

    const fetched = await byScript({ intent: 'fetchCalendar', id: String(added.id) })
    expect(fetched.status).toBe(200)
    expect(await fetched.text()).toContain('Hotel desk')
    backToChannels(await post('/admin/channels', { intent: 'fetchCalendar', id: String(added.id) }))

    const removed = await byScript({ intent: 'removeCalendar', id: String(added.id) })
    expect(removed.status).toBe(200)
    expect(await removed.text()).toContain('Hotel desk')
    expect((await calendars()).some((c) => c.id === added.id)).toBe(false)

    for (const intent of ['fetchCalendar', 'removeCalendar']) {
      const gone = await byScript({ intent, id: String(added.id) }, 'ja')
      expect(gone.status, intent).toBe(404)
      expect(await gone.text(), intent).toContain('カレンダーが見つかりません')
    }
    const again = await post('/admin/channels', { intent: 'addCalendar', name: 'Second desk', url: calendarUrl })
    backToChannels(again)
    const second = (await calendars()).find((c) => c.name === 'Second desk')!
    backToChannels(await post('/admin/channels', { intent: 'removeCalendar', id: String(second.id) }))
    expect(await calendars()).toEqual([])
  })

  it('refuses a calendar address that is not http(s) on its field, saving nothing', async () => {
    const refused = await byScript({ intent: 'addCalendar', name: 'Odd desk', url: 'ftp://example.com/cal.ics' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('starting with https:// or http://')
    expect(await calendars()).toEqual([])
  })
})
