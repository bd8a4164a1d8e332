import { refusalMessage } from '../../core/i18n/refusal.ts'
import { englishText } from '../i18n/refusals.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import crypto from 'node:crypto'
import { and, eq, isNotNull } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { Config } from '../config/index.ts'
import type { Db, Tx } from '../db/client.ts'
import { bookings, moneyMovements, payments, processedEvents } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { loggableError } from '../http/errors.ts'
import { ServiceError } from './service-error.ts'
import { type PaymentProvider, type ProviderIntent, ProviderError } from '../payments/provider.ts'
import { SimulatedProvider } from '../payments/simulated.ts'
import { fromStripeIntent } from '../payments/stripe.ts'
import { ALREADY_PAID_MESSAGE, CANCELLED_MESSAGE, effectiveStatus, NOTHING_TO_PAY_MESSAGE, paymentRefusal } from '../../core/booking-lifecycle.ts'
import type { BookingStatus } from '../../core/schemas/booking-status.ts'
import type { NotificationService } from './notifications.ts'
import { bookingActionLink } from './notifications.ts'
import type { Applied, BookingLifecycle, RefundOutcome } from './booking-lifecycle.ts'
import type { BookingMoveService, PendingChange } from './booking-moves.ts'
import type { VoucherService, VoucherSettlement } from './vouchers.ts'
import { checkoutStart, reuseOrCreateIntent, type CheckoutStart } from './checkout-start.ts'
import { openOfferOf } from './disruption-offers.ts'
import type { Booking } from './ledger.ts'
import { SlotTakenError } from './slot-claims.ts'

export type { CheckoutStart }

export { ALREADY_PAID_MESSAGE, CANCELLED_MESSAGE }
export const NOT_FOUND_MESSAGE = refusal('errors.bookingNotFound')
export const NOT_COMPLETED_MESSAGE = refusal('errors.paymentNotCompleted')
export const REFUNDED_MESSAGE = refusalMessage('errors.paymentRefunded')
export const PAYMENT_HANDLED_MESSAGE = refusalMessage('errors.paymentHandled')
/** A dearer change's difference (docs/decisions/0055). */
export const CHANGE_HOLD_EXPIRED = refusal('errors.changeHoldExpired')
/** errors.changeHoldExpired in English, as the JSON API answers it. */
export const CHANGE_HOLD_EXPIRED_MESSAGE = englishText(CHANGE_HOLD_EXPIRED)
export const CHANGE_REFUNDED = refusalMessage('errors.changeRefunded')
/** errors.changeRefunded in English, as the JSON API answers it. */
export const CHANGE_REFUNDED_MESSAGE = englishText(CHANGE_REFUNDED)
/** What settling a provider's intent against our booking did. */
export type Settlement =
  | { kind: 'unknown-booking' }
  | { kind: 'not-succeeded'; bookingId: number; status: ProviderIntent['status']; lastError: string | null }
  | { kind: 'paid'; booking: Booking }
  | { kind: 'already-paid'; booking: Booking }
  /** Settled before (by the other path or a retry), and the booking is not paid now. */
  | { kind: 'not-kept'; booking: Booking }
  /** The intent paid for a gift voucher, not a booking (docs/decisions/0065). */
  | { kind: 'voucher'; settlement: VoucherSettlement }
  /** Money arrived that the booking cannot keep: given back (after the transaction commits). */
  | { kind: 'refund'; applied: Applied; message: string }

export type PaymentServiceDeps = {
  db: Db
  config: Config
  logger: Logger
  now: () => Date
  provider: PaymentProvider
  notifications: NotificationService
  lifecycle: BookingLifecycle
  getByReference: (reference: unknown) => Promise<Booking | null>
  /** Dearer changes whose difference the checkout takes (docs/decisions/0055). */
  moves: BookingMoveService
  /** Gift vouchers are paid through the same provider and webhooks (docs/decisions/0065). */
  vouchers: Pick<VoucherService, 'settleInTx' | 'applyProviderRefund' | 'recordFailedAttempt'>
}

/**
 * Payments (docs/decisions/0014, 0015): start a payment for what a stored booking still owes, and
 * settle what the provider reports, from whichever side arrives first (the browser's
 * payment-success call or the signed webhook). What a payment does to its booking is the
 * lifecycle's `pay` (core/booking-lifecycle.ts); this service finds the booking, keeps the
 * provider's trail and turns the outcome into the checkout's answer.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, provider, lifecycle, moves } = deps

  /** The provider's trail (docs/decisions/0065): intents made, attempts, what a settlement saw. */
  async function record(tx: Tx | Db, row: { bookingId: number; providerId: string; kind: 'intent' | 'charge' | 'refund'; amount: number; status: string; detail?: string | null }) {
    await tx
      .insert(payments)
      .values({ ...row, provider: provider.name, detail: row.detail ?? null })
      .onConflictDoNothing()
  }

  async function findBooking(reference: string): Promise<Booking> {
    const booking = await deps.getByReference(reference)
    if (!booking || booking.anonymizedAt) throw new ServiceError('not-found', NOT_FOUND_MESSAGE)
    return booking
  }

  /** The booking an intent pays for: by the intent stored on it, else by the intent's metadata (the webhook may come first), whose reference must match. */
  async function bookingOfIntent(tx: Tx, intent: ProviderIntent): Promise<number | null> {
    const [stored] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.paymentIntentId, intent.id))
    if (stored) return stored.id
    if (!intent.metadata.bookingId || !/^\d+$/.test(intent.metadata.bookingId)) return null
    const [row] = await tx.select({ id: bookings.id, reference: bookings.reference }).from(bookings).where(eq(bookings.id, Number(intent.metadata.bookingId)))
    return row && row.reference === intent.metadata.reference ? row.id : null
  }

  /** Why a payment settled earlier does not pay its booking now, for the guest. */
  function notKeptMessage(booking: Booking): string {
    // Nothing was kept of it: settling gave it back in full.
    if (booking.money.card === 0 && booking.status !== 'paid') return booking.status === 'cancelled' && booking.paidAt !== null ? CANCELLED_MESSAGE : REFUNDED_MESSAGE
    return booking.status === 'cancelled' ? CANCELLED_MESSAGE : PAYMENT_HANDLED_MESSAGE
  }

  /**
   * Applies a provider intent to its booking inside `tx`. Never calls the provider: a refund the
   * lifecycle decides on is recorded now and made by `afterSettle` after the commit.
   */
  async function settleInTx(tx: Tx, intent: ProviderIntent): Promise<Settlement> {
    const voucher = await deps.vouchers.settleInTx(tx, intent)
    if (voucher) return { kind: 'voucher', settlement: voucher }
    const change = await moves.changeOfIntent(tx, intent.id)
    if (change) return settleChangeInTx(tx, intent, change)
    const bookingId = await bookingOfIntent(tx, intent)
    if (bookingId === null) return { kind: 'unknown-booking' }
    if (intent.status !== 'succeeded') return { kind: 'not-succeeded', bookingId, status: intent.status, lastError: intent.lastError }
    await record(tx, { bookingId, providerId: intent.id, kind: 'charge', amount: intent.amount, status: 'succeeded' })
    const applied = await lifecycle.applyInTx(tx, bookingId, { type: 'pay', intentId: intent.id, amount: intent.amount, currency: intent.currency })
    switch (applied.done.outcome) {
      case 'paid':
        return { kind: 'paid', booking: applied.booking }
      case 'already-paid':
        return { kind: 'already-paid', booking: applied.booking }
      case 'not-kept':
        return { kind: 'not-kept', booking: applied.booking }
      default:
        return { kind: 'refund', applied, message: REFUNDED_MESSAGE }
    }
  }

  /**
   * The difference of a dearer change (docs/decisions/0055): paid for its own amount, it moves the
   * booking; if the booking was cancelled meanwhile, or the new slot went to someone else after
   * its hold lapsed, the difference goes back (after commit) and the booking stays as it was.
   */
  async function settleChangeInTx(tx: Tx, intent: ProviderIntent, change: PendingChange): Promise<Settlement> {
    if (intent.status !== 'succeeded') return { kind: 'not-succeeded', bookingId: change.bookingId, status: intent.status, lastError: intent.lastError }
    await record(tx, { bookingId: change.bookingId, providerId: intent.id, kind: 'charge', amount: intent.amount, status: 'succeeded', detail: JSON.stringify({ changeId: change.id }) })
    const applied = await lifecycle.applyInTx(tx, change.bookingId, {
      type: 'change-paid',
      intentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      target: change.target,
      price: change.newTotal,
      difference: change.difference,
    })
    if (applied.done.outcome === 'already-paid') return { kind: 'already-paid', booking: applied.booking }
    if (applied.done.outcome === 'change-done') {
      await moves.finishPaidChange(tx, applied, change)
      return { kind: 'paid', booking: applied.booking }
    }
    // Given back: the change lapses and its hold goes.
    await moves.giveUpChange(tx, change)
    if (applied.done.reason?.startsWith('the new slot was taken')) {
      await deps.notifications.create(tx, {
        type: 'system',
        notice: { kind: 'changePaidSlotTaken', values: { name: applied.booking.name, amount: intent.amount } },
        actionLink: bookingActionLink(applied.booking.id),
      })
    }
    return { kind: 'refund', applied, message: CHANGE_REFUNDED }
  }

  /** The checkout of a dearer change's difference: one intent per change, for the difference. */
  async function startChangePayment(booking: Booking, change: PendingChange, now: Date): Promise<CheckoutStart> {
    if (change.holdExpiresAt.getTime() < now.getTime()) throw new ServiceError('gone', CHANGE_HOLD_EXPIRED)
    const intent = await reuseOrCreateIntent(deps, {
      previousId: change.intentId,
      create: {
        bookingId: booking.id,
        reference: booking.reference,
        amount: change.difference,
        currency: booking.currency,
        description: `Change of Joetsu tour ${booking.reference} to ${change.target.tourDate} ${change.target.tourTime}`,
        changeId: change.id,
      },
      key: `change-${change.id}-${change.difference}`,
      detail: JSON.stringify({ changeId: change.id }),
      succeeded: async (previous) => {
        await settle(previous)
        throw new ServiceError('conflict', ALREADY_PAID_MESSAGE)
      },
      attach: (made) => moves.attachIntent(change.id, made.id),
    })
    return checkoutStart(deps.config, intent, { amount: change.difference, currency: booking.currency, holdExpiresAt: change.holdExpiresAt.toISOString() })
  }

  /**
   * Settles in one transaction, then makes the refund it decided on. A late payment whose slot a
   * racing booking claims between our look and our claim loses the claim's primary key: the
   * transaction runs again and finds the slot taken.
   */
  async function settle(intent: ProviderIntent): Promise<Settlement> {
    for (let attempt = 1; ; attempt++) {
      try {
        const settlement = await db.transaction((tx) => settleInTx(tx, intent))
        if (settlement.kind === 'refund') await lifecycle.afterCommit(settlement.applied)
        return settlement
      } catch (error) {
        if (!(error instanceof SlotTakenError) || attempt >= 3) throw error
      }
    }
  }

  /** The payment-success call for a dearer change's difference: the provider's word, settled. */
  async function confirmChange(intentId: string): Promise<{ status: 'paid' | 'processing' }> {
    const settled = await settle(await provider.retrieveIntent(intentId))
    if (settled.kind === 'paid' || settled.kind === 'already-paid') return { status: 'paid' }
    if (settled.kind === 'not-succeeded' && settled.status === 'processing') return { status: 'processing' }
    if (settled.kind === 'refund') throw new ServiceError('conflict', settled.message)
    throw new ServiceError('conflict', NOT_COMPLETED_MESSAGE)
  }

  /** The booking whose ledger charged this intent (a change's difference, say), or the one that points at it. */
  async function bookingCharged(tx: Tx, intentId: string): Promise<number | null> {
    const [charged] = await tx.select({ bookingId: moneyMovements.bookingId }).from(moneyMovements).where(and(eq(moneyMovements.intentId, intentId), isNotNull(moneyMovements.bookingId))).limit(1)
    if (charged) return charged.bookingId
    const [pointed] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.paymentIntentId, intentId))
    return pointed?.id ?? null
  }

  return {
    mode: deps.config.paymentMode,
    provider,

    /** POST /api/create-payment-intent: one intent per booking and amount, for what it still owes. */
    async startPayment(reference: string): Promise<CheckoutStart> {
      const booking = await findBooking(reference)
      const now = deps.now()
      // A paid booking's dearer change waiting for its difference: that is what the checkout takes.
      const change = booking.status === 'paid' ? await moves.pendingChange(booking.id) : null
      if (change) return startChangePayment(booking, change, now)
      // After a call-off the guest chooses a new date or a refund instead (docs/decisions/0056).
      const refusal = paymentRefusal({ ...booking, status: booking.status as BookingStatus }, now, (await openOfferOf(db, booking.id)) !== null)
      if (refusal) throw new ServiceError(refusal.kind, refusal.message)
      const amount = booking.money.due
      if (amount <= 0) throw new ServiceError('invalid', NOTHING_TO_PAY_MESSAGE)

      const intent = await reuseOrCreateIntent(deps, {
        previousId: booking.paymentIntentId,
        create: { bookingId: booking.id, reference: booking.reference, amount, currency: booking.currency, description: `Joetsu tour ${booking.tourDate} ${booking.tourTime} (${booking.reference})` },
        // Same booking, same amount, same key: a retried or concurrent call gets the same intent.
        key: `booking-${booking.id}-${booking.reference}-${amount}${booking.currency}`,
        succeeded: async (previous) => {
          const settled = await settle(previous)
          if (settled.kind === 'paid' || settled.kind === 'already-paid') throw new ServiceError('conflict', ALREADY_PAID_MESSAGE)
          if (settled.kind === 'not-kept') throw new ServiceError('conflict', notKeptMessage(settled.booking))
          throw new ServiceError('conflict', CANCELLED_MESSAGE)
        },
        attach: async (made) => {
          if (!(await lifecycle.attachIntent(booking.id, made.id, provider.name))) throw new ServiceError('conflict', ALREADY_PAID_MESSAGE)
        },
      })
      return checkoutStart(deps.config, intent, { amount, currency: booking.currency, holdExpiresAt: booking.status === 'pending' && booking.holdExpiresAt ? booking.holdExpiresAt.toISOString() : null })
    },

    /**
     * POST /api/bookings/:reference/payment-success: re-read the intent from the provider
     * and settle it. The browser's word is never enough. A booking with nothing left to pay (a
     * voucher, a promo code or a price of 0 covers it) is settled by the lifecycle without one.
     */
    async confirmPayment(reference: string): Promise<{ status: 'paid' | 'processing' }> {
      const booking = await findBooking(reference)
      const change = booking.status === 'paid' ? await moves.pendingChange(booking.id) : null
      if (change?.intentId) return confirmChange(change.intentId)
      if (booking.status === 'paid') return { status: 'paid' }
      // Nothing left to pay on a live booking: a voucher, a promo code or a price of 0 covers it.
      if (booking.money.due === 0 && effectiveStatus(booking, deps.now()) !== 'cancelled') {
        await lifecycle.apply(booking.id, { type: 'settle' })
        return { status: 'paid' }
      }
      if (!booking.paymentIntentId) throw new ServiceError('conflict', refusal('errors.paymentNotStarted'))
      const settled = await settle(await provider.retrieveIntent(booking.paymentIntentId))
      switch (settled.kind) {
        case 'paid':
        case 'already-paid':
          return { status: 'paid' }
        case 'not-succeeded':
          if (settled.status === 'processing') return { status: 'processing' }
          throw new ServiceError('conflict', NOT_COMPLETED_MESSAGE)
        case 'refund':
          throw new ServiceError(
            'conflict',
            settled.applied.done.reason === 'the payment did not match the booking' ? refusal('errors.paymentMismatch') : settled.message,
          )
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
      if (!intentId) throw new ServiceError('conflict', refusal('errors.paymentNotStarted'))
      const outcome = await provider.confirm(intentId, cardNumber)
      if (outcome.ok) return { status: 'succeeded' }
      await record(db, {
        bookingId: booking.id,
        providerId: `sim_ch_${crypto.randomBytes(8).toString('hex')}`,
        kind: 'charge',
        amount: change?.difference ?? booking.money.due,
        status: 'failed',
        // The money trail is the guide's: the refusal's English (docs/decisions/0087).
        detail: englishText(outcome.message),
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
            const bookingId = await bookingOfIntent(tx, fromStripeIntent(pi))
            if (bookingId === null) return 'ignored' as const
            await record(tx, { bookingId, providerId: failedCharge, kind: 'charge', amount: pi.amount, status: 'failed', detail })
            return 'processed' as const
          }
          case 'charge.refunded': {
            const charge = event.data.object
            const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
            if (!intentId) return 'ignored' as const
            if (await deps.vouchers.applyProviderRefund(tx, intentId, charge.id, charge.amount_refunded)) return 'processed' as const
            const bookingId = await bookingCharged(tx, intentId)
            if (bookingId === null) return 'ignored' as const
            await record(tx, { bookingId, providerId: charge.id, kind: 'refund', amount: charge.amount_refunded, status: `charge-refunded-${charge.amount_refunded}`, detail: 'Reported by Stripe (charge.refunded)' })
            await lifecycle.applyInTx(tx, bookingId, { type: 'provider-refund', intentId, refundedTotal: charge.amount_refunded })
            return 'processed' as const
          }
          default:
            return 'ignored' as const
        }
      })
      const given = settlement as Settlement | null
      if (given?.kind === 'refund') {
        try {
          await lifecycle.afterCommit(given.applied)
        } catch (error) {
          deps.logger.error({ error: loggableError(error), event: event.id }, 'refund after webhook failed')
        }
      }
      return outcome
    },
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
export { ProviderError }
export type { RefundOutcome }
