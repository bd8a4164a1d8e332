import { Link, data } from 'react-router'
import type { Route } from './+types/not-found'
import { linkStyle } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { seo } from '../lib/seo.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

export const handle = contentPageHandle

// The catch-all answers a real HTTP 404 (docs/decisions/0019) with a hint that helps the visitor.
export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({
    matches,
    title: '404 Page Not Found',
    description: 'This page does not exist. Find private tours of Joetsu, tour ideas and prices, or get in touch.',
    path: location.pathname,
    noindex: true,
  })

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p className="text-6xl font-bold text-blossom-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900 sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-slate-700">
        We couldn’t find that page. It may have moved, or the link may have a typo. Like a wrong turn in Takada’s old streets, it is easy to
        get back on the path:
      </p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        <li>
          <Link className={buttonVariants()} to="/">
            Back to the home page
          </Link>
        </li>
        <li>
          <Link className={buttonVariants({ variant: 'secondary' })} to="/packages">
            Tour ideas and prices
          </Link>
        </li>
        <li>
          <Link className={buttonVariants({ variant: 'secondary' })} to="/contact">
            Contact us
          </Link>
        </li>
      </ul>
      <p className="mt-10 text-slate-700">
        Coming from Tokyo? Read{' '}
        <Link to="/tokyo-2h-joetsu-day-trip" className={linkStyle}>
          how to reach Joetsu in 2 hours
        </Link>
        .
      </p>
    </main>
  )
}
