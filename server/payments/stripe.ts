import Stripe from 'stripe'
import { ownerMetadata, type CreateIntentInput, type IntentStatus, type PaymentProvider, type ProviderIntent, type ProviderRefund, ProviderError, type RefundInput, type RefundStatus } from './provider.ts'

export type StripeProviderOptions = {
  secretKey: string
  /** STRIPE_API_URL: a local double of the Stripe API (tests, stripe-mock on :12111). */
  apiUrl?: string
}

/** Stripe's client, pointed at STRIPE_API_URL when set ({ host, port, protocol } parsed from it). */
export function createStripeClient({ secretKey, apiUrl }: StripeProviderOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000 }
  if (apiUrl) {
    const url = new URL(apiUrl)
    const protocol = url.protocol === 'http:' ? 'http' : 'https'
    Object.assign(config, { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol })
  }
  return new Stripe(secretKey, config)
}

/** Stripe's PaymentIntent statuses mapped to the internal set. */
export function mapIntentStatus(status: Stripe.PaymentIntent.Status): IntentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded'
    case 'processing':
    case 'requires_capture':
      return 'processing'
    case 'canceled':
      return 'canceled'
    default:
      // requires_payment_method, requires_confirmation, requires_action
      return 'requires_payment'
  }
}

export function mapRefundStatus(status: string | null): RefundStatus {
  if (status === 'succeeded') return 'succeeded'
  if (status === 'failed' || status === 'canceled') return 'failed'
  return 'pending'
}

export function fromStripeIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? null,
    amount: pi.amount,
    currency: pi.currency,
    status: mapIntentStatus(pi.status),
    lastError: pi.last_payment_error?.message ?? null,
    metadata: { ...(pi.metadata ?? {}) },
  }
}

function wrap(action: string, error: unknown): ProviderError {
  const message = error instanceof Error ? error.message : String(error)
  return new ProviderError(`Stripe ${action} failed: ${message}`, error)
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const
  readonly stripe: Stripe

  constructor(options: StripeProviderOptions) {
    this.stripe = createStripeClient(options)
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          description: input.description,
          metadata: { ...ownerMetadata(input), reference: input.reference, ...(input.changeId ? { changeId: String(input.changeId) } : {}) },
        },
        { idempotencyKey: input.idempotencyKey },
      )
      return fromStripeIntent(pi)
    } catch (error) {
      throw wrap('create payment intent', error)
    }
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    try {
      return fromStripeIntent(await this.stripe.paymentIntents.retrieve(id))
    } catch (error) {
      throw wrap('retrieve payment intent', error)
    }
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.intentId, amount: input.amount, metadata: input.reason ? { reason: input.reason.slice(0, 400) } : undefined },
        { idempotencyKey: input.idempotencyKey },
      )
      return { id: refund.id, amount: refund.amount, status: mapRefundStatus(refund.status) }
    } catch (error) {
      throw wrap('refund', error)
    }
  }

  /** Verify a webhook's signature on the raw body; throws on a bad or stale signature. */
  constructEvent(rawBody: Buffer | string, signature: string | string[] | undefined, secret: string): Stripe.Event {
    if (!signature) throw new ProviderError('Missing Stripe-Signature header')
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret)
  }
}
