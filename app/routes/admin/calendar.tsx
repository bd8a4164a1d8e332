import { useOutletContext } from 'react-router'
import { firstWeekendDayFrom, isMonth, todayInTokyo } from '../../../core/dates.ts'
import { CalendarTab, DAY_PARAM, EARLIER_PARAM } from '../../components/admin/calendar-tab.tsx'
import { calendarIntents } from '../../components/admin/calendar-actions.server.ts'
import { adminAction, requireAdmin } from '../../lib/admin-route.server.ts'
import type { AdminOutletContext } from './layout.tsx'
import type { Route } from './+types/calendar'

/**
 * The Calendar section (docs/decisions/0013, 0088): the weekends of `?month=yyyy-mm` and the
 * called-off days come with the page, the month of Japan's next tour day when the address names
 * none. Japan's today is the server's, so the page never waits for the browser's clock. A day's
 * slots and note save through this route's action, without script too (`?day=` opens its form),
 * and so does a call-off, which asks first in the dialog `?callOff=` opens.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  const params = new URL(request.url).searchParams
  const today = todayInTokyo(context.services.bookings.now())
  // The month of the next tour day, so the calendar opens on the coming weekend even on a month's last weekdays.
  const comingMonth = firstWeekendDayFrom(today).slice(0, 7)
  const named = params.get('month')
  const month = isMonth(named) ? named : comingMonth
  const [days, disruptions] = await Promise.all([context.services.adminBookings.calendar(month), context.services.disruptions.list()])
  return {
    today,
    month,
    comingMonth,
    days,
    disruptions,
    // Which day's form is open, and whether this month's past weekends show: links choose both, with script or without.
    editing: params.get(DAY_PARAM),
    showEarlier: params.has(EARLIER_PARAM),
  }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, calendarIntents(args.context.services))
}

export default function CalendarSection({ loaderData }: Route.ComponentProps) {
  const { openBooking } = useOutletContext<AdminOutletContext>()
  return <CalendarTab {...loaderData} onOpenBooking={openBooking} />
}
