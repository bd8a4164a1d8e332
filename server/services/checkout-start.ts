/**
 * What a checkout is told when a payment starts (POST /api/create-payment-intent for a booking,
 * POST /api/vouchers/{token}/payment-intent for a gift voucher): the provider's client secret,
 * which card form to show, and what is charged. One shape, so one pair of card forms serves both.
 */
export type CheckoutStart = {
  clientSecret: string
  mode: 'stripe' | 'simulated'
  publishableKey?: string
  amount: number
  currency: string
  /** Until when an unpaid booking holds its slot; null for a voucher and for confirmed bookings. */
  holdExpiresAt: string | null
}
