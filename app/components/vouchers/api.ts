import type { CheckoutStart } from '../../../server/for-app.ts'
import { postJson } from '../../lib/fetch-json.ts'

/**
 * The voucher page's payment calls (docs/decisions/0065), by the page's token: the same shapes
 * as a booking's checkout, so the same card forms serve both.
 */
const base = (token: string) => `/api/vouchers/${encodeURIComponent(token)}`

export const startVoucherPayment = (token: string) => postJson<CheckoutStart>(`${base(token)}/payment-intent`, {})
export const confirmVoucherPayment = (token: string) => postJson<{ status: 'paid' | 'processing' }>(`${base(token)}/payment-success`, {})
export const simulatedVoucherCharge = (token: string, cardNumber: string) => postJson<{ status: 'succeeded' }>(`${base(token)}/simulated-payment`, { cardNumber })
