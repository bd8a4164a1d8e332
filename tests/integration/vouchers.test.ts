import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { auditLog, bookings, moneyMovements, notifications, outgoingEmails, payments, users, vouchers } from '../../server/db/schema.ts'
import { openDatabase } from '../../server/db/client.ts'
import * as rules from '../../core/vouchers.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, startWithCatalogue, TestClient, TestClock, type TestApp } from './app.ts'
import { postBookingPage } from './booking-page.ts'
import { startStripeDouble, type StripeDouble } from './stripe-double.ts'
import { postWebhook, signedEvent } from './payments-helpers.ts'
import { loadChangePage, postChangePage } from './change-page.ts'
import { action as giftAction } from '../../app/routes/gift.tsx'
import { loader as voucherPageLoader } from '../../app/routes/voucher.tsx'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../app/lib/form-post.ts'
import { voucherSalesOf, withMoney } from '../../server/services/ledger.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { loadAdminSection, postAdminSection, postAdminSectionAsVisitor } from './admin-section.ts'
import { action as vouchersSectionAction, loader as vouchersSectionLoader } from '../../app/routes/admin/vouchers.tsx'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { promoCodeInputSchema } from '../../core/schemas/promo-code.ts'

/**
 * docs/decisions/0065: gift vouchers. A visitor buys one; it is usable only
 * once the provider says its intent succeeded for its amount, activated once whichever way the
 * news arrives; its code pays all or part of bookings on every way in, the balance kept by the
 * database; refusals are 400s on the code field that store nothing; unpaid bookings that end
 * give the amount back, paid ones the policy's share; the guide cancels and refunds unused
 * vouchers and sets their rules through the dashboard's route actions; two servers racing for the last balance cannot both spend it.
 */

// Wednesday 2030-05-01, 12:00 in Japan. Saturdays: 05-04, 05-11, 05-18, 05-25, …
const NOW = '2030-05-01T03:00:00.000Z'
const SAT = '2030-05-18'
const CARD = '4242424242424242'

type Purchase = { choice?: string; amount?: unknown; buyerName?: unknown; buyerEmail?: unknown; recipientName?: unknown; message?: unknown; website?: string; locale?: string }

/** The voucher API as a visitor's browser calls it. */
function voucherClient(app: TestApp) {
  const client = app.client()
  return {
    client,
    buy: (body: Purchase = {}) => client.post('/api/vouchers', { choice: 'custom', amount: 20_000, buyerName: 'Mei Chen', buyerEmail: 'mei@example.com', recipientName: 'Lin', locale: 'en', ...body }),
    start: (token: string) => client.post(`/api/vouchers/${token}/payment-intent`),
    card: (token: string, cardNumber = CARD) => client.post(`/api/vouchers/${token}/simulated-payment`, { cardNumber }),
    confirm: (token: string) => client.post(`/api/vouchers/${token}/payment-success`),
    view: (token: string) => client.get(`/api/vouchers/${token}`),
  }
}

/** The /gift page's action as React Router runs it: a plain form post, or the page's fetcher (its data request). */
async function postGiftPage(app: TestApp, fields: Record<string, string>, options: { byScript: boolean; path: string }) {
  const body = new URLSearchParams(fields)
  if (options.byScript) body.append(VIA_SCRIPT_FIELD, VIA_SCRIPT)
  const request = new Request(`http://127.0.0.1${options.path}`, { method: 'POST', body })
  const context = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }
  try {
    const result = (await giftAction({ request, context, params: {} } as unknown as Parameters<typeof giftAction>[0])) as unknown
    const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null }
    return { status: init?.status ?? 200, data, location: null as string | null }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, location: thrown.headers.get('Location') }
    throw thrown
  }
}

/** The voucher page's loader data, by the path it is asked at. */
async function loadVoucherPage(app: TestApp, token: string) {
  const request = new Request(`http://127.0.0.1/voucher/${token}`)
  const context = { services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' }
  const result = (await voucherPageLoader({ request, context, params: { token } } as unknown as Parameters<typeof voucherPageLoader>[0])) as { data?: { voucher: unknown }; init?: { status?: number }; voucher?: unknown }
  return 'data' in result && result.data ? { status: result.init?.status ?? 200, voucher: result.data.voucher } : { status: 200, voucher: (result as { voucher: unknown }).voucher }
}

/** A voucher's row, with what was refunded of it as its ledger says (docs/decisions/0067). */
const voucherByToken = async (app: TestApp, token: string) => {
  const row = (await app.db.select().from(vouchers).where(eq(vouchers.token, token)))[0]!
  return { ...row, amountRefunded: (await voucherSalesOf(app.db, [row.id])).get(row.id)?.refunded ?? 0 }
}

describe.each(ENGINES)('gift vouchers on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let halfDay: number
  beforeEach(async () => {
    ;({ app, admin, halfDay } = await startWithCatalogue(engine, NOW))
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  /** A dashboard form as the page's fetcher posts it, by the admin, in English unless told. */
  const cancelVoucher = (id: number | string, fields: Record<string, string>, language = 'en') =>
    postAdminSection(app, vouchersSectionAction, '/admin/vouchers', { intent: 'cancel', id: String(id), ...fields }, { byScript: true, username: 'guide-admin', language })
  const settings = (fields: Record<string, string>) => postAdminSection(app, settingsAction, '/admin/settings', fields, { byScript: true, username: 'guide-admin', language: 'en' })

  /** A voucher bought and paid on the simulated card form: its token and code. */
  async function paidVoucher(amount = 20_000) {
    const v = voucherClient(app)
    const bought = await v.buy({ amount })
    expect(bought.status, bought.text).toBe(201)
    const token = bought.json.token as string
    expect((await v.start(token)).status).toBe(200)
    expect((await v.card(token)).status).toBe(200)
    expect(await v.confirm(token)).toMatchObject({ status: 200, json: { status: 'paid' } })
    return { token, code: (await v.view(token)).json.code as string }
  }

  const details = (overrides: Record<string, unknown> = {}) => ({
    name: 'Aiko Tanaka',
    email: 'aiko@example.com',
    phone: '+44 7700 900123',
    numberOfPeople: 3,
    tourPackageId: halfDay,
    tourDate: SAT,
    tourTime: 'morning',
    acceptPolicy: true,
    ...overrides,
  })
  const book = (overrides: Record<string, unknown> = {}, client = app.client()) => client.post('/api/bookings', details(overrides))
  const balanceOf = async (token: string) => (await voucherByToken(app, token)).balance
  /** What each booking holds of a voucher now: its voucher rows in the ledger, added up (docs/decisions/0067). */
  const voucherParts = async () =>
    (
      await app.db
        .select({ bookingId: moneyMovements.bookingId, reference: bookings.reference, net: sql<number>`sum(${moneyMovements.amount})::int` })
        .from(moneyMovements)
        .innerJoin(bookings, eq(bookings.id, moneyMovements.bookingId))
        .where(eq(moneyMovements.kind, 'voucher'))
        .groupBy(moneyMovements.bookingId, bookings.reference)
    ).filter((part) => part.net !== 0)
  const voucherPartOf = async (reference: string) => (await voucherParts()).find((part) => part.reference === reference)?.net ?? 0
  const mails = async (kind: string) => app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, kind))

  it('offers presets priced from the live catalogue for two, and charges the server’s price whatever the client sends', async () => {
    const offer = await app.client().get('/api/vouchers/offer')
    expect(offer.json).toEqual({ presets: { 'half-day': 14_300, 'full-day': 22_000 }, limits: rules.DEFAULT_VOUCHER_LIMITS, validityMonths: 6 })
    const v = voucherClient(app)
    const preset = await v.buy({ choice: 'full-day', amount: 1 })
    expect(preset).toMatchObject({ status: 201, json: { amount: 22_000 } })
    expect(await voucherByToken(app, preset.json.token)).toMatchObject({ amount: 22_000, balance: 22_000, status: 'pending', validUntil: null, paidAt: null })
  })

  it('keeps a voucher unusable until the provider says it is paid, then activates it once with its e-mails', async () => {
    // The guide wants e-mail notifications.
    await app.db.update(users).set({ email: 'guide@example.com', notificationsEnabled: true, notificationPreference: 'email' }).where(eq(users.username, 'guide-admin'))
    const v = voucherClient(app)
    const { token } = (await v.buy({ amount: 20_000 })).json
    const pending = await voucherByToken(app, token)
    expect(pending.code).toMatch(/^GIFT(-[0-9A-Z]{4}){4}$/)
    expect(token).not.toContain(pending.code)
    // The page shows no code while the voucher awaits payment, and the code pays nothing.
    expect((await v.view(token)).json).toMatchObject({ code: null, state: 'awaiting-payment', amount: 20_000 })
    const early = await book({ voucherCode: pending.code })
    expect([early.status, early.json.errors]).toEqual([400, { voucherCode: rules.VOUCHER_UNPAID_MESSAGE }])

    const start = await v.start(token)
    expect(start.json).toMatchObject({ mode: 'simulated', amount: 20_000 })
    expect((await v.start(token)).json.clientSecret).toBe(start.json.clientSecret)
    const intents = await app.db.select().from(payments).where(and(eq(payments.voucherId, pending.id), eq(payments.kind, 'intent')))
    expect(intents.map((p) => [p.bookingId, p.amount])).toEqual([[null, 20_000]])
    // Confirming before the card was accepted, or with a declined card, changes nothing.
    expect((await v.confirm(token)).status).toBe(409)
    expect((await v.card(token, '4000000000000002')).status).toBe(402)
    expect((await voucherByToken(app, token)).status).toBe('pending')

    expect((await v.card(token)).status).toBe(200)
    const [first, second] = await Promise.all([v.confirm(token), v.confirm(token)])
    expect([first.json, second.json]).toEqual([{ status: 'paid' }, { status: 'paid' }])
    // Paid at 12:00 on 1 May in Japan: usable through 31 October.
    expect(await voucherByToken(app, token)).toMatchObject({ status: 'active', balance: 20_000, validUntil: '2030-10-31' })
    expect((await v.view(token)).json).toMatchObject({ code: pending.code, state: 'active', validUntil: '2030-10-31', recipientName: 'Lin' })
    const [mail] = await mails('voucher-purchased')
    expect(mail).toMatchObject({ toAddress: 'mei@example.com' })
    expect(mail!.text).toContain(pending.code)
    expect(mail!.text).toContain(`/voucher/${token}`)
    expect(mail!.text).toContain('¥20,000')
    expect(mail!.text).toContain('October 31, 2030')
    expect(await mails('voucher-purchased')).toHaveLength(1)
    expect(await mails('admin-voucher-sold')).toHaveLength(1)
    expect((await mails('admin-voucher-sold'))[0]!.text).not.toContain(pending.code)
    expect(await app.db.select().from(notifications).where(eq(notifications.title, 'Voucher sold'))).toHaveLength(1)
    expect((await v.start(token)).status).toBe(409)
  })

  it('writes the buyer’s e-mail and page in the language they bought in', async () => {
    const v = voucherClient(app)
    const { token } = (await v.buy({ amount: 10_000, locale: 'ja' })).json
    await v.start(token)
    await v.card(token)
    await v.confirm(token)
    const [mail] = await mails('voucher-purchased')
    expect(mail!.subject).toBe('¥10,000分のギフト券をお届けします')
    expect(mail!.text).toContain(`/ja/voucher/${token}`)
  })

  it('stores hostile text as text, refuses bad amounts and long fields on their fields, and answers a forged token with 404', async () => {
    const v = voucherClient(app)
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    const bought = await v.buy({ buyerName: script, recipientName: '<b>Lin</b>', message: `${script}\nSee you in Joetsu & Takada!` })
    expect(bought.status).toBe(201)
    expect(await voucherByToken(app, bought.json.token)).toMatchObject({ buyerName: script, recipientName: '<b>Lin</b>', message: `${script}\nSee you in Joetsu & Takada!` })

    const amountRefusal = rules.VOUCHER_AMOUNT_MESSAGE(rules.DEFAULT_VOUCHER_LIMITS)
    for (const [amount, message] of [
      [-20_000, 'Please enter an amount in whole yen'],
      [10_000.5, 'Please enter an amount in whole yen'],
      ['1e5', 'Please enter an amount in whole yen'],
      [4_999, amountRefusal],
      [300_001, amountRefusal],
      [1_000_000_000, 'Please enter an amount in whole yen'],
      [undefined, 'Please enter an amount in whole yen'],
    ] as const) {
      const refused = await v.buy({ amount })
      expect([refused.status, refused.json.errors], String(amount)).toEqual([400, { amount: message }])
    }
    expect((await v.buy({ buyerName: 'x'.repeat(101) })).json.errors).toEqual({ buyerName: 'A name is at most 100 characters' })
    expect((await v.buy({ message: 'x'.repeat(501) })).json.errors).toEqual({ message: 'The message is at most 500 characters' })
    expect((await v.buy({ buyerEmail: 'not-an-address' })).json.errors).toEqual({ buyerEmail: 'Please enter a valid email address' })
    expect((await v.buy({ choice: 'free' })).json.errors).toEqual({ choice: 'Please choose a voucher' })
    // Every problem at once: a missing amount is told alongside a bad address.
    expect((await v.buy({ amount: '', buyerEmail: '' })).json.errors).toEqual({ amount: 'Please enter an amount in whole yen', buyerEmail: 'Please enter a valid email address' })
    expect((await v.buy({ website: 'https://spam.example' })).status).toBe(400)
    expect(await app.db.select().from(vouchers)).toHaveLength(1)

    const forged = 'A'.repeat(43)
    expect((await v.view(forged)).status).toBe(404)
    expect((await v.start(forged)).status).toBe(404)
    expect((await v.view('../../etc/passwd')).status).toBe(404)
  })

  it('sells through the /gift page’s form post and data request as through the API, refusing in the page’s language', async () => {
    const fields = { choice: 'custom', amount: '15000', buyerName: 'Mei Chen', buyerEmail: 'mei@example.com', recipientName: 'Lin', message: 'Enjoy!' }
    const refused = await postGiftPage(app, { ...fields, amount: '-5' }, { byScript: true, path: '/ja/gift.data' })
    expect([refused.status, refused.data?.errors]).toEqual([400, { amount: '金額を円単位の整数で入力してください' }])
    const refusedForm = await postGiftPage(app, { ...fields, amount: '999999999' }, { byScript: false, path: '/zh-hant/gift' })
    expect(refusedForm.status).toBe(400)
    expect(refusedForm.data).toMatchObject({ errors: { amount: '請輸入整數日圓金額' }, values: { amount: '999999999', buyerName: 'Mei Chen' } })
    expect(await app.db.select().from(vouchers)).toHaveLength(0)

    const byData = await postGiftPage(app, fields, { byScript: true, path: '/gift.data' })
    expect(byData).toMatchObject({ status: 201, data: { kind: 'created' } })
    const byForm = await postGiftPage(app, { ...fields, choice: 'half-day', amount: '' }, { byScript: false, path: '/ko/gift' })
    expect(byForm.status).toBe(302)
    const formToken = byForm.location!.replace('/ko/voucher/', '')
    expect(await voucherByToken(app, formToken)).toMatchObject({ amount: 14_300, locale: 'ko', status: 'pending' })
    expect(await voucherByToken(app, byData.data!.token as string)).toMatchObject({ amount: 15_000, locale: 'en', message: 'Enjoy!' })

    // The page shows the voucher by its token; a forged one is not found.
    expect(await loadVoucherPage(app, formToken)).toMatchObject({ status: 200, voucher: { state: 'awaiting-payment', code: null, amount: 14_300 } })
    expect((await loadVoucherPage(app, 'B'.repeat(43))).status).toBe(404)
  })

  it('exports a buyer’s vouchers and erases their personal data, keeping the money record and the code’s value', async () => {
    const { token, code } = await paidVoucher(20_000)
    await app.db.update(vouchers).set({ message: 'Happy birthday, Lin!' }).where(eq(vouchers.token, token))
    expect((await book({ voucherCode: code, email: 'other@example.com' })).status).toBe(201)
    const exported = await admin.get('/api/admin/guest-data/export?email=MEI@example.com')
    expect(exported.json.vouchers).toEqual([expect.objectContaining({ amount: 20_000, balance: 3_500, buyerName: 'Mei Chen', recipientName: 'Lin', message: 'Happy birthday, Lin!', code: rules.maskVoucherCode(code) })])
    expect(exported.text).not.toContain(code)
    expect(exported.text).not.toContain(token)

    const erased = await settings({ intent: 'eraseGuest', email: 'mei@example.com' })
    expect(erased.data?.result).toMatchObject({ erased: { ok: true, vouchers: 1 } })
    const row = await voucherByToken(app, token)
    expect(row).toMatchObject({ buyerName: 'Anonymised guest', recipientName: null, message: null, amount: 20_000, balance: 3_500, status: 'active' })
    expect(row.buyerEmail).toBe(`voucher-${row.id}@anonymised.invalid`)
    expect(await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, 'mei@example.com'))).toHaveLength(0)
    // The private page goes with the names; the code still pays for whoever holds it.
    expect((await voucherClient(app).view(token)).status).toBe(404)
    expect((await book({ voucherCode: code, tourDate: '2030-05-25', email: 'third@example.com', numberOfPeople: 2 })).json).toMatchObject({ voucherAmount: 3_500 })
    expect((await admin.get('/api/admin/guest-data/export?email=mei@example.com')).json.vouchers).toEqual([])
  })

  it('pays part of a booking, the card pays the rest, and the balance stays on the voucher for the next one', async () => {
    const { token, code } = await paidVoucher(20_000)
    // A half-day tour for three: ¥16,500, all of it from the voucher, typed as a guest might.
    const first = await book({ voucherCode: ` ${code.toLowerCase().replace(/-/g, ' ')} ` })
    expect(first.status, first.text).toBe(201)
    expect(first.json).toMatchObject({ totalPrice: 0, voucherAmount: 16_500 })
    expect(await balanceOf(token)).toBe(3_500)
    // Nothing left to pay: the zero-total path marks it paid without a card (decision 0019).
    expect((await app.client().post(`/api/bookings/${first.json.reference}/payment-success`)).json).toEqual({ status: 'paid' })
    const [paidFirst] = await withMoney(app.db, await app.db.select().from(bookings).where(eq(bookings.reference, first.json.reference)))
    expect(paidFirst).toMatchObject({ status: 'paid', paymentProvider: 'none', totalPrice: 0, voucherAmount: 16_500 })

    // The next booking takes the ¥3,500 left; the card pays ¥12,800 of ¥16,300.
    const second = await book({ voucherCode: code, tourDate: '2030-05-25', email: 'kenji@example.jp', numberOfPeople: 2 })
    expect(second.json).toMatchObject({ totalPrice: 10_800, voucherAmount: 3_500 })
    expect(await balanceOf(token)).toBe(0)
    const start = await app.client().post('/api/create-payment-intent', { bookingId: second.json.reference })
    expect(start.json.amount).toBe(10_800)

    const listed = (await loadAdminSection(app, vouchersSectionLoader, '/admin/vouchers', { username: 'guide-admin' })).vouchers
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ state: 'used-up', amount: 20_000, balance: 0, buyerName: 'Mei Chen', recipientName: 'Lin' })
    expect(listed[0]!.uses).toEqual([
      { reference: first.json.reference, amount: 16_500, returned: 0 },
      { reference: second.json.reference, amount: 3_500, returned: 0 },
    ])
    const csv = (await admin.get('/api/bookings.csv')).text.replace(/^\uFEFF/, '').trim().split('\r\n')
    const header = csv[0]!.split(',')
    const voucherColumn = header.indexOf('voucherAmount')
    expect(voucherColumn).toBeGreaterThan(header.indexOf('discount'))
    expect(csv.slice(1).map((line) => line.split(',')[voucherColumn])).toEqual(expect.arrayContaining(['16500', '3500']))

    // Revenue: the voucher is money in May, when it was sold; the tours count only their card part.
    const revenue = await app.services.adminBookings.revenue(2030)
    expect(revenue.months[4]).toMatchObject({ voucherSales: 20_000, voucherRefunds: 0, received: 0, paidByVoucher: 16_500 })
    expect(revenue.total).toMatchObject({ voucherSales: 20_000, net: 0 })
  })

  it('says in the dashboard’s list, its dialog’s data and the CSV when a voucher and a promo code paid part, beside the card (docs/decisions/0075)', async () => {
    const { code } = await paidVoucher(5_000)
    await app.services.promoCodes.create(promoCodeInputSchema.parse({ code: 'PHONE-10', kind: 'percent', value: 10 }))
    // A half-day tour for three: ¥16,500; the promo code takes ¥1,650, the voucher ¥5,000, the card the rest.
    const booked = await book({ voucherCode: code, promoCode: 'PHONE-10' })
    expect(booked.json).toMatchObject({ totalPrice: 9_850, voucherAmount: 5_000, discount: 1_650 })
    const reference = booked.json.reference as string
    const listedAs = async () => (await admin.get(`/api/bookings?q=${encodeURIComponent('aiko@example.com')}`)).json.items[0]
    // Before the card pays: what the voucher and the code paid, and what is still to pay.
    expect(await listedAs()).toMatchObject({ paidBy: [{ way: 'voucher', yen: 5_000 }, { way: 'promo', yen: 1_650, promoCode: 'PHONE-10' }], due: 9_850 })
    expect((await app.client().post('/api/create-payment-intent', { bookingId: reference })).status).toBe(200)
    expect((await app.client().post(`/api/bookings/${reference}/simulated-payment`, { cardNumber: CARD })).status).toBe(200)
    expect((await app.client().post(`/api/bookings/${reference}/payment-success`)).json).toEqual({ status: 'paid' })
    const paid = await listedAs()
    expect(paid).toMatchObject({ status: 'paid', tourPrice: 16_500, totalPrice: 9_850, due: 0, paidBy: [{ way: 'card', yen: 9_850 }, { way: 'voucher', yen: 5_000 }, { way: 'promo', yen: 1_650, promoCode: 'PHONE-10' }] })
    const csv = (await admin.get('/api/bookings.csv')).text.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(csv[0]!.split(',')).toContain('paidBy')
    // One cell, quoted for its commas.
    expect(csv.find((l) => l.includes(reference))).toContain(',"card ¥9,850 + voucher ¥5,000 + promo PHONE-10 ¥1,650",')
  })

  it('refuses unknown, unpaid, expired, cancelled, refunded and used-up vouchers with a 400 on the code field, storing nothing', async () => {
    const refused = async (voucherCode: string, message: string, tourDate = SAT) => {
      const before = await app.db.select().from(bookings)
      const res = await book({ voucherCode, tourDate, email: `guest${before.length}@example.com` })
      expect([res.status, res.json.errors], voucherCode).toEqual([400, { voucherCode: message }])
      expect(await app.db.select().from(bookings)).toHaveLength(before.length)
    }
    await refused('GIFT-0000-0000-0000-0000', rules.VOUCHER_UNKNOWN_MESSAGE)
    await refused('SPRING-10', rules.VOUCHER_UNKNOWN_MESSAGE)
    await refused('x'.repeat(41), rules.VOUCHER_UNKNOWN_MESSAGE)

    const usedUp = await paidVoucher(16_500)
    expect((await book({ voucherCode: usedUp.code, tourDate: '2030-06-01' })).status).toBe(201)
    await refused(usedUp.code, rules.VOUCHER_USED_UP_MESSAGE)

    const cancelled = await paidVoucher(10_000)
    const cancelledId = (await voucherByToken(app, cancelled.token)).id
    expect((await cancelVoucher(cancelledId, { refund: 'false' })).data?.result).toMatchObject({ voucher: { state: 'cancelled' } })
    await refused(cancelled.code, rules.VOUCHER_CANCELLED_MESSAGE)
    expect(await balanceOf(cancelled.token)).toBe(10_000)

    const refunded = await paidVoucher(10_000)
    const refundedId = (await voucherByToken(app, refunded.token)).id
    expect((await cancelVoucher(refundedId, { refund: 'true' })).data?.result).toMatchObject({ refund: { amount: 10_000, status: 'succeeded' } })
    await refused(refunded.code, rules.VOUCHER_CANCELLED_MESSAGE)

    const expiring = await paidVoucher(10_000)
    // 31 October is its last day; on 1 November in Japan it is refused.
    app.clock.set('2030-10-31T14:59:00Z')
    expect((await app.services.vouchers.findByToken(expiring.token))!.state).toBe('active')
    app.clock.set('2030-10-31T15:00:00Z')
    await refused(expiring.code, rules.VOUCHER_EXPIRED_MESSAGE, '2030-11-09')
    expect(await balanceOf(expiring.token)).toBe(10_000)
  })

  it('refuses on the page’s form post and data request in the page’s language, and spends there as by the API', async () => {
    const { token, code } = await paidVoucher(10_000)
    const fields = (overrides: Record<string, string> = {}) =>
      Object.fromEntries(Object.entries(details()).map(([k, v]) => [k, v === true ? 'on' : String(v)]).concat(Object.entries(overrides)))
    const byData = await postBookingPage(app, fields({ voucherCode: 'GIFT-0000-0000-0000-0000' }), { byScript: true, path: '/ja/booking.data' })
    expect([byData.status, byData.data?.errors]).toEqual([400, { voucherCode: 'このギフト券コードは無効です' }])
    const byForm = await postBookingPage(app, fields({ voucherCode: 'nope' }), { byScript: false, path: '/ko/booking' })
    expect(byForm.status).toBe(400)
    expect(byForm.data).toMatchObject({ errors: { voucherCode: '유효하지 않은 상품권 코드입니다' }, values: { voucherCode: 'nope' } })

    const spentByData = await postBookingPage(app, fields({ voucherCode: code }), { byScript: true, path: '/booking.data' })
    expect(spentByData.data).toMatchObject({ kind: 'created', booking: { totalPrice: 6_500, voucherAmount: 10_000 } })
    expect(await balanceOf(token)).toBe(0)
    const spentByForm = await postBookingPage(app, fields({ voucherCode: code, tourDate: '2030-05-25', email: 'kenji@example.jp' }), { byScript: false, path: '/booking' })
    expect([spentByForm.status, (spentByForm.data?.errors as Record<string, string>)?.voucherCode]).toEqual([400, rules.VOUCHER_USED_UP_MESSAGE])
  })

  it('gives the voucher part back when an unpaid hold lapses or is cancelled, once', async () => {
    const { token, code } = await paidVoucher(20_000)
    const lapsing = await book({ voucherCode: code, numberOfPeople: 2 })
    expect(lapsing.json).toMatchObject({ totalPrice: 0, voucherAmount: 14_300 })
    expect(await balanceOf(token)).toBe(5_700)
    app.clock.advanceMinutes(31)
    expect(await app.services.bookings.expireHolds()).toBe(1)
    expect(await app.services.bookings.expireHolds()).toBe(0)
    expect(await balanceOf(token)).toBe(20_000)
    expect(await voucherParts()).toHaveLength(0)

    const cancelling = await book({ voucherCode: code, tourDate: '2030-05-25' })
    expect(await balanceOf(token)).toBe(3_500)
    const cancelled = await app.client().post(`/api/bookings/${cancelling.json.reference}/cancel`)
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(await balanceOf(token)).toBe(20_000)

    // The guide deleting an unpaid booking gives it back too; a paid one with a voucher part cannot be deleted.
    const deleting = await book({ voucherCode: code, tourDate: '2030-06-01' })
    const [unpaid] = await app.db.select().from(bookings).where(eq(bookings.reference, deleting.json.reference))
    expect(await balanceOf(token)).toBe(3_500)
    expect((await admin.request('DELETE', `/api/bookings/${unpaid!.id}`)).status).toBeLessThan(300)
    expect(await balanceOf(token)).toBe(20_000)
    const paying = await book({ voucherCode: code, tourDate: '2030-06-08', numberOfPeople: 2 })
    await app.client().post(`/api/bookings/${paying.json.reference}/payment-success`)
    const [paid] = await withMoney(app.db, await app.db.select().from(bookings).where(eq(bookings.reference, paying.json.reference)))
    expect(paid).toMatchObject({ status: 'paid', totalPrice: 0, voucherAmount: 14_300 })
    expect((await admin.request('DELETE', `/api/bookings/${paid!.id}`)).status).toBe(409)
    expect(await balanceOf(token)).toBe(5_700)
  })

  it('takes the voucher part again when a lapsed hold is paid late, and gives the payment back when the voucher no longer has it (docs/decisions/0067)', async () => {
    const { token, code } = await paidVoucher(10_000)
    const late = await book({ voucherCode: code })
    await app.client().post('/api/create-payment-intent', { bookingId: late.json.reference })
    app.clock.advanceMinutes(31)
    await app.services.bookings.expireHolds()
    expect(await balanceOf(token)).toBe(10_000)
    // The card payment arrives after the hold lapsed; the slot is still free, so the booking is kept.
    await app.client().post(`/api/bookings/${late.json.reference}/simulated-payment`, { cardNumber: CARD })
    expect((await app.client().post(`/api/bookings/${late.json.reference}/payment-success`)).json).toEqual({ status: 'paid' })
    expect(await balanceOf(token)).toBe(0)
    expect(await voucherParts()).toEqual([expect.objectContaining({ net: 10_000 })])

    // The same, but the balance went to another booking meanwhile: the price is no longer what was paid, so the payment goes back and the booking stays cancelled.
    const second = await paidVoucher(10_000)
    const lapsing = await book({ voucherCode: second.code, tourDate: '2030-05-25', email: 'lapsing@example.com' })
    await app.client().post('/api/create-payment-intent', { bookingId: lapsing.json.reference })
    app.clock.advanceMinutes(31)
    await app.services.bookings.expireHolds()
    expect((await book({ voucherCode: second.code, tourDate: '2030-06-01', email: 'other@example.com' })).status).toBe(201)
    await app.client().post(`/api/bookings/${lapsing.json.reference}/simulated-payment`, { cardNumber: CARD })
    const refused = await app.client().post(`/api/bookings/${lapsing.json.reference}/payment-success`)
    expect([refused.status, refused.json.message]).toEqual([409, 'Your payment arrived after this booking could no longer be kept, so it is being refunded in full. Please contact us.'])
    const [given] = await withMoney(app.db, await app.db.select().from(bookings).where(eq(bookings.reference, lapsing.json.reference)))
    expect(given).toMatchObject({ status: 'cancelled', amountRefunded: 6_500 })
    expect(given!.money).toMatchObject({ card: 0, voucher: 0, due: 0 })
    expect(given!.attentionReason).toMatch(/gift voucher or promo code could no longer pay its part/)
    expect(await balanceOf(second.token)).toBe(0)
  })

  it('on a paid booking cancelled in time, returns the voucher part to the voucher and the card part to the card; later, neither', async () => {
    const { token, code } = await paidVoucher(10_000)
    const early = await book({ voucherCode: code })
    await app.client().post('/api/create-payment-intent', { bookingId: early.json.reference })
    await app.client().post(`/api/bookings/${early.json.reference}/simulated-payment`, { cardNumber: CARD })
    expect((await app.client().post(`/api/bookings/${early.json.reference}/payment-success`)).json).toEqual({ status: 'paid' })
    expect(await balanceOf(token)).toBe(0)
    const quote = await app.client().get(`/api/bookings/${early.json.reference}/cancellation-quote`)
    expect(quote.json).toMatchObject({ amountPaid: 6_500, voucherPaid: 10_000, voucherReturn: 10_000, refund: { amount: 6_500, rule: 'full-refund-7-days' } })
    const cancelled = await app.client().post(`/api/bookings/${early.json.reference}/cancel`)
    expect(cancelled.json.refund).toMatchObject({ amount: 6_500, status: 'succeeded' })
    expect(await balanceOf(token)).toBe(10_000)
    expect(await voucherPartOf(early.json.reference)).toBe(0)
    // The validity is not extended by money coming back.
    expect((await voucherByToken(app, token)).validUntil).toBe('2030-10-31')
    // The guest's e-mail says where each part went.
    const [cancelMail] = (await mails('booking-cancelled')).filter((m) => m.text.includes(early.json.reference))
    expect(cancelMail!.text).toContain('A refund of ¥6,500 is on its way')
    expect(cancelMail!.text).toContain('¥10,000 has gone back onto your gift voucher')

    // Within six days of the tour nothing comes back, to the card or to the voucher.
    const late = await book({ voucherCode: code, tourDate: '2030-05-04', email: 'late@example.com' })
    await app.client().post('/api/create-payment-intent', { bookingId: late.json.reference })
    await app.client().post(`/api/bookings/${late.json.reference}/simulated-payment`, { cardNumber: CARD })
    await app.client().post(`/api/bookings/${late.json.reference}/payment-success`)
    expect((await app.client().post(`/api/bookings/${late.json.reference}/cancel`)).json.refund).toMatchObject({ amount: 0 })
    expect(await balanceOf(token)).toBe(0)
  })

  it('on a guest’s move to a tour that costs less than the voucher paid, gives the rest back to the voucher and the card part to the card, on every way in', async () => {
    // A half-day tour for three, ¥16,500: ¥15,000 from the voucher, ¥1,500 by card.
    const { token, code } = await paidVoucher(15_000)
    const paidBooking = async (voucherCode: string, email: string, tourDate = SAT) => {
      const booked = await book({ voucherCode, email, tourDate })
      expect(booked.json).toMatchObject({ totalPrice: 1_500, voucherAmount: 15_000 })
      const ref = booked.json.reference as string
      await app.client().post('/api/create-payment-intent', { bookingId: ref })
      await app.client().post(`/api/bookings/${ref}/simulated-payment`, { cardNumber: CARD })
      expect((await app.client().post(`/api/bookings/${ref}/payment-success`)).json).toEqual({ status: 'paid' })
      return ref
    }
    const forTwo = { tourDate: SAT, tourTime: 'morning', tourPackageId: halfDay, numberOfPeople: 2 }
    const ref = await paidBooking(code, 'aiko@example.com')
    expect(await balanceOf(token)).toBe(0)

    // The review step says what goes where: the card's ¥1,500 back, and ¥700 of the voucher's part (for two, ¥14,300).
    const review = await loadChangePage(app, ref, `?date=${SAT}&tourTime=morning&tourPackageId=${halfDay}&numberOfPeople=2&step=review`)
    expect(review.chooser.review).toMatchObject({ newTotal: 0, refund: 1_500, voucherBack: 700 })

    const moved = await app.client().post(`/api/bookings/${ref}/move`, forTwo)
    expect(moved.json).toMatchObject({ status: 'moved', booking: { numberOfPeople: 2, totalPrice: 0, voucherAmount: 14_300 }, refund: { amount: 1_500, status: 'succeeded' }, voucherBack: 700 })
    expect(await balanceOf(token)).toBe(700)
    expect(await voucherPartOf(ref)).toBe(14_300)
    const [movedMail] = (await mails('booking-moved')).filter((m) => m.toAddress === 'aiko@example.com')
    expect(movedMail!.text).toContain('¥700 has gone back onto your gift voucher')

    // Cancelled in time later, it returns what it still holds, never what already went back.
    const quote = await app.client().get(`/api/bookings/${ref}/cancellation-quote`)
    expect(quote.json).toMatchObject({ amountPaid: 0, voucherPaid: 14_300, voucherReturn: 14_300 })
    await app.client().post(`/api/bookings/${ref}/cancel`)
    expect(await balanceOf(token)).toBe(15_000)

    // The change page's form post and its data request do the same.
    for (const [i, path] of [`/booking-confirmation/{ref}/change`, `/ja/booking-confirmation/{ref}/change.data`].entries()) {
      const voucher = await paidVoucher(15_000)
      const tourDate = ['2030-05-25', '2030-06-01'][i]!
      const other = await paidBooking(voucher.code, `guest${i}@example.com`, tourDate)
      const posted = await postChangePage(app, other, { ...forTwo, tourDate }, path.replace('{ref}', other))
      expect(posted).toMatchObject({ status: 200, data: { kind: 'changed', refund: { amount: 1_500 }, voucherBack: 700 } })
      expect(await balanceOf(voucher.token)).toBe(700)
      const [row] = await withMoney(app.db, await app.db.select().from(bookings).where(eq(bookings.reference, other)))
      expect(row).toMatchObject({ totalPrice: 0, voucherAmount: 14_300, numberOfPeople: 2 })
    }
  })

  it('lets the guide cancel and refund an unused voucher only, admin only, and its code stops working at once', async () => {
    const unused = await paidVoucher(10_000)
    const used = await paidVoucher(20_000)
    const ids = { unused: (await voucherByToken(app, unused.token)).id, used: (await voucherByToken(app, used.token)).id }
    expect((await book({ voucherCode: used.code })).status).toBe(201)

    // Anyone not an admin goes to the login page; another site's page is refused by the app's same-origin guard, in front of the pages too.
    await app.createUser('helper', 'correct-horse-battery', false)
    for (const username of [undefined, 'helper']) {
      const res = await postAdminSectionAsVisitor(app, vouchersSectionAction, '/admin/vouchers', { intent: 'cancel', id: String(ids.unused), refund: 'true' }, { username })
      expect(res, username).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Fvouchers' })
    }
    const crossSite = await admin.request('POST', '/admin/vouchers', `intent=cancel&id=${ids.unused}&refund=true`, { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' })
    expect(crossSite.status).toBe(403)
    expect((await voucherByToken(app, unused.token)).status).toBe('active')

    expect(await cancelVoucher(ids.used, { refund: 'true' })).toMatchObject({ status: 409 })
    const refunded = await cancelVoucher(ids.unused, { refund: 'true' })
    expect(refunded.data?.result).toMatchObject({ voucher: { state: 'refunded', amountRefunded: 10_000, attentionReason: null }, refund: { amount: 10_000, status: 'succeeded' } })
    const refundRows = await app.db.select().from(payments).where(and(eq(payments.voucherId, ids.unused), eq(payments.kind, 'refund')))
    expect(refundRows.map((r) => [r.amount, r.status])).toEqual([[10_000, 'succeeded']])
    // Asked again: nothing more happens.
    expect((await cancelVoucher(ids.unused, { refund: 'true' })).status).toBe(409)
    // A partly used voucher is cancelled without refund; its balance stays recorded.
    expect((await cancelVoucher(ids.used, { refund: 'false' })).data?.result).toMatchObject({ voucher: { state: 'cancelled', balance: 3_500 } })
  })

  it('lets the guide cancel a voucher by the Vouchers section’s form, with or without script, refused in the guide’s language (docs/decisions/0088)', async () => {
    const unused = await paidVoucher(10_000)
    const used = await paidVoucher(20_000)
    const ids = { unused: (await voucherByToken(app, unused.token)).id, used: (await voucherByToken(app, used.token)).id }
    expect((await book({ voucherCode: used.code })).status).toBe(201)
    const send = (fields: Record<string, string>, byScript: boolean, language?: string) =>
      postAdminSection(app, vouchersSectionAction, '/admin/vouchers', { intent: 'cancel', ...fields }, { byScript, username: 'guide-admin', language })

    // A used voucher is not refunded: refused in Japanese to a Japanese browser, nothing changed.
    const refused = await send({ id: String(ids.used), refund: 'true' }, true, 'ja')
    expect(refused).toMatchObject({ status: 409, data: { ok: false, message: '返金できるのは未使用のギフト券だけです。このギフト券はすでに予約に使われています' } })
    expect((await voucherByToken(app, used.token)).status).toBe('active')

    // Without script: the refund goes through, and the page comes back.
    expect(await send({ id: String(ids.unused), refund: 'true' }, false)).toMatchObject({ status: 302, location: '/admin/vouchers' })
    expect(await voucherByToken(app, unused.token)).toMatchObject({ status: 'refunded', amountRefunded: 10_000 })
    // By script: the answer is the cancel's, for the toast.
    const cancelled = await send({ id: String(ids.used), refund: 'false' }, true)
    expect(cancelled).toMatchObject({ status: 200, data: { ok: true, result: { voucher: { state: 'cancelled', balance: 3_500 }, refund: { amount: 0 } } } })
    expect((await send({ id: String(ids.used), refund: 'false' }, true, 'ja')).data).toMatchObject({ ok: false, message: '取り消せるのは、支払い済みでまだ取り消していないギフト券だけです' })
    expect((await send({ id: 'x', refund: 'false' }, true)).status).toBe(400)
  })

  it('refunds an expired voucher only as the guide’s confirmed exception, and records it (docs/decisions/0065)', async () => {
    const expiring = await paidVoucher(10_000)
    const id = (await voucherByToken(app, expiring.token)).id
    // Paid 1 May 2030, six months: usable through 31 October.
    app.clock.advanceMinutes(200 * 24 * 60)
    const refused = await cancelVoucher(id, { refund: 'true' })
    expect(refused).toMatchObject({ status: 409, data: { message: 'This voucher expired on Thursday, October 31, 2030: the terms say an expired balance is not refunded. Confirm that you refund it as an exception.', errors: { exception: expect.any(String) } } })
    expect((await voucherByToken(app, expiring.token)).status).toBe('active')
    const refunded = await cancelVoucher(id, { refund: 'true', exception: 'true' })
    expect(refunded.data?.result).toMatchObject({ voucher: { state: 'refunded', amountRefunded: 10_000 }, refund: { amount: 10_000 } })
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.subject, `voucher:${id}`))
    expect(entry!.details).toMatchObject({ exception: expect.stringContaining('as the guide confirmed') })
  })

  it('lets the guide set the validity and the amount limits', async () => {
    expect((await settings({ intent: 'voucherRules', validityMonths: '12', minAmount: '3000', maxAmount: '100000' })).data?.result).toEqual({ validityMonths: 12, minAmount: 3_000, maxAmount: 100_000 })
    expect((await settings({ intent: 'voucherRules', validityMonths: '12', minAmount: '200000', maxAmount: '100000' })).status).toBe(400)
    expect(await postAdminSectionAsVisitor(app, settingsAction, '/admin/settings', { intent: 'voucherRules', validityMonths: '6', minAmount: '1', maxAmount: '2' })).toEqual({
      status: 302,
      location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Fsettings',
    })
    expect(await app.services.vouchers.rules()).toEqual({ validityMonths: 12, minAmount: 3_000, maxAmount: 100_000 })
    const { token } = await paidVoucher(3_000)
    expect((await voucherByToken(app, token)).validUntil).toBe('2031-04-30')
    expect((await voucherClient(app).buy({ amount: 100_001 })).status).toBe(400)
  })

  it('no longer answers the dashboard’s old JSON routes for vouchers: the Vouchers and Settings sections’ loaders and actions took them over', async () => {
    const { token } = await paidVoucher(10_000)
    const id = (await voucherByToken(app, token)).id
    expect((await admin.get('/api/admin/vouchers')).status).toBe(404)
    expect((await admin.post(`/api/admin/vouchers/${id}/cancel`, { refund: true })).status).toBe(404)
    expect((await admin.get('/api/admin/voucher-rules')).status).toBe(404)
    expect((await admin.put('/api/admin/voucher-rules', { validityMonths: 12, minAmount: 3_000, maxAmount: 100_000 })).status).toBe(404)
    expect((await voucherByToken(app, token)).status).toBe('active')
  })

  it('counts purchases and code attempts against the booking limit per client address', async () => {
    await app.close()
    ;({ app, admin, halfDay } = await startWithCatalogue(engine, NOW, { RATE_LIMIT_BOOKINGS_PER_HOUR: '3' }))
    const guesser = app.client()
    expect((await guesser.post('/api/vouchers', { choice: 'custom', amount: 10_000, buyerName: 'A', buyerEmail: 'a@example.com' })).status).toBe(201)
    expect((await book({ voucherCode: 'GIFT-AAAA-AAAA-AAAA-AAAA' }, guesser)).status).toBe(400)
    expect((await book({ voucherCode: 'GIFT-BBBB-BBBB-BBBB-BBBB' }, guesser)).status).toBe(400)
    expect((await book({ voucherCode: 'GIFT-CCCC-CCCC-CCCC-CCCC' }, guesser)).status).toBe(429)
    expect((await guesser.post('/api/vouchers', { choice: 'custom', amount: 10_000, buyerName: 'A', buyerEmail: 'a@example.com' })).status).toBe(429)
  })

  it.skipIf(engine !== 'postgres')('spends the last balance for exactly one of two bookings racing through two instances, 20 times', async () => {
    const env = { RATE_LIMIT_BOOKINGS_PER_HOUR: '1000' }
    await app.close()
    ;({ app, admin, halfDay } = await startWithCatalogue(engine, NOW, env))
    const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
    const other = await startTestApp(engine, { clock: app.clock, database: second, env })
    try {
      for (let round = 0; round < 20; round++) {
        // ¥14,300: one half-day tour for two, exactly; the slots and addresses differ so only the balance is contested.
        const { token, code } = await paidVoucher(14_300)
        const tourDate = new Date(Date.UTC(2030, 4, 4 + 7 * round)).toISOString().slice(0, 10)
        const [a, b] = await Promise.all([
          book({ voucherCode: code, tourDate, tourTime: 'morning', numberOfPeople: 2, email: `a${round}@example.com` }),
          book({ voucherCode: code, tourDate, tourTime: 'afternoon', numberOfPeople: 2, email: `b${round}@example.com` }, other.client()),
        ])
        expect([a.status, b.status].sort(), `round ${round}: ${a.text} ${b.text}`).toEqual([201, 400])
        expect([a, b].find((r) => r.status === 400)!.json.errors.voucherCode).toBe(rules.VOUCHER_USED_UP_MESSAGE)
        expect(await balanceOf(token), `round ${round}`).toBe(0)
        expect([a, b].find((r) => r.status === 201)!.json).toMatchObject({ totalPrice: 0, voucherAmount: 14_300 })
      }
      expect(await voucherParts()).toHaveLength(20)
    } finally {
      await other.close()
      await second.close()
    }
  }, 180_000)

  it.skipIf(engine !== 'postgres')('activates a voucher once when its payment is confirmed through two instances at the same moment, 20 times', async () => {
    const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
    const other = await startTestApp(engine, { clock: app.clock, database: second })
    try {
      for (let round = 0; round < 20; round++) {
        const here = voucherClient(app)
        const there = voucherClient(other)
        const { token } = (await here.buy({ amount: 10_000, buyerEmail: `buyer${round}@example.com` })).json
        expect((await here.start(token)).status).toBe(200)
        expect((await here.card(token)).status).toBe(200)
        // The buyer's browser on one instance and, at the same moment, a retry landing on the other.
        const [a, b] = await Promise.all([here.confirm(token), there.confirm(token)])
        expect([a.json, b.json], `round ${round}`).toEqual([{ status: 'paid' }, { status: 'paid' }])
        expect(await voucherByToken(app, token), `round ${round}`).toMatchObject({ status: 'active', balance: 10_000 })
      }
      // Each voucher was activated once: one e-mail to each buyer, one notice to the guide, one charge on its trail.
      expect(await mails('voucher-purchased')).toHaveLength(20)
      expect(await app.db.select().from(notifications).where(eq(notifications.title, 'Voucher sold'))).toHaveLength(20)
      const charges = await app.db.select().from(payments).where(and(eq(payments.kind, 'charge'), eq(payments.status, 'succeeded')))
      expect(charges.filter((c) => c.voucherId !== null)).toHaveLength(20)
    } finally {
      await other.close()
      await second.close()
    }
  }, 180_000)
})

describe.each(ENGINES)('gift vouchers paid with Stripe (%s)', (engine) => {
  let app: TestApp
  let stripe: StripeDouble
  beforeAll(async () => {
    stripe = await startStripeDouble()
  })
  afterAll(async () => {
    await stripe.close()
  })
  beforeEach(async () => {
    stripe.reset()
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env: stripe.env() })
  })
  afterEach(async () => {
    // The books add up after every test, races included (docs/decisions/0067).
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  async function startedVoucher(amount = 20_000) {
    const v = voucherClient(app)
    const { token } = (await v.buy({ amount })).json
    const start = await v.start(token)
    expect(start.json).toMatchObject({ mode: 'stripe', amount })
    return { v, token, intentId: (start.json.clientSecret as string).replace('_secret_double', '') }
  }

  it('names the voucher in the intent’s metadata and activates it once from the webhook; a replay changes nothing', async () => {
    const { v, token, intentId } = await startedVoucher()
    const voucher = await voucherByToken(app, token)
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!
    expect(create.params).toMatchObject({ amount: '20000', currency: 'jpy', metadata: { voucherId: String(voucher.id), reference: `voucher-${voucher.id}` } })
    expect(create.idempotencyKey).toBe(`voucher-${voucher.id}-20000JPY`)
    const signed = signedEvent('payment_intent.succeeded', stripe.succeed(intentId))
    expect(await postWebhook(app, signed)).toMatchObject({ status: 200, json: { outcome: 'processed' } })
    expect(await postWebhook(app, signed)).toMatchObject({ status: 200, json: { outcome: 'duplicate' } })
    // The same news again under another event id, and the browser's call: still one activation.
    expect((await postWebhook(app, signedEvent('payment_intent.succeeded', stripe.intents.get(intentId)))).status).toBe(200)
    expect((await v.confirm(token)).json).toEqual({ status: 'paid' })
    expect(await voucherByToken(app, token)).toMatchObject({ status: 'active', paymentIntentId: intentId })
    expect(await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'voucher-purchased'))).toHaveLength(1)
    expect(await app.db.select().from(notifications).where(eq(notifications.title, 'Voucher sold'))).toHaveLength(1)
  })

  it('records a declined attempt reported by the webhook on the voucher’s money trail', async () => {
    const { token, intentId } = await startedVoucher()
    const voucher = await voucherByToken(app, token)
    const failed = { ...stripe.intents.get(intentId), status: 'requires_payment_method', latest_charge: 'ch_declined_1', last_payment_error: { message: 'Your card was declined.' } }
    expect((await postWebhook(app, signedEvent('payment_intent.payment_failed', failed))).json).toMatchObject({ outcome: 'processed' })
    const rows = await app.db.select().from(payments).where(and(eq(payments.voucherId, voucher.id), eq(payments.kind, 'charge')))
    expect(rows.map((r) => [r.providerId, r.status, r.detail])).toEqual([['ch_declined_1', 'failed', 'Your card was declined.']])
    expect((await voucherByToken(app, token)).status).toBe('pending')
  })

  it('flags a payment of another amount and does not activate the voucher', async () => {
    const { v, token, intentId } = await startedVoucher()
    stripe.succeed(intentId).amount = 100
    expect(await v.confirm(token)).toMatchObject({ status: 409, json: { message: 'The payment does not match this voucher. Please contact us.' } })
    expect(await voucherByToken(app, token)).toMatchObject({ status: 'pending', attentionReason: expect.stringMatching(/does not match/) })
    expect(await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'voucher-purchased'))).toHaveLength(0)
  })

  it('refunds an unused voucher through Stripe with an idempotency key, and a refund made in Stripe stops the code', async () => {
    // The guide who cancels in the dashboard.
    await app.loggedIn(true)
    const first = await startedVoucher(10_000)
    stripe.succeed(first.intentId)
    await first.v.confirm(first.token)
    const id = (await voucherByToken(app, first.token)).id
    const cancelled = await postAdminSection(app, vouchersSectionAction, '/admin/vouchers', { intent: 'cancel', id: String(id), refund: 'true' }, { byScript: true, username: 'guide-admin' })
    expect(cancelled.data?.result).toMatchObject({ refund: { amount: 10_000, status: 'succeeded' } })
    const refund = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds')!
    expect(refund.idempotencyKey).toBe(`refund-voucher-${id}-${first.intentId}-10000`)

    const second = await startedVoucher(15_000)
    stripe.succeed(second.intentId)
    await second.v.confirm(second.token)
    const charge = { id: 'ch_double_refunded', object: 'charge', payment_intent: second.intentId, amount: 15_000, amount_refunded: 15_000 }
    expect((await postWebhook(app, signedEvent('charge.refunded', charge))).json).toMatchObject({ outcome: 'processed' })
    expect(await voucherByToken(app, second.token)).toMatchObject({ status: 'refunded', amountRefunded: 15_000 })
  })
})
