import { guestEmailSchema, guestErasureSchema } from '../../../core/schemas/guest-data.ts'
import type { Services } from '../../../server/for-app.ts'
import { ServiceError } from '../../../server/for-app.server.ts'
import { intent } from '../../lib/admin-route.server.ts'

/**
 * Settings → guest data requests (APPI) on the Settings action (docs/decisions/0088), the only way
 * in for a look-up and an erasure (the export, a file, is GET /api/admin/guest-data/export). A look-up is written to the audit log each
 * time it is made, so it is a form's answer, not the page's loader, which runs again after every save.
 */
export function guestDataIntents({ guestData }: Services) {
  return {
    lookUpGuest: intent({ schema: guestEmailSchema, shows: true, run: ({ email }, _form, admin) => guestData.lookUp(email, admin) }),
    // Erased, then what is left (nothing, or the anonymised reviews) for the panel: the erasure's audit line is the only one.
    // Without script it is the page's answer too, as a look-up is: the panel lives on what a form answered.
    eraseGuest: intent({
      schema: guestErasureSchema,
      shows: true,
      run: async ({ email, reviews }, _form, admin) => {
        const erased = await guestData.erase(email, admin, { reviews })
        // The panel offers erasure only without blockers; one since (a booking made meanwhile) is said in the admin's language.
        if (!erased.ok) throw new ServiceError('conflict', erased.blockers[0]!.refusal)
        return { erased, summary: await guestData.leftAfterErasure(email) }
      },
    }),
  }
}
