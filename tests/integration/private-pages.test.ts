import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { simpleParser } from 'mailparser'
import { bookingBody, postJson, tourPackages, waitFor } from './server-process.ts'
import { ownerServer } from './owner-server.ts'

/**
 * docs/decisions/0026: every page response that shows a guest's details (or an admin's view) is
 * sent with `Cache-Control: no-store` and `Referrer-Policy: no-referrer`: the HTML
 * document and React Router's single-fetch `.data` response alike, GET and POST. Through
 * the real entry (server/main.ts, pages rendered by React Router); the headers do not
 * depend on the database engine, so the embedded one is enough.
 */
describe('pages with a guest’s details', () => {
  const server = ownerServer('jlt-private-pages-')
  let reference: string
  let date: string
  let halfDayId: number

  beforeAll(async () => {
    halfDayId = (await tourPackages(server.url)).find((t) => t.isHalfDay)!.id
    const today = todayInTokyo(new Date())
    date = weekendDatesBetween(addDays(today, 20), addDays(today, 40))[0]!
    const created = await postJson(`${server.url}/api/bookings`, { ...bookingBody(halfDayId, date, 'morning', 1), name: 'Private Guest' })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    reference = created.json.reference
  })

  // One policy, the page's own: it replaces the site-wide one helmet sets (a doubled header,
  // "strict-origin-when-cross-origin, no-referrer", was read differently by different clients).
  const referrerPolicy = (res: Response) => res.headers.get('referrer-policy')

  // The booking page's own form posts without JavaScript, so it keeps Referers to itself
  // (same-origin) instead of sending none: under no-referrer its posts carry Origin: null,
  // which React Router's CSRF check refuses. Either way no other site learns the URL.
  // So do the change page (docs/decisions/0055), the waitlist's pages reached by an e-mail's link (0057, 0070)
  // and the dashboard, whose language choice posts without script (0086).
  const policyOf = (url: string) =>
    url.startsWith('/booking?') || url.startsWith('/booking.data') || url === '/booking' || /\/change(\.data)?$/.test(url) || url.startsWith('/waitlist/') || url.startsWith('/admin/bookings') || url.startsWith('/admin/settings')
      ? 'same-origin'
      : 'no-referrer'

  const expectPrivate = async (res: Response, url: string, shows?: string) => {
    const body = await res.text()
    expect(res.status, body.slice(0, 300)).toBe(200)
    if (shows) expect(body).toContain(shows)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(referrerPolicy(res)).toBe(policyOf(url))
  }

  it.each([
    ['the checkout page', (ref: string) => `/checkout/${ref}`],
    ['the checkout page’s data', (ref: string) => `/checkout/${ref}.data`],
    ['the confirmation page', (ref: string) => `/booking-confirmation/${ref}`],
    ['the confirmation page’s data', (ref: string) => `/booking-confirmation/${ref}.data`],
    ['the change page', (ref: string) => `/booking-confirmation/${ref}/change`],
    ['the change page’s data', (ref: string) => `/booking-confirmation/${ref}/change.data`],
    ['step 3 of the booking page (after a script-free post)', (ref: string) => `/booking?created=${ref}`],
    ['the data of step 3 of the booking page', (ref: string) => `/booking.data?created=${ref}`],
  ])('%s is not cached and sends no Referer to other sites', async (_name, url) => {
    await expectPrivate(await fetch(server.url + url(reference)), url(reference), 'Private Guest')
  })

  it.each(['/', '/contact', '/about.data', '/ja/packages'])('the public page %s sends the site’s one Referrer-Policy', async (url) => {
    const res = await fetch(server.url + url)
    await res.arrayBuffer()
    expect(res.status).toBe(200)
    expect(referrerPolicy(res)).toBe('strict-origin-when-cross-origin')
  })

  it.each(['/checkout/ZZZZZZZZZZZZ', '/checkout/ZZZZZZZZZZZZ.data', '/booking-confirmation/ZZZZZZZZZZZZ'])('%s, no such booking, answers 404', async (url) => {
    const res = await fetch(server.url + url)
    await res.arrayBuffer()
    expect(res.status).toBe(404)
  })

  it.each(['/booking', '/booking.data'])('a refused script-free booking post to %s, which echoes what the guest typed, is not cached', async (url) => {
    const form = new URLSearchParams({ name: 'Private Guest', email: 'private.guest@example.com', phone: '+81 90 1111 2222', numberOfPeople: '2', tourPackageId: '', tourDate: '', tourTime: '' })
    const res = await fetch(server.url + url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })
    const body = await res.text()
    expect(res.status).toBe(400)
    expect(body).toContain('private.guest@example.com')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(referrerPolicy(res)).toBe(policyOf(url))
  })

  it.each(['', '.data'])('the gift voucher page%s (its token is the secret, docs/decisions/0065) is not cached and sends no Referer', async (suffix) => {
    const bought = await postJson(`${server.url}/api/vouchers`, { choice: 'custom', amount: 10_000, buyerName: 'Private Buyer', buyerEmail: 'private.buyer@example.com' })
    expect(bought.status, JSON.stringify(bought.json)).toBe(201)
    const url = `/voucher/${bought.json.token}${suffix}`
    await expectPrivate(await fetch(server.url + url), url, 'Private Buyer')
    expect((await fetch(`${server.url}/voucher/${'A'.repeat(43)}`)).status).toBe(404)
  })

  it.each(['', '.data'])('the waitlist confirmation page%s (its token is the secret, docs/decisions/0070) is not cached and sends no Referer', async (suffix) => {
    const email = `private.waiter${suffix.replace('.', '-')}@example.com`
    const joined = await postJson(`${server.url}/api/waitlist`, { email, tourDate: date, tourTime: 'morning', numberOfPeople: 2, tourPackageId: halfDayId })
    expect(joined.status, JSON.stringify(joined.json)).toBe(201)
    const outbox = path.join(server.dataDir, 'outbox')
    const token = await waitFor('the confirmation e-mail in the outbox folder', async () => {
      for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
        const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)))
        const found = mail.to && JSON.stringify(mail.to).includes(email) ? /\/waitlist\/confirm\/([0-9A-Z]{52})/.exec(mail.text ?? '')?.[1] : undefined
        if (found) return found
      }
      return undefined
    })
    const url = `/waitlist/confirm/${token}${suffix}`
    await expectPrivate(await fetch(server.url + url), url, date)
  })

  it.each(['/admin/bookings', '/admin/bookings.data', '/admin/settings', '/admin/settings.data'])('the admin dashboard %s is not cached', async (url) => {
    await expectPrivate(await fetch(server.url + url, { headers: { cookie: server.cookie } }), url, 'owner')
  })
})
