import { badgeCounts } from '../../components/admin/badges.server.ts'
import { requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/badges'

/**
 * The badges alone, for the dashboard's 30 s check (docs/decisions/0090): three counts, where
 * running the page's loaders again would read a whole section (Settings reads twelve things).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  return badgeCounts(context.services)
}
