import { TOUR_PACKAGE_NOT_FOUND, tourPackageUpdateSchema } from '../../../core/schemas/tour-package-update.ts'
import type { Services } from '../../../server/for-app.ts'
import { formObject, intent, notFound, rowId } from '../../lib/admin-route.server.ts'

/**
 * The Settings section's forms on its route action (docs/decisions/0088), each with the schema of
 * its JSON API twin.
 */
export function settingsIntents(services: Services) {
  return {
    // One tour's prices, promotion, duration, translations and bookable switch (docs/decisions/0019, 0045):
    // PATCH /api/admin/tour-packages/:id's schema. An unticked box sends nothing: not bookable.
    tour: intent({
      schema: tourPackageUpdateSchema,
      input: (form) => ({ ...formObject(form), available: form.get('available') === 'on' }),
      run: async (input, form) => {
        if (!(await services.catalogue.update(rowId(form), input))) notFound(TOUR_PACKAGE_NOT_FOUND)
      },
    }),
  }
}
