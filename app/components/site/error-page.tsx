import { isRouteErrorResponse, useRouteError } from 'react-router'
import { useLocalePath, useT } from '../../i18n/i18n.tsx'

/**
 * The page of a failed request: not found, unavailable (503), refused (4xx) or broken. The root
 * and the public layout both show it. A page action that throws (a refused body, docs/decisions/0068)
 * is caught by the nearest boundary, and React Router then runs only the loaders above it:
 * under the public layout's own boundary the root's loader still delivers the chrome's
 * messages this page speaks in; under the root's alone nothing would.
 */
export function ErrorPage() {
  // From the router, not a prop: the routes re-export this component as their ErrorBoundary, and
  // React Router's build hands route props only to components a route module defines itself.
  const error = useRouteError()
  const t = useT()
  const path = useLocalePath()
  let title = t('common.error.title')
  let detail = t('common.error.detail')
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? t('common.notFound.title') : `${error.status} ${error.statusText}`
    if (error.status === 503) detail = t('common.error.unavailable')
  }
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700">{detail}</p>
      <p className="mt-6">
        <a className="font-semibold text-brand-700 underline" href={path('/')}>
          {t('common.error.backHome')}
        </a>
      </p>
    </main>
  )
}
