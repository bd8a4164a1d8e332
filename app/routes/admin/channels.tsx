import { ChannelsTab } from '../../components/admin/channels-tab.tsx'
import { adminAction } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/channels'

/** The Channels section (docs/decisions/0088): its saves still go through the JSON API; the action answers the header's language choice. */
export function action(args: Route.ActionArgs) {
  return adminAction(args, {})
}

export default function ChannelsSection() {
  return <ChannelsTab />
}
