import { describe, expect, it } from 'vitest'
import {
  ALREADY_CANCELLED_MESSAGE,
  CALLED_OFF_PAY_MESSAGE,
  decide,
  LATE_PRICE_CHANGED_REASON,
  LATE_SLOT_TAKEN_REASON,
  PAID_BY_NOT_PAID_MESSAGE,
  PAID_DELETE_MESSAGE,
  paymentRefusal,
  VOUCHER_GONE_MESSAGE,
  type Done,
  type LifecycleBooking,
  type LifecycleEvent,
} from './booking-lifecycle.ts'
import { GUEST_MOVE_MESSAGES, PAID_PRICE_FIXED_MESSAGE, type SlotChoice } from './booking-changes.ts'
import { ledgerProblems, moneyOf } from './ledger.ts'
import { BANK_TRANSFER } from './tax-document-points.ts'
import { withEnglishMessage } from './i18n/refusal-english.test-support.ts'

/**
 * The lifecycle's rules (docs/decisions/0067), each worked through by hand: a booking is made,
 * events happen to it, and after each the books must add up (ledgerProblems) and say what the
 * rule says.
 */

const NOW = new Date('2030-05-01T03:00:00Z')
const LATER = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)
const TODAY = '2030-05-01'
const HALF = 1
const FULL = 2
const slot = (over: Partial<SlotChoice> = {}): SlotChoice => ({ tourDate: '2030-05-25', tourTime: 'morning', tourPackageId: HALF, numberOfPeople: 2, ...over })
const guest = (over: Partial<NonNullable<Extract<LifecycleEvent, { type: 'move' }>['guest']>> = {}) => ({ today: TODAY, guestMoves: 0, limit: 2, disrupted: false, arranged: false, ...over })

/** Applies a decision as the writer does: the status columns, the rows under their transition, the slot of a move. */
function applied(b: LifecycleBooking, d: Done): LifecycleBooking {
  const moved = d.slot.kind === 'move' ? d.slot.target : null
  return {
    ...b,
    ...(d.patch ?? {}),
    ...(moved ?? {}),
    ledger: [...b.ledger, ...d.movements.map((r) => ({ voucherId: null, intentId: null, reference: null, transition: d.transition, ...r }))],
  }
}

function run(b: LifecycleBooking, event: LifecycleEvent, at = NOW): { booking: LifecycleBooking; done: Done } {
  const d = decide(b, event, at)
  if (!d.ok) throw new Error(`refused: ${d.message}`)
  const booking = applied(b, d)
  expect(ledgerProblems(booking.status, booking.ledger), `${event.type} left the books wrong`).toEqual([])
  return { booking, done: d }
}

const blank: LifecycleBooking = { ...slot(), status: 'pending', holdExpiresAt: null, cancellationReason: null, cancelledAt: null, paidAt: null, ledger: [] }

function made(price: number, parts: { promo?: number; voucher?: number; hold?: Date | null } = {}) {
  return run(blank, {
    type: 'create',
    price,
    promo: parts.promo ? { code: 'SPRING', discount: parts.promo } : null,
    voucher: parts.voucher ? { id: 7, amount: parts.voucher } : null,
    holdExpiresAt: parts.hold === undefined ? LATER(30) : parts.hold,
  }).booking
}
const pay = (b: LifecycleBooking, amount: number, over: Partial<Extract<LifecycleEvent, { type: 'pay' }>> = {}, at = NOW) =>
  run(b, { type: 'pay', intentId: 'pi_1', amount, currency: 'jpy', slotFree: true, voucher: null, promoUsable: true, ...over }, at)
const paidBy = (price: number, parts: { promo?: number; voucher?: number } = {}) => {
  const b = made(price, parts)
  const due = moneyOf(b.ledger).due
  return due > 0 ? pay(b, due).booking : run(b, { type: 'settle' }).booking
}

describe('create', () => {
  it('owes the price; the promo code and the voucher pay their parts; the card is left the rest', () => {
    const b = made(16_500, { promo: 1_650, voucher: 10_000 })
    expect(b.status).toBe('pending')
    expect(moneyOf(b.ledger)).toMatchObject({ price: 16_500, discount: 1_650, voucherPaid: 10_000, toPay: 4_850, due: 4_850 })
  })
  it('is confirmed without a hold when the guide confirms it without payment', () => {
    expect(made(30_000, { hold: null }).status).toBe('confirmed')
  })
  it('refuses parts worth more than the price', () => {
    expect(decide(blank, { type: 'create', price: 100, promo: { code: 'X', discount: 60 }, voucher: { id: 7, amount: 50 }, holdExpiresAt: NOW }, NOW)).toMatchObject({ ok: false })
  })
})

describe('pay', () => {
  it('makes a live hold paid for exactly what it owes, once per intent', () => {
    const { booking, done } = pay(made(14_300), 14_300)
    expect([booking.status, done.slot.kind]).toEqual(['paid', 'permanent'])
    expect(decide(booking, { type: 'pay', intentId: 'pi_1', amount: 14_300, currency: 'jpy', slotFree: true, voucher: null, promoUsable: true }, NOW)).toMatchObject({ outcome: 'already-paid', movements: [] })
  })
  it('gives back a second intent, a payment that does not match, and one for a booking cancelled meanwhile', () => {
    const paid = pay(made(14_300), 14_300).booking
    expect(pay(paid, 14_300, { intentId: 'pi_2' }).done).toMatchObject({ outcome: 'payment-refused', cardBack: 14_300, refunds: [{ intentId: 'pi_2', amount: 14_300 }] })
    expect(pay(made(14_300), 100).done).toMatchObject({ outcome: 'payment-refused', notice: { kind: 'paymentMismatch', values: { received: 100, currency: 'JPY', due: 14_300 } } })
    const cancelled = run(made(14_300), { type: 'cancel', cause: 'guest', today: TODAY, reason: 'changed plans' }).booking
    expect(pay(cancelled, 14_300).done).toMatchObject({ outcome: 'payment-refused', patch: null })
  })
  it('keeps a payment that arrives after the hold lapsed when the slot is still free and the price unchanged', () => {
    const lapsed = run(made(14_300, { voucher: 4_000 }), { type: 'lapse' }, LATER(31)).booking
    expect(lapsed.status).toBe('cancelled')
    const { booking, done } = pay(lapsed, 10_300, { voucher: { id: 7, balance: 4_000, usable: true } }, LATER(40))
    expect([booking.status, done.slot]).toEqual(['paid', { kind: 'claim', expiresAt: null }])
    expect(moneyOf(booking.ledger)).toMatchObject({ voucher: 4_000, card: 10_300, due: 0 })
  })
  it('gives back a late payment when the slot went to someone else, and the booking stays cancelled', () => {
    const lapsedUnswept = made(14_300)
    const { booking, done } = pay(lapsedUnswept, 14_300, { slotFree: false }, LATER(40))
    expect([booking.status, booking.cancellationReason, done.cardBack]).toEqual(['cancelled', LATE_SLOT_TAKEN_REASON, 14_300])
  })
  it('gives back a late payment when its voucher no longer has the part it paid', () => {
    const lapsed = run(made(14_300, { voucher: 4_000 }), { type: 'lapse' }, LATER(31)).booking
    const { booking, done } = pay(lapsed, 10_300, { voucher: { id: 7, balance: 1_000, usable: true } }, LATER(40))
    expect([booking.status, done.reason, done.cardBack]).toEqual(['cancelled', LATE_PRICE_CHANGED_REASON, 10_300])
    expect(moneyOf(booking.ledger)).toMatchObject({ voucher: 0, card: 0, due: 0 })
  })
  it('is not started after the guide called the day off', () => {
    expect(paymentRefusal(made(14_300), NOW, true)).toMatchObject({ ok: false, message: CALLED_OFF_PAY_MESSAGE })
  })
})

describe('move: the difference is always asked, and always given back the way it came', () => {
  it('finding 1: a booking paid in full by a voucher asks the card for the difference of a dearer tour', () => {
    const paid = paidBy(14_300, { voucher: 14_300 })
    const { done } = run(paid, { type: 'move', actor: 'guest', target: slot({ numberOfPeople: 5 }), price: 20_900, voucher: { id: 7, balance: 0, usable: true }, changeHoldExpiresAt: LATER(30), guest: guest() })
    expect(done).toMatchObject({ outcome: 'awaiting-difference', difference: 6_600, movements: [] })
  })
  it('finding 1: the same with a 100 % promo code', () => {
    const paid = paidBy(14_300, { promo: 14_300 })
    expect(run(paid, { type: 'move', actor: 'guest', target: slot({ numberOfPeople: 5 }), price: 20_900, voucher: null, changeHoldExpiresAt: LATER(30), guest: guest() }).done).toMatchObject({ outcome: 'awaiting-difference', difference: 6_600 })
  })
  it('gives the difference back when the guide set the booking back to pending meanwhile (found by the property test)', () => {
    const paid = paidBy(8_800, { promo: 8_800 })
    const target = slot({ numberOfPeople: 1, tourPackageId: FULL })
    expect(run(paid, { type: 'move', actor: 'guest', target, price: 35_200, voucher: null, changeHoldExpiresAt: LATER(30), guest: guest() }).done.outcome).toBe('awaiting-difference')
    const pending = run(paid, { type: 'status', to: 'pending', holdExpiresAt: LATER(30), voucher: null, promoUsable: true }).booking
    const { booking, done } = run(pending, { type: 'change-paid', intentId: 'pi_diff', amount: 26_400, currency: 'jpy', target, price: 35_200, difference: 26_400, slotFree: true, voucher: null })
    expect([booking.status, done.outcome, done.cardBack]).toEqual(['pending', 'change-refused', 26_400])
  })
    it('takes the voucher’s balance first, then asks the card for the rest', () => {
    const paid = paidBy(14_300, { voucher: 10_000 })
    const voucher = { id: 7, balance: 5_000, usable: true }
    expect(run(paid, { type: 'move', actor: 'guest', target: slot({ numberOfPeople: 5 }), price: 20_900, voucher, changeHoldExpiresAt: LATER(30), guest: guest() }).done).toMatchObject({ outcome: 'awaiting-difference', difference: 1_600 })
    const covered = run(paid, { type: 'move', actor: 'guest', target: slot({ numberOfPeople: 3 }), price: 16_500, voucher, changeHoldExpiresAt: LATER(30), guest: guest() })
    expect(covered.done.outcome).toBe('moved')
    expect(moneyOf(covered.booking.ledger)).toMatchObject({ price: 16_500, voucher: 12_200, card: 4_300, due: 0 })
  })
  it('gives a cheaper tour’s difference back to the card first, then to the voucher', () => {
    const paid = paidBy(22_000, { voucher: 14_300 })
    const { booking, done } = run(paid, { type: 'move', actor: 'guest', target: slot({ tourTime: 'morning', tourPackageId: HALF }), price: 8_800, voucher: { id: 7, balance: 0, usable: true }, changeHoldExpiresAt: LATER(30), guest: guest() })
    expect(done).toMatchObject({ outcome: 'moved', cardBack: 7_700, voucherBack: 5_500, refunds: [{ intentId: 'pi_1', amount: 7_700 }] })
    expect(moneyOf(booking.ledger)).toMatchObject({ price: 8_800, card: 0, voucher: 8_800, due: 0 })
  })
  it('finding 2: after a call-off the same tour moves free of charge, but a dearer tour or group costs its difference', () => {
    const paid = paidBy(14_300)
    const calledOff = guest({ disrupted: true, today: '2030-05-24' })
    const sameTour = run(paid, { type: 'move', actor: 'disruption', target: slot({ tourDate: '2030-06-01' }), price: 16_500, voucher: null, changeHoldExpiresAt: LATER(30), guest: calledOff })
    expect(sameTour.done).toMatchObject({ outcome: 'moved', movements: [] })
    const dearer = run(paid, { type: 'move', actor: 'disruption', target: slot({ tourDate: '2030-06-01', tourTime: 'full-day', tourPackageId: FULL, numberOfPeople: 5 }), price: 35_200, voucher: null, changeHoldExpiresAt: LATER(30), guest: calledOff })
    expect(dearer.done).toMatchObject({ outcome: 'awaiting-difference', difference: 20_900 })
  })
  it('an unpaid hold just takes the new price', () => {
    const { booking, done } = run(made(14_300), { type: 'move', actor: 'guest', target: slot({ numberOfPeople: 5 }), price: 20_900, voucher: null, changeHoldExpiresAt: LATER(30), guest: guest() })
    expect([done.outcome, moneyOf(booking.ledger).due]).toEqual(['moved', 20_900])
  })
  it('keeps the guest’s rules and the guide’s fixed paid price', () => {
    const paid = paidBy(14_300)
    expect(withEnglishMessage(decide(paid, { type: 'move', actor: 'guest', target: slot({ numberOfPeople: 3 }), price: 16_500, voucher: null, changeHoldExpiresAt: NOW, guest: guest({ today: '2030-05-20' }) }, NOW))).toMatchObject({ ok: false, message: GUEST_MOVE_MESSAGES['too-late'] })
    expect(withEnglishMessage(decide(paid, { type: 'move', actor: 'guide', target: slot({ numberOfPeople: 3 }), price: 20_000, voucher: null, changeHoldExpiresAt: NOW }, NOW))).toMatchObject({ ok: false, message: PAID_PRICE_FIXED_MESSAGE })
  })
})

describe('cancel', () => {
  it('an unpaid booking gives everything back and owes nothing', () => {
    const { booking, done } = run(made(16_500, { promo: 1_650, voucher: 10_000 }), { type: 'cancel', cause: 'guest', today: TODAY, reason: 'r' })
    expect([done.voucherBack, done.cardBack, done.promoUse]).toEqual([10_000, 0, 'release'])
    expect(moneyOf(booking.ledger)).toMatchObject({ owed: 0, covered: 0, price: 16_500 })
  })
  it('a paid booking in time: the voucher’s share back to the voucher, the card’s to the card', () => {
    const { booking, done } = run(paidBy(16_500, { voucher: 10_000 }), { type: 'cancel', cause: 'guest', today: TODAY, reason: 'r' })
    expect([done.voucherBack, done.cardBack, done.promoUse]).toEqual([10_000, 6_500, 'keep'])
    expect(moneyOf(booking.ledger)).toMatchObject({ fee: 0, card: 0, voucher: 0 })
  })
  it('a paid booking too late: nothing back, all of it kept as the cancellation fee', () => {
    const { booking, done } = run(paidBy(16_500, { voucher: 10_000 }), { type: 'cancel', cause: 'guest', today: '2030-05-22', reason: 'r' })
    expect([done.voucherBack, done.cardBack]).toEqual([0, 0])
    expect(moneyOf(booking.ledger)).toMatchObject({ fee: 16_500, card: 6_500, voucher: 10_000, due: 0 })
  })
  it('the guide may choose the card’s part; never twice', () => {
    const { booking, done } = run(paidBy(14_300), { type: 'cancel', cause: 'guide-other', today: TODAY, reason: 'r', refund: 5_000 })
    expect(done.cardBack).toBe(5_000)
    expect(moneyOf(booking.ledger).fee).toBe(9_300)
    expect(decide(booking, { type: 'cancel', cause: 'guest', today: TODAY, reason: 'r' }, NOW)).toMatchObject({ ok: false, message: ALREADY_CANCELLED_MESSAGE })
  })
})

describe('the guide’s status menu', () => {
  it('marks a booking paid by hand: the money it owed came in cash', () => {
    const { booking } = run(made(14_300), { type: 'status', to: 'paid', holdExpiresAt: LATER(30), voucher: null, promoUsable: true })
    expect(moneyOf(booking.ledger)).toMatchObject({ cash: 14_300, due: 0 })
    expect(booking.ledger.filter((r) => r.kind === 'cash').map((r) => r.reference)).toEqual([null])
  })
  it('marks a booking paid by bank transfer: one cash row for exactly what was due, its reference saying so (docs/decisions/0080)', () => {
    const { booking } = run(made(14_300, { voucher: 4_000, promo: 1_300 }), { type: 'status', to: 'paid', holdExpiresAt: LATER(30), voucher: null, promoUsable: true, paidBy: 'bank-transfer' })
    expect(booking.ledger.filter((r) => r.kind === 'cash')).toEqual([expect.objectContaining({ amount: 9_000, reference: BANK_TRANSFER, transition: 'mark-paid' })])
    expect(moneyOf(booking.ledger)).toMatchObject({ cash: 9_000, due: 0 })
  })
  it('refuses how the money came with any status but paid', () => {
    for (const to of ['pending', 'confirmed', 'cancelled'] as const) {
      expect(decide(made(14_300), { type: 'status', to, holdExpiresAt: LATER(30), voucher: null, promoUsable: true, paidBy: 'bank-transfer' }, NOW)).toEqual({ ok: false, kind: 'invalid', message: PAID_BY_NOT_PAID_MESSAGE, field: 'paidBy' })
    }
  })
  it('revives a lapsed hold with its voucher part taken again, or refuses when the voucher spent it', () => {
    const lapsed = run(made(14_300, { voucher: 4_000 }), { type: 'lapse' }, LATER(31)).booking
    expect(run(lapsed, { type: 'status', to: 'pending', holdExpiresAt: LATER(60), voucher: { id: 7, balance: 4_000, usable: true }, promoUsable: true }, LATER(32)).booking.status).toBe('pending')
    expect(decide(lapsed, { type: 'status', to: 'pending', holdExpiresAt: LATER(60), voucher: { id: 7, balance: 0, usable: true }, promoUsable: true }, LATER(32))).toMatchObject({ ok: false, message: VOUCHER_GONE_MESSAGE })
  })
  it('never deletes a booking that holds money', () => {
    expect(decide(paidBy(14_300), { type: 'delete' }, NOW)).toMatchObject({ ok: false, message: PAID_DELETE_MESSAGE })
  })
})

describe('the provider’s word on refunds', () => {
  it('a refund it refused stays on the card, owed to the guest, until refunded in its dashboard', () => {
    const cancelled = run(paidBy(14_300), { type: 'cancel', cause: 'guest', today: TODAY, reason: 'r' })
    const key = cancelled.done.refunds[0]!.idempotencyKey
    const failed = run(cancelled.booking, { type: 'refund-failed', intentId: 'pi_1', amount: 14_300, reference: key })
    expect(moneyOf(failed.booking.ledger)).toMatchObject({ card: 14_300, owedBack: 14_300, refunded: 0, due: 0 })
    const settled = run(failed.booking, { type: 'provider-refund', intentId: 'pi_1', refundedTotal: 14_300 })
    expect(settled.done.attention).toBeNull()
    expect(moneyOf(settled.booking.ledger)).toMatchObject({ card: 0, owedBack: 0, fee: 0, due: 0 })
  })
  it('a report of a refund the ledger made already changes nothing', () => {
    const cancelled = run(paidBy(14_300), { type: 'cancel', cause: 'guest', today: TODAY, reason: 'r' })
    expect(run(cancelled.booking, { type: 'provider-refund', intentId: 'pi_1', refundedTotal: 14_300 }).done.movements).toEqual([])
  })
  it('a refund made in the dashboard of a cancelled booking lowers the fee it kept', () => {
    const late = run(paidBy(14_300), { type: 'cancel', cause: 'guest', today: '2030-05-24', reason: 'r' })
    const { booking } = run(late.booking, { type: 'provider-refund', intentId: 'pi_1', refundedTotal: 4_300 })
    expect(moneyOf(booking.ledger)).toMatchObject({ fee: 10_000, card: 10_000, due: 0 })
  })
  it('a refund made in the dashboard of a live booking lowers what it keeps, and the guide is told', () => {
    const { booking, done } = run(paidBy(14_300), { type: 'provider-refund', intentId: 'pi_1', refundedTotal: 3_000 })
    expect(done.attention).toEqual({ kind: 'refundedInProvider', values: { amount: 3000 } })
    expect(moneyOf(booking.ledger)).toMatchObject({ price: 11_300, card: 11_300, due: 0 })
  })
})

describe('a reseller’s booking (docs/decisions/0074)', () => {
  it('is confirmed with the reseller owing its net and keeping its commission; confirming twice changes nothing', () => {
    const { booking, done } = run(made(14_300), { type: 'confirm-reseller', commission: 2_860 })
    expect([booking.status, booking.holdExpiresAt, done.slot.kind]).toEqual(['confirmed', null, 'permanent'])
    expect(moneyOf(booking.ledger)).toMatchObject({ price: 14_300, reseller: 11_440, commission: 2_860, due: 0 })
    expect(decide(booking, { type: 'confirm-reseller', commission: 2_860 }, NOW)).toMatchObject({ ok: true, outcome: 'confirmed', movements: [], patch: null })
  })
  it('cannot be confirmed once its hold ran out, nor after a cancellation', () => {
    expect(decide(made(14_300), { type: 'confirm-reseller', commission: 0 }, LATER(31))).toMatchObject({ ok: false, kind: 'gone' })
    const cancelled = run(made(14_300), { type: 'cancel', cause: 'guest', today: TODAY, reason: 'by the reseller' }).booking
    expect(decide(cancelled, { type: 'confirm-reseller', commission: 0 }, NOW)).toMatchObject({ ok: false, kind: 'conflict' })
  })
  it('a reservation is held longer while still held, and not once it lapsed or was confirmed', () => {
    const { booking, done } = run(made(14_300), { type: 'extend', holdExpiresAt: LATER(60) })
    expect([booking.status, booking.holdExpiresAt, done.slot]).toEqual(['pending', LATER(60), { kind: 'hold', expiresAt: LATER(60) }])
    expect(decide(made(14_300), { type: 'extend', holdExpiresAt: LATER(90) }, LATER(31))).toMatchObject({ ok: false, kind: 'gone' })
    const confirmed = run(made(14_300), { type: 'confirm-reseller', commission: 0 }).booking
    expect(decide(confirmed, { type: 'extend', holdExpiresAt: LATER(60) }, NOW)).toMatchObject({ ok: false, kind: 'conflict' })
  })
  it('cancelled, nothing is owed by the reseller any more, and the books add up', () => {
    const confirmed = run(made(14_300), { type: 'confirm-reseller', commission: 2_860 }).booking
    const { booking } = run(confirmed, { type: 'cancel', cause: 'guide-weather', today: TODAY, reason: 'called off' })
    expect(moneyOf(booking.ledger)).toMatchObject({ reseller: 0, commission: 0, owed: 0, due: 0, refunded: 0 })
  })
})
