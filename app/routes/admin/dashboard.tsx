import { redirect } from 'react-router'
import { adminAction } from '../../lib/admin-route.server.ts'
import { ADMIN_HOME, adminSectionPath, isAdminSection } from '../../components/admin/sections.ts'
import type { Route } from './+types/dashboard'

/**
 * The dashboard's old address, /admin/dashboard?tab=<section>&…, which the guide's e-mails, stored
 * notifications and calendar feeds link to: each section is its own URL now (docs/decisions/0088),
 * and this sends there with the rest of the query (bookingId, month, messageId).
 */
export function loader({ request }: Route.LoaderArgs) {
  // The section guards itself: someone not signed in logs in and comes back to the section.
  const params = new URL(request.url).searchParams
  const tab = params.get('tab')
  params.delete('tab')
  const query = params.size > 0 ? `?${params}` : ''
  throw redirect((isAdminSection(tab) ? adminSectionPath(tab) : ADMIN_HOME) + query)
}

/** A language choice posted to the old address still counts (docs/decisions/0086). */
export function action(args: Route.ActionArgs) {
  return adminAction(args, {}, { defaultIntent: 'language' })
}
