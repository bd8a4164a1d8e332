import type { Config } from '../config/index.ts'
import type { Db } from '../db/client.ts'
import type { PaymentProvider } from './provider.ts'
import { SimulatedProvider } from './simulated.ts'
import { StripeProvider } from './stripe.ts'

export * from './provider.ts'
export { SimulatedProvider } from './simulated.ts'
export { StripeProvider } from './stripe.ts'

/** Stripe when both keys are set (config.paymentMode), the simulation of docs/decisions/0014 otherwise. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.paymentMode === 'stripe') {
    return new StripeProvider({ secretKey: config.env.STRIPE_SECRET_KEY!, apiUrl: config.env.STRIPE_API_URL })
  }
  return new SimulatedProvider(db)
}
