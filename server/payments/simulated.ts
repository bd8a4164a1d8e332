import { refusalMessage } from '../../core/i18n/refusal.ts'
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { payments } from '../db/schema.ts'
import { ownerMetadata, ownerOfMetadata, type CreateIntentInput, type PaymentProvider, type ProviderIntent, type ProviderRefund, ProviderError, type RefundInput } from './provider.ts'

/** Stripe's test cards (docs/decisions/0014). */
export const SIMULATED_SUCCESS_CARD = '4242424242424242'
export const DECLINED_MESSAGE = refusalMessage('errors.cardDeclined')
export const INCORRECT_NUMBER_MESSAGE = refusalMessage('errors.cardIncorrect')
export type SimulatedOutcome = { ok: true } | { ok: false; message: string }

/**
 * The outcome a test card number gives. The number only decides the outcome: callers must
 * not store or log it.
 */
export function simulatedOutcome(cardNumber: string): SimulatedOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { ok: false, message: INCORRECT_NUMBER_MESSAGE }
  if (digits === SIMULATED_SUCCESS_CARD) return { ok: true }
  return { ok: false, message: DECLINED_MESSAGE }
}

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

const hashId = (prefix: string, key: string) => `${prefix}_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 24)}`

/**
 * The simulated provider (docs/decisions/0014): no money moves. Its "intents" live in the payments table
 * (provider 'simulated', kind 'intent'), so they survive restarts and several instances
 * agree; the same idempotency key always gives the same intent id.
 */
export class SimulatedProvider implements PaymentProvider {
  readonly name = 'simulated' as const
  constructor(private readonly db: Db) {}

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const id = hashId('sim_pi', input.idempotencyKey)
    await this.db
      .insert(payments)
      .values({
        bookingId: input.bookingId ?? null,
        voucherId: input.voucherId ?? null,
        provider: 'simulated',
        providerId: id,
        kind: 'intent',
        amount: input.amount,
        status: 'created',
        detail: JSON.stringify({ currency: input.currency.toLowerCase(), reference: input.reference }),
      })
      .onConflictDoNothing()
    return this.retrieveIntent(id)
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const rows = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'simulated'), eq(payments.providerId, id), eq(payments.kind, 'intent')))
    const created = rows.find((r) => r.status === 'created')
    if (!created) throw new ProviderError(`No such payment intent: ${id}`)
    const detail = JSON.parse(created.detail ?? '{}') as { currency?: string; reference?: string }
    return {
      id,
      clientSecret: `${id}_secret_simulated`,
      amount: created.amount,
      currency: detail.currency ?? 'jpy',
      status: rows.some((r) => r.status === 'succeeded') ? 'succeeded' : 'requires_payment',
      lastError: null,
      metadata: { ...ownerMetadata(created.voucherId !== null ? { voucherId: created.voucherId } : { bookingId: created.bookingId! }), reference: detail.reference ?? '' },
    }
  }

  /** Pay the intent with a test card: the provider's side of a confirmPayment. */
  async confirm(id: string, cardNumber: string): Promise<SimulatedOutcome> {
    const intent = await this.retrieveIntent(id)
    if (intent.status === 'succeeded') return { ok: true }
    const outcome = simulatedOutcome(cardNumber)
    if (outcome.ok) {
      await this.db
        .insert(payments)
        .values({ ...ownerOfMetadata(intent.metadata), provider: 'simulated', providerId: id, kind: 'intent', amount: intent.amount, status: 'succeeded' })
        .onConflictDoNothing()
    }
    return outcome
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    const intent = await this.retrieveIntent(input.intentId)
    if (intent.status !== 'succeeded') throw new ProviderError('Simulated refund failed: the payment has not succeeded')
    if (input.amount > intent.amount) throw new ProviderError('Simulated refund failed: amount is more than was paid')
    return { id: hashId('sim_re', input.idempotencyKey), amount: input.amount, status: 'succeeded' }
  }
}
