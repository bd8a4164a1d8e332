import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { zAvailability, zAvailabilityCalendar, zBaseError, zBooking, zProduct, zSupplier } from '@octocloud/types'
import { bookings, moneyMovements, notifications, outgoingEmails, resellers } from '../../server/db/schema.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, startWithCatalogue, TestClient, type TestApp } from './app.ts'
import { openDatabase } from '../../server/db/client.ts'
import { addDays, weekendDatesBetween } from '../../core/dates.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { resellerInputSchema } from '../../core/schemas/reseller.ts'
import { action as channelsAction, loader as channelsLoader } from '../../app/routes/admin/channels.tsx'
import { action as calendarAction } from '../../app/routes/admin/calendar.tsx'
import { loadAdminSection, postAdminSection } from './admin-section.ts'
import { guideCreates } from './guide-desk.ts'

/**
 * Resellers speak OCTO to the guide's own endpoint (docs/decisions/0074), like a channel manager
 * would: over HTTP with their bearer key, through the same slots, claims and lifecycle as the
 * site. Every answer is checked against OCTO's own schemas (@octocloud/types).
 */

// Wednesday 2030-05-01, 12:00 in Japan. Weekends: 05-04/05, 05-11/12, 05-18/19, …
const NOW = '2030-05-01T03:00:00.000Z'
const SATURDAY = '2030-05-18'
const MORNING = `${SATURDAY}T09:00:00+09:00`
const AFTERNOON = `${SATURDAY}T14:00:00+09:00`

type Octo = ReturnType<typeof octoClient>
function octoClient(app: TestApp, key: string, headers: Record<string, string> = {}) {
  const client = new TestClient(app.baseUrl)
  const h = { authorization: `Bearer ${key}`, 'octo-capabilities': 'octo/pricing', ...headers }
  return {
    get: (path: string) => client.get(`/octo/v1${path}`, h),
    post: (path: string, body: unknown = {}) => client.post(`/octo/v1${path}`, body, h),
    patch: (path: string, body: unknown = {}) => client.patch(`/octo/v1${path}`, body, h),
    delete: (path: string) => client.delete(`/octo/v1${path}`, h),
  }
}

/** A reseller as the guide adds it in Dashboard → Channels, made by the service its action calls: the new key comes with it. */
const newReseller = (app: TestApp, fields: Record<string, unknown>) => app.services.resellers.create(resellerInputSchema.parse(fields))

const expectOctoError = (res: { status: number; json: unknown }, status: number, error: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(status)
  expect(zBaseError.parse(res.json).error).toBe(error)
}

describe.each(ENGINES)('the OCTO supplier API on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let halfDay: number
  let fullDay: number
  let octo: Octo
  let resellerId: number

  beforeEach(async () => {
    ;({ app, admin, halfDay, fullDay } = await startWithCatalogue(engine, NOW, { RATE_LIMIT_OCTO_PER_MINUTE: '1000' }))
    const made = await newReseller(app, { name: 'Klook', commissionPercent: 20, note: 'Pays monthly' })
    resellerId = made.id
    octo = octoClient(app, made.apiKey)
  })
  afterEach(async () => {
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const reserve = (body: Record<string, unknown> = {}, client: Octo = octo) =>
    client.post('/bookings', { productId: String(halfDay), optionId: 'half-day', availabilityId: MORNING, unitItems: [{ unitId: 'guest' }, { unitId: 'guest' }], resellerReference: 'KL-1001', ...body })
  const siteBooking = (tourTime: string) =>
    new TestClient(app.baseUrl).post('/api/bookings', { name: 'Site Guest', email: 'site@example.com', phone: '+81 90-1111-2222', numberOfPeople: 2, tourPackageId: halfDay, tourDate: SATURDAY, tourTime, acceptPolicy: true })

  it('answers only a live key: none, unknown and revoked keys get 401, a key of the other environment 403, in OCTO’s error format', async () => {
    expectOctoError(await new TestClient(app.baseUrl).get('/octo/v1/supplier'), 401, 'UNAUTHORIZED')
    expectOctoError(await octoClient(app, 'jlt_not-a-key').get('/supplier'), 401, 'UNAUTHORIZED')
    expectOctoError(await octoClient(app, 'x'.repeat(5000)).get('/supplier'), 401, 'UNAUTHORIZED')
    const [row] = await app.db.select().from(resellers).where(eq(resellers.id, resellerId))
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/)
    const live = await octo.get('/supplier')
    expect(live.status).toBe(200)
    expect(live.headers.get('octo-env')).toBe('live')
    expect(live.headers.get('octo-capabilities')).toBe('octo/pricing')
    expectOctoError(await octoClient(app, '', {}).get('/supplier'), 401, 'UNAUTHORIZED')
    const key = (await app.services.resellers.replaceKey(resellerId)).apiKey
    expectOctoError(await octo.get('/supplier'), 401, 'UNAUTHORIZED')
    const fresh = octoClient(app, key)
    expect((await fresh.get('/supplier')).status).toBe(200)
    expectOctoError(await octoClient(app, key, { 'octo-env': 'test' }).get('/supplier'), 403, 'FORBIDDEN')
    expect((await app.services.resellers.revoke(resellerId)).revokedAt).not.toBeNull()
    expectOctoError(await fresh.get('/supplier'), 401, 'UNAUTHORIZED')
  })

  it('describes the supplier, and each tour as a product with its option, one guest unit and a price per booking', async () => {
    expect(zSupplier.parse((await octo.get('/supplier')).json)).toMatchObject({ endpoint: `${app.config.baseUrl}/octo/v1` })
    const products = (await octo.get('/products')).json as unknown[]
    expect(products.length).toBeGreaterThanOrEqual(2)
    for (const p of products) zProduct.parse(p)
    const half = zProduct.parse((await octo.get(`/products/${halfDay}`)).json)
    expect(half).toMatchObject({ pricingPer: 'BOOKING', availabilityType: 'START_TIME', timeZone: 'Asia/Tokyo', defaultCurrency: 'JPY' })
    expect(half.options[0]).toMatchObject({ id: 'half-day', availabilityLocalStartTimes: ['09:00', '14:00'], cancellationCutoffAmount: 7, cancellationCutoffUnit: 'day', restrictions: { minUnits: 1, maxUnits: 5 } })
    expect(half.options[0]!.units.map((u) => u.id)).toEqual(['guest'])
    expect(zProduct.parse((await octo.get(`/products/${fullDay}`)).json).options[0]).toMatchObject({ id: 'full-day', availabilityLocalStartTimes: ['09:00'] })
    expectOctoError(await octo.get('/products/999'), 400, 'INVALID_PRODUCT_ID')
    expectOctoError(await octo.get('/nothing-here'), 404, 'NOT_FOUND')
  })

  it('shows the calendar and each slot with its cut-off and the price for the group, net of the reseller’s commission', async () => {
    const calendar = await octo.post('/availability/calendar', { productId: String(halfDay), optionId: 'half-day', localDateStart: '2030-05-01', localDateEnd: '2030-05-05', units: [{ id: 'guest', quantity: 2 }] })
    expect(calendar.status, calendar.text).toBe(200)
    const days = (calendar.json as unknown[]).map((d) => zAvailabilityCalendar.parse(d))
    expect(days.map((d) => [d.localDate, d.status])).toEqual([
      ['2030-05-01', 'CLOSED'],
      ['2030-05-02', 'CLOSED'],
      ['2030-05-03', 'CLOSED'],
      ['2030-05-04', 'AVAILABLE'],
      ['2030-05-05', 'AVAILABLE'],
    ])
    // Half day for two: ¥14,300, of which the reseller keeps 20 % (¥2,860); tax inside: ¥1,300 of the retail, ¥1,040 of the net.
    expect(days[3]!.pricingFrom).toEqual({ original: 14_300, retail: 14_300, net: 11_440, currency: 'JPY', currencyPrecision: 0, includedTaxes: [{ name: 'Consumption tax (10%)', original: 1_300, retail: 1_300, net: 1_040 }] })

    const check = await octo.post('/availability', { productId: String(halfDay), optionId: 'half-day', localDateStart: SATURDAY, localDateEnd: SATURDAY, units: [{ id: 'guest', quantity: 3 }] })
    const slots = (check.json as unknown[]).map((a) => zAvailability.parse(a))
    expect(slots.map((s) => [s.id, s.status, s.localDateTimeEnd])).toEqual([
      [MORNING, 'AVAILABLE', `${SATURDAY}T14:00:00+09:00`],
      [AFTERNOON, 'AVAILABLE', `${SATURDAY}T19:00:00+09:00`],
    ])
    // Cut-off: bookings open two days ahead, so until Thursday 2030-05-16 ends in Japan.
    expect(slots[0]!.utcCutoffAt).toBe('2030-05-16T15:00:00Z')
    expect(slots[0]!.pricing!.retail).toBe(14_300 + 2_200)
    const byId = await octo.post('/availability', { productId: String(halfDay), optionId: 'half-day', availabilityIds: [AFTERNOON] })
    expect((byId.json as { id: string }[]).map((a) => a.id)).toEqual([AFTERNOON])
    const single = await octo.post('/availability', { productId: String(halfDay), optionId: 'half-day', localDate: SATURDAY })
    expect((single.json as unknown[]).length).toBe(2)

    expectOctoError(await octo.post('/availability', { productId: String(halfDay), optionId: 'half-day' }), 400, 'BAD_REQUEST')
    expectOctoError(await octo.post('/availability', { productId: String(halfDay), optionId: 'full-day', localDate: SATURDAY }), 400, 'INVALID_OPTION_ID')
    expectOctoError(await octo.post('/availability', { productId: String(halfDay), optionId: 'half-day', availabilityIds: [`${SATURDAY}T10:00:00+09:00`] }), 400, 'INVALID_AVAILABILITY_ID')
    expectOctoError(await octo.post('/availability/calendar', { productId: String(halfDay), optionId: 'half-day', localDateStart: '2030-05-01', localDateEnd: '2031-05-01' }), 400, 'BAD_REQUEST')
    expectOctoError(await octo.post('/availability', { productId: String(halfDay), optionId: 'half-day', localDate: SATURDAY, units: [{ id: 'child', quantity: 1 }] }), 400, 'INVALID_UNIT_ID')
    // A group the option cannot take is a well-formed request that cannot be processed: OCTO's UNPROCESSABLE_ENTITY.
    expectOctoError(await octo.post('/availability', { productId: String(halfDay), optionId: 'half-day', localDate: SATURDAY, units: [{ id: 'guest', quantity: 6 }] }), 400, 'UNPROCESSABLE_ENTITY')
    // OCTO asks for one of localDate, localDateStart and localDateEnd, or availabilityIds: two at once is a bad request, not one of them ignored.
    for (const both of [
      { localDateStart: SATURDAY, localDateEnd: SATURDAY, availabilityIds: [AFTERNOON] },
      { localDate: SATURDAY, availabilityIds: [AFTERNOON] },
      { localDate: SATURDAY, localDateStart: SATURDAY, localDateEnd: SATURDAY },
    ]) {
      expectOctoError(await octo.post('/availability', { productId: String(halfDay), optionId: 'half-day', ...both }), 400, 'BAD_REQUEST')
    }
  })

  it('reserves, confirms and reads a booking: the slot closes on the site at once, and the ledger holds the reseller’s net and commission', async () => {
    const held = await reserve({ uuid: '7b0c2a4e-5f5d-4a53-9b62-1d2c3e4f5a6b', contact: { fullName: 'Aiko Tanaka', emailAddress: 'aiko@example.com', locales: ['ja-JP'] } })
    expect(held.status, held.text).toBe(200)
    const onHold = zBooking.parse(held.json)
    expect(onHold).toMatchObject({ uuid: '7b0c2a4e-5f5d-4a53-9b62-1d2c3e4f5a6b', status: 'ON_HOLD', resellerReference: 'KL-1001', availabilityId: MORNING, cancellable: true, testMode: false })
    expect(onHold.utcExpiresAt).toBe('2030-05-01T03:30:00Z')
    expect(onHold.unitItems).toHaveLength(2)
    // A retry with the same uuid answers the same booking.
    expect((await reserve({ uuid: '7b0c2a4e-5f5d-4a53-9b62-1d2c3e4f5a6b' })).json.supplierReference).toBe(onHold.supplierReference)

    // The site stops offering it at once, and a guest cannot take it.
    const slots = await new TestClient(app.baseUrl).get(`/api/time-slots?from=${SATURDAY}&to=${SATURDAY}`)
    expect(slots.json.dates[0].slots.find((s: { tourTime: string }) => s.tourTime === 'morning')).toMatchObject({ available: false, reason: 'booked' })
    expect((await siteBooking('morning')).status).toBe(409)
    // And the reseller's own availability shows it sold out.
    const after = (await octo.post('/availability', { productId: String(halfDay), optionId: 'half-day', availabilityIds: [MORNING] })).json as { status: string }[]
    expect(after[0]!.status).toBe('SOLD_OUT')

    // A new group is a new booking (docs/decisions/0074), at confirmation as in an update: OCTO's UNPROCESSABLE_ENTITY, and the hold stays as it was.
    const regrouped = await octo.post(`/bookings/${onHold.uuid}/confirm`, { contact: { fullName: 'Aiko Tanaka' }, unitItems: [{ unitId: 'guest' }, { unitId: 'guest' }, { unitId: 'guest' }] })
    expectOctoError(regrouped, 400, 'UNPROCESSABLE_ENTITY')
    expect(regrouped.json.errorMessage).toBe('A new date, tour or group cannot be changed on a booking: cancel it and make a new one')
    expect((await octo.get(`/bookings/${onHold.uuid}`)).json).toMatchObject({ status: 'ON_HOLD', unitItems: [{}, {}] })

    const confirmed = await octo.post(`/bookings/${onHold.uuid}/confirm`, { contact: { firstName: 'Aiko', lastName: 'Tanaka', emailAddress: 'aiko@example.com', phoneNumber: '+81 90-5555-6666' }, resellerReference: 'KL-1001-A' })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(zBooking.parse(confirmed.json)).toMatchObject({ status: 'CONFIRMED', resellerReference: 'KL-1001-A', utcExpiresAt: null, contact: { fullName: 'Aiko Tanaka', phoneNumber: '+81 90-5555-6666', locales: ['ja'] } })
    expect(confirmed.json.pricing).toMatchObject({ retail: 14_300, net: 11_440 })
    expect(confirmed.json.utcConfirmedAt).toBe('2030-05-01T03:00:00Z')

    const [row] = await app.db.select().from(bookings).where(eq(bookings.octoUuid, onHold.uuid))
    expect(row).toMatchObject({ status: 'confirmed', resellerId, resellerReference: 'KL-1001-A', name: 'Aiko Tanaka', locale: 'ja' })
    const ledger = await app.db.select().from(moneyMovements).where(eq(moneyMovements.bookingId, row!.id)).orderBy(asc(moneyMovements.id))
    expect(ledger.map((m) => [m.kind, m.amount, m.transition])).toEqual([
      ['price', 14_300, 'create'],
      ['reseller', 11_440, 'confirm'],
      ['commission', 2_860, 'confirm'],
    ])
    // The reseller collected the price: the guide's status menu cannot mark it paid (cash never
    // received) nor set it back to a hold; it can only cancel it.
    for (const status of ['paid', 'pending']) {
      const refused = await admin.patch(`/api/bookings/${row!.id}/status`, { status })
      expect(refused.status, status).toBe(409)
      expect(refused.json.message).toBe('A reseller’s booking is confirmed by its reseller and paid to it: it can only be cancelled here.')
    }
    expect((await app.db.select().from(moneyMovements).where(eq(moneyMovements.bookingId, row!.id))).length).toBe(3)
    // The guide hears of it, naming the reseller; the guest's e-mails are the reseller's to send.
    const [note] = await app.db.select().from(notifications).where(eq(notifications.title, 'New booking from a reseller'))
    expect(note!.message).toContain('through Klook, reference KL-1001-A')
    const mails = await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.bookingId, row!.id))
    expect(mails.filter((m) => !m.kind.startsWith('admin-'))).toEqual([])
    // The guest's pages do not know it: it changes through the reseller.
    expect((await new TestClient(app.baseUrl).get(`/api/bookings/${row!.reference}`)).status).toBe(404)

    expect(zBooking.parse((await octo.get(`/bookings/${onHold.uuid}`)).json).status).toBe('CONFIRMED')
    for (const query of ['resellerReference=KL-1001-A', `supplierReference=${row!.reference}`, `localDate=${SATURDAY}`, `localDateStart=2030-05-01&localDateEnd=2030-05-31`]) {
      const list = await octo.get(`/bookings?${query}`)
      expect((list.json as { uuid: string }[]).map((b) => b.uuid), query).toEqual([onHold.uuid])
    }
    expectOctoError(await octo.get('/bookings'), 400, 'BAD_REQUEST')
    expectOctoError(await octo.get('/bookings/00000000-0000-4000-8000-000000000000'), 400, 'INVALID_BOOKING_UUID')
    expectOctoError(await octo.get('/bookings/not-a-uuid'), 400, 'INVALID_BOOKING_UUID')
    // Another reseller sees none of it.
    const other = octoClient(app, (await newReseller(app, { name: 'KKday', commissionPercent: 15 })).apiKey)
    expectOctoError(await other.get(`/bookings/${onHold.uuid}`), 400, 'INVALID_BOOKING_UUID')
    expectOctoError(await reserve({ uuid: onHold.uuid }, other), 400, 'BAD_REQUEST')
  })

  it('a reservation left unconfirmed frees the slot at its expiry; extending it keeps it, up to an hour at a time', async () => {
    const held = (await reserve({ expirationMinutes: 10 })).json
    expect(held.utcExpiresAt).toBe('2030-05-01T03:10:00Z')
    app.clock.advanceMinutes(5)
    const extended = await octo.post(`/bookings/${held.uuid}/extend`, { expirationMinutes: 20 })
    expect(extended.json.utcExpiresAt).toBe('2030-05-01T03:25:00Z')
    expectOctoError(await octo.post(`/bookings/${held.uuid}/extend`, { expirationMinutes: 61 }), 400, 'BAD_REQUEST')
    app.clock.advanceMinutes(21)
    expect((await octo.get(`/bookings/${held.uuid}`)).json.status).toBe('EXPIRED')
    expect((await siteBooking('morning')).status).toBe(201)
    expectOctoError(await octo.post(`/bookings/${held.uuid}/confirm`, { contact: { fullName: 'Too Late' } }), 400, 'UNPROCESSABLE_ENTITY')
    expectOctoError(await octo.post(`/bookings/${held.uuid}/extend`, {}), 400, 'UNPROCESSABLE_ENTITY')
    // The slot is now the site guest's: the reseller cannot reserve it.
    expectOctoError(await reserve({ availabilityId: MORNING }), 400, 'UNPROCESSABLE_ENTITY')
  })

  it('updates contact and notes, refuses a new slot on an existing booking, and cancels within the free window (POST and DELETE)', async () => {
    const held = (await reserve({ availabilityId: AFTERNOON })).json
    const updated = await octo.patch(`/bookings/${held.uuid}`, { notes: 'Vegetarian', contact: { fullName: 'Ben Carter', emailAddress: 'ben@example.com' } })
    expect(updated.status, updated.text).toBe(200)
    expect(zBooking.parse(updated.json)).toMatchObject({ notes: 'Vegetarian', contact: { fullName: 'Ben Carter', emailAddress: 'ben@example.com' }, status: 'ON_HOLD' })
    expectOctoError(await octo.patch(`/bookings/${held.uuid}`, { availabilityId: MORNING }), 400, 'UNPROCESSABLE_ENTITY')
    expectOctoError(await octo.patch(`/bookings/${held.uuid}`, { contact: { emailAddress: 'not an address' } }), 400, 'BAD_REQUEST')
    // OCTO's confirmation carries notes only in its contact, and an update may too: the guest's requests, kept as a reservation's are.
    const noted = await octo.patch(`/bookings/${held.uuid}`, { contact: { notes: 'Vegetarian, no shellfish' } })
    expect(noted.json.notes).toBe('Vegetarian, no shellfish')
    const confirmed = await octo.post(`/bookings/${held.uuid}/confirm`, { contact: { fullName: 'Ben Carter', notes: 'Arrives by train at 13:40' } })
    expect(zBooking.parse(confirmed.json)).toMatchObject({ status: 'CONFIRMED', notes: 'Arrives by train at 13:40' })
    const cancelled = await octo.post(`/bookings/${held.uuid}/cancel`, { reason: 'Guest changed plans' })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(zBooking.parse(cancelled.json)).toMatchObject({ status: 'CANCELLED', cancellable: false, cancellation: { refund: 'FULL', reason: 'Guest changed plans' } })
    expect((await siteBooking('afternoon')).status).toBe(201)
    const [row] = await app.db.select().from(bookings).where(eq(bookings.octoUuid, held.uuid))
    const ledger = await app.db.select().from(moneyMovements).where(eq(moneyMovements.bookingId, row!.id))
    expect(ledger.reduce((sum, m) => sum + (m.kind === 'reseller' ? m.amount : 0), 0)).toBe(0)

    const second = (await reserve({ availabilityId: `2030-05-19T09:00:00+09:00` })).json
    const deleted = await octo.delete(`/bookings/${second.uuid}`)
    expect(zBooking.parse(deleted.json).status).toBe('CANCELLED')
  })

  it('within the free-cancellation window only the guide cancels; the reseller’s own limits hold (hours before the tour, its tours)', async () => {
    // 2030-05-04 is 3 days ahead: inside the 7 days.
    const soon = (await reserve({ availabilityId: '2030-05-04T09:00:00+09:00' })).json
    await octo.post(`/bookings/${soon.uuid}/confirm`, { contact: { fullName: 'Late Canceller' } })
    expect((await octo.get(`/bookings/${soon.uuid}`)).json.cancellable).toBe(false)
    expectOctoError(await octo.post(`/bookings/${soon.uuid}/cancel`), 400, 'UNPROCESSABLE_ENTITY')

    const limited = await app.services.resellers.update(resellerId, resellerInputSchema.parse({ name: 'Klook', commissionPercent: 20, minLeadHours: 24 * 20, tourPackageIds: [fullDay] }))
    expect(limited).toMatchObject({ minLeadHours: 480, tourPackageIds: [fullDay] })
    expect(((await octo.get('/products')).json as { id: string }[]).map((p) => p.id)).toEqual([String(fullDay)])
    expectOctoError(await reserve({ availabilityId: '2030-05-25T09:00:00+09:00' }), 400, 'INVALID_PRODUCT_ID')
    // 20 days before the tour: 2030-05-25 09:00 is 24 days ahead, 2030-05-18 only 17.
    const fullOf = (date: string) => ({ productId: String(fullDay), optionId: 'full-day', availabilityId: `${date}T09:00:00+09:00` })
    expectOctoError(await reserve(fullOf('2030-05-18')), 400, 'INVALID_AVAILABILITY_ID')
    expect((await reserve(fullOf('2030-05-25'))).json.status).toBe('ON_HOLD')
  })

  it('the guide’s call-off of a day cancels the reseller’s booking at once and names the reseller to tell', async () => {
    const held = (await reserve({ resellerReference: 'KL-77' })).json
    await octo.post(`/bookings/${held.uuid}/confirm`, { contact: { fullName: 'Snow Day' } })
    // Calendar's call-off form, on its route action (docs/decisions/0088).
    const called = await postAdminSection(app, calendarAction, '/admin/calendar', { intent: 'callOff', tourDate: SATURDAY, cause: 'snow' }, { byScript: true, username: 'guide-admin' })
    expect(called.status, JSON.stringify(called.data)).toBe(200)
    expect((await octo.get(`/bookings/${held.uuid}`)).json).toMatchObject({ status: 'CANCELLED', cancellation: { refund: 'FULL' } })
    const titles = (await app.db.select().from(notifications)).map((n) => `${n.title}: ${n.message}`)
    expect(titles.find((t) => t.startsWith('Reseller booking cancelled'))).toContain('through Klook, reference KL-77')
    expect(titles.find((t) => t.startsWith('Day called off'))).toContain('1 reseller booking was cancelled. Klook has no webhook: tell Klook.')
  })

  it('bad input is a 4xx in OCTO’s format, never a 5xx', async () => {
    const key = (await app.services.resellers.replaceKey(resellerId)).apiKey
    const send = (body: string, type = 'application/json') => new TestClient(app.baseUrl).request('POST', '/octo/v1/bookings', body, { authorization: `Bearer ${key}`, 'content-type': type })
    expectOctoError(await send('{"productId":'), 400, 'BAD_REQUEST')
    expectOctoError(await send(JSON.stringify({ productId: 'x'.repeat(70_000) })), 413, 'BAD_REQUEST')
    expectOctoError(await send('[]'), 400, 'BAD_REQUEST')
    expectOctoError(await send('null'), 400, 'BAD_REQUEST')
    const fresh = octoClient(app, key)
    for (const body of [
      { productId: String(halfDay), optionId: 'half-day', availabilityId: MORNING, unitItems: [{ unitId: 'guest' }], expirationMinutes: 0 },
      { productId: String(halfDay), optionId: 'half-day', availabilityId: MORNING, unitItems: [{ unitId: 'guest' }], notes: 'x'.repeat(1001) },
      { productId: String(halfDay), optionId: 'half-day', availabilityId: MORNING, unitItems: [{ unitId: 'guest' }], contact: { fullName: 'Nul\u0000l' } },
      { productId: String(halfDay), optionId: 'half-day', availabilityId: MORNING, unitItems: [{ unitId: 'guest' }], uuid: 'not-a-uuid' },
    ]) {
      expectOctoError(await fresh.post('/bookings', body), 400, 'BAD_REQUEST')
    }
    // No guest, or more than the tour takes: fewer or more units than the option allows, OCTO's UNPROCESSABLE_ENTITY.
    for (const unitItems of [[], Array.from({ length: 6 }, () => ({ unitId: 'guest' }))]) {
      expectOctoError(await fresh.post('/bookings', { productId: String(halfDay), optionId: 'half-day', availabilityId: MORNING, unitItems }), 400, 'UNPROCESSABLE_ENTITY')
    }
    expectOctoError(await fresh.post('/bookings', { productId: String(halfDay), optionId: 'half-day', availabilityId: '2031-02-31T09:00:00+09:00', unitItems: [{ unitId: 'guest' }] }), 400, 'INVALID_AVAILABILITY_ID')
    expectOctoError(await fresh.post('/bookings', { productId: String(halfDay), optionId: 'half-day', availabilityId: '2030-05-01T09:00:00+09:00', unitItems: [{ unitId: 'guest' }] }), 400, 'INVALID_AVAILABILITY_ID')
    expect(await app.db.select().from(bookings)).toEqual([])
  })

  it('counts requests per key: over the limit a key gets 429 with Retry-After, while another key is served', async () => {
    await app.close()
    ;({ app, admin, halfDay, fullDay } = await startWithCatalogue(engine, NOW, { RATE_LIMIT_OCTO_PER_MINUTE: '3' }))
    const a = octoClient(app, (await newReseller(app, { name: 'A', commissionPercent: 10 })).apiKey)
    const b = octoClient(app, (await newReseller(app, { name: 'B', commissionPercent: 10 })).apiKey)
    for (let i = 0; i < 3; i++) expect((await a.get('/supplier')).status).toBe(200)
    const over = await a.get('/supplier')
    expectOctoError(over, 429, 'TOO_MANY_REQUESTS')
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await b.get('/supplier')).status).toBe(200)
  })

  it('the dashboard’s resellers (Dashboard → Channels, docs/decisions/0088): the key is shown once, input is checked, and only the guide may manage them', async () => {
    const send = (fields: Record<string, string>) => postAdminSection(app, channelsAction, '/admin/channels', fields, { byScript: true, username: 'guide-admin', language: 'en' })
    const page = await loadAdminSection(app, channelsLoader, '/admin/channels', { username: 'guide-admin' })
    expect(page.resellers).toHaveLength(1)
    expect(JSON.stringify(page)).not.toContain('apiKey')
    expect(page.resellers[0]).toMatchObject({ name: 'Klook', commissionPercent: 20, note: 'Pays monthly', minLeadHours: 0, tourPackageIds: [], testMode: false, revokedAt: null })
    const bad = await send({ intent: 'addReseller', name: '', commissionPercent: '60', minLeadHours: '-1', tourPackageIds: 'x' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.data!.errors as object).sort()).toEqual(['commissionPercent', 'minLeadHours', 'name', 'tourPackageIds'])
    expect((await send({ intent: 'updateReseller', id: '999', name: 'X', commissionPercent: '1' })).status).toBe(404)
    expect((await send({ intent: 'revokeReseller', id: 'abc' })).status).toBe(400)
    expect((await loadAdminSection(app, channelsLoader, '/admin/channels', { username: 'guide-admin' })).resellers).toHaveLength(1)
    // Anyone but an admin is sent to the login page, from the section and from its action.
    const anonymous = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }
    for (const run of [
      () => channelsLoader({ request: new Request('http://127.0.0.1/admin/channels'), context: anonymous, params: {} } as never),
      () => channelsAction({ request: new Request('http://127.0.0.1/admin/channels', { method: 'POST', body: new URLSearchParams({ intent: 'addReseller', name: 'Intruder', commissionPercent: '5' }) }), context: anonymous, params: {} } as never),
    ]) {
      const refused = await run().then(() => null, (thrown: unknown) => thrown)
      expect(refused).toBeInstanceOf(Response)
      expect((refused as Response).headers.get('location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fchannels')
    }
    expect((await app.db.select().from(resellers)).map((r) => r.name)).toEqual(['Klook'])
    const test = await send({ intent: 'addReseller', name: 'Sandbox', commissionPercent: '0', testMode: 'on' })
    expect(test).toMatchObject({ status: 200, data: { ok: true, result: { name: 'Sandbox', testMode: true } } })
    const sandbox = octoClient(app, (test.data!.result as { apiKey: string }).apiKey, { 'octo-env': 'test' })
    const held = (await reserve({}, sandbox)).json
    expect(held.testMode).toBe(true)
    // The key is shown once: the page lists the reseller without it.
    expect(JSON.stringify(await loadAdminSection(app, channelsLoader, '/admin/channels', { username: 'guide-admin' }))).not.toContain('apiKey')
  })

  it('has no JSON API for resellers any more: the Channels section’s action is the way in (docs/decisions/0088)', async () => {
    expect((await admin.get('/api/admin/resellers')).status).toBe(404)
    expect((await admin.post('/api/admin/resellers', { name: 'Gone', commissionPercent: 5 })).status).toBe(404)
    expect((await admin.put(`/api/admin/resellers/${resellerId}`, { name: 'Gone', commissionPercent: 5 })).status).toBe(404)
    expect((await admin.post(`/api/admin/resellers/${resellerId}/revoke`)).status).toBe(404)
    expect((await admin.post(`/api/admin/resellers/${resellerId}/key`)).status).toBe(404)
    expect((await octo.get('/supplier')).status).toBe(200)
  })
})

describe.each(ENGINES.filter((e) => e === 'postgres'))('three channels racing for one slot through two instances on %s', (engine) => {
  it('a reseller’s reservation, a guest’s booking and the guide’s booking at once: exactly one wins, 100 times, and the books add up', async () => {
    const { app, halfDay } = await startWithCatalogue(engine, NOW, { RATE_LIMIT_BOOKINGS_PER_HOUR: '100000', RATE_LIMIT_OCTO_PER_MINUTE: '100000' })
    const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
    const other = await startTestApp(engine, { clock: app.clock, database: second, env: { RATE_LIMIT_BOOKINGS_PER_HOUR: '100000', RATE_LIMIT_OCTO_PER_MINUTE: '100000' } })
    try {
      const key = (await newReseller(app, { name: 'Racer', commissionPercent: 10 })).apiKey
      const reseller = octoClient(other, key)
      const guest = other.client()
      const weekends = weekendDatesBetween(addDays('2030-05-01', 3), addDays('2030-05-01', 175))
      const winners = { reseller: 0, guest: 0, guide: 0 }
      for (let round = 0; round < 100; round++) {
        const date = weekends[Math.floor(round / 2)]!
        const tourTime = round % 2 === 0 ? 'morning' : 'afternoon'
        const answers = await Promise.all([
          reseller.post('/bookings', { productId: String(halfDay), optionId: 'half-day', availabilityId: `${date}T${tourTime === 'morning' ? '09' : '14'}:00:00+09:00`, unitItems: [{ unitId: 'guest' }, { unitId: 'guest' }] }),
          guest.post('/api/bookings', { name: 'Racing Guest', email: `racer${round}@example.com`, phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: halfDay, tourDate: date, tourTime, acceptPolicy: true }),
          // The guide's new-booking dialog, through the Bookings section's route action (docs/decisions/0088).
          guideCreates(app, { name: 'Phone Guest', email: `phone${round}@example.com`, phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: halfDay, tourDate: date, tourTime, locale: 'en' }).then((a) => ({ status: a.status, text: JSON.stringify(a.data) })),
        ])
        const won = [answers[0].status === 200, answers[1].status === 201, answers[2].status === 200]
        expect(won.filter(Boolean), `round ${round}: ${answers.map((a) => `${a.status} ${a.text.slice(0, 80)}`).join(' | ')}`).toHaveLength(1)
        // The losers are refused as a taken slot, in their own words.
        if (!won[0]) expectOctoError(answers[0], 400, 'UNPROCESSABLE_ENTITY')
        if (!won[1]) expect(answers[1].status).toBe(409)
        if (!won[2]) expect(answers[2].status).toBe(409)
        winners[won[0] ? 'reseller' : won[1] ? 'guest' : 'guide']++
      }
      // Each channel won some rounds: the race was real.
      expect(Object.values(winners).filter((n) => n > 0).length, JSON.stringify(winners)).toBeGreaterThan(1)
      expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    } finally {
      await other.close()
      await second.close()
      await app.close()
    }
  }, 600_000)
})
