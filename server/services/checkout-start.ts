import type { Config } from '../config/index.ts'
import type { Db } from '../db/client.ts'
import { payments } from '../db/schema.ts'
import type { CreateIntentInput, PaymentProvider, ProviderIntent } from '../payments/provider.ts'

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

/**
 * The intent a checkout pays, for a booking, a dearer change's difference or a gift voucher
 * (docs/decisions/0067): the one started before while it is still open for this amount and
 * currency, else a new one. A new intent is made under `key` (the owner and the amount), with
 * the replaced intent's id added, so a retried or concurrent start gets the same one and a
 * replacement never gets the cancelled one back; it goes on the provider's trail and is attached
 * to what it pays (`attach`, which throws when that was paid meanwhile). One that succeeded
 * already is the caller's to settle (`succeeded`, which throws the reason nothing is to pay).
 */
export async function reuseOrCreateIntent(
  deps: { db: Db; provider: PaymentProvider },
  request: {
    previousId: string | null
    create: Omit<CreateIntentInput, 'idempotencyKey'>
    key: string
    /** What the trail row notes beside the intent. */
    detail?: string
    succeeded: (previous: ProviderIntent) => Promise<never>
    attach: (intent: ProviderIntent) => Promise<void>
  },
): Promise<ProviderIntent> {
  const { provider } = deps
  const { create } = request
  let previous: ProviderIntent | null = null
  if (request.previousId) {
    previous = await provider.retrieveIntent(request.previousId)
    if (previous.status === 'succeeded') return request.succeeded(previous)
    if (previous.status !== 'canceled' && previous.amount === create.amount && previous.currency.toLowerCase() === create.currency.toLowerCase()) return previous
  }
  const intent = await provider.createIntent({ ...create, idempotencyKey: `${request.key}${previous ? `-after-${previous.id}` : ''}` } as CreateIntentInput)
  const owner = create.bookingId !== undefined ? { bookingId: create.bookingId } : { voucherId: create.voucherId }
  await deps.db
    .insert(payments)
    .values({ ...owner, provider: provider.name, providerId: intent.id, kind: 'intent', amount: intent.amount, status: 'created', detail: request.detail ?? null })
    .onConflictDoNothing()
  await request.attach(intent)
  return intent
}
