import { VouchersTab } from '../../components/admin/vouchers-tab.tsx'
import { adminAction } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/vouchers'

/** The Vouchers section (docs/decisions/0088): its saves still go through the JSON API; the action answers the header's language choice. */
export function action(args: Route.ActionArgs) {
  return adminAction(args, {})
}

export default function VouchersSection() {
  return <VouchersTab />
}
