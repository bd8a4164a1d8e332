import { userCreateSchema, userUpdateSchema } from '../../../core/schemas/users.ts'
import type { Services } from '../../../server/for-app.ts'
import { formObject, intent, NO_FIELDS, rowId } from '../../lib/admin-route.server.ts'

/** The form's fields as the schemas read them: an unticked box sends nothing, which is "not an admin". */
const userInput = (form: FormData) => ({ ...formObject(form), isAdmin: form.get('isAdmin') === 'on' })

/**
 * The Users section's forms (docs/decisions/0012, 0088), with the schemas of POST /api/register and
 * PATCH /api/admin/users/:id: a new user, an edit (a new password keeps the session it was set in),
 * a delete. The service refuses deleting oneself and the last admin.
 */
export function userIntents(services: Services) {
  return {
    create: intent({ schema: userCreateSchema, input: userInput, run: (input) => services.adminUsers.create(input) }),
    update: intent({ schema: userUpdateSchema, input: userInput, run: (input, form, admin) => services.adminUsers.update(admin.id, rowId(form), input, admin.session) }),
    remove: intent({ schema: NO_FIELDS, run: (_input, form, admin) => services.adminUsers.remove(admin.id, rowId(form)) }),
  }
}
