import { Outlet } from 'react-router'
import { SiteFooter } from '../components/site/site-footer.tsx'
import { SiteHeader } from '../components/site/site-header.tsx'
import { WhatsAppButton } from '../components/site/whatsapp-button.tsx'
import { LanguageSuggestion } from '../components/site/language-suggestion.tsx'
import { useT } from '../i18n/i18n.tsx'

export { ErrorPage as ErrorBoundary } from '../components/site/error-page.tsx'

/**
 * The shared public chrome: skip link, sticky header, footer and the floating
 * WhatsApp button. Routes under /admin sit outside this layout, so they get none of it.
 * Each page renders its own <main id="main">.
 */
export default function PublicLayout() {
  const t = useT()
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-900 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('common.skipLink')}
      </a>
      <LanguageSuggestion />
      <SiteHeader />
      <Outlet />
      <SiteFooter />
      <WhatsAppButton />
    </>
  )
}
