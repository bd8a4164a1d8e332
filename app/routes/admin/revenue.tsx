import { RevenueTab } from '../../components/admin/revenue-tab.tsx'
import { adminAction } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/revenue'

/** The Revenue section (docs/decisions/0088): its figures still load through the JSON API; the action answers the header's language choice. */
export function action(args: Route.ActionArgs) {
  return adminAction(args, {})
}

export default function RevenueSection() {
  return <RevenueTab />
}
