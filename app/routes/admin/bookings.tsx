import { BookingsTab } from '../../components/admin/bookings/bookings-tab.tsx'
import { bookingListIntents } from '../../components/admin/bookings/bookings-actions.server.ts'
import { bookingDialogData } from '../../components/admin/bookings/booking-dialogs.server.ts'
import { bookingDialogIntents } from '../../components/admin/bookings/booking-dialogs-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import { useOutletContext } from 'react-router'
import type { AdminOutletContext } from './layout.tsx'
import { bookingListChoice, BOOKINGS_PAGE_SIZE } from '../../../core/booking-search.ts'
import type { Route } from './+types/bookings'

/**
 * The Tour Bookings section (docs/decisions/0013, 0088): the page of bookings its address chooses
 * (`?status=&q=&bookingId=&sort=&dir=&page=`) comes with the page, and so does the dialog it opens
 * (details, move, cancel, a new booking). A status change, a delete and every dialog's save are the
 * action's.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  const url = new URL(request.url)
  const choice = bookingListChoice(url.searchParams)
  const { status, q, bookingId, sort, dir, page } = choice
  const [bookings, dialog] = await Promise.all([
    context.services.adminBookings.list({ status: status ?? undefined, q: q || undefined, bookingId: bookingId ?? undefined, sort, dir, page, pageSize: BOOKINGS_PAGE_SIZE }),
    bookingDialogData(context.services, url),
  ])
  return { bookings: asJson(bookings), choice, dialog }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, { ...bookingListIntents(args.context.services), ...bookingDialogIntents(args.context.services) })
}

export default function BookingsSection({ loaderData }: Route.ComponentProps) {
  const { search } = useOutletContext<AdminOutletContext>()
  return <BookingsTab bookings={loaderData.bookings} choice={loaderData.choice} search={search} dialog={loaderData.dialog} />
}
