import type { Attention, Notice } from './admin-notices.ts'
import { guestMoveRefusal, GUEST_MOVE_REFUSALS, GUEST_MOVE_PARTLY_REFUNDED_MESSAGE, PAID_PRICE_FIXED, type ChangeActor, type SlotChoice } from './booking-changes.ts'
import { refusalMessage } from './i18n/refusal.ts'
import { statusTransition } from './booking-transitions.ts'
import { type CancellationCause, refundChoiceProblem, refundFor } from './cancellation-policy.ts'
import { type CalendarDate, compareDates } from './dates.ts'
import { allocateCardRefund, cardAndCash, cardByIntent, chargeRecorded, moneyOf, type BookingMoney, type Movement, type MovementKind, type Transition } from './ledger.ts'
import type { BookingStatus, PaidBy } from './schemas/booking-status.ts'
import { BANK_TRANSFER } from './tax-document-points.ts'
import type { TourTime } from './slots.ts'
import { splitRefund } from './vouchers.ts'

/**
 * A booking's life, in one place (docs/decisions/0067). Every change of a booking (made, its hold
 * lapsing, paid, moved by the guest or the guide or after a call-off, cancelled by either side,
 * refunded, the guide's status menu, erased) is an event given to `decide`, with the booking, its
 * money (its ledger rows, core/ledger.ts) and the clock. The answer is the new status, the money
 * movements the event requires, what happens to the slot and which card refunds the provider must
 * make, or a refusal with its reason. It is pure: server/services/booking-lifecycle.ts loads the
 * booking under its row lock, reads the facts an event needs (is the slot free, what is left on
 * the voucher), calls `decide` and writes what it returns in the same transaction. Nothing else
 * writes a booking's status or its money.
 *
 * Holds expire without a timer (docs/decisions/0005): a pending booking whose hold ran out reads
 * as cancelled for everyone (`effectiveStatus`) before the sweep records it (`lapse`).
 */

/** Why a pending booking was cancelled when its hold ran out unpaid. */
export const EXPIRED_REASON = 'payment not completed in time'
/** Why a payment that arrived after its hold lapsed was given back (docs/decisions/0067). */
export const LATE_SLOT_TAKEN_REASON = 'the slot was booked by someone else before the payment arrived'
export const LATE_PRICE_CHANGED_REASON = 'its gift voucher or promo code could no longer pay its part when the payment arrived'

// A guest's refusals are message ids (docs/decisions/0087); the dashboard's still English.
export const HOLD_EXPIRED_MESSAGE = refusalMessage('errors.holdExpired')
export const ALREADY_PAID_MESSAGE = refusalMessage('errors.alreadyPaid')
export const CANCELLED_MESSAGE = refusalMessage('errors.bookingCancelled')
export const ALREADY_CANCELLED_MESSAGE = refusalMessage('errors.alreadyCancelled')
export const NOTHING_TO_PAY_MESSAGE = refusalMessage('errors.nothingToPay')
export const CALLED_OFF_PAY_MESSAGE = refusalMessage('errors.calledOffPay')
// Why a guest's data cannot be erased yet, as the dashboard says it.
export const ERASE_HOLD_MESSAGE = refusalMessage('adminErrors.eraseHeld')
export const ERASE_UPCOMING_MESSAGE = refusalMessage('adminErrors.eraseUpcoming')
export const PAID_DELETE_MESSAGE = refusalMessage('adminErrors.paidDelete')
export const VOUCHER_GONE_MESSAGE = refusalMessage('adminErrors.voucherGone')
export const PROMO_GONE_MESSAGE = refusalMessage('adminErrors.promoGone')
export const MOVE_CANCELLED = refusalMessage('adminErrors.moveCancelled')
/** Its English, as the JSON API answers it (server/i18n/refusals.unit.test.ts holds the pair equal). */
export const MOVE_CANCELLED_MESSAGE = 'A cancelled booking cannot be moved. Restore it first, or make a new booking.'
export const NO_CARD_PAYMENT_MESSAGE = refusalMessage('adminErrors.noCardPayment')
export const NOT_HELD_MESSAGE = 'Only a reservation still on hold can be extended.'
export const RESELLER_STATUS_MESSAGE = refusalMessage('adminErrors.resellerStatus')
export const PAID_BY_NOT_PAID_MESSAGE = refusalMessage('adminErrors.paidByNotPaid')

type Hold = { status: string; holdExpiresAt: Date | null }

/** A pending booking whose hold has run out: its slot is free, whatever the row still says. */
export function holdLapsed(booking: Hold, now: Date): boolean {
  return booking.status === 'pending' && booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() < now.getTime()
}

/** The status everyone should see at `now`: a lapsed hold reads as cancelled. */
export function effectiveStatus(booking: Hold, now: Date): BookingStatus {
  return holdLapsed(booking, now) ? 'cancelled' : (booking.status as BookingStatus)
}

/** Cancelled because nobody paid in time: lapsed now, or cancelled by the sweep for it. */
export function expiredUnpaid(booking: Hold & { cancellationReason: string | null }, now: Date): boolean {
  return holdLapsed(booking, now) || (booking.status === 'cancelled' && booking.cancellationReason === EXPIRED_REASON)
}

/** The booking as the lifecycle sees it: its status, its slot and its ledger. */
export type LifecycleBooking = SlotChoice & {
  status: BookingStatus
  holdExpiresAt: Date | null
  cancellationReason: string | null
  cancelledAt: Date | null
  paidAt: Date | null
  /** Its ledger rows, oldest first. */
  ledger: readonly Movement[]
  /** The reseller it came through (docs/decisions/0074), if any. */
  resellerId?: number | null
}

/** A voucher a booking may take more from (its balance locked by the caller), or null. */
export type VoucherFact = { id: number; balance: number; usable: boolean }

/** The events of a booking's life. Facts the database knows (free slot, voucher balance) come with them. */
export type LifecycleEvent =
  /** A guest's or the guide's new booking: its price and what a promo code and a voucher pay of it. */
  | { type: 'create'; price: number; promo: { code: string; discount: number } | null; voucher: { id: number; amount: number } | null; holdExpiresAt: Date | null }
  /** The sweep, or a claimer taking over the slot, records a lapsed hold. */
  | { type: 'lapse' }
  /** A reseller confirms its reservation (docs/decisions/0074): the reseller owes the price less its commission. */
  | { type: 'confirm-reseller'; commission: number }
  /** A reseller extends its reservation's hold (docs/decisions/0074). */
  | { type: 'extend'; holdExpiresAt: Date }
  /** The provider says a payment of the booking's own intent succeeded (from the webhook or the browser's call). */
  | { type: 'pay'; intentId: string; amount: number; currency: string; slotFree: boolean; voucher: VoucherFact | null; promoUsable: boolean }
  /** Nothing is left to pay (a voucher, a promo code or a price of 0 covers it): the checkout's payment-success. */
  | { type: 'settle' }
  /** The guest's, the guide's or a call-off answer's move to another slot, tour or group. */
  | {
      type: 'move'
      actor: ChangeActor
      target: SlotChoice
      /** The catalogue's price of the target on its date (guest moves), or the guide's price (their moves). */
      price: number
      voucher: VoucherFact | null
      /** Until when a dearer change's new slot is held while its difference is paid. */
      changeHoldExpiresAt: Date
      /** The guest's own move rules (core/booking-changes.ts); ignored for the guide. */
      guest?: { today: CalendarDate; guestMoves: number; limit: number; disrupted: boolean; arranged: boolean }
    }
  /** The difference of a dearer change, paid on its own intent. */
  | { type: 'change-paid'; intentId: string; amount: number; currency: string; target: SlotChoice; price: number; difference: number; slotFree: boolean; voucher: VoucherFact | null }
  /** Cancelled by the guest or the guide, with the policy's refund or the guide's choice of the card's part. */
  | { type: 'cancel'; cause: CancellationCause; today: CalendarDate; reason: string; refund?: number }
  /** The guide's status menu (docs/decisions/0029); marking paid says how the money still due came (docs/decisions/0080), cash when not said. */
  | { type: 'status'; to: BookingStatus; holdExpiresAt: Date; voucher: VoucherFact | null; promoUsable: boolean; paidBy?: PaidBy }
  /** A refund the decision recorded was refused by the provider: the money stays on the card, owed to the guest. */
  | { type: 'refund-failed'; intentId: string; amount: number; reference: string }
  /** The provider reports what was refunded on an intent in all (a refund made in its dashboard, or ours). */
  | { type: 'provider-refund'; intentId: string; refundedTotal: number }
  /** The guide deletes a booking that holds no money. */
  | { type: 'delete' }
  /** The guest's personal data is erased (docs/decisions/0020): allowed once nothing is under way. */
  | { type: 'erase'; today: CalendarDate }

export type LifecycleEventType = LifecycleEvent['type']

/** The booking's lifecycle columns as they become. */
export type StatusPatch = {
  status: BookingStatus
  holdExpiresAt: Date | null
  cancellationReason: string | null
  cancelledAt: Date | null
  paidAt: Date | null
}

/** What happens to the halves of the day the booking holds (server/services/slot-claims.ts). */
export type SlotEffect =
  | { kind: 'keep' }
  /** Claim the booking's own slot, held until `expiresAt` or for good (null). */
  | { kind: 'claim'; expiresAt: Date | null }
  /** Its claims keep running, now until `expiresAt` (a pending hold refreshed). */
  | { kind: 'hold'; expiresAt: Date }
  /** Its claims no longer expire (paid, confirmed). */
  | { kind: 'permanent' }
  /** Every half it holds goes (cancelled, deleted). */
  | { kind: 'release' }
  /** Only the halves whose hold ran out go (a lapse: a late payment may have made the others permanent). */
  | { kind: 'release-lapsed' }
  /** It takes the target slot (a move): its claims go, the target's are made, held like its own were. */
  | { kind: 'move'; target: SlotChoice; expiresAt: Date | null }
  /** The halves of the target it does not hold are held until `expiresAt` while the difference is paid. */
  | { kind: 'hold-target'; target: SlotChoice; expiresAt: Date }

/** A promo code's use (its counter of uses, docs/decisions/0062) taken, given back, or left. */
export type PromoUse = 'take' | 'release' | 'keep'

export type Outcome =
  | 'created'
  | 'lapsed'
  | 'paid'
  | 'already-paid'
  | 'not-kept'
  | 'payment-refused'
  | 'settled'
  | 'confirmed'
  | 'extended'
  | 'moved'
  | 'awaiting-difference'
  | 'change-done'
  | 'change-refused'
  | 'cancelled'
  | 'status-changed'
  | 'refund-failed'
  | 'provider-refund'
  | 'deleted'
  | 'erased'

/** A movement the decision asks for; the writer stamps the booking, the transition and the time. */
export type NewMovement = Pick<Movement, 'kind' | 'amount'> & Partial<Pick<Movement, 'transition' | 'voucherId' | 'intentId' | 'reference'>>

/** A refund the provider must make after the commit, with the key that makes a retry refund once. */
export type CardRefund = { intentId: string; amount: number; idempotencyKey: string }

export type Done = {
  ok: true
  outcome: Outcome
  /** The transition its rows are written under. */
  transition: Transition
  /** The lifecycle columns to write; null when they stay. */
  patch: StatusPatch | null
  movements: NewMovement[]
  slot: SlotEffect
  promoUse: PromoUse
  /** Card refunds to ask the provider for after the commit (their rows are among `movements`). */
  refunds: CardRefund[]
  /** A note for the guide: an attention sets it, null clears it, undefined leaves it. */
  attention?: Attention | null
  /** Yen going back onto the voucher, and back to the guest in cash by the guide (the e-mails say so). */
  voucherBack: number
  cashBack: number
  /** Yen the card gets back (the sum of `refunds`, and of refunds recorded for the guide to make by hand). */
  cardBack: number
  /** Why a payment was given back, or a booking ended: for the guest and the guide. */
  reason?: string
  /** What the guide is told beside the booking ('Payment needs attention'); the service adds the guest's name. */
  notice?: Notice
  /** A dearer change: the card's part still to pay, and the voucher's. */
  difference?: number
  /** The price the booking has after a move. */
  price?: number
}

export type RefusalKind = 'invalid' | 'conflict' | 'gone'
export type Refused = { ok: false; kind: RefusalKind; message: string; field?: string }
export type Decision = Done | Refused

const refuse = (kind: RefusalKind, message: string, field?: string): Refused => ({ ok: false, kind, message, ...(field ? { field } : {}) })

/** A decision that changes nothing. */
const nothing = (outcome: Outcome, transition: Transition): Done => ({ ok: true, outcome, transition, patch: null, movements: [], slot: { kind: 'keep' }, promoUse: 'keep', refunds: [], voucherBack: 0, cashBack: 0, cardBack: 0 })

const row = (kind: MovementKind, amount: number, extra: Partial<Pick<Movement, 'transition' | 'voucherId' | 'intentId' | 'reference'>> = {}): NewMovement[] => (amount === 0 ? [] : [{ kind, amount, ...extra }])

/** The key of a card refund: the intent, what it had given back before, and the amount, so the same decision retried refunds once. */
const refundKey = (intentId: string, refundedBefore: number, amount: number) => `refund-${intentId}-${refundedBefore}-${amount}`

/** Card refunds of `amount`, newest payment first, as rows and provider calls; what the card cannot give is returned as `left`. */
function cardRefunds(ledger: readonly Movement[], amount: number): { rows: NewMovement[]; refunds: CardRefund[]; left: number } {
  const before = new Map(cardByIntent(ledger).map((i) => [i.intentId, i.refunded]))
  const { parts, left } = allocateCardRefund(ledger, amount)
  const refunds = parts.map((p) => ({ intentId: p.intentId, amount: p.amount, idempotencyKey: refundKey(p.intentId, before.get(p.intentId) ?? 0, p.amount) }))
  return { rows: refunds.flatMap((r) => row('card', -r.amount, { intentId: r.intentId, reference: r.idempotencyKey })), refunds, left }
}

/** A payment that cannot be kept: recorded as received and given back in full at once. */
function giveBackPayment(intentId: string, amount: number): { rows: NewMovement[]; refunds: CardRefund[] } {
  const refund: CardRefund = { intentId, amount, idempotencyKey: refundKey(intentId, 0, amount) }
  return { rows: [...row('card', amount, { intentId }), ...row('card', -amount, { intentId, reference: refund.idempotencyKey })], refunds: [refund] }
}

/** Money the guest gave: card and cash, and a paid booking's voucher part. */
const held = (status: string, m: BookingMoney) => cardAndCash(m) + (status === 'paid' ? m.voucher : 0)

/** Whether the guest has paid anything for the booking (card, cash, or a paid booking's voucher part): what a call-off's words depend on. */
export const somethingPaid = (status: string, m: BookingMoney) => held(status, m) > 0

/** What the status table (core/booking-transitions.ts) calls received and refunded. */
export const tableMoney = (status: string, m: BookingMoney) => ({ received: held(status, m) + m.refunded, refunded: m.refunded })

/** The rows that end a booking's claim on its price: the price released, the promo code's and the voucher's parts given back. */
function releaseAll(m: BookingMoney, transition: 'cancel' | 'lapse' = 'cancel'): NewMovement[] {
  return [
    ...row('price', -m.owed + m.fee, { transition }),
    ...row('promo', -m.promo, { transition }),
    ...row('voucher', -m.voucher, { voucherId: m.voucherId, transition }),
    // A reseller's booking that ends is not owed by the reseller (docs/decisions/0074).
    ...row('reseller', -m.reseller, { transition }),
    ...row('commission', -m.commission, { transition }),
  ]
}

/** The rows that bring a cancelled booking's price back, taking its promo and voucher parts again. */
function reviveRows(m: BookingMoney): NewMovement[] {
  const released = m.price - (m.owed - m.fee)
  const transition = 'revive' as const
  return [
    ...row('cancellation-fee', -m.fee, { transition }),
    ...row('price', released, { transition }),
    ...row('promo', m.discount - m.promo, { transition }),
    ...row('voucher', m.voucherPaid - m.voucher, { voucherId: m.voucherId, transition }),
  ]
}

/** A promo code's use goes back when an unpaid booking ends; a paid booking's stays spent (docs/decisions/0062). */
const releasedPromo = (b: LifecycleBooking, m: BookingMoney): PromoUse => (m.promo > 0 && b.paidAt === null ? 'release' : 'keep')

/** Whether a released promo or voucher part can be taken again, and the refusal when not. */
function retakeProblem(m: BookingMoney, voucher: VoucherFact | null, promoUsable: boolean): string | null {
  const voucherOwed = m.voucherPaid - m.voucher
  if (voucherOwed > 0 && (!voucher || !voucher.usable || voucher.balance < voucherOwed)) return VOUCHER_GONE_MESSAGE
  if (m.discount - m.promo > 0 && !promoUsable) return PROMO_GONE_MESSAGE
  return null
}

const paidPatch = (b: LifecycleBooking, now: Date): StatusPatch => ({ status: 'paid', holdExpiresAt: null, cancellationReason: null, cancelledAt: null, paidAt: b.paidAt ?? now })
const cancelledPatch = (b: LifecycleBooking, reason: string, now: Date): StatusPatch => ({
  status: 'cancelled',
  holdExpiresAt: null,
  cancellationReason: reason,
  cancelledAt: now,
  paidAt: b.paidAt,
})

/**
 * Decides what `event` does to `booking` at `now`. Every transition of a booking is here; see each
 * case for its rule. Amounts are whole yen; a refusal says why, in the API's English.
 */
export function decide(booking: LifecycleBooking, event: LifecycleEvent, now: Date): Decision {
  const decision = decideUnstamped(booking, event, now)
  // Each row is written under the transition that made it; most are the decision's own.
  return decision.ok ? { ...decision, movements: decision.movements.map((r) => ({ ...r, transition: r.transition ?? decision.transition })) } : decision
}

function decideUnstamped(booking: LifecycleBooking, event: LifecycleEvent, now: Date): Decision {
  const m = moneyOf(booking.ledger)
  const status = effectiveStatus(booking, now)
  switch (event.type) {
    case 'create':
      return create(event, now)
    case 'lapse':
      return lapse(booking, m, now)
    case 'pay':
      return pay(booking, m, status, event, now)
    case 'settle':
      return settle(booking, m, status, now)
    case 'confirm-reseller':
      return confirmReseller(booking, m, status, event, now)
    case 'extend':
      return extend(booking, status, event)
    case 'move':
      return move(booking, m, status, event)
    case 'change-paid':
      return changePaid(booking, m, status, event)
    case 'cancel':
      return cancel(booking, m, status, event, now)
    case 'status':
      return menu(booking, m, status, event, now)
    case 'refund-failed':
      return { ...nothing('refund-failed', 'refund-failed'), movements: row('card', event.amount, { intentId: event.intentId, reference: `failed:${event.reference}` }) }
    case 'provider-refund':
      return providerRefund(booking, m, status, event)
    case 'delete':
      if (held(booking.status, m) > 0 || m.fee > 0) return refuse('conflict', PAID_DELETE_MESSAGE)
      return { ...nothing('deleted', 'cancel'), movements: releaseAll(m), slot: { kind: 'release' }, promoUse: releasedPromo(booking, m), voucherBack: m.voucher }
    case 'erase':
      return erase(booking, status, event, now)
  }
}

/**
 * A new booking (docs/decisions/0005, 0059, 0062, 0065): pending and holding its slot until
 * `holdExpiresAt`, or confirmed without payment (the guide's, null). Its price is owed; a promo
 * code and a voucher pay their parts at once; the rest is the card's.
 */
function create(event: Extract<LifecycleEvent, { type: 'create' }>, now: Date): Decision {
  const discount = event.promo?.discount ?? 0
  const voucher = event.voucher?.amount ?? 0
  if (discount + voucher > event.price) return refuse('invalid', 'A promo code and a voucher cannot pay more than the price')
  return {
    ...nothing('created', 'create'),
    patch: { status: event.holdExpiresAt ? 'pending' : 'confirmed', holdExpiresAt: event.holdExpiresAt, cancellationReason: null, cancelledAt: null, paidAt: null },
    movements: [
      ...row('price', event.price),
      ...row('promo', discount, { reference: event.promo?.code ?? null }),
      ...row('voucher', voucher, { voucherId: event.voucher?.id ?? null }),
    ],
    slot: { kind: 'claim', expiresAt: event.holdExpiresAt },
    promoUse: event.promo ? 'take' : 'keep',
    price: event.price,
  }
}

/** A hold ran out unpaid (docs/decisions/0005): cancelled, its price released, its promo and voucher parts given back. */
function lapse(b: LifecycleBooking, m: BookingMoney, now: Date): Decision {
  if (!holdLapsed(b, now)) return nothing('lapsed', 'lapse')
  return {
    ...nothing('lapsed', 'lapse'),
    patch: cancelledPatch(b, EXPIRED_REASON, now),
    movements: releaseAll(m, 'lapse'),
    slot: { kind: 'release-lapsed' },
    promoUse: releasedPromo(b, m),
    voucherBack: m.voucher,
  }
}

/**
 * A card payment succeeded (docs/decisions/0015, 0067). Exactly once per intent: the ledger holds
 * one charge per intent, and the booking's row lock serialises the webhook and the browser's call.
 * - Already recorded: a retry (paid) or settled before and since changed (not kept): nothing.
 * - The booking is paid by another intent: a second payment, given back at once.
 * - Cancelled by someone (not by its hold running out): given back.
 * - Not the amount still due, or not yen: given back, and the guide told.
 * - A hold that lapsed: kept only if its slot is still free and its price unchanged (its promo and
 *   voucher parts can be taken again); otherwise given back and the booking stays cancelled.
 * - Otherwise: paid, and its slot is its own for good.
 */
function pay(b: LifecycleBooking, m: BookingMoney, status: BookingStatus, e: Extract<LifecycleEvent, { type: 'pay' }>, now: Date): Decision {
  if (chargeRecorded(b.ledger, e.intentId)) return nothing(b.status === 'paid' ? 'already-paid' : 'not-kept', 'pay')
  const giveBack = (reason: string, attention: Attention, options: { end?: string; notice?: Notice } = {}) => {
    const back = giveBackPayment(e.intentId, e.amount)
    const ending = options.end !== undefined && b.status === 'pending'
    return {
      ...nothing('payment-refused', 'pay-refused'),
      movements: [...back.rows, ...(ending ? releaseAll(m, 'lapse') : [])],
      refunds: back.refunds,
      cardBack: e.amount,
      reason,
      attention,
      ...(options.notice ? { notice: options.notice } : {}),
      ...(ending ? { patch: cancelledPatch(b, options.end!, now), slot: { kind: 'release-lapsed' } as const, promoUse: releasedPromo(b, m), voucherBack: m.voucher } : {}),
    } satisfies Done
  }
  if (b.status === 'paid') return giveBack('a second payment for a booking that was already paid', { kind: 'paidTwice', values: { intent: e.intentId } })
  const lapsed = expiredUnpaid(b, now)
  if (status === 'cancelled' && !lapsed) {
    return giveBack('payment arrived after the booking was cancelled', { kind: 'paidAfterCancel', values: { amount: e.amount } })
  }
  // A swept hold takes its price, promo and voucher parts again before its payment is weighed.
  const revived = b.status === 'cancelled' ? reviveRows(m) : []
  const after = revived.length ? moneyOf([...b.ledger, ...revived.map((r) => ({ ...r, transition: 'revive' as const, voucherId: r.voucherId ?? null, intentId: null, reference: r.reference ?? null }))]) : m
  if (e.currency.toLowerCase() !== 'jpy' || e.amount !== after.due) {
    const paid = { received: e.amount, currency: e.currency.toUpperCase(), due: after.due }
    return giveBack('the payment did not match the booking', { kind: 'paymentMismatch', values: { intent: e.intentId, ...paid } }, { notice: { kind: 'paymentMismatch', values: paid } })
  }
  if (lapsed) {
    if (!e.slotFree) {
      return giveBack(LATE_SLOT_TAKEN_REASON, { kind: 'paidAfterHoldSlotTaken', values: { amount: e.amount } }, {
        end: LATE_SLOT_TAKEN_REASON,
        notice: { kind: 'paidAfterHoldSlotTaken', values: { amount: e.amount } },
      })
    }
    if (retakeProblem(m, e.voucher, e.promoUsable)) {
      return giveBack(LATE_PRICE_CHANGED_REASON, { kind: 'paidAfterHoldPriceChanged', values: { amount: e.amount } }, {
        end: LATE_PRICE_CHANGED_REASON,
        notice: { kind: 'paidAfterHoldPriceChanged', values: { amount: e.amount } },
      })
    }
  }
  return {
    ...nothing('paid', 'pay'),
    patch: paidPatch(b, now),
    movements: [...revived, ...row('card', e.amount, { intentId: e.intentId })],
    slot: lapsed ? { kind: 'claim', expiresAt: null } : { kind: 'permanent' },
    promoUse: revived.some((r) => r.kind === 'promo' && r.amount > 0) ? 'take' : 'keep',
  }
}

/**
 * A reseller confirms its reservation (docs/decisions/0074): the booking is confirmed and its slot
 * its own for good; the reseller collected the price from the guest and owes the guide the price
 * less its commission, so the ledger covers the price with the two. Confirming twice is nothing;
 * a reservation whose hold ran out is gone, as an unpaid guest's.
 */
function confirmReseller(b: LifecycleBooking, m: BookingMoney, status: BookingStatus, e: Extract<LifecycleEvent, { type: 'confirm-reseller' }>, now: Date): Decision {
  if (b.status === 'confirmed') return nothing('confirmed', 'confirm')
  const refusal = paymentRefusal(b, now)
  if (refusal) return refusal
  if (status !== 'pending') return refuse('conflict', CANCELLED_MESSAGE)
  return {
    ...nothing('confirmed', 'confirm'),
    patch: { status: 'confirmed', holdExpiresAt: null, cancellationReason: null, cancelledAt: null, paidAt: null },
    movements: [...row('reseller', m.due - e.commission), ...row('commission', e.commission)],
    slot: { kind: 'permanent' },
  }
}

/** A reseller's reservation held longer (docs/decisions/0074): only while it is still held. */
function extend(b: LifecycleBooking, status: BookingStatus, e: Extract<LifecycleEvent, { type: 'extend' }>): Decision {
  if (status !== 'pending') return refuse(b.status === 'pending' ? 'gone' : 'conflict', b.status === 'pending' ? HOLD_EXPIRED_MESSAGE : NOT_HELD_MESSAGE)
  return { ...nothing('extended', 'extend'), patch: { status: 'pending', holdExpiresAt: e.holdExpiresAt, cancellationReason: null, cancelledAt: null, paidAt: null }, slot: { kind: 'hold', expiresAt: e.holdExpiresAt } }
}

/** Nothing left to pay (docs/decisions/0019, 0065): a voucher, a promo code or a price of 0 covers it, and the booking is paid. */
function settle(b: LifecycleBooking, m: BookingMoney, status: BookingStatus, now: Date): Decision {
  if (b.status === 'paid') return nothing('already-paid', 'settle')
  const refusal = paymentRefusal(b, now)
  if (refusal) return refusal
  if (status !== 'cancelled' && m.due !== 0) return refuse('conflict', 'This booking still has money to pay.')
  return { ...nothing('settled', 'settle'), patch: paidPatch(b, now), slot: { kind: 'permanent' } }
}

/** Why the checkout must not take a payment for this booking now, or null (docs/decisions/0005, 0056). */
export function paymentRefusal(b: Pick<LifecycleBooking, 'status' | 'holdExpiresAt' | 'cancellationReason'>, now: Date, calledOff = false): Refused | null {
  if (b.status === 'paid') return refuse('conflict', ALREADY_PAID_MESSAGE)
  if (effectiveStatus(b, now) === 'cancelled') return expiredUnpaid(b, now) ? refuse('gone', HOLD_EXPIRED_MESSAGE) : refuse('conflict', CANCELLED_MESSAGE)
  if (calledOff) return refuse('conflict', CALLED_OFF_PAY_MESSAGE)
  return null
}

/**
 * What a move does to the price (docs/decisions/0055, 0062, 0065, 0067):
 * - the new price is the catalogue's for a guest, the guide's for the guide (their own price, or
 *   the booking's); after a call-off the same tour for the same group costs the guest no more than
 *   they paid, but another tour or group is priced like any change;
 * - a promo code keeps the yen it took off, never more than the new price;
 * - more to pay: the voucher's balance first, then the card; an unpaid booking just has a new
 *   price, a paid one waits for the card's part (the difference) before it moves;
 * - less to pay: it goes back the way it came, the last money in first: card, cash, then voucher.
 */
export function movePlan(b: LifecycleBooking, m: BookingMoney, status: BookingStatus, price: number, voucher: VoucherFact | null) {
  const discount = Math.min(m.discount, price)
  const received = held(status, m) > 0 || status === 'paid'
  // Only the booking's own voucher pays more of it: another voucher is the guest's to choose at a new booking.
  const spare = voucher?.usable && voucher.id === m.voucherId ? voucher.balance : 0
  const need = price - discount - m.voucher - cardAndCash(m)
  if (!received) {
    // Nothing received yet: the new price stands; the voucher pays what it can of it.
    const voucherAfter = Math.min(m.voucher + spare, price - discount)
    return { price, discount, voucherTake: voucherAfter - m.voucher, cardDue: price - discount - voucherAfter, back: 0, received }
  }
  if (need >= 0) {
    const take = Math.min(spare, need)
    return { price, discount, voucherTake: take, cardDue: need - take, back: 0, received }
  }
  return { price, discount, voucherTake: 0, cardDue: 0, back: -need, received }
}

function move(b: LifecycleBooking, m: BookingMoney, status: BookingStatus, e: Extract<LifecycleEvent, { type: 'move' }>): Decision {
  if (status === 'cancelled') {
    return e.actor === 'guide' ? refuse('conflict', MOVE_CANCELLED) : refuse('conflict', GUEST_MOVE_REFUSALS.cancelled)
  }
  let price = e.price
  if (e.actor !== 'guide') {
    const g = e.guest!
    const refusal = guestMoveRefusal({ status, tourDate: b.tourDate, today: g.today, guestMoves: g.guestMoves, limit: g.limit, disrupted: g.disrupted, arranged: g.arranged })
    if (refusal) return refuse('conflict', GUEST_MOVE_REFUSALS[refusal])
    if (m.refunded > 0) return refuse('conflict', GUEST_MOVE_PARTLY_REFUNDED_MESSAGE)
    // A call-off waives the cost of a new date, not of a dearer tour or a larger group.
    const sameTour = e.target.tourPackageId === b.tourPackageId && e.target.numberOfPeople === b.numberOfPeople
    if (g.disrupted && sameTour) price = Math.min(price, m.price)
  } else if (held(status, m) > 0 && price !== m.price) {
    return refuse('conflict', PAID_PRICE_FIXED, 'totalPrice')
  }
  const plan = movePlan(b, m, status, price, e.voucher)
  const base = { ...nothing('moved', 'move'), price: plan.price, slot: { kind: 'move', target: e.target, expiresAt: b.status === 'pending' ? b.holdExpiresAt : null } as SlotEffect }
  if (plan.received && plan.cardDue > 0) {
    // Paid: the new slot is held while the guest pays the difference; the booking stays as it is.
    return { ...nothing('awaiting-difference', 'move'), difference: plan.cardDue, price: plan.price, slot: { kind: 'hold-target', target: e.target, expiresAt: e.changeHoldExpiresAt } }
  }
  const moneyRows = [...row('price', plan.price - m.price), ...row('promo', plan.discount - m.promo), ...row('voucher', plan.voucherTake, { voucherId: m.voucherId })]
  if (plan.back === 0) return { ...base, movements: moneyRows }
  const card = cardRefunds(b.ledger, plan.back)
  const cash = Math.min(card.left, m.cash)
  const voucherBack = card.left - cash
  return {
    ...base,
    movements: [...moneyRows, ...card.rows, ...row('cash', -cash), ...row('voucher', -voucherBack, { voucherId: m.voucherId })],
    refunds: card.refunds,
    cardBack: plan.back - card.left,
    cashBack: cash,
    voucherBack,
    ...(cash > 0 ? { attention: { kind: 'cashBackCheaperMove', values: { amount: cash } } } : {}),
  }
}

/**
 * The difference of a dearer change arrived (docs/decisions/0055). It moves the booking if the
 * booking is still live, the held slot still free and the amount still the difference; otherwise
 * it goes back and the booking stays as it was.
 */
function changePaid(b: LifecycleBooking, m: BookingMoney, status: BookingStatus, e: Extract<LifecycleEvent, { type: 'change-paid' }>): Decision {
  if (chargeRecorded(b.ledger, e.intentId)) return nothing('already-paid', 'change-paid')
  const giveBack = (reason: string): Done => {
    const back = giveBackPayment(e.intentId, e.amount)
    return { ...nothing('change-refused', 'change-refused'), movements: back.rows, refunds: back.refunds, cardBack: e.amount, reason }
  }
  if (status === 'cancelled') return giveBack('the booking was cancelled before the difference of its change arrived')
  // The difference is asked of a paid booking only; one the guide has since set back to pending or
  // confirmed is no longer the booking the change was priced for (a promo or voucher paid it whole).
  if (status !== 'paid') return giveBack('the booking was no longer paid when the difference of its change arrived')
  const plan = movePlan(b, m, status, e.price, e.voucher)
  if (e.currency.toLowerCase() !== 'jpy' || e.amount !== e.difference || plan.cardDue !== e.amount) return giveBack('the payment did not match the difference of the change')
  if (!e.slotFree) return giveBack('the new slot was taken before the difference of the change arrived')
  return {
    ...nothing('change-done', 'change-paid'),
    price: plan.price,
    movements: [
      ...row('price', plan.price - m.price),
      ...row('promo', plan.discount - m.promo),
      ...row('voucher', plan.voucherTake, { voucherId: m.voucherId }),
      ...row('card', e.amount, { intentId: e.intentId }),
    ],
    slot: { kind: 'move', target: e.target, expiresAt: null },
  }
}

/**
 * A cancellation (docs/decisions/0016, 0065, 0067). Unpaid: the price is released and the promo
 * and voucher parts go back. Paid: the policy's refund of everything paid (card, cash and voucher)
 * is shared between the voucher (its proportional share) and the card (the rest, or the guide's
 * choice of the card's part), the card's going back newest payment first and then the cash; what
 * is kept becomes the cancellation fee.
 */
function cancel(b: LifecycleBooking, m: BookingMoney, status: BookingStatus, e: Extract<LifecycleEvent, { type: 'cancel' }>, now: Date): Decision {
  if (status === 'cancelled') return refuse('conflict', ALREADY_CANCELLED_MESSAGE)
  const q = cancellationQuote(b, m, e.cause, e.today)
  let cardBack = q.cardRefund
  if (e.refund !== undefined) {
    const problem = refundChoiceProblem(e.refund, q.cardPaid)
    if (problem) return refuse('invalid', problem, 'refundAmount')
    cardBack = e.refund
  }
  if (!q.paid) {
    return { ...nothing('cancelled', 'cancel'), patch: cancelledPatch(b, e.reason, now), movements: releaseAll(m), slot: { kind: 'release' }, promoUse: releasedPromo(b, m), voucherBack: m.voucher }
  }
  const card = cardRefunds(b.ledger, cardBack)
  const cash = Math.min(card.left, m.cash)
  if (card.left - cash > 0) return refuse('conflict', NO_CARD_PAYMENT_MESSAGE)
  const fee = q.cardPaid + m.voucher - cardBack - q.voucherReturn
  return {
    ...nothing('cancelled', 'cancel'),
    patch: cancelledPatch(b, e.reason, now),
    movements: [
      ...row('price', -m.owed + m.fee),
      ...row('cancellation-fee', fee),
      ...row('promo', -m.promo),
      ...row('voucher', -q.voucherReturn, { voucherId: m.voucherId }),
      ...card.rows,
      ...row('cash', -cash),
    ],
    slot: { kind: 'release' },
    refunds: card.refunds,
    cardBack: cardBack - cash,
    cashBack: cash,
    voucherBack: q.voucherReturn,
    attention: cardBack > 0 ? { kind: 'refundIssuing', values: { amount: cardBack } } : undefined,
    ...(cash > 0 ? { attention: { kind: 'cashBackCancelled', values: { amount: cash } } } : {}),
  }
}

/** What cancelling would do now, for the dialogs shown before (docs/decisions/0016, 0029). */
export type CancellationQuote = {
  /** Whether the booking counts as paid: its money goes by the policy; otherwise all is given back. */
  paid: boolean
  /** Card and cash held (what the card's part of a refund can be). */
  cardPaid: number
  /** The voucher part a paid booking holds. */
  voucherPaid: number
  /** The policy's refund: the card's (and cash's) part and the voucher's. */
  cardRefund: number
  voucherReturn: number
  rule: ReturnType<typeof refundFor>['rule']
  explanation: string
}

export function cancellationQuote(b: { status: string; tourDate: CalendarDate }, m: BookingMoney, cause: CancellationCause, today: CalendarDate): CancellationQuote {
  const cardPaid = cardAndCash(m)
  const paid = b.status === 'paid' || cardPaid > 0
  const voucherPaid = paid ? m.voucher : 0
  const policy = refundFor({ amountPaid: cardPaid + voucherPaid, tourDate: b.tourDate, today, cause })
  const split = splitRefund(policy.amount, { card: cardPaid, voucher: voucherPaid })
  return { paid, cardPaid, voucherPaid, cardRefund: split.card, voucherReturn: split.voucher, rule: policy.rule, explanation: policy.explanation }
}

/**
 * The guide's status menu (docs/decisions/0013, 0029): the table in core/booking-transitions.ts
 * decides what is allowed against the money; this says what each allowed change does.
 * - to cancelled: only with no money held (the Cancel action decides a refund): all is released;
 * - a cancelled booking revived: its price, promo and voucher parts are taken again (refused when
 *   they cannot be), and its fee released;
 * - to paid with money still to pay: the guide took it outside the card flow: a cash row, in hand
 *   (the default) or by bank transfer, which its reference says and receipts print
 *   (docs/decisions/0080); how it came is refused with any other status;
 * - to pending: a fresh hold; to confirmed or paid: the slot is its own for good.
 */
function menu(b: LifecycleBooking, m: BookingMoney, status: BookingStatus, e: Extract<LifecycleEvent, { type: 'status' }>, now: Date): Decision {
  const to = e.to
  if (e.paidBy !== undefined && to !== 'paid') return refuse('invalid', PAID_BY_NOT_PAID_MESSAGE, 'paidBy')
  if (status === to && b.status === to) return nothing('status-changed', 'mark-paid')
  // The reseller collected the price and confirms through OCTO: marking it paid here would count
  // cash never received, confirming it would leave its receivable unrecorded (docs/decisions/0074).
  if (b.resellerId != null && to !== 'cancelled') return refuse('conflict', RESELLER_STATUS_MESSAGE)
  const verdict = statusTransition(status, to, tableMoney(b.status, m))
  if (!verdict.allowed) return refuse('conflict', verdict.message)
  if (to === 'cancelled') {
    return {
      ...nothing('status-changed', 'cancel'),
      patch: { ...cancelledPatch(b, b.cancellationReason ?? (status === 'cancelled' ? EXPIRED_REASON : ADMIN_CANCEL_REASON), b.cancelledAt ?? now) },
      movements: releaseAll(m),
      slot: { kind: 'release' },
      promoUse: releasedPromo(b, m),
      voucherBack: m.voucher,
    }
  }
  const reviving = status === 'cancelled'
  const revived = reviving ? reviveRows(m) : []
  if (reviving) {
    const problem = retakeProblem(m, e.voucher, e.promoUsable)
    if (problem) return refuse('conflict', problem)
  }
  const after = moneyOf([...b.ledger, ...revived.map((r) => ({ ...r, transition: 'revive' as const, voucherId: r.voucherId ?? null, intentId: null, reference: r.reference ?? null }))])
  const cash = to === 'paid' && after.due > 0 ? after.due : 0
  const holdExpiresAt = to === 'pending' ? e.holdExpiresAt : null
  return {
    ...nothing('status-changed', reviving ? 'revive' : 'mark-paid'),
    patch: { status: to, holdExpiresAt, cancellationReason: null, cancelledAt: null, paidAt: to === 'paid' ? (b.paidAt ?? now) : b.paidAt },
    movements: [...revived, ...row('cash', cash, e.paidBy === 'bank-transfer' ? { reference: BANK_TRANSFER } : {})],
    slot: reviving ? { kind: 'claim', expiresAt: holdExpiresAt } : holdExpiresAt ? { kind: 'hold', expiresAt: holdExpiresAt } : { kind: 'permanent' },
    promoUse: revived.some((r) => r.kind === 'promo' && r.amount > 0) ? 'take' : 'keep',
  }
}

/** Why a booking with no reason given was cancelled from the status menu. */
export const ADMIN_CANCEL_REASON = 'cancelled by the admin'

/**
 * The provider reports `refundedTotal` refunded on an intent (docs/decisions/0015): what is more
 * than the ledger knows was refunded in its dashboard. It lowers what the booking keeps: a
 * cancelled booking's fee, or a live booking's price (the guide gave part of it back), and the
 * guide is told; what a refused refund owed is settled by it first.
 */
function providerRefund(b: LifecycleBooking, m: BookingMoney, status: BookingStatus, e: Extract<LifecycleEvent, { type: 'provider-refund' }>): Decision {
  const intent = cardByIntent(b.ledger).find((i) => i.intentId === e.intentId)
  if (!intent) return nothing('provider-refund', 'provider-refund')
  const extra = Math.min(e.refundedTotal, intent.charged) - intent.refunded
  if (extra <= 0) return nothing('provider-refund', 'provider-refund')
  // A refund the provider refused earlier is what the dashboard's refund makes first.
  const lowered = Math.max(0, extra - m.owedBack)
  const lower = status === 'cancelled' ? row('cancellation-fee', -Math.min(lowered, m.fee)) : row('price', -lowered)
  return {
    ...nothing('provider-refund', 'provider-refund'),
    movements: [...row('card', -extra, { intentId: e.intentId, reference: `provider:${e.intentId}:${e.refundedTotal}` }), ...lower],
    cardBack: extra,
    attention: lowered > 0 ? { kind: 'refundedInProvider', values: { amount: lowered } } : null,
  }
}

/** Erasure waits until nothing is under way (docs/decisions/0020): a live hold, or a tour still to come. */
export function erasureRefusal(b: Pick<LifecycleBooking, 'status' | 'holdExpiresAt' | 'tourDate'>, today: CalendarDate, now: Date): string | null {
  if (b.status === 'pending' && b.holdExpiresAt !== null && b.holdExpiresAt > now) return ERASE_HOLD_MESSAGE
  if (b.status !== 'cancelled' && b.status !== 'pending' && compareDates(b.tourDate, today) >= 0) return ERASE_UPCOMING_MESSAGE
  return null
}

function erase(b: LifecycleBooking, _status: BookingStatus, e: Extract<LifecycleEvent, { type: 'erase' }>, now: Date): Decision {
  const refusal = erasureRefusal(b, e.today, now)
  return refusal ? refuse('conflict', refusal) : nothing('erased', 'cancel')
}

export type { TourTime }
