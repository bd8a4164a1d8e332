import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import favicon from './favicon.svg?raw'
import { DeferredToaster } from './components/ui/deferred-toaster.tsx'
import { DeferredScripts, LazyPhotosHold, hydratesAfterFirstPaint } from './lib/deferred-scripts.tsx'
import { InlineStylesheet } from './lib/inline-stylesheet.tsx'
import { TypefacePreloads } from './lib/typeface.tsx'
import { siteIdentity } from './lib/site.server.ts'
import { useNonce } from './lib/nonce.tsx'
import { LocaleProvider, useLocale } from './i18n/i18n.tsx'
import { messagesIn } from './i18n/messages.server.ts'
import { chromeLocale } from './i18n/admin-messages.server.ts'
import { isAdminPath } from '../core/admin-redirect.ts'
import { languageSuggestions } from './i18n/language-suggestion.server.ts'
import { localeFromPath } from '../core/i18n/locales.ts'

export const links: Route.LinksFunction = () => [
  // In the page itself: a favicon fetched while the main picture is loading shares its bandwidth (docs/decisions/0066).
  // The file lives under app/: Vite warns on every import of a file in public/.
  { rel: 'icon', href: `data:image/svg+xml,${encodeURIComponent(favicon)}`, type: 'image/svg+xml' },
]

// The chrome's messages ('common') and the pictures' descriptions ('images') come with the
// site identity; pages add their own. The dashboard's chrome (dialogs, toasts) speaks the admin's
// language (docs/decisions/0086). Prerendering has no context: its pages are all public.
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = chromeLocale(request, context)
  return { locale, site: siteIdentity(locale), messages: messagesIn(locale, 'common', 'images'), suggestions: languageSuggestions(locale) }
}

// Nothing the root loads changes while the visitor stays in one language; on the dashboard, a
// post may have changed the admin's (its language choice), and the dashboard's language is not
// the site's (docs/decisions/0086).
export function shouldRevalidate({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  return (
    localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname) ||
    isAdminPath(currentUrl.pathname) !== isAdminPath(nextUrl.pathname) ||
    (formMethod !== undefined && isAdminPath(nextUrl.pathname))
  )
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const afterFirstPaint = hydratesAfterFirstPaint(useMatches())
  const locale = useLocale()
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {afterFirstPaint ? <LazyPhotosHold nonce={nonce} /> : null}
        {/* Production: the stylesheet is inlined by the server (docs/decisions/0021). Development:
            linked, so Vite can hot-reload it; precedence places it ahead of the module preloads. */}
        {import.meta.env.DEV ? <link rel="stylesheet" href={stylesheet} precedence="default" /> : <InlineStylesheet />}
        <TypefacePreloads locale={locale} />
        <meta name="theme-color" content="#1d2f5a" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen antialiased">
        <LocaleProvider>
          {children}
          <DeferredToaster />
        </LocaleProvider>
        <ScrollRestoration nonce={nonce} />
        {afterFirstPaint ? <DeferredScripts nonce={nonce} /> : <Scripts nonce={nonce} />}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

// Pages under the public layout have their own (the same component): see its comment.
export { ErrorPage as ErrorBoundary } from './components/site/error-page.tsx'
