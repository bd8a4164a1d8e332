import { LOCALES, localizePath } from '../../core/i18n/locales.ts'
import { siteIdentity } from '../lib/site.server.ts'

/**
 * /sitemap.xml: every public page a search engine should index, in every language, each
 * naming its translations (docs/decisions/0044). The booking flow's per-booking pages
 * (checkout, confirmation) and /admin are left out on purpose.
 */
const PUBLIC_PATHS = [
  { path: '/', changefreq: 'weekly', priority: '1.0' },
  { path: '/about', changefreq: 'monthly', priority: '0.8' },
  { path: '/explore', changefreq: 'monthly', priority: '0.8' },
  { path: '/packages', changefreq: 'weekly', priority: '0.9' },
  { path: '/reviews', changefreq: 'weekly', priority: '0.7' },
  { path: '/how-it-works', changefreq: 'monthly', priority: '0.7' },
  { path: '/contact', changefreq: 'monthly', priority: '0.7' },
  { path: '/booking', changefreq: 'weekly', priority: '0.8' },
  { path: '/gift', changefreq: 'monthly', priority: '0.6' },
  { path: '/tokyo-2h-joetsu-day-trip', changefreq: 'monthly', priority: '0.7' },
  { path: '/legal', changefreq: 'yearly', priority: '0.3' },
  { path: '/privacy', changefreq: 'yearly', priority: '0.3' },
] as const

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function loader() {
  const base = siteIdentity().baseUrl.replace(/\/$/, '')
  const url = (path: string) => escapeXml(base + path)
  const urls = PUBLIC_PATHS.flatMap(({ path, changefreq, priority }) => {
    const alternates = [
      ...LOCALES.map(({ code }) => `<xhtml:link rel="alternate" hreflang="${code}" href="${url(localizePath(path, code))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
    ].join('')
    return LOCALES.map(
      ({ code }) =>
        `  <url><loc>${url(localizePath(path, code))}</loc>${alternates}<changefreq>${changefreq}</changefreq><priority>${priority}</priority></url>`,
    )
  }).join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
