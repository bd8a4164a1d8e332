import { channelCalendarInputSchema } from '../../../core/schemas/channel-calendar.ts'
import { resellerInputSchema } from '../../../core/schemas/reseller.ts'
import type { Services } from '../../../server/for-app.ts'
import { intent, NO_FIELDS, rowId, rowIntent } from '../../lib/admin-route.server.ts'

/** A reseller's form as its schema reads it: the ticked tours, and the test-mode box ticked or not (an unticked box sends nothing). */
const resellerInput = (form: FormData) => ({
  ...Object.fromEntries(['name', 'note', 'commissionPercent', 'minLeadHours'].map((key) => [key, String(form.get(key) ?? '')])),
  tourPackageIds: form.getAll('tourPackageIds'),
  testMode: form.get('testMode') === 'on',
})

/**
 * The Channels section's forms on its route action (docs/decisions/0088), the only way the guide
 * manages resellers and imported calendars, each with its schema in core/schemas. A new reseller and
 * a new key answer with the key, shown once (docs/decisions/0074): a plain form post is answered
 * with the page that shows it (`shows`), not sent back to an address, since the key is never stored
 * to show later.
 */
export function channelIntents({ resellers, channelCalendars }: Services) {
  return {
    addReseller: intent({ schema: resellerInputSchema, input: resellerInput, shows: true, run: (input) => resellers.create(input) }),
    updateReseller: intent({ schema: resellerInputSchema, input: resellerInput, run: (input, form) => resellers.update(rowId(form), input) }),
    revokeReseller: rowIntent((id) => resellers.revoke(id)),
    replaceResellerKey: intent({ schema: NO_FIELDS, shows: true, run: (_input, form) => resellers.replaceKey(rowId(form)) }),
    // Adding a calendar and "Fetch now" fetch it at once and answer with what the fetch found, its error included (docs/decisions/0077).
    addCalendar: intent({ schema: channelCalendarInputSchema, run: (input) => channelCalendars.add(input) }),
    fetchCalendar: rowIntent((id) => channelCalendars.fetchNow(id)),
    // Answers the name of the calendar removed, for the toast: its row is gone from the page by then.
    removeCalendar: rowIntent((id) => channelCalendars.remove(id)),
  }
}
