import type { Config } from '../config/index.ts'
import type { ProviderIntent } from '../payments/provider.ts'

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

/** The checkout's answer for a provider's intent: the same for a booking, a dearer change and a voucher. */
export function checkoutStart(
  config: Pick<Config, 'paymentMode' | 'env'>,
  intent: ProviderIntent,
  charge: { amount: number; currency: string; holdExpiresAt: string | null },
): CheckoutStart {
  return {
    clientSecret: intent.clientSecret ?? '',
    mode: config.paymentMode,
    ...(config.paymentMode === 'stripe' ? { publishableKey: config.env.STRIPE_PUBLISHABLE_KEY } : {}),
    ...charge,
  }
}
