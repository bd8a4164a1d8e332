import { describe, expect, it } from 'vitest'
import { journalEntriesOf, owedBackAfter, taxIncluded, type JournalAccount, type JournalEntry, type JournalMovement } from './journal.ts'
import type { MovementKind, Transition } from './ledger.ts'

/** The guide's books (docs/decisions/0082), worked by hand. */

let nextId = 1
const row = (kind: MovementKind, amount: number, transition: Transition, extra: Partial<JournalMovement> = {}): JournalMovement => ({
  id: nextId++,
  on: '2026-11-02',
  kind,
  amount,
  transition,
  reference: 'JLT-ABC123',
  tour: 'Half-Day Private Tour',
  reseller: null,
  owedBackBefore: 0,
  ...extra,
})

const journalOf = (rows: JournalMovement[]) => rows.flatMap(journalEntriesOf)

/** Each account's balance, debit positive. */
function balances(entries: JournalEntry[]): Partial<Record<JournalAccount, number>> {
  const out: Partial<Record<JournalAccount, number>> = {}
  for (const e of entries) {
    out[e.debit.account] = (out[e.debit.account] ?? 0) + e.amount
    out[e.credit.account] = (out[e.credit.account] ?? 0) - e.amount
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0))
}

/** Every entry balances: one positive amount on both sides, on two different accounts. */
function expectBalanced(entries: JournalEntry[]) {
  for (const e of entries) {
    expect(Number.isSafeInteger(e.amount) && e.amount > 0, JSON.stringify(e)).toBe(true)
    expect(e.debit.account).not.toBe(e.credit.account)
  }
  expect(Object.values(balances(entries)).reduce((a, b) => a + b!, 0)).toBe(0)
}

describe('tax inside a tax-inclusive amount', () => {
  it('is 10/110 of it, rounded down', () => {
    // ¥14,300 = ¥13,000 + ¥1,300; ¥4,290 = ¥3,900 + ¥390; ¥10,010 = ¥9,100 + ¥910.
    expect(taxIncluded(14_300)).toBe(1_300)
    expect(taxIncluded(4_290)).toBe(390)
    expect(taxIncluded(10_010)).toBe(910)
    // ¥1,000 × 10/110 = ¥90.9…: ¥90.
    expect(taxIncluded(1_000)).toBe(90)
    expect(taxIncluded(10)).toBe(0)
  })
})

describe('journal entries of the ledger', () => {
  it('a ¥14,300 half day paid by card, then cancelled with a 30 % fee: the sale, its return, and a ¥4,290 fee outside consumption tax', () => {
    const rows = [
      row('price', 14_300, 'create'),
      row('card', 14_300, 'pay', { on: '2026-11-02' }),
      // Cancelled on 20 November: the price released, 30 % kept (¥4,290), ¥10,010 back to the card.
      row('price', -14_300, 'cancel', { on: '2026-11-20' }),
      row('cancellation-fee', 4_290, 'cancel', { on: '2026-11-20' }),
      row('card', -10_010, 'cancel', { on: '2026-11-20' }),
    ]
    const entries = journalOf(rows)
    expectBalanced(entries)
    expect(entries.map((e) => [e.on, e.debit.account, e.debit.taxCategory, e.debit.tax, e.credit.account, e.credit.taxCategory, e.credit.tax, e.amount])).toEqual([
      // The card payment: a sale of ¥14,300 with ¥1,300 tax inside, owed by the card processor until paid out.
      ['2026-11-02', 'card-receivable', 'not-subject', 0, 'sales', 'taxable-sale-10', 1_300, 14_300],
      // The fee kept leaves taxable sales (a return, ¥390 tax) for a fee that is not subject to tax.
      ['2026-11-20', 'sales', 'sale-return-10', 390, 'cancellation-fees', 'not-subject', 0, 4_290],
      // The refund: a return of ¥10,010 (¥910 tax).
      ['2026-11-20', 'sales', 'sale-return-10', 910, 'card-receivable', 'not-subject', 0, 10_010],
    ])
    // What stays: ¥4,290 with the card processor, ¥4,290 of fees, no sale; the returns' tax is the sale's.
    expect(balances(entries)).toEqual({ 'card-receivable': 4_290, 'cancellation-fees': -4_290 })
    expect(390 + 910).toBe(1_300)
    expect(entries[0]!.description).toBe('JLT-ABC123 Half-Day Private Tour: card payment')
    expect(entries[0]!.reference).toBe('JLT-ABC123')
  })

  it('a gift voucher sold for ¥10,000 pays part of a ¥14,300 booking, the card the rest: the tour is sold when the voucher pays', () => {
    const sale = row('voucher-sale', 10_000, 'voucher-sold', { reference: 'GIFT-…XY12', tour: null, on: '2026-10-01' })
    const booking = [row('price', 14_300, 'create'), row('voucher', 10_000, 'create'), row('card', 4_300, 'pay')]
    const saleEntries = journalOf([sale])
    // The sale of a voucher is an advance, not a sale: no consumption tax on it.
    expect(saleEntries).toMatchObject([{ debit: { account: 'card-receivable', tax: 0 }, credit: { account: 'voucher-advances', taxCategory: 'not-subject', tax: 0 }, amount: 10_000, description: 'GIFT-…XY12: gift voucher sold (an advance, not a sale)' }])
    const tour = journalOf(booking)
    expect(tour.map((e) => [e.debit.account, e.credit.account, e.credit.taxCategory, e.credit.tax, e.amount])).toEqual([
      // ¥10,000 × 10/110 = ¥909.09…: ¥909; ¥4,300 × 10/110 = ¥390.9…: ¥390.
      ['voucher-advances', 'sales', 'taxable-sale-10', 909, 10_000],
      ['card-receivable', 'sales', 'taxable-sale-10', 390, 4_300],
    ])
    const all = [...saleEntries, ...tour]
    expectBalanced(all)
    // The voucher's advance is used up; the tour sold for ¥14,300; ¥14,300 came by card.
    expect(balances(all)).toEqual({ 'card-receivable': 14_300, sales: -14_300 })
  })

  it('a voucher refunded, and a voucher part given back when a booking lapses', () => {
    const entries = journalOf([
      row('voucher-sale', -10_000, 'voucher-refunded', { tour: null }),
      row('voucher', -5_000, 'lapse'),
      row('promo', -1_650, 'lapse'),
      row('price', -14_300, 'lapse'),
    ])
    expectBalanced(entries)
    expect(entries.map((e) => [e.debit.account, e.debit.taxCategory, e.credit.account, e.amount])).toEqual([
      ['voucher-advances', 'not-subject', 'card-receivable', 10_000],
      ['sales', 'sale-return-10', 'voucher-advances', 5_000],
    ])
  })

  it('a promo code and the price book nothing: the sale is what paid for the tour', () => {
    // ¥14,300 less a ¥1,650 promo: the guest pays ¥12,650 by card, a sale of ¥12,650 (¥1,150 tax).
    const entries = journalOf([row('price', 14_300, 'create'), row('promo', 1_650, 'create'), row('card', 12_650, 'pay')])
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ amount: 12_650, credit: { account: 'sales', tax: 1_150 } })
  })

  it('a reseller’s ¥14,300 booking at 20 % commission: ¥11,440 owed by the reseller, ¥2,860 commission, ¥14,300 sold; released when it cancels', () => {
    const confirmed = journalOf([
      row('price', 14_300, 'create', { reseller: 'Klook' }),
      row('reseller', 11_440, 'confirm', { reseller: 'Klook' }),
      row('commission', 2_860, 'confirm', { reseller: 'Klook' }),
    ])
    expectBalanced(confirmed)
    expect(confirmed.map((e) => [e.debit.account, e.debit.taxCategory, e.debit.tax, e.credit.account, e.credit.taxCategory, e.credit.tax, e.amount, e.counterparty])).toEqual([
      // ¥11,440 × 10/110 = ¥1,040.
      ['reseller-receivable', 'not-subject', 0, 'sales', 'taxable-sale-10', 1_040, 11_440, 'Klook'],
      // ¥2,860 × 10/110 = ¥260: a purchase of the reseller's service, and the rest of the sale.
      ['commission', 'taxable-purchase-10', 260, 'sales', 'taxable-sale-10', 260, 2_860, null],
    ])
    expect(balances(confirmed)).toEqual({ 'reseller-receivable': 11_440, commission: 2_860, sales: -14_300 })
    expect(confirmed[0]!.description).toBe('JLT-ABC123 Half-Day Private Tour: sold by a reseller: its net owed (Klook)')

    const cancelled = journalOf([row('price', -14_300, 'cancel'), row('reseller', -11_440, 'cancel', { reseller: 'Klook' }), row('commission', -2_860, 'cancel', { reseller: 'Klook' })])
    expect(cancelled.map((e) => [e.debit.account, e.debit.taxCategory, e.credit.account, e.credit.taxCategory, e.amount])).toEqual([
      ['sales', 'sale-return-10', 'reseller-receivable', 'not-subject', 11_440],
      ['sales', 'sale-return-10', 'commission', 'purchase-return-10', 2_860],
    ])
    expect(balances([...confirmed, ...cancelled])).toEqual({})
  })

  it('cash taken on the day and given back after a move to a cheaper tour', () => {
    const entries = journalOf([row('cash', 27_500, 'mark-paid'), row('price', -13_200, 'move'), row('cash', -13_200, 'move')])
    expectBalanced(entries)
    expect(entries.map((e) => [e.debit.account, e.debit.taxCategory, e.credit.account, e.credit.taxCategory, e.amount, e.description])).toEqual([
      ['cash', 'not-subject', 'sales', 'taxable-sale-10', 27_500, 'JLT-ABC123 Half-Day Private Tour: cash or transfer taken'],
      ['sales', 'sale-return-10', 'cash', 'not-subject', 13_200, 'JLT-ABC123 Half-Day Private Tour: cash or transfer given back'],
    ])
  })

  it('a dearer move’s difference paid by card is a sale of the difference', () => {
    const entries = journalOf([row('price', 13_200, 'move'), row('card', 13_200, 'change-paid')])
    expect(entries).toMatchObject([{ debit: { account: 'card-receivable' }, credit: { account: 'sales', taxCategory: 'taxable-sale-10', tax: 1_200 }, amount: 13_200 }])
  })

  it('a payment given back at once is held for the guest, never sold', () => {
    const entries = journalOf([row('card', 14_300, 'pay-refused'), row('card', -14_300, 'pay-refused'), row('card', 13_200, 'change-refused'), row('card', -13_200, 'change-refused')])
    expectBalanced(entries)
    expect(entries.every((e) => e.debit.tax === 0 && e.credit.tax === 0)).toBe(true)
    expect(entries.map((e) => [e.debit.account, e.credit.account])).toEqual([
      ['card-receivable', 'held-for-guests'],
      ['held-for-guests', 'card-receivable'],
      ['card-receivable', 'held-for-guests'],
      ['held-for-guests', 'card-receivable'],
    ])
    expect(balances(entries)).toEqual({})
  })

  it('a refund the provider refused is owed back; a refund made in the provider settles it first, and the rest lowers the fee kept', () => {
    // Cancelled with a ¥4,290 fee; the ¥10,010 refund is refused; the guide refunds ¥12,000 in the provider:
    // ¥10,010 settles what was owed, ¥1,990 is given back of the fee.
    const rows = [
      row('card', 14_300, 'pay'),
      row('cancellation-fee', 4_290, 'cancel'),
      row('card', -10_010, 'cancel'),
      row('card', 10_010, 'refund-failed'),
      row('card', -12_000, 'provider-refund', { owedBackBefore: 10_010 }),
      row('cancellation-fee', -1_990, 'provider-refund'),
    ]
    const entries = journalOf(rows)
    expectBalanced(entries)
    expect(entries.slice(3).map((e) => [e.debit.account, e.debit.taxCategory, e.credit.account, e.credit.taxCategory, e.amount])).toEqual([
      ['card-receivable', 'not-subject', 'held-for-guests', 'not-subject', 10_010],
      ['held-for-guests', 'not-subject', 'card-receivable', 'not-subject', 10_010],
      ['sales', 'sale-return-10', 'card-receivable', 'not-subject', 1_990],
      ['cancellation-fees', 'not-subject', 'sales', 'taxable-sale-10', 1_990],
    ])
    // What is left: ¥2,300 with the card processor and ¥2,300 of fees kept.
    expect(balances(entries)).toEqual({ 'card-receivable': 2_300, 'cancellation-fees': -2_300 })
    expect(owedBackAfter(rows.filter((r) => r.kind === 'card'))).toBe(0)
    expect(owedBackAfter(rows.filter((r) => r.kind === 'card').slice(0, 3))).toBe(10_010)
  })

  it('a revived booking takes its price back: its fee returns to taxable sales', () => {
    const entries = journalOf([row('cancellation-fee', -4_290, 'revive'), row('price', 14_300, 'revive')])
    expect(entries).toMatchObject([{ debit: { account: 'cancellation-fees', taxCategory: 'not-subject' }, credit: { account: 'sales', taxCategory: 'taxable-sale-10', tax: 390 }, amount: 4_290 }])
  })
})
