import { englishText } from '../i18n/refusals.ts'
import { dateValue, refusal } from '../../core/i18n/refusal.ts'
import type { Attention } from '../../core/admin-notices.ts'
import crypto from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Config } from '../config/index.ts'
import type { Db, Tx } from '../db/client.ts'
import { auditLog, bookings, payments, tourPackages, tripSettings, vouchers, type Voucher } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { loggableError } from '../http/errors.ts'
import { renderEmail } from '../email/templates/layout.tsx'
import { adminVoucherSoldEmail, voucherPurchasedEmail } from '../email/templates/vouchers.ts'
import { type PaymentProvider, type ProviderIntent, ownerOfMetadata } from '../payments/provider.ts'
import { SimulatedProvider } from '../payments/simulated.ts'
import { todayInTokyo } from '../../core/dates.ts'
import { toLocale, localizePath, type Locale } from '../../core/i18n/locales.ts'
import { attentionColumns } from './attention.ts'
import { containsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../core/unstorable-text.ts'
import {
  DEFAULT_VOUCHER_LIMITS,
  DEFAULT_VOUCHER_VALIDITY_MONTHS,
  maskVoucherCode,
  presetAmounts,
  voucherAmountProblem,
  voucherCodeFrom,
  voucherState,
  voucherValidUntil,
  type VoucherLimits,
  type VoucherPreset,
  type VoucherState,
  type VoucherStatus,
} from '../../core/vouchers.ts'
import { voucherCancelSchema, voucherPurchaseSchema, type VoucherRules } from '../../core/schemas/voucher.ts'
import { checkoutStart, reuseOrCreateIntent, type CheckoutStart } from './checkout-start.ts'
import type { HitCounter } from './rate-limits.ts'
import type { MailOutbox } from './mail-outbox.ts'
import type { NotificationService } from './notifications.ts'
import { invalidInput, ServiceError } from './service-error.ts'
import { appendMovements, voucherSalesOf, voucherUsesOf } from './ledger.ts'

export const VOUCHER_NOT_FOUND_MESSAGE = refusal('errors.voucherNotFound')
export const VOUCHER_ALREADY_PAID_MESSAGE = refusal('errors.voucherAlreadyPaid')
export const VOUCHER_NOT_STARTED_MESSAGE = refusal('errors.voucherNotStarted')
export const VOUCHER_NOT_COMPLETED_MESSAGE = refusal('errors.paymentNotCompleted')
export const VOUCHER_MISMATCH_MESSAGE = refusal('errors.voucherMismatch')
export const VOUCHER_HONEYPOT_MESSAGE = refusal('errors.voucherHoneypot')
export const VOUCHER_PRESET_UNAVAILABLE_MESSAGE = refusal('errors.voucherPresetUnavailable')
const VOUCHER_NOT_ACTIVE_MESSAGE = refusal('adminErrors.voucherNotActive')
const VOUCHER_NOT_UNUSED_MESSAGE = refusal('adminErrors.voucherNotUnused')
export const VOUCHER_RATE_MESSAGE = refusal('errors.voucherRate')
/** Where the dashboard's Vouchers tab is, for the guide's notifications and e-mails. */
export const vouchersActionLink = '/admin/dashboard?tab=vouchers'
/** The printable voucher page: its own private link, by a token that is not the code. */
export const voucherLink = (baseUrl: string, token: string, locale: Locale) => `${baseUrl}${localizePath(`/voucher/${token}`, locale)}`
/** A voucher's number in the payment provider's dashboard: never its code or token. */
const providerReference = (voucher: Pick<Voucher, 'id'>) => `voucher-${voucher.id}`

/** 32 random bytes, URL-safe: the printable page's secret. */
const newToken = () => crypto.randomBytes(32).toString('base64url')
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** What the /gift page offers: the presets priced today, and the limits of a custom amount. */
export type VoucherOffer = { presets: Partial<Record<VoucherPreset, number>>; limits: VoucherLimits; validityMonths: number }

/** The printable voucher page. The code is shown only once the voucher is paid. */
export type PublicVoucher = {
  code: string | null
  amount: number
  balance: number
  currency: string
  state: VoucherState
  buyerName: string
  recipientName: string | null
  message: string | null
  validUntil: string | null
  locale: Locale
}

/** A row of the dashboard's Vouchers tab. */
export type AdminVoucher = {
  id: number
  code: string
  maskedCode: string
  amount: number
  balance: number
  state: VoucherState
  buyerName: string
  buyerEmail: string
  recipientName: string | null
  validUntil: string | null
  createdAt: string
  paidAt: string | null
  amountRefunded: number
  /** The guide's note, to read in the dashboard's language; its English beside it (docs/decisions/0086). */
  attention: Attention | null
  attentionReason: string | null
  uses: { reference: string; amount: number; returned: number }[]
}

/** What settling a provider intent did to its voucher. */
export type VoucherSettlement =
  | { outcome: 'paid' | 'already-paid'; voucherId: number }
  | { outcome: 'not-succeeded'; voucherId: number; status: ProviderIntent['status'] }
  | { outcome: 'mismatch'; voucherId: number }

/** What happened to the voucher's card refund; the dashboard says it in the guide's language. */
export type VoucherRefundOutcome = { amount: number; status: 'none' | 'pending' | 'succeeded' | 'failed' }

/**
 * Gift vouchers (docs/decisions/0065): buying one (a pending row, an intent
 * through the same provider as bookings, activation exactly once when the provider says the
 * intent succeeded for its amount), the printable page, the guide's list, cancellation and
 * refund. Spending at booking lives in voucher-spending.ts, inside the booking's transaction.
 */
export function createVoucherService(deps: {
  db: Db
  config: Config
  logger: Logger
  now: () => Date
  provider: PaymentProvider
  notifications: NotificationService
  outbox: MailOutbox
  /** The booking limit per client address (decision 0024): buying counts as an attempt, as a code guess does. */
  attemptsPerClient: HitCounter
}) {
  const { db, config, provider } = deps

  async function rulesIn(reader: Db | Tx): Promise<VoucherRules> {
    const [row] = await reader
      .select({ validityMonths: tripSettings.voucherValidityMonths, minAmount: tripSettings.voucherMinAmount, maxAmount: tripSettings.voucherMaxAmount })
      .from(tripSettings)
      .where(eq(tripSettings.id, 1))
    return row ?? { validityMonths: DEFAULT_VOUCHER_VALIDITY_MONTHS, ...DEFAULT_VOUCHER_LIMITS }
  }

  async function offer(): Promise<VoucherOffer> {
    const rules = await rulesIn(db)
    const packages = await db.select().from(tourPackages)
    return { presets: presetAmounts(packages, todayInTokyo(deps.now())), limits: { minAmount: rules.minAmount, maxAmount: rules.maxAmount }, validityMonths: rules.validityMonths }
  }

  async function byToken(reader: Db | Tx, token: unknown): Promise<Voucher | null> {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null
    const [row] = await reader.select().from(vouchers).where(eq(vouchers.token, token))
    return row && !row.anonymizedAt ? row : null
  }

  const stateOf = (row: Voucher): VoucherState => voucherState({ status: row.status as VoucherStatus, balance: row.balance, validUntil: row.validUntil }, todayInTokyo(deps.now()))

  function toPublic(row: Voucher): PublicVoucher {
    return {
      code: row.status === 'pending' ? null : row.code,
      amount: row.amount,
      balance: row.balance,
      currency: row.currency,
      state: stateOf(row),
      buyerName: row.buyerName,
      recipientName: row.recipientName,
      message: row.message,
      validUntil: row.validUntil,
      locale: toLocale(row.locale),
    }
  }

  async function record(tx: Tx | Db, row: { voucherId: number; providerId: string; kind: 'intent' | 'charge' | 'refund'; amount: number; status: string; detail?: string | null }) {
    const inserted = await tx
      .insert(payments)
      .values({ ...row, provider: provider.name, detail: row.detail ?? null })
      .onConflictDoNothing()
      .returning({ id: payments.id })
    return inserted.length > 0
  }

  async function countAttempt(clientAddress: string) {
    const retryAfter = await deps.attemptsPerClient.hit(`ip:${clientAddress}`)
    if (retryAfter > 0) throw new ServiceError('rate-limited', VOUCHER_RATE_MESSAGE, { retryAfter })
  }

  /** The buyer's e-mail with the code and the printable page, the guide's notification and e-mail: once, in the activation's transaction. */
  async function announceSale(tx: Tx, voucher: Voucher) {
    const locale = toLocale(voucher.locale)
    const url = voucherLink(config.baseUrl, voucher.token, locale)
    const facts = { locale, buyerName: voucher.buyerName, recipientName: voucher.recipientName, code: voucher.code, amount: voucher.amount, validUntil: voucher.validUntil! }
    await deps.outbox.enqueue(tx, { kind: 'voucher-purchased', to: voucher.buyerEmail, email: renderEmail(config.site, voucherPurchasedEmail(config.site, facts, url)), dedupeKey: `voucher-purchased:${voucher.id}` })
    const sold = { name: voucher.buyerName, amount: voucher.amount }
    const notice = voucher.recipientName ? { kind: 'voucherSoldFor' as const, values: { ...sold, recipient: voucher.recipientName } } : { kind: 'voucherSold' as const, values: sold }
    await deps.notifications.create(tx, { type: 'booking', notice, actionLink: vouchersActionLink })
    await deps.outbox.enqueueForAdmins(tx, {
      kind: 'admin-voucher-sold',
      email: (adminLocale) =>
        renderEmail(config.site, adminVoucherSoldEmail(config.site, { ...facts, buyerEmail: voucher.buyerEmail, code: maskVoucherCode(voucher.code) }, `${config.baseUrl}${vouchersActionLink}`, adminLocale)),
      dedupeBase: `admin-voucher-sold:${voucher.id}`,
    })
  }

  /**
   * The voucher an intent pays for, locked, or null when the intent is not a voucher's: by the
   * intent stored on it, else by the intent's metadata (the webhook can arrive before the
   * browser's call stored the intent), whose reference must match.
   */
  async function voucherOfIntent(tx: Tx, intent: ProviderIntent): Promise<Voucher | null> {
    const [stored] = await tx.select().from(vouchers).where(eq(vouchers.paymentIntentId, intent.id)).for('update')
    if (stored) return stored
    const owner = ownerOfMetadata(intent.metadata)
    if (owner?.voucherId === undefined) return null
    const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, owner.voucherId)).for('update')
    return row && intent.metadata.reference === providerReference(row) ? row : null
  }

  /**
   * Applies a provider intent to its voucher inside `tx`; null when the intent is not a voucher's
   * (payments.ts then looks for a booking). A voucher becomes active only for its own amount and
   * currency, exactly once: the conditional UPDATE ... WHERE status = 'pending' decides who sends
   * the e-mails, whichever of the browser's call and the webhook comes first.
   */
  async function settleInTx(tx: Tx, intent: ProviderIntent): Promise<VoucherSettlement | null> {
    const voucher = await voucherOfIntent(tx, intent)
    if (!voucher) return null
    const now = deps.now()
    if (intent.status !== 'succeeded') return { outcome: 'not-succeeded', voucherId: voucher.id, status: intent.status }
    if (intent.amount !== voucher.amount || intent.currency.toLowerCase() !== voucher.currency.toLowerCase()) {
      const detail = `Received ${intent.amount} ${intent.currency.toUpperCase()} for a voucher of ${voucher.amount} ${voucher.currency}`
      const paid = { received: intent.amount, currency: intent.currency.toUpperCase(), expected: voucher.amount, expectedCurrency: voucher.currency }
      if (await record(tx, { voucherId: voucher.id, providerId: intent.id, kind: 'charge', amount: intent.amount, status: 'mismatch', detail })) {
        await tx
          .update(vouchers)
          .set({ ...attentionColumns({ kind: 'voucherPaymentMismatch', values: { intent: intent.id, ...paid } }), updatedAt: now })
          .where(eq(vouchers.id, voucher.id))
        await deps.notifications.create(tx, {
          type: 'system',
          notice: { kind: 'voucherPaymentMismatch', values: { name: voucher.buyerName, ...paid } },
          actionLink: vouchersActionLink,
        })
      }
      return { outcome: 'mismatch', voucherId: voucher.id }
    }
    await record(tx, { voucherId: voucher.id, providerId: intent.id, kind: 'charge', amount: intent.amount, status: 'succeeded' })
    const rules = await rulesIn(tx)
    const [activated] = await tx
      .update(vouchers)
      .set({ status: 'active', paidAt: now, validUntil: voucherValidUntil(now, rules.validityMonths), paymentIntentId: intent.id, paymentProvider: provider.name, updatedAt: now })
      .where(and(eq(vouchers.id, voucher.id), eq(vouchers.status, 'pending')))
      .returning()
    if (activated) {
      // The sale is money in (docs/decisions/0067): the ledger's, counted in the month it was paid.
      await appendMovements(tx, null, 'voucher-sold', [{ kind: 'voucher-sale', amount: intent.amount, voucherId: voucher.id, intentId: intent.id }], now)
      await announceSale(tx, activated)
      return { outcome: 'paid', voucherId: voucher.id }
    }
    if (voucher.paymentIntentId !== intent.id) {
      await tx.update(vouchers).set({ ...attentionColumns({ kind: 'voucherPaidTwice', values: { intent: intent.id } }), updatedAt: now }).where(eq(vouchers.id, voucher.id))
    }
    return { outcome: 'already-paid', voucherId: voucher.id }
  }

  const settle = (intent: ProviderIntent) => db.transaction((tx) => settleInTx(tx, intent))

  async function payableByToken(token: string): Promise<Voucher> {
    const voucher = await byToken(db, token)
    if (!voucher) throw new ServiceError('not-found', VOUCHER_NOT_FOUND_MESSAGE)
    if (voucher.status !== 'pending') throw new ServiceError('conflict', VOUCHER_ALREADY_PAID_MESSAGE)
    return voucher
  }

  /**
   * The guide's refund of an unused voucher, after the cancellation committed: recorded in the
   * ledger (its key makes a retry refund once), then made through the provider. A refusal is flagged
   * on the voucher for the guide to make in the provider's dashboard, never thrown.
   */
  async function refundVoucher(voucher: Voucher): Promise<VoucherRefundOutcome> {
    if (!voucher.paymentIntentId) return { amount: 0, status: 'none' }
    const sale = (await voucherSalesOf(db, [voucher.id])).get(voucher.id) ?? { paid: 0, refunded: 0 }
    const amount = sale.paid - sale.refunded
    if (amount <= 0) return { amount: 0, status: 'none' }
    const intentId = voucher.paymentIntentId
    const idempotencyKey = `refund-voucher-${voucher.id}-${intentId}-${amount}`
    await db.transaction((tx) => appendMovements(tx, null, 'voucher-refunded', [{ kind: 'voucher-sale', amount: -amount, voucherId: voucher.id, intentId, reference: idempotencyKey }], deps.now()))
    try {
      const refund = await provider.refund({ intentId, amount, idempotencyKey, reason: 'gift voucher cancelled and refunded' })
      await db.transaction(async (tx) => {
        await record(tx, { voucherId: voucher.id, providerId: refund.id, kind: 'refund', amount: refund.amount, status: refund.status, detail: JSON.stringify({ intentId, key: idempotencyKey }) })
        await tx.update(vouchers).set({ ...attentionColumns(null), updatedAt: deps.now() }).where(eq(vouchers.id, voucher.id))
      })
      return { amount: refund.amount, status: refund.status }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      deps.logger.error({ voucherId: voucher.id, error: loggableError(error) }, 'voucher refund failed')
      await db.transaction(async (tx) => {
        await record(tx, { voucherId: voucher.id, providerId: `failed:${idempotencyKey}`, kind: 'refund', amount, status: 'failed', detail: message.slice(0, 500) })
        // Not refunded after all: the ledger says so until it is refunded in the provider.
        await appendMovements(tx, null, 'refund-failed', [{ kind: 'voucher-sale', amount, voucherId: voucher.id, intentId, reference: `failed:${idempotencyKey}` }], deps.now())
        await tx
          .update(vouchers)
          .set({ ...attentionColumns({ kind: 'refundFailed', values: { amount, detail: message.slice(0, 200) } }), updatedAt: deps.now() })
          .where(eq(vouchers.id, voucher.id))
      })
      return { amount, status: 'failed' }
    }
  }

  /** The dashboard's list, newest first, with each booking that spent from a voucher. */
  async function list(): Promise<AdminVoucher[]> {
    const rows = await db.select().from(vouchers).orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    const ids = rows.map((r) => r.id)
    const spent = await voucherUsesOf(db, ids)
    const references = spent.length ? await db.select({ id: bookings.id, reference: bookings.reference }).from(bookings).where(inArray(bookings.id, spent.map((u) => u.bookingId))) : []
    const uses = spent.map((u) => ({ voucherId: u.voucherId, reference: references.find((r) => r.id === u.bookingId)?.reference ?? '', amount: u.amount, returned: u.returned }))
    const sales = await voucherSalesOf(db, ids)
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      maskedCode: maskVoucherCode(row.code),
      amount: row.amount,
      balance: row.balance,
      state: stateOf(row),
      buyerName: row.buyerName,
      buyerEmail: row.buyerEmail,
      recipientName: row.recipientName,
      validUntil: row.validUntil,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      amountRefunded: sales.get(row.id)?.refunded ?? 0,
      attention: row.attention,
      attentionReason: row.attentionReason,
      uses: uses.filter((u) => u.voucherId === row.id).map(({ reference, amount, returned }) => ({ reference, amount, returned })),
    }))
  }

  return {
    offer,
    rules: () => rulesIn(db),

    async setRules(rules: VoucherRules): Promise<VoucherRules> {
      const values = { voucherValidityMonths: rules.validityMonths, voucherMinAmount: rules.minAmount, voucherMaxAmount: rules.maxAmount }
      await db.insert(tripSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: tripSettings.id, set: { ...values, updatedAt: deps.now() } })
      return rulesIn(db)
    },

    /**
     * A visitor's purchase (JSON body or form fields) → a pending voucher and the token of its
     * page, where it is paid. Every way in (the API, the page's form post and its data request)
     * calls this: the attempt is counted against the address's booking limit first, then the
     * honeypot (nothing stored), the shared schema, and the amount: a preset's price is the
     * server's, from the catalogue today; a custom amount must be within the guide's limits.
     */
    async purchase(body: Record<string, unknown>, options: { clientAddress: string }): Promise<{ token: string; amount: number }> {
      await countAttempt(options.clientAddress)
      if (typeof body.website === 'string' && body.website.trim() !== '') throw new ServiceError('invalid', VOUCHER_HONEYPOT_MESSAGE)
      if (containsUnstorableText(body)) throw new ServiceError('invalid', UNSTORABLE_TEXT_MESSAGE)
      const parsed = voucherPurchaseSchema.safeParse(body)
      if (!parsed.success) throw invalidInput(parsed.error, 'Invalid voucher order')
      const request = parsed.data
      const current = await offer()
      let amount: number
      if (request.choice === 'custom') {
        amount = request.amount!
        const problem = voucherAmountProblem(amount, current.limits)
        if (problem) throw new ServiceError('invalid', problem, { field: 'amount' })
      } else {
        const preset = current.presets[request.choice]
        if (preset === undefined) throw new ServiceError('invalid', VOUCHER_PRESET_UNAVAILABLE_MESSAGE, { field: 'choice' })
        amount = preset
      }
      const now = deps.now()
      const [row] = await db
        .insert(vouchers)
        .values({
          code: voucherCodeFrom(crypto.randomBytes(16)),
          token: newToken(),
          amount,
          balance: amount,
          buyerName: request.buyerName,
          buyerEmail: request.buyerEmail,
          recipientName: request.recipientName ?? null,
          message: request.message ?? null,
          locale: request.locale,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      return { token: row!.token, amount }
    },

    /** The printable page's voucher; null for junk, a forged token or an erased voucher. */
    async findByToken(token: unknown): Promise<PublicVoucher | null> {
      const row = await byToken(db, token)
      return row ? toPublic(row) : null
    },

    /** POST /api/vouchers/:token/payment-intent: one intent per voucher, for its amount. */
    async startPayment(token: string): Promise<CheckoutStart> {
      const voucher = await payableByToken(token)
      const intent = await reuseOrCreateIntent(deps, {
        previousId: voucher.paymentIntentId,
        create: { voucherId: voucher.id, reference: providerReference(voucher), amount: voucher.amount, currency: voucher.currency, description: `Joetsu Local Tours gift voucher (${providerReference(voucher)})` },
        key: `voucher-${voucher.id}-${voucher.amount}${voucher.currency}`,
        succeeded: async (previous) => {
          await settle(previous)
          throw new ServiceError('conflict', VOUCHER_ALREADY_PAID_MESSAGE)
        },
        attach: async (made) => {
          const [updated] = await db
            .update(vouchers)
            .set({ paymentIntentId: made.id, paymentProvider: provider.name, updatedAt: deps.now() })
            .where(and(eq(vouchers.id, voucher.id), eq(vouchers.status, 'pending')))
            .returning()
          if (!updated) throw new ServiceError('conflict', VOUCHER_ALREADY_PAID_MESSAGE)
        },
      })
      return checkoutStart(config, intent, { amount: voucher.amount, currency: voucher.currency, holdExpiresAt: null })
    },

    /** POST /api/vouchers/:token/payment-success: the provider's word, re-read and settled; the browser's is never enough. */
    async confirmPayment(token: string): Promise<{ status: 'paid' | 'processing' }> {
      const voucher = await byToken(db, token)
      if (!voucher) throw new ServiceError('not-found', VOUCHER_NOT_FOUND_MESSAGE)
      if (voucher.status !== 'pending') return { status: 'paid' }
      if (!voucher.paymentIntentId) throw new ServiceError('conflict', VOUCHER_NOT_STARTED_MESSAGE)
      const settled = await settle(await provider.retrieveIntent(voucher.paymentIntentId))
      if (settled?.outcome === 'paid' || settled?.outcome === 'already-paid') return { status: 'paid' }
      if (settled?.outcome === 'not-succeeded' && settled.status === 'processing') return { status: 'processing' }
      if (settled?.outcome === 'mismatch') throw new ServiceError('conflict', VOUCHER_MISMATCH_MESSAGE)
      throw new ServiceError('conflict', VOUCHER_NOT_COMPLETED_MESSAGE)
    },

    /** The simulated provider's card form for a voucher (docs/decisions/0014): the number decides the outcome only, and is kept nowhere. */
    async simulatedCharge(token: string, cardNumber: string): Promise<{ status: 'succeeded' } | { status: 'failed'; message: string }> {
      if (!(provider instanceof SimulatedProvider)) throw new ServiceError('not-found', 'Not found')
      const voucher = await payableByToken(token)
      if (!voucher.paymentIntentId) throw new ServiceError('conflict', VOUCHER_NOT_STARTED_MESSAGE)
      const outcome = await provider.confirm(voucher.paymentIntentId, cardNumber)
      if (outcome.ok) return { status: 'succeeded' }
      await record(db, { voucherId: voucher.id, providerId: `sim_ch_${crypto.randomBytes(8).toString('hex')}`, kind: 'charge', amount: voucher.amount, status: 'failed', detail: englishText(outcome.message) })
      return { status: 'failed', message: outcome.message }
    },

    settleInTx,

    /** payment_intent.payment_failed for a voucher's intent: the attempt goes on its money trail. False when the intent is not a voucher's. */
    async recordFailedAttempt(tx: Tx, attempt: { intentId: string; chargeId: string; amount: number; detail: string }): Promise<boolean> {
      const [voucher] = await tx.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.paymentIntentId, attempt.intentId))
      if (!voucher) return false
      await record(tx, { voucherId: voucher.id, providerId: attempt.chargeId, kind: 'charge', amount: attempt.amount, status: 'failed', detail: attempt.detail })
      return true
    },

    /**
     * charge.refunded for a voucher's payment (a refund made in the provider's dashboard, or ours
     * reported back): recorded; a refund of the whole amount of a voucher nobody used makes it
     * 'refunded', so its code stops working; anything else is flagged for the guide. False when
     * the intent is not a voucher's.
     */
    async applyProviderRefund(tx: Tx, intentId: string, chargeId: string, refundedTotal: number): Promise<boolean> {
      const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.paymentIntentId, intentId)).for('update')
      if (!voucher) return false
      await record(tx, { voucherId: voucher.id, providerId: chargeId, kind: 'refund', amount: refundedTotal, status: `charge-refunded-${refundedTotal}`, detail: 'Reported by Stripe (charge.refunded)' })
      const sale = (await voucherSalesOf(tx, [voucher.id])).get(voucher.id) ?? { paid: 0, refunded: 0 }
      const extra = Math.min(refundedTotal, sale.paid) - sale.refunded
      // What the ledger did not know was refunded (made in the provider's dashboard) is recorded now.
      if (extra > 0) await appendMovements(tx, null, 'provider-refund', [{ kind: 'voucher-sale', amount: -extra, voucherId: voucher.id, intentId, reference: `provider:${intentId}:${refundedTotal}` }], deps.now())
      const refunded = sale.refunded + Math.max(0, extra)
      const whole = refunded === voucher.amount && voucher.balance === voucher.amount && voucher.status === 'active'
      const unexpected = !whole && voucher.status === 'active' && extra > 0
      await tx
        .update(vouchers)
        .set({
          ...(whole ? { status: 'refunded', cancelledAt: deps.now() } : {}),
          ...(unexpected ? attentionColumns({ kind: 'voucherRefundedWhileUsable', values: { amount: refunded } }) : {}),
          updatedAt: deps.now(),
        })
        .where(eq(vouchers.id, voucher.id))
      return true
    },

    list,

    /**
     * The guide cancels a paid voucher: its code stops working at once (the status changes in one
     * conditional UPDATE, which a booking spending it waits for on the row lock). With `refund`,
     * only an unused voucher (balance equal to its amount) is refunded in full through the
     * provider after the commit; a partly used one is cancelled without refund (docs/decisions/0065).
     */
    async cancel(id: number, body: unknown, actor: { id: number; username: string }): Promise<{ voucher: AdminVoucher; refund: VoucherRefundOutcome }> {
      const { refund, exception } = voucherCancelSchema.parse(body ?? {})
      const now = deps.now()
      const cancelled = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(vouchers).where(eq(vouchers.id, id)).for('update')
        if (!current) throw new ServiceError('not-found', VOUCHER_NOT_FOUND_MESSAGE)
        if (current.status !== 'active') throw new ServiceError('conflict', VOUCHER_NOT_ACTIVE_MESSAGE)
        if (refund && current.balance !== current.amount) throw new ServiceError('conflict', VOUCHER_NOT_UNUSED_MESSAGE)
        // Past its last day the terms (the legal page) refund nothing: only as the guide's confirmed exception, on the record.
        const expired = stateOf(current) === 'expired'
        if (refund && expired && !exception) throw new ServiceError('conflict', refusal('adminErrors.voucherExpiredRefund', { date: dateValue(current.validUntil!) }), { field: 'exception' })
        const [row] = await tx
          .update(vouchers)
          .set({ status: refund ? 'refunded' : 'cancelled', cancelledAt: now, ...(refund ? attentionColumns({ kind: 'refundIssuing', values: { amount: current.amount } }) : {}), updatedAt: now })
          .where(and(eq(vouchers.id, id), eq(vouchers.status, 'active'), ...(refund ? [eq(vouchers.balance, vouchers.amount)] : [])))
          .returning()
        if (!row) throw new ServiceError('conflict', VOUCHER_NOT_ACTIVE_MESSAGE)
        await tx.insert(auditLog).values({ actorUserId: actor.id, actorUsername: actor.username, action: refund ? 'voucher.refund' : 'voucher.cancel', subject: `voucher:${id}`, details: { amount: row.amount, balance: row.balance, ...(refund && expired ? { exception: 'refunded after its last day, against the terms, as the guide confirmed' } : {}) } })
        return row
      })
      const outcome = refund ? await refundVoucher(cancelled) : { amount: 0, status: 'none' as const }
      const listed = (await list()).find((v) => v.id === id)!
      return { voucher: listed, refund: outcome }
    },
  }
}

export type VoucherService = ReturnType<typeof createVoucherService>
