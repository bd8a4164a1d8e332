/**
 * The payment provider seen by the rest of the server (Medusa's model): a few calls, and
 * the provider's many statuses mapped to a small internal set. Two implementations:
 * Stripe (stripe.ts) and the honest local simulation of docs/decisions/0014 (simulated.ts).
 */

export type ProviderName = 'stripe' | 'simulated'

/** Internal intent statuses. Only 'succeeded' can ever mark a booking paid. */
export type IntentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'canceled'

export type ProviderIntent = {
  id: string
  clientSecret: string | null
  /** In the currency's smallest unit; for JPY that is yen. */
  amount: number
  /** Lower-case ISO code as the provider reports it ('jpy'). */
  currency: string
  status: IntentStatus
  /** The provider's message for the last failed attempt, if any. */
  lastError: string | null
  metadata: Record<string, string>
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed'
export type ProviderRefund = { id: string; amount: number; status: RefundStatus }

export type CreateIntentInput = {
  bookingId: number
  reference: string
  amount: number
  currency: string
  /** Same key, same intent: a retried or concurrent create never makes a second one. */
  idempotencyKey: string
  description?: string
  /** The dearer change whose difference this pays (docs/decisions/0055), shown beside the booking in the provider's dashboard. */
  changeId?: number
}

export type RefundInput = { intentId: string; amount: number; idempotencyKey: string; reason?: string }

export interface PaymentProvider {
  readonly name: ProviderName
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>
  retrieveIntent(id: string): Promise<ProviderIntent>
  refund(input: RefundInput): Promise<ProviderRefund>
}

/** A provider call failed (network, refused request). The message is safe to show an admin. */
export class ProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message)
  }
}
