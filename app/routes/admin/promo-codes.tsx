import { PromoCodesTab } from '../../components/admin/promo-codes-tab.tsx'
import { promoCodeIntents } from '../../components/admin/promo-codes-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/promo-codes'

/** The Promo codes section (docs/decisions/0062, 0088): the codes come with the page, a new one or an edit saves through the action. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  return { promoCodes: asJson(await context.services.promoCodes.list()) }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, promoCodeIntents(args.context.services))
}

export default function PromoCodesSection({ loaderData }: Route.ComponentProps) {
  return <PromoCodesTab codes={loaderData.promoCodes} />
}
