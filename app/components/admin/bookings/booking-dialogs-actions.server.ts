import { guideMoveSchema } from '../../../../core/schemas/booking-move.ts'
import { adminCancelSchema } from '../../../../core/schemas/cancellation.ts'
import { guideBookingSchema } from '../../../../core/schemas/guide-booking.ts'
import { taxDocumentCorrectionSchema, taxDocumentRequestSchema } from '../../../../core/schemas/tax-documents.ts'
import type { Services } from '../../../../server/for-app.ts'
import { intent, rowId } from '../../../lib/admin-route.server.ts'
import { DIALOG_PARAMS } from './dialog-address.ts'

const text = (form: FormData, name: string) => String(form.get(name) ?? '')
/** An amount left empty is not sent, as the dialogs' script never sent one: the price kept, the policy's refund. */
const amountOrNone = (form: FormData, name: string) => (text(form, name).trim() === '' ? undefined : text(form, name))

/**
 * The Bookings section's dialogs on its route action (docs/decisions/0088), each with its schema
 * and its service call: the guide's cancel, move and new booking, and the receipts' issue and
 * correction (the taxDocuments service's issueForGuide and correct); this action is their only
 * way in. The booking is the form's hidden `id`. A script-free save of a
 * dialog the address opened comes back with it closed; a new booking's shows its pay link.
 */
export function bookingDialogIntents({ refunds, bookingMoves, guideBookings, adminBookings, taxDocuments }: Services) {
  return {
    // The refunds service decides and moves the money, as for the API (docs/decisions/0016, 0067).
    cancel: intent({
      schema: adminCancelSchema,
      input: (form) => {
        const refund = amountOrNone(form, 'refundAmount')
        return { cause: form.get('cause'), reason: text(form, 'reason'), refundAmount: refund === undefined ? undefined : Number(refund) }
      },
      run: async (input, form, admin) => {
        const { booking, refund } = await refunds.cancel({ bookingId: rowId(form), ...input, actor: { id: admin.id, username: admin.username } })
        return { id: booking.id, refund }
      },
      addressAfter: () => ({ [DIALOG_PARAMS.cancel]: null, [DIALOG_PARAMS.cause]: null }),
    }),
    move: intent({
      schema: guideMoveSchema,
      input: (form) => ({
        ...Object.fromEntries(['tourDate', 'tourTime', 'tourPackageId', 'numberOfPeople'].map((key) => [key, text(form, key)])),
        totalPrice: amountOrNone(form, 'totalPrice'),
        // An unticked box sends nothing.
        tellGuest: form.get('tellGuest') === 'on',
      }),
      // The booking as the list shows it, as the API answers, and whether the guest was told, for the toast.
      run: async (move, form, admin) => ({ booking: await adminBookings.get((await bookingMoves.moveByGuide(rowId(form), move, admin)).id), guestTold: move.tellGuest }),
      addressAfter: () => ({ [DIALOG_PARAMS.move]: null }),
    }),
    create: intent({
      schema: guideBookingSchema,
      // The catalogue's price sends no custom one, whatever its fields hold.
      input: (form) => {
        const fields = Object.fromEntries(['name', 'email', 'phone', 'locale', 'tourDate', 'tourTime', 'tourPackageId', 'numberOfPeople', 'payment', 'specialRequests'].map((key) => [key, text(form, key)]))
        return text(form, 'pricing') === 'custom' ? { ...fields, customPrice: text(form, 'customPrice'), priceNote: text(form, 'priceNote') } : fields
      },
      run: async (request, _form, admin) => adminBookings.get((await guideBookings.create(request, admin)).id),
      addressAfter: (made) => ({ [DIALOG_PARAMS.create]: null, [DIALOG_PARAMS.message]: null, [DIALOG_PARAMS.created]: String((made as { id: number }).id) }),
    }),
    issueReceipt: intent({
      schema: taxDocumentRequestSchema,
      run: ({ point, recipient }, form) => taxDocuments.issueForGuide(rowId(form), point, recipient ?? null),
    }),
    correctReceipt: intent({
      schema: taxDocumentCorrectionSchema,
      run: ({ recipient }, form) => taxDocuments.correct(text(form, 'number'), recipient ?? null),
    }),
  }
}
