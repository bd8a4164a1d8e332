import { SettingsTab } from '../../components/admin/settings-tab.tsx'
import { settingsIntents } from '../../components/admin/settings-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/settings'

/**
 * The Settings section (docs/decisions/0088). The tour catalogue, the booking rules, the receipt
 * settings and the calendar subscription arrive with the page and save through this route's action (they work
 * without script, but for replacing the calendar link, which asks first); the other panels still
 * load and save through the JSON API.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  const { catalogue, taxDocuments, calendarFeed, bookingMoves, vouchers } = context.services
  const [tours, taxSettings, feed, guestMoveLimit, guideBookings, voucherRules] = await Promise.all([
    catalogue.list(),
    taxDocuments.settings(),
    calendarFeed.current(),
    bookingMoves.guestMoveLimit(),
    bookingMoves.guideRules(),
    vouchers.rules(),
  ])
  return { tours: asJson(tours), taxSettings, calendarFeed: feed, rules: { changes: { guestMoveLimit }, guideBookings, vouchers: voucherRules } }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, settingsIntents(args.context.services))
}

export default function SettingsSection({ loaderData }: Route.ComponentProps) {
  return <SettingsTab {...loaderData} />
}
