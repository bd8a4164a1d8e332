import { SettingsTab } from '../../components/admin/settings-tab.tsx'
import { settingsIntents } from '../../components/admin/settings-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/settings'

/**
 * The Settings section (docs/decisions/0088). The tour catalogue arrives with the page and saves
 * through this route's action (a price change works without script); the other panels still load
 * and save through the JSON API.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  return { tours: asJson(await context.services.catalogue.list()) }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, settingsIntents(args.context.services))
}

export default function SettingsSection({ loaderData }: Route.ComponentProps) {
  return <SettingsTab tours={loaderData.tours} />
}
