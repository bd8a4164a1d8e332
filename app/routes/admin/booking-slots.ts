import { data } from 'react-router'
import { isMonth } from '../../../core/dates.ts'
import { monthSlots } from '../../components/admin/bookings/booking-dialogs.server.ts'
import { requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/booking-slots'

/**
 * A month of the calendar for the booking dialogs' slot fields (docs/decisions/0088), read by
 * their fetcher when the guide picks a date in another month: a resource route of its own, so a
 * date typed does not load the Bookings section's list again, as a parameter of that page would.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  const month = new URL(request.url).searchParams.get('month') ?? ''
  // The dialogs ask only for the month of a date; anything else is no request of theirs.
  if (!isMonth(month)) throw data(null, { status: 400 })
  return monthSlots(context.services, month)
}
