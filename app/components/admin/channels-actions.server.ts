import { channelCalendarInputSchema } from '../../../core/schemas/channel-calendar.ts'
import { resellerInputSchema } from '../../../core/schemas/reseller.ts'
import type { Services } from '../../../server/for-app.ts'
import { intent, rowId, rowIntent } from '../../lib/admin-route.server.ts'

/** A reseller's form as the JSON API's body: the ticked tours, and the test-mode box ticked or not (an unticked box sends nothing). */
const resellerInput = (form: FormData) => ({
  ...Object.fromEntries(['name', 'note', 'commissionPercent', 'minLeadHours'].map((key) => [key, String(form.get(key) ?? '')])),
  tourPackageIds: form.getAll('tourPackageIds'),
  testMode: form.get('testMode') === 'on',
})

/**
 * The Channels section's forms on its route action (docs/decisions/0088), each with the schema of
 * its JSON API twin (server/api/admin-resellers.ts, admin-channel-calendars.ts). A new reseller and
 * a new key answer with the key, shown once (docs/decisions/0074): only the page's script can show
 * it, since a plain form post is answered with a redirect, and the key is never stored to show later.
 */
export function channelIntents({ resellers, channelCalendars }: Services) {
  return {
    addReseller: intent({ schema: resellerInputSchema, input: resellerInput, run: (input) => resellers.create(input) }),
    updateReseller: intent({ schema: resellerInputSchema, input: resellerInput, run: (input, form) => resellers.update(rowId(form), input) }),
    revokeReseller: rowIntent((id) => resellers.revoke(id)),
    replaceResellerKey: rowIntent((id) => resellers.replaceKey(id)),
    // Adding a calendar and "Fetch now" fetch it at once and answer with what the fetch found, its error included (docs/decisions/0077).
    addCalendar: intent({ schema: channelCalendarInputSchema, run: (input) => channelCalendars.add(input) }),
    fetchCalendar: rowIntent((id) => channelCalendars.fetchNow(id)),
    // Answers the name of the calendar removed, for the toast: its row is gone from the page by then.
    removeCalendar: rowIntent(async (id) => {
      const name = (await channelCalendars.list()).find((c) => c.id === id)?.name ?? ''
      await channelCalendars.remove(id)
      return { name }
    }),
  }
}
