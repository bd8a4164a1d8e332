import { todayInTokyo } from '../../../core/dates.ts'
import { revenueYear } from '../../../core/revenue.ts'
import { RevenueTab } from '../../components/admin/revenue-tab.tsx'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/revenue'

/**
 * The Revenue section (docs/decisions/0058, 0088): the figures of `?year=` come with the page, Japan's
 * current year when it names none (or no year at all). The action answers the header's language choice.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  const year = revenueYear(new URL(request.url).searchParams.get('year')) ?? Number(todayInTokyo(context.services.bookings.now()).slice(0, 4))
  return { revenue: asJson(await context.services.adminBookings.revenue(year)) }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, {})
}

export default function RevenueSection({ loaderData }: Route.ComponentProps) {
  return <RevenueTab revenue={loaderData.revenue} />
}
