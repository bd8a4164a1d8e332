import type { MetaDescriptor } from 'react-router'
import type { SiteIdentity } from '../../core/site.ts'
import type { MessageId } from '../../core/i18n/message-id.ts'
import type { SiteImage } from '../content/images.ts'
import type { PagePhoto } from '../../core/media/page-photo.ts'
import { LOCALES, localeConfig, localizePath } from '../../core/i18n/locales.ts'
import { pageLanguage } from '../i18n/messages.server.ts'
import { siteIdentity } from './site.server.ts'

/**
 * Search and social metadata for the public pages, written by each page's loader
 * (docs/decisions/0060): the title, description, canonical URL, Open Graph and Twitter tags
 * and any JSON-LD, all from the business identity (docs/decisions/0017), so nothing is
 * repeated as a literal. The page's meta function only hands them over (seo.ts), so none of
 * this reaches the browser's JavaScript. Every page exists in every language
 * (docs/decisions/0044): the canonical URL is the page's own language's, and hreflang
 * alternates name the others, English being the x-default.
 */

export function absoluteUrl(site: Pick<SiteIdentity, 'baseUrl'>, path: string): string {
  return `${site.baseUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}

export type SeoInput = {
  /** The page's own title; the business name is appended ('Packages | <business name>'). */
  title: MessageId
  description: MessageId
  /** The page's English path, e.g. '/packages'; the canonical URL is this path in the page's language. */
  path: string
  image?: SiteImage
  /** The guide's photo in the image's place, when there is one: shared links show it instead (docs/decisions/0048). */
  photo?: PagePhoto
  type?: 'website' | 'article'
  /** JSON-LD objects, rendered as <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown>[]
  noindex?: boolean
}

/** The meta tags of a public page, in the request's language. */
export function seo(request: Request, input: SeoInput): MetaDescriptor[] {
  const { locale, translate } = pageLanguage(request)
  const site = siteIdentity(locale)
  const pageTitle = translate(input.title)
  const description = translate(input.description)
  const url = absoluteUrl(site, localizePath(input.path, locale))
  const tags: MetaDescriptor[] = [
    { title: `${pageTitle} | ${site.businessName}` },
    { name: 'description', content: description },
    ...(input.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
  ]
  if (!input.noindex) {
    for (const { code } of LOCALES) {
      tags.push({ tagName: 'link', rel: 'alternate', hrefLang: code, href: absoluteUrl(site, localizePath(input.path, code)) })
    }
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(site, input.path) })
  }
  tags.push(
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: site.businessName },
    { property: 'og:locale', content: localeConfig(locale).ogLocale },
    ...LOCALES.filter((l) => l.code !== locale).map((l) => ({ property: 'og:locale:alternate', content: l.ogLocale })),
    { property: 'og:title', content: pageTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: pageTitle },
    { name: 'twitter:description', content: description },
  )
  if (input.image) {
    const picture = input.photo ?? input.image
    const imageUrl = absoluteUrl(site, picture.src)
    const alt = input.photo?.alt ?? translate(input.image.alt)
    tags.push(
      { property: 'og:image', content: imageUrl },
      { property: 'og:image:width', content: String(picture.width) },
      { property: 'og:image:height', content: String(picture.height) },
      { property: 'og:image:alt', content: alt },
      { name: 'twitter:image', content: imageUrl },
      { name: 'twitter:image:alt', content: alt },
    )
  }
  for (const object of input.jsonLd ?? []) tags.push({ 'script:ld+json': object })
  return tags
}

/** A guest's own page (a booking, a waitlist entry): its title, and never indexed. */
export function privatePageMeta(request: Request, title: MessageId): MetaDescriptor[] {
  const { locale, translate } = pageLanguage(request)
  return [{ title: `${translate(title)} | ${siteIdentity(locale).businessName}` }, { name: 'robots', content: 'noindex' }]
}
