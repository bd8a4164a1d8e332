import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { taxDocuments, tourPackages } from '../../server/db/schema.ts'
import { pdfText } from '../support/pdf-text.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClient, TestClock, type TestApp } from './app.ts'
import { insertBooking } from './payments-helpers.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { action as bookingsAction } from '../../app/routes/admin/bookings.tsx'
import { taxSettingsSchema } from '../../core/schemas/tax-documents.ts'
import { postAdminSection } from './admin-section.ts'
import { dashboardBooking, guideCancels, guideCreates } from './guide-desk.ts'

/**
 * Receipts and return invoices (docs/decisions/0080): the guest's through the JSON API, the guide's
 * through the dashboard's route actions (Settings → Receipts, the Bookings dialogs' receipts) and
 * the PDF and CSV links the guide downloads.
 */

const SETTINGS = { registered: true, issuerType: 'sole-proprietor', registrationNumber: 'T1234567890123', legalName: '山田 太郎 (Joetsu Local Tours)', address: '新潟県上越市本城町 1-1', pricesIncludeTax: true }

describe.each(ENGINES)('receipts on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date('2026-11-02T01:00:00Z')) })
    admin = await app.loggedIn(true)
  })
  afterEach(async () => {
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  async function pay(reference: string) {
    const guest = app.client()
    expect((await guest.post('/api/create-payment-intent', { bookingId: reference })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${reference}/simulated-payment`, { cardNumber: '4242424242424242' })).status).toBe(200)
    expect((await guest.post(`/api/bookings/${reference}/payment-success`)).json).toEqual({ status: 'paid' })
  }

  /** The receipt settings as Settings' form posts them: a ticked box sends 'on', an unticked one nothing. */
  const settingsForm = ({ registered, pricesIncludeTax, ...text }: typeof SETTINGS) => ({
    intent: 'receipts',
    ...text,
    ...(registered ? { registered: 'on' } : {}),
    ...(pricesIncludeTax ? { pricesIncludeTax: 'on' } : {}),
  })
  /** Settings → Receipts saved by its form, on the route action (docs/decisions/0088), in English. */
  const saveSettings = (settings: typeof SETTINGS) => postAdminSection(app, settingsAction, '/admin/settings', settingsForm(settings), { byScript: true, username: 'guide-admin', language: 'en' })
  /** The business's details entered, for the tests that issue documents. */
  const setUp = () => app.services.taxDocuments.saveSettings(taxSettingsSchema.parse(SETTINGS))
  /** A receipt issued or corrected in the Bookings dialogs, on the section's route action, as its script sends it. */
  const guideIssues = (id: number, point: number, recipient?: string) =>
    postAdminSection(app, bookingsAction, `/admin/bookings?details=${id}`, { intent: 'issueReceipt', id: String(id), point: String(point), ...(recipient === undefined ? {} : { recipient }) }, { byScript: true, username: 'guide-admin', language: 'en' })
  const guideCorrects = (number: string, recipient?: string) =>
    postAdminSection(app, bookingsAction, '/admin/bookings', { intent: 'correctReceipt', number, ...(recipient === undefined ? {} : { recipient }) }, { byScript: true, username: 'guide-admin', language: 'en' })
  /** What the guide's booking dialog lists: the booking's money movements that call for a document, and those issued. */
  const pointsOf = async (id: number) => (await app.services.taxDocuments.forBooking(id)).points
  /** Without an admin session, a dashboard action sends the visitor to the login page. */
  async function anonymousPost(action: typeof settingsAction | typeof bookingsAction, path: string, fields: Record<string, string>) {
    const request = new Request(`http://127.0.0.1${path}`, { method: 'POST', body: new URLSearchParams(fields) })
    const context = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }
    const thrown = await action({ request, context, params: {} } as never).catch((error: unknown) => error)
    if (!(thrown instanceof Response)) throw new Error(`not redirected: ${JSON.stringify(thrown)}`)
    return { status: thrown.status, location: thrown.headers.get('Location') }
  }

  async function pdfOf(client: TestClient, path: string) {
    const res = await fetch(client.baseUrl + path, { headers: { cookie: client.cookieHeader() } })
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), cache: res.headers.get('cache-control'), bytes: Buffer.from(await res.arrayBuffer()) }
  }

  it('checks the guide’s settings: a registered issuer needs a valid number and tax-inclusive prices', async () => {
    expect(await app.services.taxDocuments.settings()).toEqual({ registered: false, issuerType: 'sole-proprietor', registrationNumber: null, legalName: '', address: '', pricesIncludeTax: true })
    const refused = [
      [{ ...SETTINGS, registrationNumber: '' }, 'registrationNumber', 'A registered issuer needs its registration number'],
      [{ ...SETTINGS, registrationNumber: 'T12345' }, 'registrationNumber', 'A registration number is T followed by 13 digits'],
      [{ ...SETTINGS, issuerType: 'corporation', registrationNumber: 'T6000012050002' }, 'registrationNumber', 'This is not a corporate number: its check digit does not match'],
      [{ ...SETTINGS, pricesIncludeTax: false }, 'pricesIncludeTax', 'A registered issuer’s prices include consumption tax'],
      [{ ...SETTINGS, legalName: ' ' }, 'legalName', 'Please enter the name to print on receipts'],
      [{ ...SETTINGS, address: 'line\nbreak' }, 'address', 'The address must be on one line, without control characters'],
    ] as const
    for (const [body, field, message] of refused) {
      const res = await saveSettings(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((res.data?.errors as Record<string, string> | undefined)?.[field], JSON.stringify(res.data)).toBe(message)
    }
    expect(await app.services.taxDocuments.settings()).toMatchObject({ registered: false, legalName: '' })
    const saved = await saveSettings({ ...SETTINGS, issuerType: 'corporation', registrationNumber: 't7000-0120-5000 2' })
    expect(saved.status).toBe(200)
    expect(saved.data).toMatchObject({ ok: true, result: { issuerType: 'corporation', registrationNumber: 'T7000012050002' } })
    expect(await app.services.taxDocuments.settings()).toMatchObject({ issuerType: 'corporation', registrationNumber: 'T7000012050002' })
    expect(await anonymousPost(settingsAction, '/admin/settings', settingsForm(SETTINGS))).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Fsettings' })
  })

  it('issues a receipt once per payment, numbered, stored as issued, and downloaded again byte for byte', async () => {
    const booking = await insertBooking(app, { tourDate: '2026-12-05' })
    await pay(booking.reference)
    const guest = app.client()
    // Before the guide enters the business's details, nothing can be issued.
    const before = await guest.get(`/api/bookings/${booking.reference}/receipts`)
    expect(before.json).toMatchObject({ available: false, points: [{ kind: 'receipt', taxable: 14_300, tax: 1_300, total: 14_300, document: null }] })
    const point = before.json.points[0].key
    const unavailable = await guest.post(`/api/bookings/${booking.reference}/receipts`, { point })
    expect(unavailable.status).toBe(409)
    expect(unavailable.json.message).toBe('Receipts are not available yet: the guide has not entered the business’s details')
    await setUp()

    const issued = await guest.post(`/api/bookings/${booking.reference}/receipts`, { point, recipient: '  김민준  ' })
    expect(issued.status, JSON.stringify(issued.json)).toBe(201)
    expect(issued.json).toMatchObject({ number: 'R-000001', kind: 'receipt', recipient: '김민준', total: 14_300, tax: 1_300, issuedBy: 'guest', corrects: null })
    // Asked again, under another name: the same document (the guide corrects a name).
    expect((await guest.post(`/api/bookings/${booking.reference}/receipts`, { point, recipient: 'Someone Else' })).json).toMatchObject({ number: 'R-000001', recipient: '김민준' })

    const first = await pdfOf(guest, `/api/bookings/${booking.reference}/receipts/R-000001`)
    expect(first).toMatchObject({ status: 200, type: 'application/pdf', disposition: 'attachment; filename="R-000001.pdf"', cache: 'private, no-store' })
    const [stored] = await app.db.select().from(taxDocuments).where(eq(taxDocuments.number, 1))
    expect(crypto.createHash('sha256').update(first.bytes).digest('hex')).toBe(stored!.sha256)
    expect((await pdfOf(guest, `/api/bookings/${booking.reference}/receipts/R-000001`)).bytes.equals(first.bytes)).toBe(true)
    const text = await pdfText(first.bytes)
    for (const words of ['R-000001', 'T1234567890123', '適格簡易請求書', '14,300', '1,300', '김민준']) expect(text).toContain(words)

    // Another booking's reference, an unknown number, a bad point: not found, and no number used.
    const other = await insertBooking(app, { tourDate: '2026-12-06' })
    expect((await guest.get(`/api/bookings/${other.reference}/receipts/R-000001`)).status).toBe(404)
    expect((await guest.get(`/api/bookings/${booking.reference}/receipts/R-000009`)).status).toBe(404)
    expect((await guest.get(`/api/bookings/${booking.reference}/receipts/nonsense`)).status).toBe(404)
    expect((await guest.post(`/api/bookings/${booking.reference}/receipts`, { point: point + 999 })).status).toBe(404)
    expect((await guest.post(`/api/bookings/NOSUCHREFERENCE/receipts`, { point })).status).toBe(404)
    const bad = await guest.post(`/api/bookings/${booking.reference}/receipts`, { point: 'first' })
    expect(bad.status).toBe(400)
    expect(bad.json.errors.point).toBe('Please choose a receipt')
    const long = await guest.post(`/api/bookings/${booking.reference}/receipts`, { point, recipient: 'x'.repeat(101) })
    expect(long.status).toBe(400)
    expect(long.json.errors.recipient).toBe('The name on the receipt is at most 100 characters')
    expect(await app.db.$count(taxDocuments)).toBe(1)
  })

  it('a cancellation gives a return invoice with the fee kept apart; the guide corrects a name with a new document', async () => {
    await setUp()
    const booking = await insertBooking(app, { tourDate: '2026-11-21' })
    await pay(booking.reference)
    const guest = app.client()
    const [sale] = (await guest.get(`/api/bookings/${booking.reference}/receipts`)).json.points
    expect((await guest.post(`/api/bookings/${booking.reference}/receipts`, { point: sale.key })).json).toMatchObject({ number: 'R-000001', recipient: null })
    // The guide cancels for the guest and keeps 30 %: ¥4,290 kept, ¥10,010 back to the card.
    const cancelled = await guideCancels(app, booking.id, { cause: 'guest', refundAmount: 10_010 })
    expect(cancelled.status, JSON.stringify(cancelled.data)).toBe(200)
    const points = (await guest.get(`/api/bookings/${booking.reference}/receipts`)).json.points
    expect(points).toHaveLength(2)
    expect(points[1]).toMatchObject({ kind: 'return-invoice', taxable: 14_300, tax: 1_300, notTaxable: 4_290, total: 10_010, ways: [{ way: 'card', yen: 10_010 }] })
    const returned = await guest.post(`/api/bookings/${booking.reference}/receipts`, { point: points[1].key, recipient: 'ACME Travel Ltd.' })
    expect(returned.json).toMatchObject({ number: 'R-000002', kind: 'return-invoice' })
    const text = await pdfText((await pdfOf(guest, `/api/bookings/${booking.reference}/receipts/R-000002`)).bytes)
    for (const words of ['適格返還請求書', '不課税', 'ACME Travel Ltd.']) expect(text).toContain(words)

    // The guide corrects the first receipt's name: R-000003 names R-000001, which stays as issued.
    const corrected = await guideCorrects('R-000001', 'ACME Travel Ltd.')
    expect(corrected.status, JSON.stringify(corrected.data)).toBe(200)
    expect(corrected.data).toMatchObject({ ok: true, result: { number: 'R-000003', corrects: 'R-000001', recipient: 'ACME Travel Ltd.', issuedBy: 'guide' } })
    expect((await guideCorrects('R-000001', 'Again')).status).toBe(409)
    expect((await guideCorrects('R-000404')).status).toBe(404)
    const listed = await pointsOf(booking.id)
    expect(listed.map((p) => p.document?.number)).toEqual(['R-000003', 'R-000002'])
    expect(await pdfText((await pdfOf(admin, '/api/admin/receipts/R-000003')).bytes)).toContain('R-000001')
    expect((await pdfOf(app.client(), '/api/admin/receipts/R-000003')).status).toBe(401)

    // The period's documents for the books, and a bad period refused.
    const csv = await admin.get('/api/admin/receipts.csv?from=2026-11-01&to=2026-11-30')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="receipts-2026-11-01-to-2026-11-30.csv"')
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('number,kind,issued (Japan time),booking,made out to,consideration incl. 10 % tax,consumption tax,cancellation fee kept (not taxable),money moved,corrects,corrected by,issued by')
    expect(lines.slice(1).map((l) => l.split(',').filter((_, i) => [0, 4, 5, 6, 7, 8, 9, 10].includes(i)))).toEqual([
      ['R-000001', '上様', '14300', '1300', '0', '14300', '', 'R-000003'],
      ['R-000002', 'ACME Travel Ltd.', '14300', '1300', '4290', '10010', '', ''],
      ['R-000003', 'ACME Travel Ltd.', '14300', '1300', '0', '14300', 'R-000001', ''],
    ])
    expect((await admin.get('/api/admin/receipts.csv?from=2026-12-01&to=2026-11-01')).status).toBe(400)
    expect((await app.client().get('/api/admin/receipts.csv?from=2026-11-01&to=2026-11-30')).status).toBe(401)
  })

  it('the guide issues a receipt for money taken outside the card flow', async () => {
    await setUp()
    const booking = await insertBooking(app, { tourDate: '2026-12-12', status: 'paid' })
    const [point] = await pointsOf(booking.id)
    expect(point).toMatchObject({ kind: 'receipt', ways: [{ way: 'cash', yen: 14_300 }] })
    const issued = await guideIssues(booking.id, point!.key, 'Lee Family')
    expect(issued.status).toBe(200)
    expect(issued.data).toMatchObject({ ok: true, result: { number: 'R-000001', issuedBy: 'guide' } })
    expect(await anonymousPost(bookingsAction, '/admin/bookings', { intent: 'issueReceipt', id: String(booking.id), point: String(point!.key) })).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Fbookings' })
    expect(await app.db.$count(taxDocuments)).toBe(1)
  })

  it('a guide-made booking marked paid by bank transfer gets a receipt saying so; how the money came is refused with another status', async () => {
    await setUp()
    const halfDay = (await app.db.select().from(tourPackages)).find((p) => p.slug === 'half-day')!.id
    const made = await guideCreates(app, { name: 'Kenji Sato', email: 'kenji@example.jp', phone: '090-1234-5678', tourDate: '2026-11-28', tourTime: 'morning', tourPackageId: halfDay, numberOfPeople: 2, locale: 'en' })
    expect(made.status, JSON.stringify(made.data)).toBe(200)
    const id: number = made.data.result.id
    // Said with any status but paid: a 400 naming the field, and nothing changes.
    const refused = await admin.patch(`/api/bookings/${id}/status`, { status: 'confirmed', paidBy: 'bank-transfer' })
    expect(refused.status).toBe(400)
    expect(refused.json.errors.paidBy).toBe('How the money was taken can only be given when marking the booking paid')
    expect((await admin.patch(`/api/bookings/${id}/status`, { status: 'paid', paidBy: 'cheque' })).status).toBe(400)
    expect(await dashboardBooking(app, id)).toMatchObject({ status: 'pending' })

    const paid = await admin.patch(`/api/bookings/${id}/status`, { status: 'paid', paidBy: 'bank-transfer' })
    expect(paid.status, JSON.stringify(paid.json)).toBe(200)
    expect(paid.json).toMatchObject({ status: 'paid', due: 0 })
    const ledger = await app.services.adminBookings.ledger(id)
    expect(ledger.filter((l) => l.kind === 'cash')).toEqual([expect.objectContaining({ amount: 14_300, transition: 'mark-paid', source: 'bank-transfer' })])

    const [point] = await pointsOf(id)
    expect(point).toMatchObject({ kind: 'receipt', total: 14_300, ways: [{ way: 'bank-transfer', yen: 14_300 }], document: null })
    const issued = await guideIssues(id, point!.key, 'Sato Trading Co., Ltd.')
    expect(issued.status, JSON.stringify(issued.data)).toBe(200)
    expect(issued.data).toMatchObject({ ok: true, result: { number: 'R-000001', recipient: 'Sato Trading Co., Ltd.', issuedBy: 'guide', total: 14_300 } })
    const text = await pdfText((await pdfOf(admin, '/api/admin/receipts/R-000001')).bytes)
    for (const words of ['銀行振込', 'Bank transfer', 'Sato Trading Co., Ltd.', '14,300']) expect(text).toContain(words)
    expect(text).not.toContain('現金')
  })

  it('keeps issued documents through an erasure, unchanged, until their keeping period has passed', async () => {
    await setUp()
    const booking = await insertBooking(app, { tourDate: '2026-11-07' })
    await pay(booking.reference)
    const guest = app.client()
    const [point] = (await guest.get(`/api/bookings/${booking.reference}/receipts`)).json.points
    expect((await guest.post(`/api/bookings/${booking.reference}/receipts`, { point: point.key, recipient: 'Aiko Tanaka' })).status).toBe(201)
    const issuedBytes = (await pdfOf(guest, `/api/bookings/${booking.reference}/receipts/R-000001`)).bytes

    app.clock.advanceMinutes(30 * 24 * 60)
    // A month on, the session has run out: log in again.
    admin = new TestClient(admin.baseUrl)
    expect((await admin.post('/api/login', { username: 'guide-admin', password: 'correct-horse-battery' })).status).toBe(200)
    // Settings' erasure, as the page's fetcher posts it.
    const erased = await postAdminSection(app, settingsAction, '/admin/settings', { intent: 'eraseGuest', email: 'aiko@example.com' }, { byScript: true, username: 'guide-admin', language: 'en' })
    expect(erased.status, JSON.stringify(erased.data)).toBe(200)
    // The guest's booking page and its receipts are gone with the rest of their data …
    expect((await guest.get(`/api/bookings/${booking.reference}/receipts`)).status).toBe(404)
    // … the issued document stays exactly as issued, with the name the guest gave, for the guide.
    const kept = await pdfOf(admin, '/api/admin/receipts/R-000001')
    expect(kept.bytes.equals(issuedBytes)).toBe(true)
    const [row] = await app.db.select().from(taxDocuments)
    expect(row).toMatchObject({ recipient: 'Aiko Tanaka', keepUntil: '2034-03-31' })
    await expect(app.db.execute(sql`update tax_documents set recipient = 'x'`)).rejects.toThrow()
    await expect(app.db.execute(sql`delete from tax_documents`)).rejects.toThrow()
    // Not before 31 March 2034.
    expect(await app.services.taxDocuments.purgeExpired()).toBe(0)
    expect(await app.db.$count(taxDocuments)).toBe(1)
  })

  it('deletes a document once its keeping period has passed, and only then', async () => {
    await setUp()
    // Issued in June 2017: kept until 31 March 2025, which the database's own date has passed.
    app.clock.set(new Date('2017-06-01T01:00:00Z'))
    const old = await insertBooking(app, { tourDate: '2017-06-10', status: 'paid' })
    const [point] = await pointsOf(old.id)
    expect((await guideIssues(old.id, point!.key)).data).toMatchObject({ ok: true, result: { number: 'R-000001' } })
    app.clock.set(new Date('2026-11-02T01:00:00Z'))
    const recent = await insertBooking(app, { tourDate: '2026-12-05', status: 'paid' })
    const [kept] = await pointsOf(recent.id)
    expect((await guideIssues(recent.id, kept!.key)).data).toMatchObject({ ok: true, result: { number: 'R-000002' } })
    expect(await app.services.taxDocuments.purgeExpired()).toBe(1)
    expect((await app.db.select({ number: taxDocuments.number, keepUntil: taxDocuments.keepUntil }).from(taxDocuments))).toEqual([{ number: 2, keepUntil: '2034-03-31' }])
  })

  it('has no JSON routes for the guide’s receipt settings, issuing and correcting: Settings’ and the Bookings dialogs’ actions are the way in (docs/decisions/0088)', async () => {
    const booking = await insertBooking(app, { tourDate: '2026-12-12', status: 'paid' })
    expect((await admin.get('/api/admin/tax-settings')).status).toBe(404)
    expect((await admin.put('/api/admin/tax-settings', SETTINGS)).status).toBe(404)
    expect((await admin.get(`/api/admin/bookings/${booking.id}/receipts`)).status).toBe(404)
    expect((await admin.post(`/api/admin/bookings/${booking.id}/receipts`, { point: 1 })).status).toBe(404)
    expect((await admin.post('/api/admin/receipts/R-000001/correction', { recipient: 'ACME' })).status).toBe(404)
    expect(await app.db.$count(taxDocuments)).toBe(0)
  })
})
