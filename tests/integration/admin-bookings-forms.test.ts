import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { bookingBody, postJson, tourPackages } from './server-process.ts'
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'
import { ownerServer } from './owner-server.ts'

/**
 * Dashboard → Bookings' list on its route loader and action (docs/decisions/0013, 0088), through
 * every way in: the address that chooses the page of bookings, a plain form post (no script), the
 * page's data request as a fetcher sends it, a refusal in the admin's language, and a row that is
 * gone. What each save did is read back through the JSON list and the page's data request.
 */
describe('the Bookings list’s address and forms', () => {
  const server = ownerServer('jlt-admin-bookings-')
  const ids: Record<string, number> = {}

  type Booking = { id: number; name: string; status: string; numberOfPeople: number }
  type Page = { items: Booking[]; total: number; page: number; pageSize: number }
  const post = (url: string, fields: Record<string, string>, language = 'en') =>
    fetch(`${server.url}${url}`, { method: 'POST', redirect: 'manual', headers: { cookie: server.cookie, 'accept-language': language }, body: new URLSearchParams(fields) })
  /** The same form as the page's fetcher sends it: answered with data, not a redirect. */
  const byScript = (url: string, fields: Record<string, string>, language = 'en') => post(`${url}.data`, { ...fields, _via: 'fetcher' }, language)
  const booking = async (id: number) => ((await (await fetch(`${server.url}/api/bookings?bookingId=${id}`, { headers: { cookie: server.cookie } })).json()) as Page).items[0]
  const page = async (query: string) => (await fetch(`${server.url}/admin/bookings${query}`, { headers: { cookie: server.cookie } })).text()
  /** The names in the order the page's table lists them. */
  const namesIn = (html: string) => [...html.matchAll(/<p class="font-medium text-slate-900">(Listed [A-Z][a-z]+)<\/p>/g)].map((m) => m[1])

  beforeAll(async () => {
    const [halfDay] = (await tourPackages(server.url)).filter((t) => t.isHalfDay)
    const [first, second] = weekendDatesBetween(addDays(todayInTokyo(new Date()), 10), addDays(todayInTokyo(new Date()), 40))
    for (const [name, date, people] of [['Listed Alpha', first, 3], ['Listed Bravo', second, 1], ['Listed Charlie', first, 2]] as const) {
      const time = name === 'Listed Charlie' ? 'afternoon' : 'morning'
      const made = await postJson(`${server.url}/api/bookings`, { ...bookingBody(halfDay!.id, date!, time, 0), name, email: `${name.split(' ')[1]!.toLowerCase()}@example.com`, numberOfPeople: people })
      expect(made.status).toBe(201)
      ids[name] = made.json.id ?? (await (await fetch(`${server.url}/api/bookings?q=${encodeURIComponent(name)}`, { headers: { cookie: server.cookie } })).json()).items[0].id
    }
  })

  it('sends a visitor without a session to the login page, from the section and from its action', async () => {
    for (const res of [await fetch(`${server.url}/admin/bookings?status=paid`, { redirect: 'manual' }), await fetch(`${server.url}/admin/bookings`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ intent: 'delete', id: '1' }) })]) {
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toMatch(/^\/admin\/login\?denied=1&redirectTo=%2Fadmin%2Fbookings/)
    }
  })

  it('comes with the page its address chooses: the search, the sort, the status and the page; a stray choice is no choice', async () => {
    expect(namesIn(await page('?q=Listed&sort=numberOfPeople&dir=desc'))).toEqual(['Listed Alpha', 'Listed Charlie', 'Listed Bravo'])
    expect(namesIn(await page('?q=Listed&sort=numberOfPeople'))).toEqual(['Listed Bravo', 'Listed Charlie', 'Listed Alpha'])
    expect(namesIn(await page('?q=charlie@'))).toEqual(['Listed Charlie'])
    expect(namesIn(await page(`?bookingId=${ids['Listed Bravo']}`))).toEqual(['Listed Bravo'])
    expect(namesIn(await page('?q=Listed&status=paid'))).toEqual([])
    // Unknown values fall back to the defaults (by tour date, every status, the first page).
    const stray = await page('?q=Listed&sort=price;drop&dir=sideways&status=lost&page=-4')
    expect(namesIn(stray)).toHaveLength(3)
    expect(stray).toContain('aria-sort="ascending"')
    // A page past the last shows the last.
    expect(namesIn(await page('?q=Listed&page=99'))).toHaveLength(3)
  })

  it('changes a status by a plain form post, and by script with how the money came', async () => {
    const id = ids['Listed Alpha']!
    const back = await post('/admin/bookings?q=Listed&sort=name', { intent: 'status', id: String(id), status: 'confirmed' })
    expect(back.status).toBe(302)
    expect(back.headers.get('location')).toBe('/admin/bookings?q=Listed&sort=name')
    expect((await booking(id))!.status).toBe('confirmed')

    const paid = await byScript('/admin/bookings', { intent: 'status', id: String(id), status: 'paid', paidBy: 'bank-transfer' })
    expect(paid.status).toBe(200)
    expect(await paid.text()).toContain('"paid"')
    expect((await booking(id))!.status).toBe('paid')
    // The ledger as the booking's details dialog gets it with the page's data request (React Router's single fetch).
    const res = await fetch(`${server.url}/admin/bookings.data?details=${id}`, { headers: { cookie: server.cookie } })
    expect(res.status).toBe(200)
    const decoded = await decodeViaTurboStream(res.body!, globalThis)
    await decoded.done
    const { dialog } = (decoded.value as Record<string, { data: { dialog: { kind: string; ledger: { kind: string; source: string | null }[] } } }>)['routes/admin/bookings']!.data
    expect(dialog.kind).toBe('details')
    const ledger = dialog.ledger
    expect(ledger.filter((line) => line.kind === 'cash').map((line) => line.source)).toEqual(['bank-transfer'])
  })

  it('refuses in the admin’s language what the money does not allow, a status that is no status, and a booking that is gone', async () => {
    // Paid holds the guest's money: back to pending is refused (core/booking-transitions.ts).
    const id = ids['Listed Alpha']!
    const refused = await byScript('/admin/bookings', { intent: 'status', id: String(id), status: 'pending' }, 'ja')
    expect(refused.status).toBe(409)
    expect(await refused.text()).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
    expect((await booking(id))!.status).toBe('paid')

    const unknown = await byScript('/admin/bookings', { intent: 'status', id: String(ids['Listed Bravo']), status: 'lost' }, 'ja')
    expect(unknown.status).toBe(400)

    const gone = await byScript('/admin/bookings', { intent: 'status', id: '999999', status: 'confirmed' })
    expect(gone.status).toBe(404)
    // A plain post that is refused is answered with the page again, not a redirect.
    const plain = await post('/admin/bookings', { intent: 'status', id: '999999', status: 'confirmed' })
    expect(plain.status).toBe(404)
  })

  it('deletes a booking that holds no money, by script and by a plain form post, and keeps one that does', async () => {
    const bravo = ids['Listed Bravo']!
    expect((await byScript('/admin/bookings', { intent: 'delete', id: String(bravo) })).status).toBe(200)
    expect(await booking(bravo)).toBeUndefined()

    const charlie = ids['Listed Charlie']!
    const back = await post('/admin/bookings', { intent: 'delete', id: String(charlie) })
    expect(back.status).toBe(302)
    expect(await booking(charlie)).toBeUndefined()

    // Paid by bank transfer above: its money trail stays.
    const kept = await byScript('/admin/bookings', { intent: 'delete', id: String(ids['Listed Alpha']) }, 'ja')
    expect(kept.status).toBe(409)
    expect((await booking(ids['Listed Alpha']!))!.status).toBe('paid')
  })
})
