import { redirect } from 'react-router'
import { ADMIN_HOME } from '../../components/admin/sections.ts'
import { ADMIN_LOGIN_PAGE } from '../../../core/admin-redirect.ts'
import type { Route } from './+types/index'

/**
 * /admin has no screen of its own. An admin goes to the dashboard's first section; anyone else
 * to the plain login page: typing /admin is how one logs in, not an attempt to be denied.
 */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(context.user?.isAdmin ? ADMIN_HOME : ADMIN_LOGIN_PAGE)
}
