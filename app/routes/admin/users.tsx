import { useOutletContext } from 'react-router'
import { UsersTab } from '../../components/admin/users-tab.tsx'
import { userIntents } from '../../components/admin/users-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { AdminOutletContext } from './layout.tsx'
import type { Route } from './+types/users'

/** The Users section (docs/decisions/0012, 0088): the users come with the page; a new one, an edit and a delete are the action's. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  return { users: asJson(await context.services.adminUsers.list()) }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, userIntents(args.context.services))
}

export default function UsersSection({ loaderData }: Route.ComponentProps) {
  const { search, userId } = useOutletContext<AdminOutletContext>()
  return <UsersTab users={loaderData.users} search={search} currentUserId={userId} />
}
