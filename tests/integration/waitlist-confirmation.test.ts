import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { contactMessages, outgoingEmails, tourPackages, vouchers, waitlistAddresses, waitlistEntries, type TourPackage } from '../../server/db/schema.ts'
import { JOINED_MESSAGE } from '../../server/services/waitlist.ts'
import { WAITLIST_CONFIRM_MISSING_MESSAGE } from '../../core/schemas/waitlist.ts'
import { action as giftAction } from '../../app/routes/gift.tsx'
import { handleContactAction } from '../../app/components/contact/contact-action.server.ts'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../app/lib/form-post.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { insertBooking } from './payments-helpers.ts'
import { confirmationMails, confirmTokenFor, loadConfirmPage, postConfirmPage, postJoinPage, signUpFields } from './waitlist-pages.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { postAdminSection } from './admin-section.ts'

/**
 * The waitlist mails nobody who has not asked for it (docs/decisions/0070). Found by an outside
 * attack: from one client address, in one minute, hold a slot, put ten strangers' addresses on
 * its waitlist, cancel and rebook the hold nine times: 90 "free again" e-mails in the business's
 * name. Now an address confirms itself at the link of one short e-mail before anything else is
 * sent to it; unconfirmed entries are forgotten after a day; and a confirmed address hears of
 * at most WAITLIST_MAILS_PER_ADDRESS_PER_DAY openings a day, across all slots.
 */

// Monday 2026-03-02, 10:00 in Japan.
const NOW = '2026-03-02T01:00:00Z'
const today = todayInTokyo(new Date(NOW))
const [SAT1, SUN1, SAT2, SUN2] = weekendDatesBetween(addDays(today, 20), addDays(today, 40)) as [string, string, string, string]
const DAILY_CAP = 3

type Fields = Record<string, string>
type TourTime = 'morning' | 'afternoon' | 'full-day'

describe.each(ENGINES)('waitlist confirmation on %s', (engine) => {
  let app: TestApp
  let half: TourPackage
  let full: TourPackage
  async function start(env: Record<string, string> = {}) {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env })
    const packages = await app.db.select().from(tourPackages)
    half = packages.find((p) => p.slug === 'half-day')!
    full = packages.find((p) => p.slug === 'full-day')!
  }
  beforeEach(async () => {
    await start({ RATE_LIMIT_WAITLIST_PER_HOUR: '50' })
  })
  afterEach(async () => {
    await app.close()
  })

  const request = (email: string, tourDate: string, tourTime: TourTime, extra: Fields = {}) => signUpFields({ half, full }, email, tourDate, tourTime, extra)
  const join = (email: string, tourDate: string, tourTime: TourTime, client = app.client()) => client.post('/api/waitlist', request(email, tourDate, tourTime))
  const openMails = () => app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'waitlist-open')).orderBy(outgoingEmails.id)
  const openMailsTo = async (email: string) => (await openMails()).filter((m) => m.toAddress === email)
  const confirmByApi = (token: string) => app.client().post(`/api/waitlist/confirm/${token}`)
  const address = async (email: string) => (await app.db.select().from(waitlistAddresses).where(eq(waitlistAddresses.email, email)))[0]
  const guestBooking = (email: string, tourDate: string, tourTime: TourTime) => ({
    name: 'Hold Hayashi',
    email,
    phone: '+81 90 1234 5678',
    numberOfPeople: 2,
    tourPackageId: tourTime === 'full-day' ? full.id : half.id,
    tourDate,
    tourTime,
    acceptPolicy: true,
  })

  /** The attack as reported: one client, default limits, ten strangers, nine cancel-and-rebook cycles of one hold. */
  async function attack(strangers: string[]) {
    const attacker = app.client()
    const hold = async () => {
      const made = await attacker.post('/api/bookings', guestBooking('holder@example.org', SAT1, 'morning'))
      expect(made.status, made.text).toBe(201)
      return made.json.reference as string
    }
    let reference = await hold()
    for (const email of strangers) expect((await join(email, SAT1, 'morning', attacker)).status).toBe(201)
    for (let cycle = 0; cycle < 9; cycle++) {
      expect((await attacker.post(`/api/bookings/${reference}/cancel`)).status).toBe(200)
      reference = await hold()
    }
  }
  const STRANGERS = Array.from({ length: 10 }, (_, i) => `stranger${i}@example.net`)

  it('the reported attack sends no "free again" e-mail to the ten strangers, only one confirmation e-mail each', async () => {
    await app.close()
    await start()
    await attack(STRANGERS)
    expect((await openMails()).map((m) => m.toAddress)).toEqual([])
    for (const email of STRANGERS) expect((await confirmationMails(app, email)).length, email).toBe(1)
    // Nothing of theirs is live: a sweep a day later forgets them.
    app.clock.advanceMinutes(24 * 60 + 1)
    expect(await app.services.waitlist.forgetUnconfirmed()).toBe(10)
    expect(await app.db.select().from(waitlistEntries)).toEqual([])
    expect(await app.db.select().from(waitlistAddresses)).toEqual([])
  })

  it('the same attack on an address that confirmed itself reaches it at most the daily cap of times', async () => {
    await app.close()
    await start()
    // A visitor who really waits for the slot, from her own connection, and confirmed her address.
    await insertBooking(app, { tourDate: SUN1, tourTime: 'morning', status: 'paid' })
    expect((await postJoinPage(app, request('keen@example.net', SUN1, 'morning'), { byScript: true, clientAddress: '192.0.2.60' })).status).toBe(201)
    expect((await confirmByApi(await confirmTokenFor(app, 'keen@example.net'))).status).toBe(200)
    await attack([...STRANGERS.slice(0, 9), 'keen@example.net'])
    expect((await openMails()).map((m) => m.toAddress)).toEqual(Array(DAILY_CAP).fill('keen@example.net'))
    expect(await confirmationMails(app, 'keen@example.net')).toHaveLength(1)

    // The next day in Japan the cap starts again: the last hold has run out, and the minute job tells her.
    app.clock.set(new Date(`${today}T15:00:00Z`))
    expect(await app.services.waitlist.tellFreedSlots()).toBe(1)
    expect(await openMailsTo('keen@example.net')).toHaveLength(DAILY_CAP + 1)
  })

  it('an address confirms at its link: opening the page changes nothing; the button confirms by the API, the form post and the data request', async () => {
    const first = await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    const api = await join('Api@Example.com ', SAT1, 'morning')
    expect(api.status).toBe(201)
    expect(api.json).toEqual({ message: JOINED_MESSAGE, tourDate: SAT1, tourTime: 'morning' })
    expect((await postJoinPage(app, request('form@example.com', SAT1, 'morning'), { byScript: false, path: '/ja/booking/waitlist' })).status).toBe(302)
    expect((await postJoinPage(app, request('data@example.com', SAT1, 'morning'), { byScript: true, path: '/ko/booking/waitlist.data' })).status).toBe(201)

    // One short e-mail each, in the page's language, with a link of 260 random bits under that language.
    const [apiMail] = await confirmationMails(app, 'api@example.com')
    const [formMail] = await confirmationMails(app, 'form@example.com')
    const [dataMail] = await confirmationMails(app, 'data@example.com')
    expect(apiMail!.subject).toBe('Confirm your address for the waitlist')
    expect(apiMail!.text).toMatch(/Morning slot on (Saturday|Sunday), March 2\d, 2026/)
    const apiToken = await confirmTokenFor(app, 'api@example.com')
    expect(apiMail!.text).toContain(`http://127.0.0.1/waitlist/confirm/${apiToken}`)
    expect(formMail!.subject).toContain('メールアドレス')
    expect(formMail!.text).toContain(`http://127.0.0.1/ja/waitlist/confirm/${await confirmTokenFor(app, 'form@example.com')}`)
    expect(dataMail!.text).toContain(`http://127.0.0.1/ko/waitlist/confirm/${await confirmTokenFor(app, 'data@example.com')}`)
    expect(new Set([apiToken, await confirmTokenFor(app, 'form@example.com'), await confirmTokenFor(app, 'data@example.com')]).size).toBe(3)

    // A mail scanner opens the link: the page shows the slot and a button, and confirms nothing.
    for (let i = 0; i < 2; i++) {
      const page = await loadConfirmPage<{ address: { confirmed: boolean; entries: { tourDate: string; tourTime: string }[] } | null }>(app, apiToken, `/ja/waitlist/confirm/${apiToken}`)
      expect(page.status).toBe(200)
      expect(page.data.address).toMatchObject({ confirmed: false, entries: [{ tourDate: SAT1, tourTime: 'morning' }] })
    }
    expect((await address('api@example.com'))!.confirmedAt).toBeNull()

    // Unconfirmed, nobody hears that the slot is free.
    expect((await app.client().post(`/api/bookings/${first.reference}/cancel`)).status).toBe(200)
    expect(await openMails()).toEqual([])

    // Confirmed through the API while the slot is free: told at once.
    const confirmed = await confirmByApi(apiToken.toLowerCase())
    expect(confirmed.status, confirmed.text).toBe(200)
    expect((await openMails()).map((m) => m.toAddress)).toEqual(['api@example.com'])
    // Again: nothing changes, nothing more is sent.
    expect((await confirmByApi(apiToken)).status).toBe(200)
    expect(await openMails()).toHaveLength(1)
    const again = await loadConfirmPage<{ address: { confirmed: boolean } | null }>(app, apiToken)
    expect(again.data.address).toMatchObject({ confirmed: true })

    // The slot is taken again; the other two confirm by the page's button, without and with JavaScript.
    const second = await app.client().post('/api/bookings', guestBooking('second@example.org', SAT1, 'morning'))
    expect(second.status).toBe(201)
    const formToken = await confirmTokenFor(app, 'form@example.com')
    expect(await postConfirmPage(app, formToken, false, `/ja/waitlist/confirm/${formToken}`)).toMatchObject({ status: 302, location: `/ja/waitlist/confirm/${formToken}?confirmed=1` })
    const dataToken = await confirmTokenFor(app, 'data@example.com')
    expect(await postConfirmPage(app, dataToken, true, `/ko/waitlist/confirm/${dataToken}.data`)).toMatchObject({ status: 200, data: { kind: 'confirmed' } })
    expect(await openMails()).toHaveLength(1)
    expect((await app.client().post(`/api/bookings/${second.json.reference}/cancel`)).status).toBe(200)
    expect((await openMails()).map((m) => m.toAddress).sort()).toEqual(['api@example.com', 'api@example.com', 'data@example.com', 'form@example.com'])

    // A link that names nothing: 404 on every way in, and nothing changes.
    const forged = 'A'.repeat(52)
    const missing = await confirmByApi(forged)
    expect([missing.status, missing.json.message]).toEqual([404, WAITLIST_CONFIRM_MISSING_MESSAGE])
    expect((await confirmByApi('nonsense')).status).toBe(404)
    expect((await loadConfirmPage<{ address: unknown }>(app, forged)).status).toBe(404)
    expect(await postConfirmPage(app, forged, true)).toMatchObject({ status: 404, data: { kind: 'missing' } })
    expect(await postConfirmPage(app, forged, false)).toMatchObject({ status: 404, data: { kind: 'missing' } })
  })

  it('sends one confirmation e-mail per address per day however often it signs up, and its link confirms every slot it waits for', async () => {
    await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    await insertBooking(app, { tourDate: SAT2, tourTime: 'afternoon', status: 'confirmed' })
    expect((await join('many@example.com', SAT1, 'morning')).status).toBe(201)
    expect((await join('MANY@example.com', SAT1, 'morning')).status).toBe(201)
    expect((await postJoinPage(app, request('many@example.com', SAT1, 'full-day'), { byScript: true, path: '/ja/booking/waitlist.data' })).status).toBe(201)
    app.clock.advanceMinutes(23 * 60)
    expect((await postJoinPage(app, request('many@example.com', SAT2, 'afternoon'), { byScript: false })).status).toBe(302)
    // Every answer alike, and one e-mail in all, in the language of the first sign-up.
    const [mail] = await confirmationMails(app, 'many@example.com')
    expect(await confirmationMails(app, 'many@example.com')).toHaveLength(1)
    expect(mail!.subject).toBe('Confirm your address for the waitlist')

    // The link confirms all three slots; the page lists them first.
    const token = await confirmTokenFor(app, 'many@example.com')
    const page = await loadConfirmPage<{ address: { entries: { tourDate: string; tourTime: string }[] } }>(app, token)
    expect(page.data.address.entries.map((e) => [e.tourDate, e.tourTime])).toEqual([
      [SAT1, 'morning'],
      [SAT1, 'full-day'],
      [SAT2, 'afternoon'],
    ])
    expect((await confirmByApi(token)).status).toBe(200)
    // A confirmed address waits at once for a new slot: no further confirmation e-mail.
    await insertBooking(app, { tourDate: SUN2, tourTime: 'morning', status: 'confirmed' })
    expect((await join('many@example.com', SUN2, 'morning')).status).toBe(201)
    expect(await confirmationMails(app, 'many@example.com')).toHaveLength(1)
    expect((await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, 'many@example.com'))).map((e) => [e.tourDate, e.tourTime])).toEqual([
      [SAT1, 'morning'],
      [SAT1, 'full-day'],
      [SAT2, 'afternoon'],
      [SUN2, 'morning'],
    ])
  })

  it('forgets an unconfirmed address 24 hours after it signed up; its link then confirms nothing, and signing up again sends a new one', async () => {
    await insertBooking(app, { tourDate: SAT1, tourTime: 'morning', status: 'confirmed' })
    await join('never@example.com', SAT1, 'morning')
    await join('sure@example.com', SAT1, 'morning')
    expect((await confirmByApi(await confirmTokenFor(app, 'sure@example.com'))).status).toBe(200)
    const stale = await confirmTokenFor(app, 'never@example.com')

    app.clock.advanceMinutes(24 * 60 - 1)
    expect(await app.services.waitlist.forgetUnconfirmed()).toBe(0)
    app.clock.advanceMinutes(2)
    // Past the day, before the sweep: the link already confirms nothing.
    expect((await confirmByApi(stale)).status).toBe(404)
    expect((await loadConfirmPage<{ address: unknown }>(app, stale)).status).toBe(404)
    expect(await app.services.waitlist.forgetUnconfirmed()).toBe(1)
    expect((await app.db.select().from(waitlistEntries)).map((e) => e.email)).toEqual(['sure@example.com'])
    expect(await address('never@example.com')).toBeUndefined()

    // Signing up again starts over: a new e-mail, a new link; the old one stays dead.
    await join('never@example.com', SAT1, 'morning')
    expect(await confirmationMails(app, 'never@example.com')).toHaveLength(2)
    const fresh = await confirmTokenFor(app, 'never@example.com')
    expect(fresh).not.toBe(stale)
    expect((await confirmByApi(stale)).status).toBe(404)
    expect((await confirmByApi(fresh)).status).toBe(200)
  })

  it('counts the daily cap across every slot an address waits for, and erasure takes the address with its entries', async () => {
    const dates = weekendDatesBetween(addDays(today, 20), addDays(today, 60)).slice(0, 5)
    const held = []
    for (const date of dates) held.push(await insertBooking(app, { tourDate: date, tourTime: 'afternoon', status: 'confirmed' }))
    for (const date of dates) expect((await join('busy@example.com', date, 'afternoon')).status).toBe(201)
    expect((await confirmByApi(await confirmTokenFor(app, 'busy@example.com'))).status).toBe(200)
    for (const booking of held) expect((await app.client().post(`/api/bookings/${booking.reference}/cancel`)).status).toBe(200)
    expect(await openMailsTo('busy@example.com')).toHaveLength(DAILY_CAP)
    // The minute job keeps to the cap too, and tells the rest once the day has turned in Japan.
    expect(await app.services.waitlist.tellFreedSlots()).toBe(0)
    app.clock.set(new Date(`${today}T15:00:00Z`))
    expect(await app.services.waitlist.tellFreedSlots()).toBe(2)
    expect(await openMailsTo('busy@example.com')).toHaveLength(5)

    await app.loggedIn(true)
    // Settings' erasure, as the page's fetcher posts it.
    expect((await postAdminSection(app, settingsAction, '/admin/settings', { intent: 'eraseGuest', email: 'busy@example.com' }, { byScript: true, username: 'guide-admin', language: 'en' })).data?.result).toMatchObject({ erased: { waitlist: 5 } })
    expect(await address('busy@example.com')).toBeUndefined()
  })

  it('the gift and contact forms mail no address a visitor typed: the buyer hears only once paid, the recipient has no address, the contact form copies nobody', async () => {
    const typed = 'typed.stranger@example.net'
    const gift = (fields: Fields, byScript: boolean, path: string) => {
      const body = new URLSearchParams(fields)
      if (byScript) body.append(VIA_SCRIPT_FIELD, VIA_SCRIPT)
      const req = new Request(`http://127.0.0.1${path}`, { method: 'POST', body })
      return Promise.resolve(giftAction({ request: req, context: { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }, params: {} } as never)).catch((thrown: unknown) => thrown)
    }
    const purchase = { choice: 'custom', amount: '20000', buyerName: 'Typed Stranger', buyerEmail: typed, recipientName: 'Friend', recipientEmail: 'friend@example.net', message: 'Enjoy' }
    expect((await app.client().post('/api/vouchers', purchase)).status).toBe(201)
    await gift(purchase, false, '/gift')
    await gift(purchase, true, '/gift.data')
    for (const fields of [{}, { [VIA_SCRIPT_FIELD]: VIA_SCRIPT }] as Fields[]) {
      const body = new URLSearchParams({ name: 'Typed Stranger', email: typed, message: 'Please write back to me.', website: '', ...fields })
      await handleContactAction(new Request('http://127.0.0.1/contact', { method: 'POST', body }), app.services.contact, '192.0.2.10').catch((thrown: unknown) => thrown)
    }
    expect((await app.client().post('/api/contact', { name: 'Typed Stranger', email: typed, message: 'Please write back to me.' })).status).toBe(201)
    // Three unpaid vouchers and three messages stored, and not one e-mail to a typed address.
    expect(await app.db.select().from(vouchers)).toHaveLength(3)
    expect(await app.db.select().from(contactMessages)).toHaveLength(3)
    expect(await app.db.select().from(outgoingEmails)).toEqual([])
  })
})
