import { externalReviewSchema, reviewModerationSchema } from '../../../core/schemas/review.ts'
import type { Services } from '../../../server/for-app.ts'
import { intent, rowId, rowIntent } from '../../lib/admin-route.server.ts'

/**
 * The Reviews section's forms (docs/decisions/0063, 0088), the guide's only way to moderate: approve,
 * hide, a reply (blank removes it), and a review from another site.
 */
export function reviewIntents(services: Services) {
  return {
    approve: rowIntent((id) => services.reviews.moderate(id, { status: 'approved' })),
    hide: rowIntent((id) => services.reviews.moderate(id, { status: 'hidden' })),
    reply: intent({ schema: reviewModerationSchema, run: (input, form) => services.reviews.moderate(rowId(form), input) }),
    addExternal: intent({ schema: externalReviewSchema, run: (input) => services.reviews.addExternal(input) }),
  }
}
