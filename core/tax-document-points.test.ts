import { describe, expect, it } from 'vitest'
import type { Movement } from './ledger.ts'
import { BANK_TRANSFER, documentPoints, taxIncludedIn, type LedgerRow } from './tax-document-points.ts'

/** A ledger written step by step: each step is one transition's rows at one instant. */
function ledger(...steps: [Movement['transition'], [Movement['kind'], number, Partial<Movement>?][]][]): LedgerRow[] {
  let id = 0
  return steps.flatMap(([transition, rows], i) =>
    rows.map(([kind, amount, over]) => ({
      id: ++id,
      at: new Date(Date.UTC(2026, 10, 1 + i)),
      kind,
      amount,
      transition,
      voucherId: kind === 'voucher' ? 7 : null,
      intentId: kind === 'card' ? 'pi_1' : null,
      reference: null,
      ...over,
    })),
  )
}

describe('consumption tax inside a tax-inclusive price', () => {
  it('is 10/110 of the amount, fractions of a yen rounded down', () => {
    // ¥14,300 × 10 / 110 = ¥1,300 exactly; ¥10,010 × 10 / 110 = ¥910; ¥12,870 × 10 / 110 = ¥1,170.
    expect(taxIncludedIn(14_300, true)).toBe(1_300)
    expect(taxIncludedIn(10_010, true)).toBe(910)
    expect(taxIncludedIn(12_870, true)).toBe(1_170)
    // ¥1,001 × 10 / 110 = ¥91.0; ¥1,000 × 10 / 110 = ¥90.909… → ¥90; ¥5 → ¥0.45… → ¥0.
    expect(taxIncludedIn(1_001, true)).toBe(91)
    expect(taxIncludedIn(1_000, true)).toBe(90)
    expect(taxIncludedIn(5, true)).toBe(0)
    expect(taxIncludedIn(14_300, false)).toBe(0)
  })
})

describe('the documents a booking’s ledger calls for (docs/decisions/0080)', () => {
  it('a card payment: one receipt for what was charged', () => {
    const rows = ledger(['create', [['price', 14_300]]], ['pay', [['card', 14_300]]])
    expect(documentPoints(rows, true)).toEqual([{ key: 2, kind: 'receipt', at: rows[1]!.at, taxable: 14_300, tax: 1_300, notTaxable: 0, total: 14_300, ways: [{ way: 'card', yen: 14_300 }] }])
  })

  it('a promo code lowers the consideration; a voucher part is paid with the card part, on one receipt', () => {
    // Full day for 2 ¥20,900, promo 10 % (¥2,090), voucher ¥5,000 at booking, card ¥13,810 later:
    // consideration 20,900 − 2,090 = 18,810; tax 18,810 × 10 / 110 = 1,710.
    const rows = ledger(['create', [['price', 20_900], ['promo', 2_090, { reference: 'SPRING' }], ['voucher', 5_000]]], ['pay', [['card', 13_810]]])
    expect(documentPoints(rows, true)).toEqual([
      { key: 4, kind: 'receipt', at: rows[3]!.at, taxable: 18_810, tax: 1_710, notTaxable: 0, total: 18_810, ways: [{ way: 'card', yen: 13_810 }, { way: 'voucher', yen: 5_000 }] },
    ])
  })

  it('a booking covered by a 100 % promo code took no money: no document', () => {
    expect(documentPoints(ledger(['create', [['price', 14_300], ['promo', 14_300, { reference: 'FREE' }]]]), true)).toEqual([])
  })

  it('an unpaid hold that lapses, its voucher part given back: no document', () => {
    const rows = ledger(['create', [['price', 14_300], ['voucher', 5_000]]], ['lapse', [['price', -14_300], ['voucher', -5_000]]])
    expect(documentPoints(rows, true)).toEqual([])
  })

  it('a dearer move charged later: a second receipt for the difference only', () => {
    // Half day for 2 ¥14,300 paid; moved to a full day for 2 ¥20,900: ¥6,600 more, tax 600.
    const rows = ledger(['create', [['price', 14_300]]], ['pay', [['card', 14_300]]], ['move', [['price', 6_600]]], ['change-paid', [['card', 6_600, { intentId: 'pi_2' }]]])
    expect(documentPoints(rows, true).map(({ kind, key, taxable, tax, total }) => ({ kind, key, taxable, tax, total }))).toEqual([
      { kind: 'receipt', key: 2, taxable: 14_300, tax: 1_300, total: 14_300 },
      { kind: 'receipt', key: 4, taxable: 6_600, tax: 600, total: 6_600 },
    ])
  })

  it('a cheaper move refunds the difference: a return invoice for it', () => {
    const rows = ledger(['create', [['price', 20_900]]], ['pay', [['card', 20_900]]], ['move', [['price', -6_600], ['card', -6_600, { reference: 'r1' }]]])
    expect(documentPoints(rows, true)[1]).toEqual({ key: 4, kind: 'return-invoice', at: rows[3]!.at, taxable: 6_600, tax: 600, notTaxable: 0, total: 6_600, ways: [{ way: 'card', yen: 6_600 }] })
  })

  it('a cancellation with a 30 % fee returns the whole consideration with its tax; the fee kept is not taxable', () => {
    // Paid ¥14,300 (tax 1,300). Cancelled: fee 30 % = ¥4,290, refund ¥10,010. The return invoice
    // returns ¥14,300 with its ¥1,300 of tax, lists the ¥4,290 fee as 不課税, and ¥10,010 went back.
    const rows = ledger(['create', [['price', 14_300]]], ['pay', [['card', 14_300]]], ['cancel', [['price', -14_300], ['cancellation-fee', 4_290], ['card', -10_010, { reference: 'r1' }]]])
    expect(documentPoints(rows, true)[1]).toEqual({ key: 5, kind: 'return-invoice', at: rows[2]!.at, taxable: 14_300, tax: 1_300, notTaxable: 4_290, total: 10_010, ways: [{ way: 'card', yen: 10_010 }] })
  })

  it('a late cancellation keeps everything: the return invoice returns the consideration and keeps it all as the fee', () => {
    const rows = ledger(['create', [['price', 14_300]]], ['pay', [['card', 14_300]]], ['cancel', [['price', -14_300], ['cancellation-fee', 14_300]]])
    expect(documentPoints(rows, true)[1]).toMatchObject({ kind: 'return-invoice', taxable: 14_300, tax: 1_300, notTaxable: 14_300, total: 0, ways: [] })
  })

  it('a mixed voucher and card payment cancelled with a fee: the card goes back first, the voucher keeps its part', () => {
    // ¥20,900: voucher ¥5,000 + card ¥15,900. Fee 30 % = ¥6,270; back ¥14,630, all to the card.
    const rows = ledger(
      ['create', [['price', 20_900], ['voucher', 5_000]]],
      ['pay', [['card', 15_900]]],
      ['cancel', [['price', -20_900], ['cancellation-fee', 6_270], ['card', -14_630, { reference: 'r1' }]]],
    )
    expect(documentPoints(rows, true)).toMatchObject([
      { kind: 'receipt', taxable: 20_900, tax: 1_900, ways: [{ way: 'card', yen: 15_900 }, { way: 'voucher', yen: 5_000 }] },
      { kind: 'return-invoice', taxable: 20_900, tax: 1_900, notTaxable: 6_270, total: 14_630, ways: [{ way: 'card', yen: 14_630 }] },
    ])
  })

  it('a refund the provider refused changes no document: the money is the guest’s, owed back', () => {
    const rows = ledger(
      ['create', [['price', 14_300]]],
      ['pay', [['card', 14_300]]],
      ['cancel', [['price', -14_300], ['card', -14_300, { reference: 'k' }]]],
      ['refund-failed', [['card', 14_300, { reference: 'failed:k' }]]],
      ['provider-refund', [['card', -14_300, { reference: 'provider:pi_1:14300' }]]],
    )
    expect(documentPoints(rows, true).map((p) => [p.kind, p.total])).toEqual([
      ['receipt', 14_300],
      ['return-invoice', 14_300],
    ])
  })

  it('the guide took the money by bank transfer; without consumption tax in the prices no tax is stated', () => {
    const rows = ledger(['create', [['price', 33_000]]], ['mark-paid', [['cash', 33_000, { reference: BANK_TRANSFER }]]])
    expect(documentPoints(rows, false)).toEqual([{ key: 2, kind: 'receipt', at: rows[1]!.at, taxable: 33_000, tax: 0, notTaxable: 0, total: 33_000, ways: [{ way: 'bank-transfer', yen: 33_000 }] }])
  })
})
