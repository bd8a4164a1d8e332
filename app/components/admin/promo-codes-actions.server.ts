import { promoCodeInputSchema } from '../../../core/schemas/promo-code.ts'
import type { Services } from '../../../server/for-app.ts'
import { formObject, intent, rowId } from '../../lib/admin-route.server.ts'

/** The form's fields as the schema reads them: an unticked box sends nothing, which is "no". */
const promoInput = (form: FormData) => ({ ...formObject(form), onePerEmail: form.get('onePerEmail') === 'on', active: form.get('active') === 'on' })

/**
 * The Promo codes section's forms on its route action (docs/decisions/0062, 0088), the only way in
 * for them: a new code, and an edit (switching one off is an edit).
 */
export function promoCodeIntents(services: Services) {
  return {
    create: intent({ schema: promoCodeInputSchema, input: promoInput, run: (input) => services.promoCodes.create(input) }),
    update: intent({ schema: promoCodeInputSchema, input: promoInput, run: (input, form) => services.promoCodes.update(rowId(form), input) }),
  }
}
