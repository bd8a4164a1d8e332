import './zod-config.ts'
import { z } from 'zod'
import { EMAIL_MAX, EMAIL_MESSAGE } from './fields.ts'

/** What erasure does with the guest's reviews: the guide's choice on the erasure screen (docs/decisions/0063). */
export const REVIEW_ERASURE_CHOICES = ['remove', 'anonymise'] as const
export type ReviewErasure = (typeof REVIEW_ERASURE_CHOICES)[number]

/** A guest's address, as the dashboard looks it up or exports it, refused as the guest forms refuse one (docs/decisions/0087). */
export const guestEmailSchema = z.object({ email: z.email(EMAIL_MESSAGE).max(EMAIL_MAX) })

/** The address, and what becomes of the guest's reviews (removed unless the guide keeps them anonymised). */
export const guestErasureSchema = guestEmailSchema.extend({
  reviews: z.enum(REVIEW_ERASURE_CHOICES, { error: 'Reviews must be removed or anonymised' }).default('remove'),
})
