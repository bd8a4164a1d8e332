import { channelIntents } from '../../components/admin/channels-actions.server.ts'
import { ChannelsTab, RESELLER_PARAM } from '../../components/admin/channels-tab.tsx'
import { adminAction, requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/channels'

/**
 * The Channels section (docs/decisions/0088): the resellers with their webhooks, the tours a
 * reseller may be limited to, and the imported calendars come with the page and save through this
 * route's action. Editing a reseller, adding a calendar and fetching one work without script; a new
 * reseller or key needs it to show the key once, and revoking or removing asks first in a dialog.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  const { resellers, octoWebhooks, catalogue, channelCalendars } = context.services
  const [list, webhooks, tours, calendars] = await Promise.all([resellers.list(), octoWebhooks.adminViews(), catalogue.list(), channelCalendars.list()])
  return {
    // Each with its webhooks and how their deliveries went (docs/decisions/0081).
    resellers: list.map((r) => ({ ...r, webhooks: webhooks.get(r.id) ?? [] })),
    // The OCTO base URL the guide gives each reseller with its key (docs/decisions/0076).
    octoEndpoint: `${context.config.baseUrl}/octo/v1`,
    tours: tours.map(({ id, name }) => ({ id, name })),
    calendars,
    // Which reseller's form is open: a link opens it, with script or without.
    editing: new URL(request.url).searchParams.get(RESELLER_PARAM),
  }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, channelIntents(args.context.services))
}

export default function ChannelsSection({ loaderData }: Route.ComponentProps) {
  return <ChannelsTab {...loaderData} />
}
