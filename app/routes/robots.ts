import { LOCALES } from '../../core/i18n/locales.ts'
import { siteIdentity } from '../lib/site.server.ts'

/** A guest's own pages, in every language (their `noindex` is the second lock). */
const PRIVATE_PATHS = ['/checkout/', '/booking-confirmation', '/waitlist/', '/review/', '/voucher/']

/** /robots.txt: everything public may be crawled; the admin area, the API and the guide's calendar feed and the private links may not. */
export function loader() {
  const base = siteIdentity().baseUrl.replace(/\/$/, '')
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    ...LOCALES.flatMap(({ prefix }) => PRIVATE_PATHS.map((path) => `Disallow: ${prefix}${path}`)),
    'Disallow: /calendar/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
