import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { and, eq, gte, lt } from 'drizzle-orm'
import iconv from 'iconv-lite'
import { ENGINES } from './databases.ts'
import { startWithCatalogue, TestClient, type TestApp } from './app.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { parseCsv } from './csv.ts'
import { bookings, moneyMovements } from '../../server/db/schema.ts'
import { addDays, tokyoInstant } from '../../core/dates.ts'
import { resellerInputSchema } from '../../core/schemas/reseller.ts'
import { guideCancels } from './guide-desk.ts'

/**
 * The guide's books (docs/decisions/0082): bookings made through the real services (a card booking
 * cancelled with a fee kept, a gift voucher sold and spent, a reseller's booking at 20 %), then the
 * period's journal downloaded, read back and checked against the ledger: every entry balances and
 * each account's total is what the ledger moved.
 */

// Wednesday 2030-05-01, 12:00 in Japan; the Saturdays are inside the booking window.
const NOW = '2030-05-01T03:00:00.000Z'
const SATURDAY = '2030-06-15'
const NEXT_SATURDAY = '2030-06-22'
const CARD = '4242424242424242'

describe.each(ENGINES)('the journal export on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let halfDay: number

  beforeEach(async () => {
    ;({ app, admin, halfDay } = await startWithCatalogue(engine, NOW))
  })
  afterEach(async () => {
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  const details = (overrides: Record<string, unknown> = {}) => ({
    name: 'Aiko Tanaka',
    email: 'aiko@example.com',
    phone: '+44 7700 900123',
    numberOfPeople: 2,
    tourPackageId: halfDay,
    tourDate: SATURDAY,
    tourTime: 'morning',
    acceptPolicy: true,
    ...overrides,
  })

  /** A guest's booking paid on the simulated card form; its id and reference. */
  async function bookAndPay(overrides: Record<string, unknown> = {}) {
    const guest = app.client()
    const booked = await guest.post('/api/bookings', details(overrides))
    expect(booked.status, booked.text).toBe(201)
    const reference = booked.json.reference as string
    if (booked.json.totalPrice > 0) {
      expect((await guest.post('/api/create-payment-intent', { bookingId: reference })).status).toBe(200)
      expect((await guest.post(`/api/bookings/${reference}/simulated-payment`, { cardNumber: CARD })).status).toBe(200)
      expect((await guest.post(`/api/bookings/${reference}/payment-success`)).json).toEqual({ status: 'paid' })
    }
    const [row] = await app.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, reference))
    return { id: row!.id, reference }
  }

  /** A gift voucher of `amount` yen bought and paid by card; its code. */
  async function paidVoucher(amount: number) {
    const buyer = app.client()
    const bought = await buyer.post('/api/vouchers', { choice: 'custom', amount, buyerName: 'Mei Chen', buyerEmail: 'mei@example.com', recipientName: 'Lin', locale: 'en' })
    expect(bought.status, bought.text).toBe(201)
    const token = bought.json.token as string
    expect((await buyer.post(`/api/vouchers/${token}/payment-intent`)).status).toBe(200)
    expect((await buyer.post(`/api/vouchers/${token}/simulated-payment`, { cardNumber: CARD })).status).toBe(200)
    expect((await buyer.post(`/api/vouchers/${token}/payment-success`)).json).toMatchObject({ status: 'paid' })
    return (await buyer.get(`/api/vouchers/${token}`)).json.code as string
  }

  /** A reseller's half day for two, reserved and confirmed over OCTO. */
  async function resellerBooking(apiKey: string) {
    const client = new TestClient(app.baseUrl)
    const h = { authorization: `Bearer ${apiKey}`, 'octo-capabilities': 'octo/pricing' }
    const held = await client.post('/octo/v1/bookings', { productId: String(halfDay), optionId: 'half-day', availabilityId: `${NEXT_SATURDAY}T09:00:00+09:00`, unitItems: [{ unitId: 'guest' }, { unitId: 'guest' }], resellerReference: 'KL-1' }, h)
    expect(held.status, held.text).toBe(200)
    const confirmed = await client.post(`/octo/v1/bookings/${held.json.uuid}/confirm`, { contact: { fullName: 'Guest of KL-1' } }, h)
    expect(confirmed.status, confirmed.text).toBe(200)
  }

  /** The admin's download as bytes: the Money Forward layout is Shift_JIS, which the test client would read as UTF-8. */
  async function download(query: string) {
    const login = await fetch(`${app.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'guide-admin', password: 'correct-horse-battery' }) })
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    const res = await fetch(`${app.baseUrl}/api/admin/journal.csv?${query}`, { headers: { cookie } })
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
  }

  /** What the ledger moved in the period, by kind: the figures the journal must add up to. */
  async function ledgerOf(from: string, to: string) {
    const rows = await app.db
      .select()
      .from(moneyMovements)
      .where(and(gte(moneyMovements.createdAt, tokyoInstant(from, '00:00')), lt(moneyMovements.createdAt, tokyoInstant(addDays(to, 1), '00:00'))))
    const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((total, r) => total + r.amount, 0)
    return { rows: rows.length, card: sum('card'), cash: sum('cash'), voucher: sum('voucher'), voucherSale: sum('voucher-sale'), reseller: sum('reseller'), commission: sum('commission'), fee: sum('cancellation-fee') }
  }

  it('books a period’s ledger as balanced entries whose accounts total what the ledger moved, in both layouts', async () => {
    // 1 May: a ¥14,300 half day paid by card; the guide cancels it for the guest the same day, keeping 30 % (¥4,290).
    const cancelled = await bookAndPay()
    const cancel = await guideCancels(app, cancelled.id, { cause: 'guest', refundAmount: 10_010 })
    expect(cancel.status, JSON.stringify(cancel.data)).toBe(200)
    // A ¥10,000 gift voucher sold, then spent on a ¥14,300 afternoon; the card pays ¥4,300.
    const code = await paidVoucher(10_000)
    const byVoucher = await bookAndPay({ tourTime: 'afternoon', voucherCode: code, email: 'kenji@example.jp' })
    // Klook sells a half day for two at 20 % commission.
    const klook = await app.services.resellers.create(resellerInputSchema.parse({ name: 'Klook', commissionPercent: 20 }))
    await resellerBooking(klook.apiKey)

    const ledger = await ledgerOf('2030-05-01', '2030-05-01')
    expect(ledger).toMatchObject({ card: 14_300 - 10_010 + 4_300, voucher: 10_000, voucherSale: 10_000, reseller: 11_440, commission: 2_860, fee: 4_290 })

    const generic = await download('from=2030-05-01&to=2030-05-01&format=generic')
    expect(generic.status).toBe(200)
    expect(generic.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(generic.headers.get('content-disposition')).toBe('attachment; filename="journal-2030-05-01-to-2030-05-01-generic.csv"')
    const text = generic.bytes.toString('utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const entries = parseCsv(text.slice(1))
    expect(Object.keys(entries[0]!)).toEqual(['date', 'entry', 'debit account', 'debit sub-account', 'debit tax category', 'debit tax', 'credit account', 'credit sub-account', 'credit tax category', 'credit tax', 'amount', 'booking reference', 'description', 'ledger row'])

    // Every entry balances: one positive amount, two different accounts; numbered from 1, on the period's day.
    const net = new Map<string, number>()
    entries.forEach((e, i) => {
      const amount = Number(e.amount)
      expect(Number.isSafeInteger(amount) && amount > 0, JSON.stringify(e)).toBe(true)
      expect(`${e['debit account']}/${e['debit sub-account']}`).not.toBe(`${e['credit account']}/${e['credit sub-account']}`)
      expect([e.entry, e.date]).toEqual([String(i + 1), '2030/05/01'])
      const debit = `${e['debit account']}/${e['debit sub-account']}`
      const credit = `${e['credit account']}/${e['credit sub-account']}`
      net.set(debit, (net.get(debit) ?? 0) + amount)
      net.set(credit, (net.get(credit) ?? 0) - amount)
    })
    expect([...net.values()].reduce((a, b) => a + b, 0)).toBe(0)
    // Each account totals the ledger: the card processor holds the card and voucher-sale money, the
    // reseller owes its net, sales are what paid for tours less the fee kept, which is a fee of its own.
    const totals = Object.fromEntries([...net].filter(([, v]) => v !== 0))
    expect(totals).toEqual({
      '売掛金/Stripe': ledger.card + ledger.voucherSale,
      '売掛金/Klook': ledger.reseller,
      '支払手数料/': ledger.commission,
      '売上高/': -(ledger.card + ledger.voucher + ledger.reseller + ledger.commission - ledger.fee),
      '雑収入/': -ledger.fee,
    })
    // By hand: sales of ¥28,600 (the voucher's afternoon and Klook's tour), ¥4,290 of fees, ¥18,590 with Stripe.
    expect(totals).toEqual({ '売掛金/Stripe': 18_590, '売掛金/Klook': 11_440, '支払手数料/': 2_860, '売上高/': -28_600, '雑収入/': -4_290 })
    // The voucher's sale is an advance, spent the same day: nothing left on 前受金, and no tax on it.
    expect(net.get('前受金/')).toBe(0)
    const voucherSale = entries.find((e) => e['credit account'] === '前受金')!
    expect(voucherSale).toMatchObject({ 'credit tax category': '対象外', 'credit tax': '0', amount: '10000' })
    // The fee kept: a return of taxable sales (¥390 tax inside) into a fee outside consumption tax.
    const fee = entries.find((e) => e['credit account'] === '雑収入')!
    expect(fee).toMatchObject({ 'debit account': '売上高', 'debit tax category': '課税売上-返還等 10%', 'debit tax': '390', 'credit tax category': '対象外', amount: '4290', 'booking reference': cancelled.reference })
    expect(entries.filter((e) => e['booking reference'] === byVoucher.reference).map((e) => [e['debit account'], e['credit tax category'], e['credit tax'], e.amount])).toEqual([
      ['前受金', '課税売上 10%', '909', '10000'],
      ['売掛金', '課税売上 10%', '390', '4300'],
    ])

    // Money Forward's layout: Shift_JIS, its 27 columns, the same entries with the same amounts on both sides.
    const mf = await download('from=2030-05-01&to=2030-05-01&format=moneyforward')
    expect([mf.status, mf.headers.get('content-type')]).toEqual([200, 'text/csv; charset=Shift_JIS'])
    const decoded = iconv.decode(mf.bytes, 'cp932')
    expect(mf.bytes.equals(iconv.encode(decoded, 'cp932'))).toBe(true)
    const rows = parseCsv(decoded)
    expect(Object.keys(rows[0]!)).toEqual(['取引No', '取引日', '借方勘定科目', '借方補助科目', '借方部門', '借方取引先', '借方税区分', '借方インボイス', '借方金額(円)', '借方税額', '貸方勘定科目', '貸方補助科目', '貸方部門', '貸方取引先', '貸方税区分', '貸方インボイス', '貸方金額(円)', '貸方税額', '摘要', '仕訳メモ', 'タグ', 'MF仕訳タイプ', '決算整理仕訳', '作成日時', '作成者', '最終更新日時', '最終更新者'])
    expect(rows).toHaveLength(entries.length)
    rows.forEach((r, i) => {
      const e = entries[i]!
      expect([r['取引No'], r['取引日'], r['借方金額(円)'], r['貸方金額(円)']]).toEqual([String(i + 1), '2030/05/01', e.amount, e.amount])
      expect([r['借方勘定科目'], r['借方補助科目'], r['借方税区分'], r['貸方勘定科目'], r['貸方補助科目'], r['貸方税区分'], r['摘要']]).toEqual([e['debit account'], e['debit sub-account'], e['debit tax category'], e['credit account'], e['credit sub-account'], e['credit tax category'], e.description])
      // A tax amount only where the category carries tax.
      expect(r['借方税額']).toBe(e['debit tax category'] === '対象外' ? '' : e['debit tax'])
    })

    // The day before holds nothing: the header alone.
    const empty = await download('from=2030-04-30&to=2030-04-30&format=generic')
    expect(empty.bytes.toString('utf8').trim().split('\r\n')).toHaveLength(1)
  })

  it('reads a long period page by page, each row once, oldest first, each on its Japan day', async () => {
    await bookAndPay()
    // 00:30 on 2 May in Japan, still 1 May in UTC: a movement of 2 May.
    app.clock.set('2030-05-01T15:30:00.000Z')
    await bookAndPay({ tourTime: 'afternoon', email: 'kenji@example.jp' })
    const all = (await ledgerOf('2030-05-01', '2030-05-02')).rows
    const seen: { id: number; on: string }[] = []
    for await (const page of app.services.journal.movements('2030-05-01', '2030-05-02', 1)) {
      expect(page).toHaveLength(1)
      seen.push({ id: page[0]!.id, on: page[0]!.on })
    }
    expect(seen).toHaveLength(all)
    expect(new Set(seen.map((m) => m.id)).size).toBe(all)
    expect(seen.map((m) => m.id)).toEqual(seen.map((m) => m.id).sort((a, b) => a - b))
    // Each booking wrote its price and its card payment: two rows on each Japan day.
    expect(seen.map((m) => m.on)).toEqual(['2030-05-01', '2030-05-01', '2030-05-02', '2030-05-02'])
    const second = []
    for await (const page of app.services.journal.movements('2030-05-02', '2030-05-02')) second.push(...page)
    expect(second.map((m) => m.id)).toEqual(seen.slice(2).map((m) => m.id))
  })

  it('refuses a bad period with a clear 400, and anyone but the guide', async () => {
    const refused = async (query: string, message: string) => {
      const res = await admin.get(`/api/admin/journal.csv?${query}`)
      expect([res.status, res.json?.message], query).toEqual([400, message])
    }
    await refused('to=2030-05-01', 'Please choose the first day (yyyy-MM-dd)')
    await refused('from=2030-02-30&to=2030-05-01', 'Please choose the first day (yyyy-MM-dd)')
    await refused('from=2030-05-01&to=tomorrow', 'Please choose the last day (yyyy-MM-dd)')
    await refused('from=2030-05-02&to=2030-05-01', 'The first day must not be after the last day')
    await refused('from=2029-01-01&to=2030-01-02', 'A journal covers at most 366 days: download a long period in parts')
    await refused('from=9999-12-31&to=9999-12-31', 'The period must lie between 2000 and 2100')
    await refused('from=2030-05-01&to=2030-05-01&format=xlsx', 'Format must be moneyforward or generic')
    expect((await app.client().get('/api/admin/journal.csv?from=2030-05-01&to=2030-05-01')).status).toBe(401)
    // The Money Forward layout is the default; a whole leap year is one period.
    expect((await admin.get('/api/admin/journal.csv?from=2028-01-01&to=2028-12-31')).headers.get('content-type')).toBe('text/csv; charset=Shift_JIS')
  })
})
