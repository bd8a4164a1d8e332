import { isRouteErrorResponse, type MetaDescriptor } from 'react-router'
import type { SiteIdentity } from '../../core/site.ts'
import { localeFromPath } from '../../core/i18n/locales.ts'
import { metaTranslator } from '../i18n/translator.ts'

type MetaArgsLike = {
  loaderData?: unknown
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>
  location: { pathname: string }
  error?: unknown
}

/**
 * The meta function of every guest page: the tags its loader wrote (seo.server.ts,
 * docs/decisions/0060). A page whose loader failed shows its error's title, in the words the
 * root delivers, and is never indexed.
 */
export function loaderMeta({ loaderData, matches, location, error }: MetaArgsLike): MetaDescriptor[] {
  const written = (loaderData as { meta?: MetaDescriptor[] } | null | undefined)?.meta
  if (written) return written
  const t = metaTranslator(localeFromPath(location.pathname), matches)
  const site = (matches.find((m) => m?.id === 'root')?.loaderData as { site?: SiteIdentity } | undefined)?.site
  const title = t(isRouteErrorResponse(error) && error.status === 404 ? 'common.notFound.title' : 'common.error.title')
  return [{ title: site ? `${title} | ${site.businessName}` : title }, { name: 'robots', content: 'noindex' }]
}
