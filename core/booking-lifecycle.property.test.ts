import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { decide, type Done, type LifecycleBooking, type LifecycleEvent } from './booking-lifecycle.ts'
import { CANCELLATION_CAUSES } from './cancellation-policy.ts'
import { addDays, todayInTokyo } from './dates.ts'
import { cardByIntent, ledgerProblems, moneyOf, type Movement } from './ledger.ts'
import { revenueOfYear } from './revenue.ts'
import type { SlotChoice } from './booking-changes.ts'
import { BOOKING_STATUSES, PAID_BY_WAYS } from './schemas/booking-status.ts'

/**
 * The booking lifecycle's invariants, proven on random lives (docs/decisions/0067): a booking is
 * made with a random price and any mix of promo code, gift voucher and card, and then anything
 * may happen to it in any order (payments right and wrong, early and late; lapses; moves up and
 * down by the guest, the guide and after a call-off; differences paid or not; cancellations by
 * either side with or without the guide's choice of refund; the status menu; refunds the provider refuses
 * or the guide makes in its dashboard). After every step:
 * - the ledger adds up to what the status says (core/ledger.ts ledgerProblems);
 * - no refund exceeds what came in that way (per intent, per voucher);
 * - the voucher's balance is never below 0 and equals its value less what bookings took plus what
 *   they gave back;
 * - a cancelled booking holds no slot;
 * - the revenue view's money is the ledger's.
 */

const START = new Date('2030-05-01T00:00:00Z')
const TOUR = '2030-05-25'
const VOUCHER_VALUE = 30_000
const PRICES = [0, 8_800, 14_300, 16_500, 20_900, 22_000, 35_200]

type World = {
  booking: LifecycleBooking
  now: Date
  voucherBalance: number
  /** Whether the booking holds its slot (the claims the decisions made). */
  holdsSlot: boolean
  /** Another guest booked the slot after the hold lapsed. */
  slotTaken: boolean
  /** A dearer change waiting for its difference. */
  change: { target: SlotChoice; price: number; difference: number; intent: string } | null
  intents: number
  calledOff: boolean
}

const step = fc.oneof(
  fc.record({ type: fc.constant('pay' as const), wrong: fc.boolean() }),
  fc.record({ type: fc.constant('settle' as const) }),
  fc.record({ type: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 60 * 24 * 20 }) }),
  fc.record({ type: fc.constant('lapse' as const) }),
  fc.record({ type: fc.constant('someone-books' as const) }),
  fc.record({ type: fc.constant('move' as const), actor: fc.constantFrom('guest' as const, 'guide' as const), price: fc.constantFrom(...PRICES), people: fc.integer({ min: 1, max: 5 }), full: fc.boolean() }),
  fc.record({ type: fc.constant('call-off' as const) }),
  fc.record({ type: fc.constant('pay-difference' as const), wrong: fc.boolean() }),
  fc.record({ type: fc.constant('cancel' as const), cause: fc.constantFrom(...CANCELLATION_CAUSES), choose: fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: undefined }) }),
  // Marking paid says how the money due came, or not (cash): decision 0080.
  fc.record({ type: fc.constant('status' as const), to: fc.constantFrom(...BOOKING_STATUSES), paidBy: fc.constantFrom(undefined, ...PAID_BY_WAYS) }),
  fc.record({ type: fc.constant('refund-fails' as const) }),
  fc.record({ type: fc.constant('dashboard-refund' as const), part: fc.integer({ min: 1, max: 100 }) }),
)
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never

const life = fc.record({
  price: fc.constantFrom(...PRICES.filter((p) => p > 0)),
  promoPercent: fc.constantFrom(0, 10, 50, 100),
  voucher: fc.constantFrom(0, 5_000, 14_300, VOUCHER_VALUE),
  guideConfirmed: fc.boolean(),
  steps: fc.array(step, { maxLength: 14 }),
})

const voucherFact = (w: World) => ({ id: 7, balance: w.voucherBalance, usable: true })

/** The event a step asks for in this world, or null when it makes no sense now. */
function eventOf(w: World, s: Step): LifecycleEvent | null {
  const m = moneyOf(w.booking.ledger)
  switch (s.type) {
    case 'pay': {
      const intent = `pi_${++w.intents}`
      return { type: 'pay', intentId: intent, amount: s.wrong ? m.due + 100 : m.due, currency: 'jpy', slotFree: !w.slotTaken, voucher: voucherFact(w), promoUsable: true }
    }
    case 'settle':
      return { type: 'settle' }
    case 'lapse':
      return { type: 'lapse' }
    case 'move': {
      const target: SlotChoice = { tourDate: addDays(TOUR, 7), tourTime: s.full ? 'full-day' : 'afternoon', tourPackageId: s.full ? 2 : 1, numberOfPeople: s.people }
      const guest = { today: todayInTokyo(w.now), guestMoves: 0, limit: 10, disrupted: w.calledOff, arranged: false }
      return { type: 'move', actor: w.calledOff && s.actor === 'guest' ? 'disruption' : s.actor, target, price: s.price, voucher: voucherFact(w), changeHoldExpiresAt: new Date(w.now.getTime() + 30 * 60_000), guest }
    }
    case 'pay-difference': {
      if (!w.change) return null
      return { type: 'change-paid', intentId: w.change.intent, amount: s.wrong ? w.change.difference + 1 : w.change.difference, currency: 'jpy', target: w.change.target, price: w.change.price, difference: w.change.difference, slotFree: !w.slotTaken, voucher: voucherFact(w) }
    }
    case 'cancel':
      return { type: 'cancel', cause: s.cause, today: todayInTokyo(w.now), reason: 'r', ...(s.choose !== undefined ? { refund: Math.min(s.choose, m.card + m.cash) } : {}) }
    case 'status':
      return { type: 'status', to: s.to, holdExpiresAt: new Date(w.now.getTime() + 30 * 60_000), voucher: voucherFact(w), promoUsable: true, ...(s.to === 'paid' && s.paidBy ? { paidBy: s.paidBy } : {}) }
    case 'refund-fails': {
      const refund = [...w.booking.ledger].reverse().find((r) => r.kind === 'card' && r.amount < 0 && r.reference?.startsWith('refund-'))
      if (!refund || w.booking.ledger.some((r) => r.reference === `failed:${refund.reference}`)) return null
      return { type: 'refund-failed', intentId: refund.intentId!, amount: -refund.amount, reference: refund.reference! }
    }
    case 'dashboard-refund': {
      const intent = cardByIntent(w.booking.ledger)[0]
      if (!intent) return null
      return { type: 'provider-refund', intentId: intent.intentId, refundedTotal: Math.min(intent.charged, intent.refunded + Math.ceil((intent.charged * s.part) / 100)) }
    }
    default:
      return null
  }
}

/** The decision applied as the writer applies it, in the world. */
function apply(w: World, d: Done) {
  const moved = d.slot.kind === 'move' ? d.slot.target : null
  const rows: Movement[] = d.movements.map((r) => ({ voucherId: null, intentId: null, reference: null, transition: d.transition, ...r }))
  for (const r of rows) if (r.kind === 'voucher') w.voucherBalance -= r.amount
  w.booking = { ...w.booking, ...(d.patch ?? {}), ...(moved ?? {}), ledger: [...w.booking.ledger, ...rows] }
  switch (d.slot.kind) {
    case 'claim':
    case 'move':
      w.holdsSlot = true
      w.slotTaken = false
      break
    case 'release':
    case 'release-lapsed':
      w.holdsSlot = false
      break
    default:
      break
  }
  if (d.outcome === 'awaiting-difference') w.change = { target: (d.slot as { target: SlotChoice }).target, price: d.price!, difference: d.difference!, intent: `pi_change_${++w.intents}` }
  if (d.outcome === 'change-done' || d.outcome === 'change-refused' || moved) w.change = null
}

function check(w: World, label: string) {
  const b = w.booking
  expect(ledgerProblems(b.status, b.ledger), label).toEqual([])
  const taken = b.ledger.filter((r) => r.kind === 'voucher').reduce((sum, r) => sum + r.amount, 0)
  expect(w.voucherBalance, `${label}: voucher balance`).toBeGreaterThanOrEqual(0)
  expect(w.voucherBalance, `${label}: voucher balance is its value less what was taken`).toBe(VOUCHER_VALUE - taken)
  if (b.status === 'cancelled') expect(w.holdsSlot, `${label}: a cancelled booking holds its slot`).toBe(false)
  const money = b.ledger.filter((r) => r.kind === 'card' || r.kind === 'cash').reduce((sum, r) => sum + r.amount, 0)
  const year = revenueOfYear(
    2030,
    [],
    b.ledger.map((r) => ({ on: '2030-05-01', kind: r.kind, amount: r.amount, transition: r.transition, tourType: 'Tour', reseller: null })),
  )
  expect(year.total.net, `${label}: revenue is the ledger`).toBe(money)
}

describe('the booking lifecycle on random lives (docs/decisions/0067)', () => {
  it('keeps the books right after every step', () => {
    fc.assert(
      fc.property(life, ({ price, promoPercent, voucher, guideConfirmed, steps }) => {
        const discount = Math.floor((price * promoPercent) / 100)
        const voucherPart = Math.min(voucher, price - discount)
        const blank: LifecycleBooking = { tourDate: TOUR, tourTime: 'morning', tourPackageId: 1, numberOfPeople: 2, status: 'pending', holdExpiresAt: null, cancellationReason: null, cancelledAt: null, paidAt: null, ledger: [] }
        const w: World = { booking: blank, now: START, voucherBalance: VOUCHER_VALUE, holdsSlot: false, slotTaken: false, change: null, intents: 0, calledOff: false }
        const created = decide(
          blank,
          { type: 'create', price, promo: discount ? { code: 'P', discount } : null, voucher: voucherPart ? { id: 7, amount: voucherPart } : null, holdExpiresAt: guideConfirmed ? null : new Date(START.getTime() + 30 * 60_000) },
          w.now,
        )
        if (!created.ok) throw new Error(created.message)
        apply(w, created)
        check(w, 'create')
        for (const [i, s] of steps.entries()) {
          if (s.type === 'wait') {
            w.now = new Date(w.now.getTime() + s.minutes * 60_000)
            continue
          }
          if (s.type === 'someone-books') {
            // Another guest takes the slot only when this booking's claim on it has lapsed or gone.
            if (!w.holdsSlot || (w.booking.status === 'pending' && w.booking.holdExpiresAt && w.booking.holdExpiresAt < w.now)) w.slotTaken = true
            continue
          }
          if (s.type === 'call-off') {
            w.calledOff = true
            continue
          }
          const event = eventOf(w, s)
          if (!event) continue
          const d = decide(w.booking, event, w.now)
          if (!d.ok) continue
          apply(w, d)
          check(w, `step ${i + 1}: ${s.type}`)
        }
      }),
      { numRuns: 10_000 },
    )
    // Ten thousand lives take about 2 s alone and far longer on a busy machine: the runs, not the clock, are the test.
  }, 300_000)
})

/**
 * A reseller's reservation (docs/decisions/0074, 0076) on random lives: reserved with a hold, then
 * confirmed with any commission, extended, left to lapse, taken by another guest once lapsed,
 * cancelled for any cause, or set through the guide's status menu, in any order. After every step
 * the ledger adds up to the status, a cancelled reservation holds no slot, no card money appears
 * (the reseller collects from the guest), and the revenue view's channel is the ledger's: gross is
 * what the reseller owes plus its commission, net what it owes.
 */
const resellerStep = fc.oneof(
  fc.record({ type: fc.constant('confirm' as const), commissionPercent: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ type: fc.constant('extend' as const), minutes: fc.integer({ min: 1, max: 60 * 24 }) }),
  fc.record({ type: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 60 * 24 * 20 }) }),
  fc.record({ type: fc.constant('lapse' as const) }),
  fc.record({ type: fc.constant('someone-books' as const) }),
  fc.record({ type: fc.constant('cancel' as const), cause: fc.constantFrom(...CANCELLATION_CAUSES) }),
  fc.record({ type: fc.constant('status' as const), to: fc.constantFrom(...BOOKING_STATUSES) }),
)

describe('a reseller’s reservation on random lives (docs/decisions/0074)', () => {
  it('keeps the books and the channel right after every step', () => {
    const KLOOK = { id: 3, name: 'Klook', test: false }
    fc.assert(
      fc.property(fc.constantFrom(...PRICES.filter((p) => p > 0)), fc.array(resellerStep, { maxLength: 12 }), (price, steps) => {
        const blank: LifecycleBooking = { tourDate: TOUR, tourTime: 'morning', tourPackageId: 1, numberOfPeople: 2, status: 'pending', holdExpiresAt: null, cancellationReason: null, cancelledAt: null, paidAt: null, ledger: [], resellerId: KLOOK.id }
        const w: World = { booking: blank, now: START, voucherBalance: VOUCHER_VALUE, holdsSlot: false, slotTaken: false, change: null, intents: 0, calledOff: false }
        const created = decide(blank, { type: 'create', price, promo: null, voucher: null, holdExpiresAt: new Date(START.getTime() + 30 * 60_000) }, w.now)
        if (!created.ok) throw new Error(created.message)
        apply(w, created)
        for (const [i, s] of steps.entries()) {
          const label = `step ${i + 1}: ${s.type}`
          if (s.type === 'wait') {
            w.now = new Date(w.now.getTime() + s.minutes * 60_000)
            continue
          }
          if (s.type === 'someone-books') {
            if (!w.holdsSlot || (w.booking.status === 'pending' && w.booking.holdExpiresAt && w.booking.holdExpiresAt < w.now)) w.slotTaken = true
            continue
          }
          const m = moneyOf(w.booking.ledger)
          const event: LifecycleEvent =
            s.type === 'confirm'
              ? { type: 'confirm-reseller', commission: Math.floor((m.due * s.commissionPercent) / 100) }
              : s.type === 'extend'
                ? { type: 'extend', holdExpiresAt: new Date(w.now.getTime() + s.minutes * 60_000) }
                : s.type === 'lapse'
                  ? { type: 'lapse' }
                  : s.type === 'cancel'
                    ? { type: 'cancel', cause: s.cause, today: todayInTokyo(w.now), reason: 'r' }
                    : { type: 'status', to: s.to, holdExpiresAt: new Date(w.now.getTime() + 30 * 60_000), voucher: voucherFact(w), promoUsable: true }
          const d = decide(w.booking, event, w.now)
          if (!d.ok) continue
          apply(w, d)
          const b = w.booking
          expect(ledgerProblems(b.status, b.ledger), label).toEqual([])
          if (b.status === 'cancelled') expect(w.holdsSlot, `${label}: a cancelled reservation holds its slot`).toBe(false)
          expect(b.ledger.filter((r) => r.kind === 'card' || r.kind === 'cash'), `${label}: no card money`).toEqual([])
          const owed = b.ledger.filter((r) => r.kind === 'reseller').reduce((sum, r) => sum + r.amount, 0)
          const kept = b.ledger.filter((r) => r.kind === 'commission').reduce((sum, r) => sum + r.amount, 0)
          const year = revenueOfYear(2030, [], b.ledger.map((r) => ({ on: '2030-05-01', kind: r.kind, amount: r.amount, transition: r.transition, tourType: 'Tour', reseller: KLOOK })))
          const channel = year.channels.find((c) => c.resellerId === KLOOK.id)
          expect(channel?.total ?? { gross: 0, commission: 0, net: 0 }, `${label}: the channel is the ledger`).toMatchObject({ gross: owed + kept, commission: kept, net: owed })
          if (b.status === 'confirmed' && owed + kept !== 0) expect(owed + kept, `${label}: a confirmed reservation is owed its price`).toBe(price)
        }
      }),
      { numRuns: 5_000 },
    )
  }, 300_000)
})
