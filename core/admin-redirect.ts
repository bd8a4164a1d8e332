/** The dashboard's first section (docs/decisions/0088): where a login without a destination lands. */
export const ADMIN_HOME = '/admin/bookings'

/** The login page, plain: where logging out lands, and an anonymous visit to /admin. */
export const ADMIN_LOGIN_PAGE = '/admin/login'

/**
 * Where to go after logging in: the ?redirectTo= page when it is one of our own admin
 * pages ('/admin…', not '//evil.example' nor 'https://…'), else the dashboard.
 */
export function safeAdminRedirect(value: string | null | undefined): string {
  if (!value) return ADMIN_HOME
  if (!/^\/admin(?:[/?#]|$)/.test(value) || value.startsWith('//') || /[\\\s]/.test(value)) return ADMIN_HOME
  if (value.startsWith(ADMIN_LOGIN_PAGE)) return ADMIN_HOME
  return value
}

/**
 * Why the login page is shown again: 'denied' (no admin session: the 'Access denied'
 * toast), 'failed' (wrong username or password) or 'not-admin' (a user without admin
 * rights). The last two come from the form's script-free post to /api/login.
 */
export type LoginNotice = 'denied' | 'failed' | 'not-admin'
export const LOGIN_NOTICE_PARAM: Record<LoginNotice, string> = { denied: 'denied', failed: 'failed', 'not-admin': 'notAdmin' }

/** The login page, saying why, that returns to `from` afterwards. */
export function adminLoginPath(from: string, notice: LoginNotice = 'denied'): string {
  return `/admin/login?${LOGIN_NOTICE_PARAM[notice]}=1&redirectTo=${encodeURIComponent(from)}`
}

/** The dashboard's own paths (/admin and below), which speak the admin's language rather than the URL's (docs/decisions/0086). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}
