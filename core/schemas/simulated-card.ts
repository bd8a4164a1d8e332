import { z } from 'zod'
import { refusalMessage } from '../i18n/refusal.ts'

/**
 * The simulated card form's one field (docs/decisions/0014), for a booking's checkout and a
 * voucher's alike: the number only decides the test outcome, and is never stored or logged.
 */
export const simulatedChargeSchema = z.object({
  cardNumber: z
    .string({ error: refusalMessage('errors.cardNumberMissing') })
    .min(1, refusalMessage('errors.cardNumberMissing'))
    .max(40, refusalMessage('errors.cardIncorrect')),
})
