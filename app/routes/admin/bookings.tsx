import { BookingsTab } from '../../components/admin/bookings/bookings-tab.tsx'
import { adminAction } from '../../lib/admin-route.server.ts'
import { useOutletContext, useSearchParams } from 'react-router'
import type { AdminOutletContext } from './layout.tsx'
import { parseBookingIdParam } from '../../../core/booking-search.ts'
import type { Route } from './+types/bookings'

/** The Tour Bookings section (docs/decisions/0088), ?bookingId=n showing one booking: its list still loads through the JSON API. */
export function action(args: Route.ActionArgs) {
  return adminAction(args, {})
}

export default function BookingsSection() {
  const { search } = useOutletContext<AdminOutletContext>()
  const [params] = useSearchParams()
  return <BookingsTab search={search} bookingId={parseBookingIdParam(params.get('bookingId'))} />
}
