import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { DeferredToaster } from './components/ui/deferred-toaster.tsx'
import { DeferredScripts, hydratesAfterFirstPaint } from './lib/deferred-scripts.tsx'
import { InlineStylesheet } from './lib/inline-stylesheet.tsx'
import { siteIdentity } from './lib/site.server.ts'
import { useNonce } from './lib/nonce.tsx'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
]

export async function loader() {
  return { site: siteIdentity() }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const afterFirstPaint = hydratesAfterFirstPaint(useMatches())
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Production: the stylesheet is inlined by the server (docs/decisions/0021). Development:
            linked, so Vite can hot-reload it; precedence places it ahead of the module preloads. */}
        {import.meta.env.DEV ? <link rel="stylesheet" href={stylesheet} precedence="default" /> : <InlineStylesheet />}
        <meta name="theme-color" content="#1d2f5a" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen antialiased">
        {children}
        <DeferredToaster />
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
  let title = 'Something went wrong'
  let detail = 'An unexpected error occurred. Please try again in a moment.'
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? '404 Page Not Found' : `${error.status} ${error.statusText}`
    if (error.status === 503) detail = 'The site is briefly unavailable. Please try again in a minute.'
  }
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700">{detail}</p>
      <p className="mt-6">
        <a className="font-semibold text-brand-700 underline" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  )
}
