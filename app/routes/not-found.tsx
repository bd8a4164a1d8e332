import { Link, data } from 'react-router'
import type { Route } from './+types/not-found'
import { linkStyle } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { T, useLocalePath, useT } from '../i18n/i18n.tsx'
import { stripLocale } from '../../core/i18n/locales.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

export const handle = contentPageHandle

// The catch-all answers a real HTTP 404 (docs/decisions/0019) with a hint that helps the
// visitor; its words are the chrome's ('common'), which the root delivers.
export function loader({ request }: Route.LoaderArgs) {
  const meta = seo(request, { title: 'common.notFound.title', description: 'common.notFound.description', path: stripLocale(new URL(request.url).pathname), noindex: true })
  return data({ meta }, { status: 404 })
}

export const meta = loaderMeta

export default function NotFound() {
  const t = useT()
  const path = useLocalePath()
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p className="text-6xl font-bold text-blossom-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900 sm:text-4xl">{t('common.notFound.title')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('common.notFound.lead')}</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        <li>
          <Link className={buttonVariants()} to={path('/')}>
            {t('common.notFound.backHome')}
          </Link>
        </li>
        <li>
          <Link className={buttonVariants({ variant: 'secondary' })} to={path('/packages')}>
            {t('common.notFound.packages')}
          </Link>
        </li>
        <li>
          <Link className={buttonVariants({ variant: 'secondary' })} to={path('/contact')}>
            {t('common.notFound.contact')}
          </Link>
        </li>
      </ul>
      <p className="mt-10 text-slate-700">
        <T id="common.notFound.tokyo" components={{ 0: <Link to={path('/tokyo-2h-joetsu-day-trip')} className={linkStyle} /> }} />
      </p>
    </main>
  )
}
