import { useOutletContext } from 'react-router'
import { MessagesTab } from '../../components/admin/messages-tab.tsx'
import { messageIntents } from '../../components/admin/inbox-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { AdminOutletContext } from './layout.tsx'
import type { Route } from './+types/messages'

/** The contact messages (docs/decisions/0088): they arrive with the page; marking one read is the action's. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  return { inbox: asJson(await context.services.contact.list()) }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, messageIntents(args.context.services))
}

export default function MessagesSection({ loaderData }: Route.ComponentProps) {
  const { search } = useOutletContext<AdminOutletContext>()
  return <MessagesTab messages={loaderData.inbox} search={search} />
}
