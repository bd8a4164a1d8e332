import { VouchersTab } from '../../components/admin/vouchers-tab.tsx'
import { voucherIntents } from '../../components/admin/vouchers-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/vouchers'

/** The Vouchers section (docs/decisions/0065, 0088): every voucher comes with the page; a cancel is the action's. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  return { vouchers: asJson(await context.services.vouchers.list()) }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, voucherIntents(args.context.services))
}

export default function VouchersSection({ loaderData }: Route.ComponentProps) {
  return <VouchersTab vouchers={loaderData.vouchers} />
}
