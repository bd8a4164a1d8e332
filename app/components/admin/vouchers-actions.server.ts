import { voucherCancelSchema } from '../../../core/schemas/voucher.ts'
import type { Services } from '../../../server/for-app.ts'
import { intent, rowId } from '../../lib/admin-route.server.ts'

/**
 * The Vouchers section's one form (docs/decisions/0065, 0088), the only way in for it: cancel, with
 * the refund or without, or the refund of an expired voucher as the guide's exception. Who
 * cancelled goes on the record.
 */
export function voucherIntents(services: Services) {
  return {
    cancel: intent({
      schema: voucherCancelSchema,
      input: (form) => ({ refund: form.get('refund') === 'true', ...(form.get('exception') === 'true' ? { exception: true } : {}) }),
      run: (input, form, admin) => services.vouchers.cancel(rowId(form), input, admin),
    }),
  }
}
