import { describe, expect, it } from 'vitest'
import { EXPIRED_REASON } from './booking-lifecycle.ts'
import { decideSettlement, paymentMatchesBooking, type SettlementDecision, type SettlingBooking } from './payment-settlement.ts'

const payment = { id: 'pi_new', amount: 14_300, currency: 'jpy' }
const booking = (overrides: Partial<SettlingBooking>): SettlingBooking => ({
  status: 'pending',
  cancellationReason: null,
  paymentIntentId: 'pi_new',
  totalPrice: 14_300,
  currency: 'JPY',
  ...overrides,
})

describe('paymentMatchesBooking', () => {
  it('pays a booking only for its own amount, in its own currency (in any letter case)', () => {
    expect(paymentMatchesBooking(booking({}), payment)).toBe(true)
    expect(paymentMatchesBooking(booking({}), { ...payment, amount: 14_299 })).toBe(false)
    expect(paymentMatchesBooking(booking({}), { ...payment, currency: 'usd' })).toBe(false)
  })
})

describe('decideSettlement (docs/decisions/0015)', () => {
  it.each<[string, Partial<SettlingBooking>, boolean, SettlementDecision]>([
    ['a live hold, first to record', { status: 'pending' }, true, { action: 'pay', claimSlot: true }],
    ['a confirmed booking keeps its claim', { status: 'confirmed' }, true, { action: 'pay', claimSlot: false }],
    ['a booking cancelled for not paying in time claims its slot again', { status: 'cancelled', cancellationReason: EXPIRED_REASON }, true, { action: 'pay', claimSlot: true }],
    ['cancelled by the guest while the payment was in flight', { status: 'cancelled', cancellationReason: 'cancelled by the guest' }, true, { action: 'refund-cancelled' }],
    ['cancelled by the admin, no reason given', { status: 'cancelled' }, true, { action: 'refund-cancelled' }],
    ['already paid by this payment (the other path was first)', { status: 'paid' }, false, { action: 'already-paid' }],
    ['already paid by this payment, recorded only now', { status: 'paid' }, true, { action: 'already-paid' }],
    ['paid by another payment: this one is a second payment', { status: 'paid', paymentIntentId: 'pi_old' }, true, { action: 'refund-second-payment' }],
    ['paid by another payment, this one seen before', { status: 'paid', paymentIntentId: 'pi_old' }, false, { action: 'already-paid' }],
    ['settled before, the booking cancelled since', { status: 'cancelled', cancellationReason: 'cancelled by the guest' }, false, { action: 'report-not-kept' }],
    ['settled before, the booking pending again', { status: 'pending' }, false, { action: 'report-not-kept' }],
  ])('%s', (_case, stored, recordedFirst, decision) => {
    expect(decideSettlement(booking(stored), payment, recordedFirst)).toEqual(decision)
  })
})
