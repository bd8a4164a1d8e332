import { useOutletContext } from 'react-router'
import { NotificationsTab } from '../../components/admin/notifications-tab.tsx'
import { requestAdminLocale } from '../../i18n/admin-messages.server.ts'
import { notificationIntents } from '../../components/admin/inbox-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { AdminOutletContext } from './layout.tsx'
import type { Route } from './+types/notifications'

/** The notifications in the dashboard's language (docs/decisions/0086, 0088), with the page and again after each change. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  return { notices: asJson(await context.services.notifications.list(requestAdminLocale(request, context))) }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, notificationIntents(args.context.services))
}

export default function NotificationsSection({ loaderData }: Route.ComponentProps) {
  const { search } = useOutletContext<AdminOutletContext>()
  return <NotificationsTab notifications={loaderData.notices} search={search} />
}
