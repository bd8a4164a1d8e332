import { siteIdentity } from '../lib/site.server.ts'

/** /robots.txt: everything public may be crawled; the admin area, the API and the guide's calendar feed and the private links may not. */
export function loader() {
  const base = siteIdentity().baseUrl.replace(/\/$/, '')
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    'Disallow: /checkout/',
    'Disallow: /booking-confirmation',
    'Disallow: /waitlist/',
    'Disallow: /review/',
    'Disallow: /calendar/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
