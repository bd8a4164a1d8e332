import './zod-config.ts'
import { z } from 'zod'
import { CANCELLATION_CAUSES } from '../cancellation-policy.ts'
import { refusalMessage } from '../i18n/refusal.ts'
import { isSingleLine } from './fields.ts'

/**
 * The dashboard's cancel dialog, on the Bookings section's route action (docs/decisions/0016, 0088):
 * who is cancelling, the reason the guest reads, and the card's refund when the guide chooses
 * another than the policy's.
 */
export const adminCancelSchema = z.object({
  cause: z.enum(CANCELLATION_CAUSES, { error: 'Please choose who is cancelling' }),
  // Shown on one line of the cancellation e-mail (docs/decisions/0027).
  reason: z.string().max(500).refine(isSingleLine, refusalMessage('adminErrors.cancelReasonOneLine')).optional(),
  refundAmount: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    // Its range is the refunds service's check (refundChoiceProblem), which knows what was paid.
    z.number({ error: refusalMessage('adminErrors.refundNotNumber') }).optional(),
  ),
})
