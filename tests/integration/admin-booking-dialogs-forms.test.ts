import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { action as bookingsAction, loader as bookingsLoader } from '../../app/routes/admin/bookings.tsx'
import { loader as slotsLoader } from '../../app/routes/admin/booking-slots.ts'
import { ENGINES } from './databases.ts'
import { startWithCatalogue, type TestApp, type TestClient } from './app.ts'
import { insertBooking } from './payments-helpers.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { loadAdminSection, postAdminSection } from './admin-section.ts'
import { taxSettingsSchema } from '../../core/schemas/tax-documents.ts'
import { dashboardBooking } from './guide-desk.ts'

/**
 * Dashboard → Bookings' dialogs on the section's route loader and action (docs/decisions/0088),
 * through every way in: a plain form post (no script), the page's data request as a fetcher sends
 * it, a refusal in the admin's language, and a booking that is gone. What each save did is read
 * back through the services the loader calls; the loader gives the open dialog what it shows.
 */

// Wednesday 2030-05-01, 12:00 in Japan. Weekends: 05-04/05, 05-11/12, 05-18/19, …
const NOW = '2030-05-01T03:00:00.000Z'
const RECEIPT_SETTINGS = { registered: false, issuerType: 'sole-proprietor', registrationNumber: '', legalName: 'Joetsu Local Tours', address: '新潟県上越市本城町 1-1', pricesIncludeTax: true }

describe.each(ENGINES)('the Bookings section’s dialogs on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let halfDay: number
  let fullDay: number
  beforeEach(async () => {
    ;({ app, admin, halfDay, fullDay } = await startWithCatalogue(engine, NOW))
  })
  afterEach(async () => {
    // The books add up after every test that moved money (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const send = (path: string, fields: Record<string, string>, byScript: boolean, language?: string) => postAdminSection(app, bookingsAction, path, fields, { byScript, username: 'guide-admin', language })
  const load = async (query: string) => (await loadAdminSection(app, bookingsLoader, `/admin/bookings${query}`, { username: 'guide-admin' })).dialog
  const booking = (id: number) => dashboardBooking(app, id)

  /** A guest's booking paid by card through the checkout, as the guide's dialogs meet it. */
  async function paidBooking(tourDate: string) {
    const made = await insertBooking(app, { tourDate })
    const guest = app.client()
    expect((await guest.post('/api/create-payment-intent', { bookingId: made.reference, acceptPolicy: true })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${made.reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${made.reference}/payment-success`)).json).toEqual({ status: 'paid' })
    return made
  }

  const guest = { name: 'Kenji Sato', email: 'kenji@example.jp', phone: '090-1234-5678', locale: 'ja', tourDate: '2030-05-18', tourTime: 'full-day', tourPackageId: '', numberOfPeople: '7', pricing: 'catalogue', payment: 'hold', specialRequests: '' }

  it('makes a booking by a plain form post, going on to its pay link, and by script, answering the booking; a custom price sent only when chosen', async () => {
    const plain = await send('/admin/bookings?new=1', { intent: 'create', ...guest, tourPackageId: String(fullDay), customPrice: '1', priceNote: 'ignored' }, false)
    expect(plain.status).toBe(302)
    const id = Number(/^\/admin\/bookings\?created=(\d+)$/.exec(plain.location!)![1])
    // Full day, 7 guests: ¥22,000 + 5 × ¥4,400, the catalogue's: the custom fields count only for a custom price.
    expect(await booking(id)).toMatchObject({ name: 'Kenji Sato', status: 'pending', numberOfPeople: 7, totalPrice: 44_000, arrangedBy: 'guide-admin', priceNote: null })
    expect(await load(`?created=${id}`)).toMatchObject({ kind: 'created', booking: { id, payUrl: expect.stringMatching(/\/ja\/checkout\//) } })

    const scripted = await send('/admin/bookings?new=1', { intent: 'create', ...guest, name: 'Mei Chen', tourDate: '2030-05-25', tourTime: 'morning', tourPackageId: String(halfDay), numberOfPeople: '2', pricing: 'custom', customPrice: '30000', priceNote: 'Custom morning', payment: 'confirmed' }, true)
    expect(scripted).toMatchObject({ status: 200, data: { ok: true, result: { name: 'Mei Chen', status: 'confirmed', totalPrice: 30_000, priceNote: 'Custom morning', payUrl: null } } })
  })

  it('refuses a new booking in the admin’s language, on its field, storing nothing', async () => {
    const before = (await admin.get('/api/bookings')).json.total
    const price = await send('/admin/bookings?new=1', { intent: 'create', ...guest, tourPackageId: String(fullDay), pricing: 'custom', customPrice: '0', priceNote: 'Slip' }, true, 'ja')
    expect(price).toMatchObject({ status: 400, data: { ok: false, errors: { customPrice: '個別料金は1,000円～1,000,000円の範囲の円単位の整数で入力してください' } } })
    const window = await send('/admin/bookings?new=1', { intent: 'create', ...guest, tourDate: '2031-05-03', tourPackageId: String(fullDay) }, true, 'ja')
    expect(window.status).toBe(400)
    expect((window.data as { errors: Record<string, string> }).errors.tourDate).toMatch(/^予約を作成できるのは、今日から2030年10月28日.*までの土曜日と日曜日です。$/)
    // Without script the page comes again with the refusal, in English to an English browser.
    const plain = await send('/admin/bookings?new=1', { intent: 'create', ...guest, tourDate: '2031-05-03', tourPackageId: String(fullDay) }, false)
    expect(plain).toMatchObject({ status: 400, data: { ok: false, formId: 'create', errors: { tourDate: 'A booking can be made for a Saturday or Sunday from today until Monday, October 28, 2030.' } } })
    expect((await admin.get('/api/bookings')).json.total).toBe(before)
  })

  it('moves a booking by a plain form post and by script, the history and the guest told as chosen; refuses in Japanese and a gone booking', async () => {
    const made = await insertBooking(app, { tourDate: '2030-05-11', status: 'confirmed' })
    const move = { intent: 'move', id: String(made.id), tourDate: '2030-05-18', tourTime: 'afternoon', tourPackageId: String(halfDay), numberOfPeople: '2', totalPrice: '' }
    const plain = await send(`/admin/bookings?move=${made.id}`, { ...move, tellGuest: 'on' }, false)
    expect(plain).toMatchObject({ status: 302, location: '/admin/bookings' })
    expect(await booking(made.id)).toMatchObject({ tourDate: '2030-05-18', tourTime: 'afternoon', totalPrice: 14_300 })

    const scripted = await send(`/admin/bookings?move=${made.id}`, { ...move, tourDate: '2030-05-25', numberOfPeople: '3', totalPrice: '16500' }, true)
    expect(scripted).toMatchObject({ status: 200, data: { ok: true, result: { booking: { id: made.id, tourDate: '2030-05-25', numberOfPeople: 3, totalPrice: 16_500 }, guestTold: false } } })
    expect((await app.services.bookingMoves.history(made.id)).map((c) => [c.to.tourDate, c.guestTold])).toEqual([
      ['2030-05-18', true],
      ['2030-05-25', false],
    ])

    const same = await send(`/admin/bookings?move=${made.id}`, { ...move, tourDate: '2030-05-25', numberOfPeople: '3', totalPrice: '' }, true, 'ja')
    expect(same).toMatchObject({ status: 400, data: { ok: false, errors: { tourDate: '予約を移動するには、別の日付・時間帯・ツアー・人数を選んでください。' } } })
    const cancelled = await insertBooking(app, { tourDate: '2030-05-11', status: 'cancelled' })
    expect(await send('/admin/bookings', { ...move, id: String(cancelled.id) }, true, 'ja')).toMatchObject({
      status: 409,
      data: { ok: false, message: 'キャンセル済みの予約は移動できません。先に予約を元に戻すか、新しい予約を作成してください。' },
    })
    expect(await send('/admin/bookings', { ...move, id: '999999' }, true, 'ja')).toMatchObject({ status: 404, data: { ok: false, message: '予約が見つかりません' } })
    expect((await send('/admin/bookings', { ...move, id: '999999' }, false)).status).toBe(404)
  })

  it('gives the move and new-booking dialogs the tours, the guide’s rules and the month; a new booking from a contact message starts from its guest', async () => {
    const made = await insertBooking(app, { tourDate: '2030-05-11', name: 'Aiko Tanaka' })
    const moving = await load(`?move=${made.id}`)
    expect(moving).toMatchObject({ kind: 'move', booking: { id: made.id }, rules: { groupLimit: 12, holdHours: 48 }, slots: { month: '2030-05' } })
    if (moving?.kind !== 'move') throw new Error('no move dialog')
    expect(moving.packages.map((p) => p.id).sort()).toEqual([halfDay, fullDay].sort())
    const day = moving.slots!.days.find((d) => d.date === '2030-05-11')!
    expect(day.slots.find((s) => s.tourTime === 'morning')).toMatchObject({ state: 'held', booking: { id: made.id } })

    const contact = await app.client().post('/api/contact', { name: 'Lin Wei', email: 'lin@example.com', phone: '', visitDate: '2030-06-08', groupSize: '5+', message: 'Seven of us would love a full day in June.', locale: 'zh-Hant' })
    expect(contact.status).toBeLessThan(300)
    const [message] = (await admin.get('/api/admin/messages')).json as { id: number }[]
    expect(await load(`?new=1&message=${message!.id}`)).toMatchObject({
      kind: 'create',
      prefill: { name: 'Lin Wei', email: 'lin@example.com', tourDate: '2030-06-08', groupSize: '5+', locale: 'zh-Hant' },
      slots: { month: '2030-06' },
    })
    expect(await load('?new=1')).toMatchObject({ kind: 'create', prefill: {}, slots: null })
    // Another month, as the slot fields' fetcher reads it; a booking that is gone opens nothing.
    const june = await loadAdminSection(app, slotsLoader, '/admin/booking-slots?month=2030-06', { username: 'guide-admin' })
    expect(june.month).toBe('2030-06')
    expect(june.days.map((d) => d.date)).toContain('2030-06-08')
    await expect(loadAdminSection(app, slotsLoader, '/admin/booking-slots?month=June', { username: 'guide-admin' })).rejects.toMatchObject({ init: { status: 400 } })
    expect(await load('?move=999999')).toBeNull()
    expect(await load('?details=nonsense')).toBeNull()
  })

  it('cancels a paid booking with the refund chosen, by a plain form post and by script, the quote by cause from the address; refuses a refund out of range in Japanese', async () => {
    const first = await paidBooking('2030-05-04')
    // Three days before the tour the guest's cancel refunds nothing; the guide's weather cancel refunds all.
    expect(await load(`?cancel=${first.id}`)).toMatchObject({ kind: 'cancel', cause: 'guest', quote: { canCancel: true, amountPaid: 14_300, refund: { amount: 0 } } })
    expect(await load(`?cancel=${first.id}&cause=guide-weather`)).toMatchObject({ kind: 'cancel', cause: 'guide-weather', quote: { amountPaid: 14_300, refund: { amount: 14_300, rule: 'guide-cancelled' } } })
    expect(await load(`?cancel=${first.id}&cause=nonsense`)).toMatchObject({ cause: 'guest' })

    const path = `/admin/bookings?cancel=${first.id}&cause=guide-weather`
    const tooMuch = await send(path, { intent: 'cancel', id: String(first.id), cause: 'guide-weather', refundAmount: '20000', reason: '' }, true, 'ja')
    expect(tooMuch).toMatchObject({ status: 400, data: { ok: false, errors: { refundAmount: '返金額は0円～14,300円の範囲の円単位の整数で入力してください' } } })
    const notANumber = await send(path, { intent: 'cancel', id: String(first.id), cause: 'guide-weather', refundAmount: 'all', reason: '' }, true, 'ja')
    expect(notANumber).toMatchObject({ status: 400, data: { ok: false, errors: { refundAmount: '返金額は円単位の整数で入力してください' } } })
    expect(await booking(first.id)).toMatchObject({ status: 'paid' })

    const plain = await send(path, { intent: 'cancel', id: String(first.id), cause: 'guide-weather', refundAmount: '10000', reason: 'Typhoon' }, false)
    expect(plain).toMatchObject({ status: 302, location: '/admin/bookings' })
    expect(await booking(first.id)).toMatchObject({ status: 'cancelled', amountRefunded: 10_000, cancellationReason: 'Typhoon', cancellationFee: 4_300 })
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])

    const second = await paidBooking('2030-05-05')
    const scripted = await send(`/admin/bookings?cancel=${second.id}`, { intent: 'cancel', id: String(second.id), cause: 'guide-transport', refundAmount: '', reason: '' }, true)
    expect(scripted).toMatchObject({ status: 200, data: { ok: true, result: { id: second.id, refund: { amount: 14_300, status: 'succeeded' } } } })
    expect(await booking(second.id)).toMatchObject({ status: 'cancelled', amountRefunded: 14_300 })
    expect(await load(`?cancel=${second.id}`)).toMatchObject({ quote: { canCancel: false } })

    expect(await send('/admin/bookings', { intent: 'cancel', id: String(second.id), cause: 'guest' }, true, 'ja')).toMatchObject({ status: 409, data: { ok: false, message: 'このご予約はすでにキャンセルされています。' } })
    expect(await send('/admin/bookings', { intent: 'cancel', id: '999999', cause: 'guest' }, true, 'ja')).toMatchObject({ status: 404, data: { ok: false, message: '予約が見つかりません' } })
  })

  it('gives the details dialog the booking’s moves, money and receipts; issues a receipt by a plain form post and corrects it by script', async () => {
    const paid = await paidBooking('2030-05-11')
    const unavailable = await load(`?details=${paid.id}`)
    expect(unavailable).toMatchObject({ kind: 'details', booking: { id: paid.id, status: 'paid' }, history: [], receipts: { available: false } })
    if (unavailable?.kind !== 'details') throw new Error('no details dialog')
    expect(unavailable.ledger.map((l) => [l.kind, l.amount])).toEqual([
      ['price', 14_300],
      ['card', 14_300],
    ])
    // The business's details entered (Settings → Receipts).
    await app.services.taxDocuments.saveSettings(taxSettingsSchema.parse(RECEIPT_SETTINGS))
    const details = await load(`?details=${paid.id}`)
    if (details?.kind !== 'details') throw new Error('no details dialog')
    const [point] = details.receipts.points
    expect(point).toMatchObject({ kind: 'receipt', total: 14_300, document: null })

    const path = `/admin/bookings?details=${paid.id}`
    const oneLine = await send(path, { intent: 'issueReceipt', id: String(paid.id), point: String(point!.key), recipient: 'ACME\nTravel' }, true, 'ja')
    expect(oneLine).toMatchObject({ status: 400, data: { ok: false, errors: { recipient: '宛名は改行や制御文字を含まない1行で入力してください' } } })
    expect(await send(path, { intent: 'issueReceipt', id: String(paid.id), point: String(point!.key), recipient: 'ACME Travel' }, false)).toMatchObject({ status: 302, location: path })
    const issued = (await app.services.taxDocuments.forBooking(paid.id)).points[0]!.document!
    expect(issued).toMatchObject({ recipient: 'ACME Travel', issuedBy: 'guide' })

    const corrected = await send(path, { intent: 'correctReceipt', number: issued.number, recipient: 'ACME Travel Ltd.' }, true)
    expect(corrected).toMatchObject({ status: 200, data: { ok: true, result: { recipient: 'ACME Travel Ltd.', corrects: issued.number } } })
    expect(await load(`?details=${paid.id}`)).toMatchObject({ receipts: { points: [{ document: { recipient: 'ACME Travel Ltd.', corrects: issued.number } }] } })
    expect(await send(path, { intent: 'issueReceipt', id: '999999', point: String(point!.key) }, true, 'ja')).toMatchObject({ status: 404, data: { ok: false, message: '予約が見つかりません' } })
    expect((await send(path, { intent: 'correctReceipt', number: 'R-999999' }, true, 'ja')).status).toBe(404)
  })

  it('sends a visitor without a session to the login page, from the dialogs’ address and from the action', async () => {
    const request = (init?: RequestInit) => new Request('http://127.0.0.1/admin/bookings?move=1', init)
    const context = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }
    for (const run of [() => bookingsLoader({ request: request(), context, params: {} } as never), () => bookingsAction({ request: request({ method: 'POST', body: new URLSearchParams({ intent: 'move' }) }), context, params: {} } as never)]) {
      const thrown = await run().catch((error: unknown) => error)
      expect(thrown).toBeInstanceOf(Response)
      expect((thrown as Response).headers.get('location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fbookings%3Fmove%3D1')
    }
  })
})
