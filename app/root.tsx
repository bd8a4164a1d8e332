import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import favicon from '../public/favicon.svg?raw'
import { DeferredToaster } from './components/ui/deferred-toaster.tsx'
import { DeferredScripts, LazyPhotosHold, hydratesAfterFirstPaint } from './lib/deferred-scripts.tsx'
import { InlineStylesheet } from './lib/inline-stylesheet.tsx'
import { TypefacePreloads } from './lib/typeface.tsx'
import { siteIdentity } from './lib/site.server.ts'
import { useNonce } from './lib/nonce.tsx'
import { LocaleProvider, useLocale, useLocalePath, useT } from './i18n/i18n.tsx'
import { pageMessages, requestLocale } from './i18n/messages.server.ts'
import { languageSuggestions } from './i18n/language-suggestion.server.ts'
import { localeFromPath } from '../core/i18n/locales.ts'

export const links: Route.LinksFunction = () => [
  // In the page itself: a favicon fetched while the main picture is loading shares its bandwidth (docs/decisions/0066).
  { rel: 'icon', href: `data:image/svg+xml,${encodeURIComponent(favicon)}`, type: 'image/svg+xml' },
]

// The chrome's messages ('common') and the pictures' descriptions ('images') come with the
// site identity; pages add their own.
export async function loader({ request }: Route.LoaderArgs) {
  return { site: siteIdentity(), messages: pageMessages(request, 'common', 'images'), suggestions: languageSuggestions(requestLocale(request)) }
}

// Nothing the root loads changes while the visitor stays in one language.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname)
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
