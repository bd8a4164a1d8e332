import { useRouteLoaderData } from 'react-router'
import { guideNameOr, whatsappLink, type SiteIdentity } from '../../core/site.ts'
import { useT } from '../i18n/i18n.tsx'

/**
 * The business identity (docs/decisions/0017) for any component under the root. It lives outside root.tsx so that
 * components read the root loader's data without importing the root route module itself.
 */
export function useSite(): SiteIdentity {
  const data = useRouteLoaderData<{ site: SiteIdentity }>('root')
  if (!data) throw new Error('useSite must be used under the root route')
  return data.site
}

/** The WhatsApp link of the public pages, its greeting prefilled in the page's language. */
export function useWhatsappLink(): string {
  const site = useSite()
  const t = useT()
  return whatsappLink(site, t('common.whatsapp.greeting'))
}

/** The guide's name as the page's own language says it while the deployment has not set one. */
export function useGuideName(): string {
  const t = useT()
  return guideNameOr(useSite(), t('common.unnamedGuide'))
}
