import { UsersTab } from '../../components/admin/users-tab.tsx'
import { adminAction } from '../../lib/admin-route.server.ts'
import { useOutletContext } from 'react-router'
import type { AdminOutletContext } from './layout.tsx'
import type { Route } from './+types/users'

/** The Users section (docs/decisions/0088): its saves still go through the JSON API. */
export function action(args: Route.ActionArgs) {
  return adminAction(args, {})
}

export default function UsersSection() {
  const { search, userId } = useOutletContext<AdminOutletContext>()
  return <UsersTab search={search} currentUserId={userId} />
}
