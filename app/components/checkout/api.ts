/**
 * The checkout's calls. Every non-ok answer becomes an ApiError carrying the server's refusal,
 * which the page says in its language, or its own sentence when the server said nothing.
 */

// What POST /api/create-payment-intent answers (the server's own type).
export type { CheckoutStart } from '../../../server/for-app.ts'
import type { CheckoutStart } from '../../../server/for-app.ts'
// The cancellation answers are typed by the service that builds them, so both sides agree.
export type { CancellationQuote, RefundOutcome } from '../../../server/for-app.ts'
import type { CancellationQuote, RefundOutcome } from '../../../server/for-app.ts'
import { ApiError, fetchJson, postJson } from '../../lib/fetch-json.ts'

export { ApiError }

export const createPaymentIntent = (booking: { reference: string; totalPrice: number; tourPackageId: number; isHalfDay: boolean; numberOfPeople: number }) =>
  // The spec's payload; the server uses only the reference and prices from the stored booking.
  postJson<CheckoutStart>(
    '/api/create-payment-intent',
    { bookingId: booking.reference, amount: booking.totalPrice, tourPackageId: booking.tourPackageId, isHalfDay: booking.isHalfDay, numberOfPeople: booking.numberOfPeople },
  )

export const confirmPaymentSuccess = (reference: string) =>
  postJson<{ status: 'paid' | 'processing' }>(`/api/bookings/${encodeURIComponent(reference)}/payment-success`, {})

export const simulatedCharge = (reference: string, cardNumber: string) =>
  postJson<{ status: 'succeeded' }>(`/api/bookings/${encodeURIComponent(reference)}/simulated-payment`, { cardNumber })

export const fetchCancellationQuote = (reference: string) =>
  fetchJson<CancellationQuote>('GET', `/api/bookings/${encodeURIComponent(reference)}/cancellation-quote`)

export const cancelBooking = (reference: string) =>
  postJson<{ status: 'cancelled'; refund: RefundOutcome; explanation: string }>(`/api/bookings/${encodeURIComponent(reference)}/cancel`, {})
