import { redirect } from 'react-router'
import type { Route } from './+types/index'

/**
 * /admin has no screen of its own. An admin goes to the dashboard; anyone else
 * to the plain login page: typing /admin is how one logs in, not an attempt to be denied.
 */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(context.user?.isAdmin ? '/admin/dashboard' : '/admin/login')
}
