import crypto from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { Config } from '../config/index.ts'
import type { Db, Tx } from '../db/client.ts'
import { bookings, payments, processedEvents, type Booking, type Payment } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { loggableError } from '../http/errors.ts'
import { ServiceError } from './service-error.ts'
import { type PaymentProvider, type ProviderIntent, ProviderError } from '../payments/provider.ts'
import { SimulatedProvider } from '../payments/simulated.ts'
import { fromStripeIntent } from '../payments/stripe.ts'
import { effectiveStatus, expiredUnpaid } from '../../core/booking-lifecycle.ts'
import { formatYen } from '../../core/money.ts'
import { decideSettlement, paymentMatchesBooking } from '../../core/payment-settlement.ts'
import type { TourTime } from '../../core/slots.ts'
import type { BookingEvents } from './booking-events.ts'
import type { NotificationService } from './notifications.ts'
import { bookingActionLink } from './notifications.ts'
import { SlotTakenError, claimSlot, makeClaimsPermanent, releaseClaims } from './slot-claims.ts'
import type { RefundService } from './refunds.ts'
import type { BookingMoveService, PendingChange } from './booking-moves.ts'
import type { VoucherService, VoucherSettlement } from './vouchers.ts'
import { checkoutStart, type CheckoutStart } from './checkout-start.ts'
import { retakeVoucherUse } from './voucher-spending.ts'

export type { CheckoutStart }

export const HOLD_EXPIRED_MESSAGE = "This booking's hold has expired. Please book again."
export const ALREADY_PAID_MESSAGE = 'This booking has already been paid.'
export const CANCELLED_MESSAGE = 'This booking has been cancelled.'
export const NOT_FOUND_MESSAGE = 'Booking not found'
export const NOT_COMPLETED_MESSAGE = 'The payment has not been completed.'
export const REFUNDED_MESSAGE = 'Your payment arrived after this booking could no longer be kept, so it is being refunded in full. Please contact us.'
export const PAYMENT_HANDLED_MESSAGE = 'This payment has already been processed and the booking changed since. Please contact us.'
export const LATE_SLOT_TAKEN_REASON = 'the slot was booked by someone else before the payment arrived'
/** A dearer change's difference (docs/decisions/0055). */
export const CHANGE_HOLD_EXPIRED_MESSAGE = 'The new slot was held for you for a limited time, and that time ran out. Please choose your change again.'
export const CHANGE_REFUNDED_MESSAGE = 'The new slot was taken before your payment arrived, so the difference is being refunded and your booking stays as it was.'


/** What settling a provider's intent against our booking did. */
export type Settlement =
  | { kind: 'unknown-booking' }
  | { kind: 'not-succeeded'; bookingId: number; status: ProviderIntent['status']; lastError: string | null }
  | { kind: 'mismatch'; bookingId: number }
  | { kind: 'paid'; booking: Booking }
  | { kind: 'already-paid'; booking: Booking }
  /** Settled before (by the other path or a retry), and the booking is not paid now. */
  | { kind: 'not-kept'; booking: Booking }
  /** The intent paid for a gift voucher, not a booking (docs/decisions/0065). */
  | { kind: 'voucher'; settlement: VoucherSettlement }
  /** Money arrived that the booking cannot keep: refund it (after the transaction commits). */
  | { kind: 'refund'; bookingId: number; intentId: string; amount: number; idempotencyKey: string; reason: string; countsTowardBooking: boolean; message?: string }

export type PaymentServiceDeps = {
  db: Db
  config: Config
  logger: Logger
  now: () => Date
  provider: PaymentProvider
  events: BookingEvents
  notifications: NotificationService
  refunds: RefundService
  getByReference: (reference: unknown) => Promise<Booking | null>
  /** Dearer changes whose difference the checkout takes (docs/decisions/0055). */
  moves: BookingMoveService
  /** Gift vouchers are paid through the same provider and webhooks (docs/decisions/0065). */
  vouchers: Pick<VoucherService, 'settleInTx' | 'applyProviderRefund' | 'recordFailedAttempt'>
}

/**
 * Payments (docs/decisions/0014): start a payment for a stored booking, and settle what the provider
 * reports, from whichever side arrives first (the browser's payment-success call or the
 * signed webhook). A booking becomes paid only when the provider says the intent
 * succeeded for the booking's own amount and currency, and exactly once: a conditional
 * UPDATE ... WHERE status <> 'paid' RETURNING decides who fires the 'Payment received' event.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, provider, events, notifications, refunds, logger, moves } = deps

  async function record(tx: Tx | Db, row: { bookingId: number; providerId: string; kind: 'intent' | 'charge' | 'refund'; amount: number; status: string; detail?: string | null }) {
    const inserted = await tx
      .insert(payments)
      .values({ ...row, provider: provider.name, detail: row.detail ?? null })
      .onConflictDoNothing()
      .returning({ id: payments.id })
    return inserted.length > 0
  }

  async function findBooking(reference: string): Promise<Booking> {
    const booking = await deps.getByReference(reference)
    if (!booking || booking.anonymizedAt) throw new ServiceError('not-found', NOT_FOUND_MESSAGE)
    return booking
  }

  /** Refuse what cannot be paid, with the message the checkout shows. */
  function assertPayable(booking: Booking, now: Date) {
    if (booking.status === 'paid') throw new ServiceError('conflict', ALREADY_PAID_MESSAGE)
    if (effectiveStatus(booking, now) === 'cancelled') {
      const expired = expiredUnpaid(booking, now)
      throw expired ? new ServiceError('gone', HOLD_EXPIRED_MESSAGE) : new ServiceError('conflict', CANCELLED_MESSAGE)
    }
  }

  /**
   * Applies a provider intent to its booking inside `tx`. Never calls the provider: a
   * refund it decides on is returned for the caller to issue after commit.
   */
  async function settleInTx(tx: Tx, intent: ProviderIntent): Promise<Settlement> {
    const now = deps.now()
    const voucher = await deps.vouchers.settleInTx(tx, intent)
    if (voucher) return { kind: 'voucher', settlement: voucher }
    const change = await moves.changeOfIntent(tx, intent.id)
    if (change) return settleChangeInTx(tx, intent, change, now)
    let [booking] = await tx.select().from(bookings).where(eq(bookings.paymentIntentId, intent.id)).for('update')
    if (!booking && intent.metadata.bookingId && /^\d+$/.test(intent.metadata.bookingId)) {
      ;[booking] = await tx.select().from(bookings).where(eq(bookings.id, Number(intent.metadata.bookingId))).for('update')
      if (booking && booking.reference !== intent.metadata.reference) booking = undefined
    }
    if (!booking) return { kind: 'unknown-booking' }

    if (intent.status !== 'succeeded') {
      return { kind: 'not-succeeded', bookingId: booking.id, status: intent.status, lastError: intent.lastError }
    }

    if (!paymentMatchesBooking(booking, intent)) {
      const detail = `Received ${intent.amount} ${intent.currency.toUpperCase()} for a booking of ${booking.totalPrice} ${booking.currency}`
      if (await record(tx, { bookingId: booking.id, providerId: intent.id, kind: 'charge', amount: intent.amount, status: 'mismatch', detail })) {
        await tx
          .update(bookings)
          .set({ attentionReason: `Payment ${intent.id} does not match the booking total: ${detail}. Check it in the payment provider.`, updatedAt: now })
          .where(eq(bookings.id, booking.id))
        await notifications.create(tx, { type: 'system', title: 'Payment needs attention', message: `${booking.name}: ${detail}.`, actionLink: bookingActionLink(booking.id) })
      }
      return { kind: 'mismatch', bookingId: booking.id }
    }

    const recordedFirst = await record(tx, { bookingId: booking.id, providerId: intent.id, kind: 'charge', amount: intent.amount, status: 'succeeded' })
    const decision = decideSettlement(booking, intent, recordedFirst)
    switch (decision.action) {
      case 'already-paid':
        return { kind: 'already-paid', booking }
      case 'report-not-kept':
        return { kind: 'not-kept', booking }
      case 'refund-second-payment':
        await flag(tx, booking, `Paid twice (${intent.id}); the second payment is refunded automatically.`, now)
        return {
          kind: 'refund',
          bookingId: booking.id,
          intentId: intent.id,
          amount: intent.amount,
          idempotencyKey: `refund-duplicate-${intent.id}`,
          reason: 'a second payment for a booking that was already paid',
          countsTowardBooking: false,
        }
      case 'refund-cancelled':
        await tx.update(bookings).set({ paymentIntentId: intent.id, paymentProvider: provider.name, updatedAt: now }).where(eq(bookings.id, booking.id))
        await flag(tx, booking, `Payment ${formatYen(intent.amount)} arrived after the booking was cancelled; it is refunded automatically.`, now)
        return refundAll(booking, intent, 'payment arrived after the booking was cancelled')
      case 'pay':
        if (decision.claimSlot && !(await claimForGood(tx, booking, now))) return cancelSlotTaken(tx, booking, intent, now)
        return markPaid(tx, booking, intent, now)
    }
  }

  /**
   * The difference of a dearer change (docs/decisions/0055): paid for its own amount, it moves the
   * booking; if the booking was cancelled meanwhile, or the new slot went to someone else after
   * its hold lapsed, the difference goes back (after commit) and the booking stays as it was.
   */
  async function settleChangeInTx(tx: Tx, intent: ProviderIntent, change: PendingChange, now: Date): Promise<Settlement> {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, change.bookingId)).for('update')
    if (!booking) return { kind: 'unknown-booking' }
    if (intent.status !== 'succeeded') return { kind: 'not-succeeded', bookingId: booking.id, status: intent.status, lastError: intent.lastError }
    if (intent.amount !== change.difference || intent.currency.toLowerCase() !== booking.currency.toLowerCase()) {
      const detail = `Received ${intent.amount} ${intent.currency.toUpperCase()} for a change whose difference is ${change.difference} ${booking.currency}`
      if (await record(tx, { bookingId: booking.id, providerId: intent.id, kind: 'charge', amount: intent.amount, status: 'mismatch', detail })) {
        await flag(tx, booking, `Payment ${intent.id} does not match the change it pays: ${detail}. Check it in the payment provider.`, now)
      }
      return { kind: 'mismatch', bookingId: booking.id }
    }
    await record(tx, { bookingId: booking.id, providerId: intent.id, kind: 'charge', amount: intent.amount, status: 'succeeded', detail: JSON.stringify({ changeId: change.id }) })
    if (change.state === 'done') return { kind: 'already-paid', booking }
    const giveBack = (reason: string): Settlement => ({ kind: 'refund', bookingId: booking.id, intentId: intent.id, amount: intent.amount, idempotencyKey: `refund-change-${intent.id}`, reason, countsTowardBooking: false, message: CHANGE_REFUNDED_MESSAGE })
    if (effectiveStatus(booking, now) === 'cancelled') return giveBack('the booking was cancelled before the difference of its change arrived')
    const done = await moves.completePaidChange(tx, booking, change, now)
    if (done === 'slot-taken') {
      await notifications.create(tx, {
        type: 'system',
        title: 'Payment needs attention',
        message: `${booking.name} paid ${formatYen(intent.amount)} for a change after its hold ran out, and the new slot was taken meanwhile. The difference is being refunded; the booking stays as it was.`,
        actionLink: bookingActionLink(booking.id),
      })
      return giveBack('the new slot was taken before the difference of the change arrived')
    }
    const [moved] = await tx.select().from(bookings).where(eq(bookings.id, booking.id))
    return { kind: 'paid', booking: moved! }
  }

  /** The checkout of a dearer change's difference: one intent per change, for the difference. */
  async function startChangePayment(booking: Booking, change: PendingChange, now: Date): Promise<CheckoutStart> {
    if (change.holdExpiresAt.getTime() < now.getTime()) throw new ServiceError('gone', CHANGE_HOLD_EXPIRED_MESSAGE)
    const answer = (intent: ProviderIntent): CheckoutStart =>
      checkoutStart(deps.config, intent, { amount: change.difference, currency: booking.currency, holdExpiresAt: change.holdExpiresAt.toISOString() })
    if (change.intentId) {
      const previous = await provider.retrieveIntent(change.intentId)
      if (previous.status === 'succeeded') {
        await settle(previous)
        throw new ServiceError('conflict', ALREADY_PAID_MESSAGE)
      }
      if (previous.status !== 'canceled' && previous.amount === change.difference) return answer(previous)
    }
    const intent = await provider.createIntent({
      bookingId: booking.id,
      reference: booking.reference,
      amount: change.difference,
      currency: booking.currency,
      idempotencyKey: `change-${change.id}-${change.difference}`,
      description: `Change of Joetsu tour ${booking.reference} to ${change.target.tourDate} ${change.target.tourTime}`,
      changeId: change.id,
    })
    await record(db, { bookingId: booking.id, providerId: intent.id, kind: 'intent', amount: intent.amount, status: 'created', detail: JSON.stringify({ changeId: change.id }) })
    await moves.attachIntent(change.id, intent.id)
    return answer(intent)
  }

  /** Claims the booking's slot with no expiry, in a savepoint; false when someone else holds it. */
  async function claimForGood(tx: Tx, booking: Booking, now: Date): Promise<boolean> {
    try {
      await tx.transaction(async (sp) => {
        await releaseClaims(sp, booking.id)
        await claimSlot(sp, events, { bookingId: booking.id, tourDate: booking.tourDate, tourTime: booking.tourTime as TourTime, expiresAt: null, now })
        await events.slotsChanged(sp, [booking.tourDate])
      })
      return true
    } catch (error) {
      if (error instanceof SlotTakenError) return false
      throw error
    }
  }

  /** Paid after the hold lapsed and the slot went to someone else: cancel, refund in full, tell the admin. */
  async function cancelSlotTaken(tx: Tx, booking: Booking, intent: ProviderIntent, now: Date): Promise<Settlement> {
    const [row] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancellationReason: booking.cancellationReason ?? LATE_SLOT_TAKEN_REASON,
        cancelledAt: booking.cancelledAt ?? now,
        holdExpiresAt: null,
        paymentIntentId: intent.id,
        paymentProvider: provider.name,
        attentionReason: `Paid ${formatYen(intent.amount)} after the hold expired, but ${LATE_SLOT_TAKEN_REASON}: the payment is refunded automatically.`,
        updatedAt: now,
      })
      .where(eq(bookings.id, booking.id))
      .returning()
    if (booking.status !== 'cancelled') await events.cancelled(tx, row!, { reason: LATE_SLOT_TAKEN_REASON, refund: intent.amount })
    // Its lapsed claims no longer count: a half nobody else took is free (docs/decisions/0057).
    await events.slotsChanged(tx, [booking.tourDate])
    await notifications.create(tx, {
      type: 'system',
      title: 'Payment needs attention',
      message: `${booking.name} paid ${formatYen(intent.amount)} after the hold expired and the slot was taken. The payment is being refunded.`,
      actionLink: bookingActionLink(booking.id),
    })
    return refundAll(booking, intent, LATE_SLOT_TAKEN_REASON)
  }

  async function markPaid(tx: Tx, booking: Booking, intent: ProviderIntent, now: Date): Promise<Settlement> {
    const [paid] = await tx
      .update(bookings)
      .set({
        status: 'paid',
        paidAt: now,
        holdExpiresAt: null,
        paymentProvider: provider.name,
        paymentIntentId: intent.id,
        cancellationReason: null,
        cancelledAt: null,
        updatedAt: now,
      })
      .where(and(eq(bookings.id, booking.id), ne(bookings.status, 'paid')))
      .returning()
    if (!paid) return { kind: 'already-paid', booking }
    // A lapsed hold paid late gave its voucher part back: it takes it again, or the guide is told (docs/decisions/0065).
    if (!(await retakeVoucherUse(tx, paid, now))) {
      const reason = `Paid after its hold lapsed, but its gift voucher no longer has the ${formatYen(paid.voucherAmount)} it paid: collect it from the guest or refund the booking.`
      await flag(tx, paid, reason, now)
      await notifications.create(tx, { type: 'system', title: 'Payment needs attention', message: `${paid.name}: ${reason}`, actionLink: bookingActionLink(paid.id) })
    }
    await events.paid(tx, paid)
    return { kind: 'paid', booking: paid }
  }

  function refundAll(booking: Booking, intent: ProviderIntent, reason: string): Settlement {
    return { kind: 'refund', bookingId: booking.id, intentId: intent.id, amount: intent.amount, idempotencyKey: `refund-late-${intent.id}`, reason, countsTowardBooking: true }
  }

  /** Why a payment settled earlier does not pay its booking now, for the guest. */
  function notKeptMessage(booking: Booking): string {
    // paidAt is set only when a payment was kept; without it, settling refunded the payment in full.
    if (!booking.paidAt) return REFUNDED_MESSAGE
    // Paid, then cancelled (refund by the policy) or switched by the admin.
    return booking.status === 'cancelled' ? CANCELLED_MESSAGE : PAYMENT_HANDLED_MESSAGE
  }

  async function flag(tx: Tx, booking: Booking, reason: string, now: Date) {
    await tx.update(bookings).set({ attentionReason: reason, updatedAt: now }).where(eq(bookings.id, booking.id))
  }

  /** After commit: issue the refund a settlement decided on. Failures are flagged, never thrown. */
  async function afterSettle(settlement: Settlement) {
    if (settlement.kind !== 'refund') return
    await refunds.issueRefund({
      bookingId: settlement.bookingId,
      intentId: settlement.intentId,
      amount: settlement.amount,
      idempotencyKey: settlement.idempotencyKey,
      reason: settlement.reason,
      countsTowardBooking: settlement.countsTowardBooking,
    })
  }

  async function settle(intent: ProviderIntent): Promise<Settlement> {
    const settlement = await db.transaction((tx) => settleInTx(tx, intent))
    await afterSettle(settlement)
    return settlement
  }

  /** The payment-success call for a dearer change's difference: the provider's word, settled. */
  async function confirmChange(intentId: string): Promise<{ status: 'paid' | 'processing' }> {
    const settled = await settle(await provider.retrieveIntent(intentId))
    if (settled.kind === 'paid' || settled.kind === 'already-paid') return { status: 'paid' }
    if (settled.kind === 'not-succeeded' && settled.status === 'processing') return { status: 'processing' }
    if (settled.kind === 'refund') throw new ServiceError('conflict', settled.message ?? REFUNDED_MESSAGE)
    throw new ServiceError('conflict', NOT_COMPLETED_MESSAGE)
  }

  /** Zero-total bookings (docs/decisions/0019: admin-set prices) are paid with nothing to collect. */
  async function markZeroTotalPaid(booking: Booking): Promise<Booking> {
    const now = deps.now()
    return db.transaction(async (tx) => {
      const [paid] = await tx
        .update(bookings)
        .set({ status: 'paid', paidAt: now, holdExpiresAt: null, paymentProvider: 'none', updatedAt: now })
        .where(and(eq(bookings.id, booking.id), ne(bookings.status, 'paid'), eq(bookings.totalPrice, 0)))
        .returning()
      if (!paid) return booking
      await makeClaimsPermanent(tx, paid.id)
      await events.paid(tx, paid)
      return paid
    })
  }

  return {
    mode: deps.config.paymentMode,
    provider,

    /** POST /api/create-payment-intent: one intent per booking, for the stored total. */
    async startPayment(reference: string): Promise<CheckoutStart> {
      const booking = await findBooking(reference)
      const now = deps.now()
      // A paid booking's dearer change waiting for its difference: that is what the checkout takes.
      const change = booking.status === 'paid' ? await moves.pendingChange(booking.id) : null
      if (change) return startChangePayment(booking, change, now)
      assertPayable(booking, now)
      if (booking.totalPrice === 0) throw new ServiceError('invalid', 'This booking has nothing to pay.')

      const answer = (intent: ProviderIntent): CheckoutStart =>
        checkoutStart(deps.config, intent, {
          amount: booking.totalPrice,
          currency: booking.currency,
          holdExpiresAt: booking.status === 'pending' && booking.holdExpiresAt ? booking.holdExpiresAt.toISOString() : null,
        })

      let previous: ProviderIntent | null = null
      if (booking.paymentIntentId) {
        previous = await provider.retrieveIntent(booking.paymentIntentId)
        if (previous.status === 'succeeded') {
          const settled = await settle(previous)
          if (settled.kind === 'paid' || settled.kind === 'already-paid') throw new ServiceError('conflict', ALREADY_PAID_MESSAGE)
          if (settled.kind === 'not-kept') throw new ServiceError('conflict', notKeptMessage(settled.booking))
          throw new ServiceError('conflict', CANCELLED_MESSAGE)
        }
        if (previous.status !== 'canceled' && paymentMatchesBooking(booking, previous)) {
          return answer(previous)
        }
      }

      // Same booking, same total, same key: a retried or concurrent call gets the same intent.
      const idempotencyKey = `booking-${booking.id}-${booking.reference}-${booking.totalPrice}${booking.currency}${previous ? `-after-${previous.id}` : ''}`
      const intent = await provider.createIntent({
        bookingId: booking.id,
        reference: booking.reference,
        amount: booking.totalPrice,
        currency: booking.currency,
        idempotencyKey,
        description: `Joetsu tour ${booking.tourDate} ${booking.tourTime} (${booking.reference})`,
      })
      await record(db, { bookingId: booking.id, providerId: intent.id, kind: 'intent', amount: intent.amount, status: 'created' })
      const [updated] = await db
        .update(bookings)
        .set({ paymentIntentId: intent.id, paymentProvider: provider.name, updatedAt: now })
        .where(and(eq(bookings.id, booking.id), ne(bookings.status, 'paid')))
        .returning()
      if (!updated) throw new ServiceError('conflict', ALREADY_PAID_MESSAGE)
      return answer(intent)
    },

    /**
     * POST /api/bookings/:reference/payment-success: re-read the intent from the provider
     * and settle it. The browser's word is never enough.
     */
    async confirmPayment(reference: string): Promise<{ status: 'paid' | 'processing' }> {
      const booking = await findBooking(reference)
      const change = booking.status === 'paid' ? await moves.pendingChange(booking.id) : null
      if (change?.intentId) return confirmChange(change.intentId)
      if (booking.status === 'paid') return { status: 'paid' }
      if (booking.totalPrice === 0) {
        assertPayable(booking, deps.now())
        await markZeroTotalPaid(booking)
        return { status: 'paid' }
      }
      if (!booking.paymentIntentId) throw new ServiceError('conflict', 'No payment has been started for this booking.')
      const intent = await provider.retrieveIntent(booking.paymentIntentId)
      const settled = await settle(intent)
      switch (settled.kind) {
        case 'paid':
        case 'already-paid':
          return { status: 'paid' }
        case 'not-succeeded':
          if (settled.status === 'processing') return { status: 'processing' }
          throw new ServiceError('conflict', NOT_COMPLETED_MESSAGE)
        case 'mismatch':
          throw new ServiceError('conflict', 'The payment does not match this booking. Please contact us.')
        case 'refund':
          throw new ServiceError('conflict', settled.message ?? REFUNDED_MESSAGE)
        case 'not-kept':
          throw new ServiceError('conflict', notKeptMessage(settled.booking))
        default:
          throw new ServiceError('conflict', NOT_COMPLETED_MESSAGE)
      }
    },

    /**
     * The simulated provider's card form (docs/decisions/0014). The card number decides the outcome only:
     * it is not stored or logged. Success still goes through confirmPayment afterwards.
     */
    async simulatedCharge(reference: string, cardNumber: string): Promise<{ status: 'succeeded' } | { status: 'failed'; message: string }> {
      if (!(provider instanceof SimulatedProvider)) throw new ServiceError('not-found', 'Not found')
      const booking = await findBooking(reference)
      // A dearer change's difference is paid on its own intent (docs/decisions/0055).
      const change = booking.status === 'paid' ? await moves.pendingChange(booking.id) : null
      if (booking.status === 'paid' && !change?.intentId) return { status: 'succeeded' }
      const intentId = change?.intentId ?? booking.paymentIntentId
      if (!intentId) throw new ServiceError('conflict', 'No payment has been started for this booking.')
      const outcome = await provider.confirm(intentId, cardNumber)
      if (outcome.ok) return { status: 'succeeded' }
      await record(db, {
        bookingId: booking.id,
        providerId: `sim_ch_${crypto.randomBytes(8).toString('hex')}`,
        kind: 'charge',
        amount: change?.difference ?? booking.totalPrice,
        status: 'failed',
        detail: outcome.message,
      })
      return { status: 'failed', message: outcome.message }
    },

    settle,

    /**
     * One verified Stripe event. The event id is stored in the same transaction as its
     * effect, so a replay (Stripe retries, duplicates) changes nothing.
     */
    async handleStripeEvent(event: Stripe.Event): Promise<'processed' | 'duplicate' | 'ignored'> {
      let settlement: Settlement | null = null
      const outcome = await db.transaction(async (tx) => {
        const fresh = await tx.insert(processedEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: processedEvents.id })
        if (fresh.length === 0) return 'duplicate' as const
        switch (event.type) {
          case 'payment_intent.succeeded':
            settlement = await settleInTx(tx, fromStripeIntent(event.data.object))
            return 'processed' as const
          case 'payment_intent.payment_failed': {
            const pi = event.data.object
            const failedCharge = typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? event.id)
            const detail = pi.last_payment_error?.message ?? 'Payment failed'
            if (await deps.vouchers.recordFailedAttempt(tx, { intentId: pi.id, chargeId: failedCharge, amount: pi.amount, detail })) return 'processed' as const
            const [booking] = await tx.select().from(bookings).where(eq(bookings.paymentIntentId, pi.id))
            const bookingId = booking?.id ?? (pi.metadata?.bookingId && /^\d+$/.test(pi.metadata.bookingId) ? Number(pi.metadata.bookingId) : null)
            if (bookingId === null) return 'ignored' as const
            const [exists] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId))
            if (!exists) return 'ignored' as const
            const chargeId = typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? event.id)
            await record(tx, { bookingId, providerId: chargeId, kind: 'charge', amount: pi.amount, status: 'failed', detail: pi.last_payment_error?.message ?? 'Payment failed' })
            return 'processed' as const
          }
          case 'charge.refunded': {
            const charge = event.data.object
            const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
            if (!intentId) return 'ignored' as const
            if (await deps.vouchers.applyProviderRefund(tx, intentId, charge.id, charge.amount_refunded)) return 'processed' as const
            const [booking] = await tx.select().from(bookings).where(eq(bookings.paymentIntentId, intentId)).for('update')
            if (!booking) return 'ignored' as const
            await record(tx, { bookingId: booking.id, providerId: charge.id, kind: 'refund', amount: charge.amount_refunded, status: `charge-refunded-${charge.amount_refunded}`, detail: 'Reported by Stripe (charge.refunded)' })
            await refunds.applyRefundedTotal(tx, booking, charge.amount_refunded)
            return 'processed' as const
          }
          default:
            return 'ignored' as const
        }
      })
      if (settlement) {
        try {
          await afterSettle(settlement)
        } catch (error) {
          logger.error({ error: loggableError(error), event: event.id }, 'refund after webhook failed')
        }
      }
      return outcome
    },

    /** The money trail of a booking, oldest first (admin). */
    async trail(bookingId: number): Promise<Payment[]> {
      return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.createdAt, payments.id)
    },
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
export { ProviderError }
