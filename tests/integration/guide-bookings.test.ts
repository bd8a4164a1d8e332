import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { and, eq, ne } from 'drizzle-orm'
import { bookings, notifications, outgoingEmails, slotClaims, tourPackages } from '../../server/db/schema.ts'
import { CUSTOM_PRICE_MESSAGE, guideGroupMessage, PRICE_NOTE_MESSAGE } from '../../core/guide-bookings.ts'
import { GUEST_MOVE_MESSAGES } from '../../core/booking-changes.ts'
import { SLOT_TAKEN_MESSAGE } from '../../server/services/slot-claims.ts'
import { openDatabase } from '../../server/db/client.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClient, TestClock, type TestApp } from './app.ts'
import { claimsOf, insertBooking, reload } from './payments-helpers.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { action as bookingsAction } from '../../app/routes/admin/bookings.tsx'
import { postAdminSection } from './admin-section.ts'
import { dashboardBooking, guideCreates, guideMoves } from './guide-desk.ts'

/**
 * docs/decisions/0059: the guide makes a booking in the dashboard. It holds
 * its slot on the same guarantee as a guest's, waits the guide's hours for payment (or is
 * confirmed without), tells the guest in their language with the pay link, and is an ordinary
 * booking afterwards. Bad input is a 4xx that stores nothing.
 */

// Wednesday 2030-05-01, 12:00 in Japan. Weekends: 05-04/05, 05-11/12, 05-18/19, …
const NOW = '2030-05-01T03:00:00.000Z'

describe.each(ENGINES)('the guide makes a booking on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let halfDay: number
  let fullDay: number
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    admin = await app.loggedIn(true)
    const packages = await app.db.select().from(tourPackages)
    halfDay = packages.find((p) => p.slug === 'half-day')!.id
    fullDay = packages.find((p) => p.slug === 'full-day')!.id
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const request = (body: Record<string, string | number> = {}) => ({
    name: 'Kenji Sato',
    email: 'kenji@example.jp',
    phone: '090-1234-5678',
    tourDate: '2030-05-18',
    tourTime: 'full-day',
    tourPackageId: fullDay,
    numberOfPeople: 7,
    locale: 'ja',
    ...body,
  })
  /**
   * The new-booking dialog's save through the Bookings section's route action (docs/decisions/0088),
   * by script, in English: `json` is the booking made, or the refusal with its message.
   */
  const create = async (body: Record<string, string | number> = {}) => {
    const answer = await guideCreates(app, request(body))
    return { status: answer.status, json: answer.data.ok ? answer.data.result : answer.data, text: JSON.stringify(answer.data) }
  }
  const mailsOf = (id: number, kind: string) => app.db.select().from(outgoingEmails).where(and(eq(outgoingEmails.bookingId, id), eq(outgoingEmails.kind, kind)))

  it('holds the slot for 48 hours at the catalogue price for a group of seven, mails the pay link in Japanese and gives the dashboard the link and a WhatsApp chat', async () => {
    const res = await create()
    expect(res.status).toBe(200)
    // Full day, 7 guests: ¥22,000 + 5 × ¥4,400.
    expect(res.json).toMatchObject({ status: 'pending', numberOfPeople: 7, totalPrice: 44_000, arrangedBy: 'guide-admin', priceNote: null, holdExpiresAt: '2030-05-03T03:00:00.000Z' })
    const booking = await reload(app, res.json.id)
    expect(res.json.payUrl).toBe(`http://127.0.0.1/ja/checkout/${booking.reference}`)
    const chat = new URL(res.json.whatsappUrl)
    expect(chat.origin + chat.pathname).toBe('https://wa.me/819012345678')
    expect(chat.searchParams.get('text')).toBe(`Kenji Sato様、2030年5月18日土曜日のツアー（¥44,000、税込）のお支払いはこちらのリンクからお願いいたします：${res.json.payUrl}`)
    expect((await claimsOf(app, booking.id)).map((c) => [c.part, c.expiresAt?.toISOString()]).sort()).toEqual([
      ['afternoon', '2030-05-03T03:00:00.000Z'],
      ['morning', '2030-05-03T03:00:00.000Z'],
    ])
    const [mail] = await mailsOf(booking.id, 'booking-received')
    expect(mail!.toAddress).toBe('kenji@example.jp')
    expect(mail!.text).toContain(res.json.payUrl)
    expect(mail!.text).toContain('2030年5月3日金曜日 12:00（日本時間）までお取り置き')
    expect(mail!.text).toContain('7名')
    expect(await app.db.select().from(notifications).where(eq(notifications.title, 'New booking'))).toHaveLength(1)

    // An ordinary booking afterwards: the guest pays it through the same checkout, ticking the policy and terms there (docs/decisions/0073).
    const guest = app.client()
    expect((await guest.post('/api/create-payment-intent', { bookingId: booking.reference, acceptPolicy: true })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${booking.reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${booking.reference}/payment-success`)).json).toMatchObject({ status: 'paid' })
    expect(await reload(app, booking.id)).toMatchObject({ status: 'paid', paymentProvider: 'simulated', holdExpiresAt: null, totalPrice: 44_000 })
    expect((await claimsOf(app, booking.id)).map((c) => c.expiresAt)).toEqual([null, null])
    // Paid: nothing left to pay, so the dashboard offers no link.
    expect(await dashboardBooking(app, booking.id)).toMatchObject({ status: 'paid', payUrl: null, whatsappUrl: null })
    // …and the guide moves it, group and all.
    const moved = await guideMoves(app, booking.id, { tourDate: '2030-05-25', tourTime: 'full-day', tourPackageId: fullDay, numberOfPeople: 8 })
    expect(moved.status).toBe(200)
    expect(moved.data.result.booking).toMatchObject({ tourDate: '2030-05-25', numberOfPeople: 8, totalPrice: 44_000, status: 'paid' })
  })

  it('takes a custom price with the note the guest reads, or confirms without payment', async () => {
    const res = await create({ tourTime: 'morning', tourPackageId: halfDay, numberOfPeople: 2, customPrice: 80_000, priceNote: 'Custom day: photography, 8 hours', payment: 'confirmed', locale: 'en' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ payUrl: null, whatsappUrl: null, status: 'confirmed', totalPrice: 80_000, priceNote: 'Custom day: photography, 8 hours', holdExpiresAt: null })
    const booking = await reload(app, res.json.id)
    expect((await claimsOf(app, booking.id)).map((c) => c.expiresAt)).toEqual([null])
    expect(await mailsOf(booking.id, 'booking-received')).toHaveLength(0)
    const [confirmed] = await mailsOf(booking.id, 'booking-confirmed')
    expect(confirmed!.text).toContain('About the price: Custom day: photography, 8 hours')
    expect(confirmed!.attachments).toHaveLength(1)
    // The guest's page shows the note.
    expect((await app.client().get(`/api/bookings/${booking.reference}`)).json).toMatchObject({ totalPrice: 80_000, priceNote: 'Custom day: photography, 8 hours', status: 'confirmed' })

    // The CSV says what the price is for and who made the booking.
    const [header, row] = (await admin.get('/api/bookings.csv')).text.replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toContain(',totalPrice,priceNote,')
    expect(header).toContain(',language,arrangedBy,')
    expect(row).toContain(',80000,"Custom day: photography, 8 hours",')
    expect(row).toContain(',English,guide-admin,')

    // A hand-priced booking is not re-priced by the guest's own change.
    const change = await app.client().post(`/api/bookings/${booking.reference}/move`, { tourDate: '2030-06-01', tourTime: 'morning', tourPackageId: halfDay, numberOfPeople: 2 })
    expect(change.status).toBe(409)
    expect(change.json.message).toBe(GUEST_MOVE_MESSAGES.arranged)
    expect(await reload(app, booking.id)).toMatchObject({ tourDate: '2030-05-18', totalPrice: 80_000 })

    // On hold, the custom price is what the pay link asks for.
    const held = await create({ tourDate: '2030-05-25', customPrice: 120_000, priceNote: 'Two cars, 9 hours', locale: 'ko', phone: '' })
    expect(held.status).toBe(200)
    expect(held.json.totalPrice).toBe(120_000)
    // No phone (the message gave an e-mail address only): a chat link without a number.
    expect(held.json).toMatchObject({ phone: '' })
    expect(held.json.whatsappUrl).toMatch(/^https:\/\/wa\.me\/\?text=/)
    const [received] = await mailsOf(held.json.id, 'booking-received')
    expect(received!.text).toContain('요금 안내: Two cars, 9 hours')
  })

  it('follows the guide’s settings for the group limit and the hold, and the lapsed hold frees the slot like a guest’s', async () => {
    // Settings' form for the guide's bookings, on its route action (docs/decisions/0088).
    const saveRules = (groupLimit: string, holdHours: string) => postAdminSection(app, settingsAction, '/admin/settings', { intent: 'guideBookingRules', groupLimit, holdHours }, { byScript: true, username: 'guide-admin' })
    expect(await app.services.bookingMoves.guideRules()).toEqual({ groupLimit: 12, holdHours: 48 })
    expect(await saveRules('8', '2')).toMatchObject({ status: 200, data: { ok: true, result: { groupLimit: 8, holdHours: 2 } } })
    expect((await saveRules('31', '2')).status).toBe(400)
    expect((await saveRules('8', '0')).status).toBe(400)
    expect(await app.services.bookingMoves.guideRules()).toEqual({ groupLimit: 8, holdHours: 2 })

    const refused = await create({ numberOfPeople: 9 })
    expect(refused.status).toBe(400)
    expect(refused.json.message).toBe(guideGroupMessage(8))
    const res = await create({ numberOfPeople: 8, tourDate: '2030-05-11' })
    expect(res.json.holdExpiresAt).toBe('2030-05-01T05:00:00.000Z')

    app.clock.advanceMinutes(121)
    expect(await app.services.bookings.expireHolds()).toBe(1)
    expect(await reload(app, res.json.id)).toMatchObject({ status: 'cancelled' })
    // The slot is free again for a guest.
    const guest = await app.client().post('/api/bookings', { name: 'Aiko Tanaka', email: 'aiko@example.com', phone: '+44 7700 900123', numberOfPeople: 2, tourDate: '2030-05-11', tourTime: 'morning', tourPackageId: halfDay, acceptPolicy: true })
    expect(guest.status).toBe(201)
  })

  it('refuses bad input with a clear message and a 4xx, and stores nothing', async () => {
    const taken = await insertBooking(app, { tourDate: '2030-06-01', status: 'confirmed', name: 'Other Guest' })
    const before = { bookings: await app.db.select().from(bookings), claims: await app.db.select().from(slotClaims), mails: await app.db.select().from(outgoingEmails) }
    const cases: Array<[string, Record<string, string | number>, number, string | RegExp]> = [
      ['a custom price of ¥0', { customPrice: 0, priceNote: 'Free' }, 400, CUSTOM_PRICE_MESSAGE],
      ['a custom price below zero', { customPrice: -5000, priceNote: 'Oops' }, 400, CUSTOM_PRICE_MESSAGE],
      ['a custom price typed without its zeros', { customPrice: 22, priceNote: 'Full day' }, 400, CUSTOM_PRICE_MESSAGE],
      ['a custom price above the ceiling', { customPrice: 1_000_001, priceNote: 'Big day' }, 400, CUSTOM_PRICE_MESSAGE],
      ['a custom price without its note', { customPrice: 50_000 }, 400, PRICE_NOTE_MESSAGE],
      ['a group above the limit', { numberOfPeople: 13 }, 400, guideGroupMessage(12)],
      ['a group above the ceiling', { numberOfPeople: 31 }, 400, guideGroupMessage(30)],
      ['no one', { numberOfPeople: 0 }, 400, /./],
      ['a taken slot', { tourDate: '2030-06-01', tourTime: 'morning', tourPackageId: halfDay }, 409, SLOT_TAKEN_MESSAGE],
      ['a full day over a taken half', { tourDate: '2030-06-01' }, 409, SLOT_TAKEN_MESSAGE],
      // Said as making a booking, not moving one (docs/decisions/0075).
      ['a date in the past', { tourDate: '2030-04-27' }, 400, 'A booking can be made for a Saturday or Sunday from today until Monday, October 28, 2030.'],
      ['beyond the booking window', { tourDate: '2031-05-03' }, 400, 'A booking can be made for a Saturday or Sunday from today until Monday, October 28, 2030.'],
      ['a weekday', { tourDate: '2030-05-15' }, 400, 'Tours are only available on weekends (Saturday and Sunday)'],
      ['an unknown tour', { tourPackageId: 99_999 }, 400, 'This tour is not available for booking'],
      ['a half-day tour in the full-day slot', { tourPackageId: halfDay }, 400, 'This tour does not fit the selected time slot'],
      ['an unknown way to pay', { payment: 'later' }, 400, /hold for payment or confirmed/],
      ['no e-mail address', { email: '' }, 400, /./],
      ['a phone that is not a number', { phone: 'call me maybe' }, 400, 'Please enter a valid phone number'],
    ]
    for (const [what, body, status, message] of cases) {
      const res = await create(body)
      expect(res.status, what).toBe(status)
      expect(res.json.message, what).toMatch(message)
    }
    expect(await app.db.select().from(bookings)).toEqual(before.bookings)
    expect(await app.db.select().from(slotClaims)).toEqual(before.claims)
    expect(await app.db.select().from(outgoingEmails)).toEqual(before.mails)
    expect((await reload(app, taken.id)).status).toBe('confirmed')
  })

  it('is for signed-in admins on our own pages only', async () => {
    // A visitor and a signed-in non-admin are sent to the login page by the section's action; another
    // site's post never reaches it (the same-origin guard in front of every page, tests/integration/page-post-fuzz.test.ts).
    const helper = await app.createUser('helper-user', 'correct-horse-battery', false)
    for (const user of [null, { id: helper.id, username: helper.username, isAdmin: false, language: null }]) {
      const form = new URLSearchParams(Object.entries(request({})).map(([key, value]) => [key, String(value)]))
      form.set('intent', 'create')
      const context = { services: app.services, config: app.config, cspNonce: '', user, clientAddress: '192.0.2.9' }
      const thrown = await bookingsAction({ request: new Request('http://127.0.0.1/admin/bookings', { method: 'POST', body: form }), context, params: {} } as never).catch((error: unknown) => error)
      expect((thrown as Response).headers.get('location')).toMatch(/^\/admin\/login\?denied=1/)
    }
    expect(await app.db.select().from(bookings)).toHaveLength(0)
  })

  it.skipIf(engine !== 'postgres')('lets exactly one of the guide’s booking and a guest’s booking take a slot, through two instances, 20 times', async () => {
    const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
    const other = await startTestApp(engine, { clock: app.clock, database: second })
    try {
      const saturdays = Array.from({ length: 20 }, (_, i) => new Date(Date.UTC(2030, 4, 11 + 7 * i)).toISOString().slice(0, 10))
      for (const [round, tourDate] of saturdays.entries()) {
        // The guest's e-mail differs each round: one address may hold only so many unpaid bookings.
        const guestBody = { name: 'Aiko Tanaka', email: `aiko${round}@example.com`, phone: '+44 7700 900123', numberOfPeople: 2, tourDate, tourTime: 'morning', tourPackageId: halfDay, acceptPolicy: true }
        const guideBody: Record<string, string | number> = round % 2 ? { tourDate } : { tourDate, tourTime: 'morning', tourPackageId: halfDay, payment: 'confirmed' }
        const [guide, guest] = await Promise.all([create(guideBody), other.client().post('/api/bookings', guestBody)])
        // One made (the guide's save answers 200, the guest's 201), the other refused with 409.
        expect([guide.status === 200 ? 'made' : guide.status, guest.status === 201 ? 'made' : guest.status].map(String).sort(), `round ${round}: ${guide.text} ${guest.text}`).toEqual(['409', 'made'])
        const live = await app.db.select().from(bookings).where(and(eq(bookings.tourDate, tourDate), ne(bookings.status, 'cancelled')))
        expect(live, `round ${round}`).toHaveLength(1)
      }
      // Every half held once, by the booking that won it.
      const claims = await app.db.select().from(slotClaims)
      expect(new Set(claims.map((c) => `${c.tourDate} ${c.part}`)).size).toBe(claims.length)
    } finally {
      await other.close()
      await second.close()
    }
  }, 120_000)
})
