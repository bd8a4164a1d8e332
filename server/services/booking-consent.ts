import { refusal } from '../../core/i18n/refusal.ts'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { bookings } from '../db/schema.ts'
import type { Booking } from './ledger.ts'
import { effectiveStatus } from '../../core/booking-lifecycle.ts'
import { checkoutAsksConsent } from '../../core/booking-consent.ts'
import { POLICY_VERSION } from '../../core/cancellation-policy.ts'
import { POLICY_CONSENT, policyConsent } from '../../core/schemas/booking.ts'
import { ServiceError } from './service-error.ts'

/** As the payment service says it (server/services/payments.ts), so the checkout shows one message. */
const NOT_FOUND_MESSAGE = refusal('errors.bookingNotFound')
/**
 * The guest's consent at the checkout of a booking the guide made (docs/decisions/0073): the
 * booking form asks a guest for it (decision 0050), the guide's dashboard cannot, so the pay
 * link's page does, before the payment starts. Two booking columns, neither money nor status:
 * like the reminder job's mark, this write stays outside the lifecycle's writer (decision 0067),
 * and touches nothing else of the booking (server/services/booking-writes.unit.test.ts).
 */
export function createBookingConsentService(deps: { db: Db; now: () => Date; getByReference: (reference: unknown) => Promise<Booking | null> }) {
  const { db } = deps

  async function found(reference: unknown): Promise<Booking> {
    const booking = await deps.getByReference(reference)
    if (!booking || booking.anonymizedAt) throw new ServiceError('not-found', NOT_FOUND_MESSAGE)
    return booking
  }

  /**
   * The tick in `body.acceptPolicy` for a booking whose checkout asks for it: recorded with the
   * moment and the policy version, or refused ('invalid', on the field) when missing or anything
   * but a tick. Nothing to do for any other booking. A consent on record stays as first given.
   */
  async function accept(booking: Booking, body: Record<string, unknown>): Promise<void> {
    const now = deps.now()
    if (!checkoutAsksConsent({ ...booking, status: effectiveStatus(booking, now) })) return
    if (!policyConsent.safeParse(body.acceptPolicy).success) throw new ServiceError('invalid', POLICY_CONSENT, { field: 'acceptPolicy' })
    await db
      .update(bookings)
      .set({ policyAcceptedAt: now, policyVersion: POLICY_VERSION })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.policyAcceptedAt)))
  }

  return {
    /** Whether the checkout must ask before the payment (the page's loader). */
    async asked(reference: unknown): Promise<boolean> {
      const booking = await deps.getByReference(reference)
      return booking !== null && checkoutAsksConsent({ ...booking, status: effectiveStatus(booking, deps.now()) })
    },

    /** The checkout page's form (its post and data request) and the start of a payment (POST /api/create-payment-intent). */
    async acceptAtCheckout(reference: unknown, body: Record<string, unknown>): Promise<void> {
      await accept(await found(reference), body)
    },

    /**
     * Before the payment-success call settles a booking: only one with nothing left to pay is
     * asked here, since settling it at once is its payment. A booking with something to pay was
     * asked when its payment started, and the guest's money may already be taken: refusing then
     * would help nobody.
     */
    async beforeSettling(reference: unknown, body: Record<string, unknown>): Promise<void> {
      const booking = await found(reference)
      if (booking.money.due === 0) await accept(booking, body)
    },
  }
}

export type BookingConsentService = ReturnType<typeof createBookingConsentService>
