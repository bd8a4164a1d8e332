import { useRouteLoaderData } from 'react-router'
import type { SiteIdentity } from '../../core/site.ts'

/**
 * The business identity (docs/decisions/0017) for any component under the root. It lives outside root.tsx so that
 * components read the root loader's data without importing the root route module itself.
 */
export function useSite(): SiteIdentity {
  const data = useRouteLoaderData<{ site: SiteIdentity }>('root')
  if (!data) throw new Error('useSite must be used under the root route')
  return data.site
}
