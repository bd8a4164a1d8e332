import { SLOT_SWITCHES, weekendAvailabilitySchema } from '../../../core/schemas/availability.ts'
import { callOffSchema } from '../../../core/schemas/disruption.ts'
import type { Services } from '../../../server/for-app.ts'
import { formObject, intent } from '../../lib/admin-route.server.ts'
import { CALL_OFF_PARAM } from './call-off.tsx'

/**
 * The Calendar section's forms on its route action (docs/decisions/0088), each with its schema and
 * the service it calls.
 */
export function calendarIntents(services: Services) {
  return {
    // One weekend day's slots opened or closed, with its note (docs/decisions/0039), by the weekend
    // switches' schema. An unticked box sends nothing: that slot closed.
    availability: intent({
      schema: weekendAvailabilitySchema,
      input: (form) => ({ ...formObject(form), ...Object.fromEntries(Object.values(SLOT_SWITCHES).map((name) => [name, form.get(name) === 'on'])) }),
      run: (input) => services.availability.upsert(input),
    }),
    // A day or one slot called off (docs/decisions/0056): its schema is callOffSchema, and the
    // disruptions service closes the slots and offers each booking a new date or its refund.
    // Without script the page comes back with the dialog the address opened closed.
    callOff: intent({ schema: callOffSchema, run: (input, _form, admin) => services.disruptions.callOff(input, admin), addressAfter: () => ({ [CALL_OFF_PARAM]: null }) }),
  }
}
