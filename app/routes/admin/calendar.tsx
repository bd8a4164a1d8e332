import { CalendarTab } from '../../components/admin/calendar-tab.tsx'
import { adminAction } from '../../lib/admin-route.server.ts'
import { useOutletContext } from 'react-router'
import type { AdminOutletContext } from './layout.tsx'
import type { Route } from './+types/calendar'

/** The Calendar section (docs/decisions/0088), ?month=yyyy-mm: its weekends still load through the JSON API. */
export function action(args: Route.ActionArgs) {
  return adminAction(args, {})
}

export default function CalendarSection() {
  const { openBooking } = useOutletContext<AdminOutletContext>()
  return <CalendarTab onOpenBooking={openBooking} />
}
