import { refusal } from '../../core/i18n/refusal.ts'
import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { clientAddress, limitLookups } from '../http/rate-limit.ts'
import { ServiceError } from '../services/service-error.ts'
import { viaProvider } from './via-provider.ts'
import { simulatedChargeSchema } from '../../core/schemas/simulated-card.ts'


/**
 * Gift vouchers (docs/decisions/0065). Public: what is on sale, a purchase
 * (counted against the address's booking limit in the service), and by the printable page's
 * token its voucher and payment, as a booking's checkout by its reference. The guide's list,
 * cancellations and rules are the dashboard's Vouchers and Settings route actions
 * (app/components/admin/vouchers-actions.server.ts, docs/decisions/0088).
 */
export function vouchersRouter({ services }: AppDeps) {
  const router = Router()
  const vouchers = services.vouchers
  // Calls by token: the same generous per-address limit as calls by booking reference.
  const lookups = limitLookups(services.limits)

  router.get('/vouchers/offer', async (_req, res) => {
    res.json(await vouchers.offer())
  })

  router.post('/vouchers', async (req, res) => {
    res.status(201).json(await vouchers.purchase((req.body ?? {}) as Record<string, unknown>, { clientAddress: clientAddress(req) }))
  })

  router.get('/vouchers/:token', lookups, async (req, res) => {
    const voucher = await vouchers.findByToken(req.params.token)
    if (!voucher) throw new ServiceError('not-found', refusal('errors.voucherNotFound'))
    res.json(voucher)
  })

  router.post('/vouchers/:token/payment-intent', lookups, async (req, res) => {
    res.json(await viaProvider(() => vouchers.startPayment(String(req.params.token)), refusal('errors.paymentStartFailed')))
  })

  router.post('/vouchers/:token/payment-success', lookups, async (req, res) => {
    const result = await viaProvider(() => vouchers.confirmPayment(String(req.params.token)), refusal('errors.voucherUpdateFailed'))
    res.status(result.status === 'paid' ? 200 : 202).json(result)
  })

  router.post('/vouchers/:token/simulated-payment', lookups, async (req, res) => {
    if (services.payments.mode !== 'simulated') throw new ServiceError('not-found', 'Not found')
    // The card number decides the simulated outcome only: it is never stored or logged.
    const { cardNumber } = simulatedChargeSchema.parse(req.body ?? {})
    const result = await vouchers.simulatedCharge(String(req.params.token), cardNumber)
    if (result.status === 'failed') throw new ServiceError('payment-declined', result.message)
    res.json(result)
  })

  return router
}
