import { PromoCodesTab } from '../../components/admin/promo-codes-tab.tsx'
import { adminAction } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/promo-codes'

/** The Promo codes section (docs/decisions/0088): its saves still go through the JSON API; the action answers the header's language choice. */
export function action(args: Route.ActionArgs) {
  return adminAction(args, {})
}

export default function PromoCodesSection() {
  return <PromoCodesTab />
}
