/**
 * Where to go after logging in: the ?redirectTo= page when it is one of our own admin
 * pages ('/admin…', not '//evil.example' nor 'https://…'), else the dashboard.
 */
export function safeAdminRedirect(value: string | null | undefined): string {
  if (!value) return '/admin/dashboard'
  if (!/^\/admin(?:[/?#]|$)/.test(value) || value.startsWith('//') || /[\\\s]/.test(value)) return '/admin/dashboard'
  if (value.startsWith('/admin/login')) return '/admin/dashboard'
  return value
}
