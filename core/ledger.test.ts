import { describe, expect, it } from 'vitest'
import { allocateCardRefund, cardByIntent, chargeRecorded, describePaidBy, ledgerProblems, moneyOf, paidByParts, type Movement } from './ledger.ts'

const m = (kind: Movement['kind'], amount: number, over: Partial<Movement> = {}): Movement => ({
  kind,
  amount,
  transition: 'create',
  voucherId: kind === 'voucher' || kind === 'voucher-sale' ? 7 : null,
  intentId: kind === 'card' ? 'pi_1' : null,
  reference: null,
  ...over,
})

describe('moneyOf: a booking’s figures are sums of its rows (docs/decisions/0067)', () => {
  it('reads a booking paid partly by promo code, voucher and card', () => {
    const money = moneyOf([m('price', 16_500), m('promo', 1_650, { reference: 'SPRING-10' }), m('voucher', 10_000), m('card', 4_850, { transition: 'pay' })])
    expect(money).toMatchObject({ price: 16_500, discount: 1_650, promoCode: 'SPRING-10', voucherPaid: 10_000, voucherId: 7, toPay: 4_850, card: 4_850, owed: 16_500, covered: 16_500, due: 0, received: 4_850, refunded: 0 })
  })

  it('keeps a cancelled booking’s tour figures, and its fee is what it kept', () => {
    const money = moneyOf([
      m('price', 14_300),
      m('card', 14_300, { transition: 'pay' }),
      // Cancelled late: no refund; the price released, the money kept as the fee.
      m('price', -14_300, { transition: 'cancel' }),
      m('cancellation-fee', 14_300, { transition: 'cancel' }),
    ])
    expect(money).toMatchObject({ price: 14_300, toPay: 14_300, owed: 14_300, fee: 14_300, card: 14_300, due: 0 })
  })

  it('counts a refund the provider refused as owed to the guest: not refunded, covering nothing, not refundable again', () => {
    const rows = [m('price', 14_300), m('card', 14_300, { transition: 'pay' }), m('price', -14_300, { transition: 'cancel' }), m('card', -14_300, { transition: 'cancel', reference: 'k' }), m('card', 14_300, { transition: 'refund-failed', reference: 'failed:k' })]
    expect(moneyOf(rows)).toMatchObject({ received: 14_300, refunded: 0, card: 14_300, owedBack: 14_300, covered: 0, due: 0 })
    expect(cardByIntent(rows)).toEqual([{ intentId: 'pi_1', charged: 14_300, refunded: 0, owedBack: 14_300 }])
    expect(allocateCardRefund(rows, 14_300)).toEqual({ parts: [], left: 14_300 })
    expect(chargeRecorded(rows.filter((r) => r.transition !== 'pay'), 'pi_1')).toBe(false)
    expect(ledgerProblems('cancelled', rows)).toEqual([])
    // Refunded in the provider's dashboard: its report settles what was owed.
    const settled = [...rows, m('card', -14_300, { transition: 'provider-refund', reference: 'provider:pi_1:14300' })]
    expect(moneyOf(settled)).toMatchObject({ refunded: 14_300, card: 0, owedBack: 0, due: 0 })
  })

  it('knows each intent’s charge and refunds, and whether its charge is recorded', () => {
    const rows = [m('price', 14_300), m('card', 14_300, { transition: 'pay' }), m('card', -4_000, { transition: 'move', reference: 'k' })]
    expect(moneyOf(rows)).toMatchObject({ received: 14_300, refunded: 4_000, card: 10_300 })
    expect(cardByIntent(rows)).toEqual([{ intentId: 'pi_1', charged: 14_300, refunded: 4_000, owedBack: 0 }])
    expect(chargeRecorded(rows, 'pi_1')).toBe(true)
    expect(chargeRecorded(rows, 'pi_2')).toBe(false)
  })
})

describe('paidByParts and describePaidBy: what covers the price, as the ledger holds it (docs/decisions/0075)', () => {
  const said = (rows: Movement[]) => {
    const money = moneyOf(rows)
    return describePaidBy(paidByParts(money), money.due)
  }

  it('names every way that paid part of a booking, with its yen', () => {
    const rows = [m('price', 16_500), m('promo', 1_650, { reference: 'SPRING-10' }), m('voucher', 5_000), m('card', 9_850, { transition: 'pay' })]
    expect(paidByParts(moneyOf(rows))).toEqual([
      { way: 'card', yen: 9_850 },
      { way: 'voucher', yen: 5_000 },
      { way: 'promo', yen: 1_650, promoCode: 'SPRING-10' },
    ])
    expect(said(rows)).toBe('card ¥9,850 + voucher ¥5,000 + promo SPRING-10 ¥1,650')
  })

  it('says what is still to pay, and never a card payment not yet made', () => {
    expect(said([m('price', 16_500), m('voucher', 5_000)])).toBe('voucher ¥5,000; ¥11,500 to pay')
    expect(said([m('price', 14_300)])).toBe('¥14,300 to pay')
    expect(said([m('price', 14_300), m('cash', 14_300, { transition: 'mark-paid' })])).toBe('cash ¥14,300')
  })

  it('says what a reseller owes and keeps of its booking (docs/decisions/0074)', () => {
    expect(said([m('price', 14_300), m('reseller', 11_440, { transition: 'confirm' }), m('commission', 2_860, { transition: 'confirm' })])).toBe('reseller ¥11,440 + commission ¥2,860')
  })

  it('counts a refused refund as not covering anything, and a cancelled booking by what it kept', () => {
    const refused = [m('price', 14_300), m('card', 14_300, { transition: 'pay' }), m('price', -14_300, { transition: 'cancel' }), m('card', -14_300, { transition: 'cancel', reference: 'k' }), m('card', 14_300, { transition: 'refund-failed', reference: 'failed:k' })]
    expect(said(refused)).toBe('nothing')
    const kept = [m('price', 14_300), m('card', 14_300, { transition: 'pay' }), m('price', -14_300, { transition: 'cancel' }), m('cancellation-fee', 14_300, { transition: 'cancel' })]
    expect(said(kept)).toBe('card ¥14,300')
  })
})

describe('allocateCardRefund: the last money in goes back first, never more than a payment took', () => {
  const rows = [m('card', 14_300, { intentId: 'pi_booking' }), m('card', 7_700, { intentId: 'pi_change' }), m('card', -2_000, { intentId: 'pi_change' })]
  it.each([
    [3_000, [{ intentId: 'pi_change', amount: 3_000 }], 0],
    [5_700, [{ intentId: 'pi_change', amount: 5_700 }], 0],
    [10_000, [{ intentId: 'pi_change', amount: 5_700 }, { intentId: 'pi_booking', amount: 4_300 }], 0],
    [25_000, [{ intentId: 'pi_change', amount: 5_700 }, { intentId: 'pi_booking', amount: 14_300 }], 5_000],
  ])('%i yen', (amount, parts, left) => {
    expect(allocateCardRefund(rows, amount)).toEqual({ parts, left })
  })
})

describe('ledgerProblems: what must hold at every moment', () => {
  it('finds nothing wrong with settled books', () => {
    expect(ledgerProblems('paid', [m('price', 14_300), m('voucher', 14_300)])).toEqual([])
    expect(ledgerProblems('pending', [m('price', 14_300), m('voucher', 4_300)])).toEqual([])
    expect(ledgerProblems('cancelled', [m('price', 14_300), m('price', -14_300, { transition: 'lapse' })])).toEqual([])
  })

  it.each([
    ['paid with money still due', 'paid', [m('price', 20_900), m('voucher', 14_300)], 'paid, but 6600 yen is due'],
    ['pending with card money', 'pending', [m('price', 14_300), m('card', 14_300)], 'pending, but 14300 yen was received'],
    ['cancelled still owing its price', 'cancelled', [m('price', 14_300)], 'cancelled, but still owes 14300 yen of its price'],
    ['a refund above its charge', 'cancelled', [m('price', 100), m('price', -100, { transition: 'cancel' }), m('card', 100), m('card', -200, { reference: 'x' })], '200 yen refunded on pi_1, which took 100'],
    ['a voucher given back more than it paid', 'cancelled', [m('voucher', 100), m('voucher', -200)], 'voucher 7 got back 100 yen more than it paid'],
    ['a row of 0 yen', 'pending', [m('price', 0)], 'a price row of 0 yen'],
    ['a card row without its intent', 'pending', [m('card', 5, { intentId: null })], 'a card row without its payment intent'],
  ] as const)('flags %s', (_, status, rows, problem) => {
    expect(ledgerProblems(status, rows)).toContain(problem)
  })
})
