import { bookingStatusUpdateSchema } from '../../../../core/schemas/booking-status.ts'
import type { Services } from '../../../../server/for-app.ts'
import { intent, rowId, rowIntent } from '../../../lib/admin-route.server.ts'

/**
 * The Bookings list's row forms (docs/decisions/0013, 0088), with the schemas of PATCH
 * /api/bookings/:id/status and DELETE /api/bookings/:id: a status the money allows (how the money
 * still due came, when marking paid), and a delete the lifecycle allows.
 */
export function bookingListIntents(services: Services) {
  return {
    status: intent({
      schema: bookingStatusUpdateSchema,
      input: (form) => ({ status: form.get('status'), ...(form.get('paidBy') ? { paidBy: form.get('paidBy') } : {}) }),
      run: (input, form) => services.adminBookings.updateStatus(rowId(form), input.status, input.paidBy),
    }),
    delete: rowIntent((id) => services.adminBookings.remove(id)),
  }
}
