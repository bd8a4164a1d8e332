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

/**
 * What an intent pays for: a booking, or a gift voucher's sale (docs/decisions/0065). Exactly one,
 * as on the payments table; the provider's metadata names it, so settlement finds its owner.
 */
export type IntentOwner = { bookingId: number; voucherId?: never } | { voucherId: number; bookingId?: never }

export type CreateIntentInput = IntentOwner & {
  /** The booking's reference, or the voucher's public number (never its code or token). */
  reference: string
  amount: number
  currency: string
  /** Same key, same intent: a retried or concurrent create never makes a second one. */
  idempotencyKey: string
  description?: string
  /** The dearer change whose difference this pays (docs/decisions/0055), shown beside the booking in the provider's dashboard. */
  changeId?: number
}

/** The owner as the provider's metadata carries it: `bookingId` or `voucherId`, in decimal. */
export function ownerMetadata(owner: IntentOwner): Record<string, string> {
  return owner.voucherId !== undefined ? { voucherId: String(owner.voucherId) } : { bookingId: String(owner.bookingId) }
}

/** The owner an intent's metadata names, or null when it names none (or junk). */
export function ownerOfMetadata(metadata: Record<string, string>): IntentOwner | null {
  if (metadata.voucherId && /^\d+$/.test(metadata.voucherId)) return { voucherId: Number(metadata.voucherId) }
  if (metadata.bookingId && /^\d+$/.test(metadata.bookingId)) return { bookingId: Number(metadata.bookingId) }
  return null
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
