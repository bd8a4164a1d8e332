import { isRouteErrorResponse, useRouteError } from 'react-router'
import { useT } from '../../i18n/i18n.tsx'

/**
 * The dashboard's page of a failed request, in the admin's language: the dashboard layout's
 * boundary. A section's action that throws (a body cut short, no form of ours) is caught here,
 * and React Router then runs only the loaders above the layout: the root's and the words route's,
 * which deliver the dashboard's words (the site's error page under the root would have none).
 */
export function AdminErrorPage() {
  const error = useRouteError()
  const t = useT()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const [title, detail] =
    status === 404
      ? (['admin.error.notFoundTitle', 'admin.error.notFoundDetail'] as const)
      : status >= 400 && status < 500
        ? (['admin.error.refusedTitle', 'admin.error.refusedDetail'] as const)
        : (['admin.error.title', 'admin.error.detail'] as const)
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t(title)}</h1>
      <p className="mt-4 text-slate-700">{t(detail)}</p>
      <p className="mt-6">
        <a className="font-semibold text-brand-700 underline" href="/admin">
          {t('admin.error.back')}
        </a>
      </p>
    </main>
  )
}
