/**
 * The checkout's calls (spec §7). Every non-ok answer becomes an Error carrying the
 * server's { message } (or the fallback), so the page can show it as the spec asks.
 */

// What POST /api/create-payment-intent answers (the server's own type).
export type { CheckoutStart } from '../../../server/services/payments.ts'
import type { CheckoutStart } from '../../../server/services/payments.ts'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function postJson<T>(url: string, body: unknown, fallback: string): Promise<T> {
  let res: Response
  try {
    res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'include', body: JSON.stringify(body) })
  } catch {
    throw new ApiError(0, fallback)
  }
  const data = (await res.json().catch(() => null)) as (T & { message?: string }) | null
  if (!res.ok) throw new ApiError(res.status, data?.message || fallback)
  return data as T
}

export const createPaymentIntent = (booking: { reference: string; totalPrice: number; tourPackageId: number; isHalfDay: boolean; numberOfPeople: number }) =>
  // The spec's payload; the server uses only the reference and prices from the stored booking.
  postJson<CheckoutStart>(
    '/api/create-payment-intent',
    { bookingId: booking.reference, amount: booking.totalPrice, tourPackageId: booking.tourPackageId, isHalfDay: booking.isHalfDay, numberOfPeople: booking.numberOfPeople },
    'Could not create payment',
  )

export const confirmPaymentSuccess = (reference: string) =>
  postJson<{ status: 'paid' | 'processing' }>(`/api/bookings/${encodeURIComponent(reference)}/payment-success`, {}, 'Could not update booking status')

export const simulatedCharge = (reference: string, cardNumber: string) =>
  postJson<{ status: 'succeeded' }>(`/api/bookings/${encodeURIComponent(reference)}/simulated-payment`, { cardNumber }, 'An unexpected error occurred.')

export type CancellationQuote = {
  canCancel: boolean
  status: string
  amountPaid: number
  refund: { amount: number; rule: string; explanation: string }
  /** What cancelling now would do (said before anything is cancelled). */
  preview: string
}

export async function fetchCancellationQuote(reference: string): Promise<CancellationQuote> {
  const res = await fetch(`/api/bookings/${encodeURIComponent(reference)}/cancellation-quote`, { credentials: 'include' })
  const data = (await res.json().catch(() => null)) as (CancellationQuote & { message?: string }) | null
  if (!res.ok || !data) throw new ApiError(res.status, data?.message || 'Could not load the cancellation terms')
  return data
}

export const cancelBooking = (reference: string) =>
  postJson<{ status: 'cancelled'; refund: { amount: number; status: 'none' | 'pending' | 'succeeded' | 'failed'; message?: string }; explanation: string }>(
    `/api/bookings/${encodeURIComponent(reference)}/cancel`,
    {},
    'Could not cancel the booking',
  )
