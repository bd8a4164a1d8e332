import type { MetaDescriptor } from 'react-router'
import type { SiteIdentity } from '../../core/site.ts'
import type { SiteImage } from '../content/images.ts'
import type { PagePhoto } from '../../core/media/page-photo.ts'
import { LOCALES, localeConfig, localeFromPath, localizePath } from '../../core/i18n/locales.ts'
import { metaTranslator } from '../i18n/translator.ts'

/**
 * Search and social metadata for the public pages: one call per page builds the title,
 * description, canonical URL, Open Graph and Twitter tags and any JSON-LD, all from the
 * business identity in the root loader's data (docs/decisions/0017), so nothing is repeated as a literal.
 * Every page exists in every language (docs/decisions/0044): the canonical URL is the page's own
 * language's, and hreflang alternates name the others, English being the x-default.
 */

type MatchLike = { id: string; pathname?: string; loaderData?: unknown } | undefined

/** The site identity from the root route's data, as meta functions see it. */
function siteFromMatches(matches: ReadonlyArray<MatchLike>): SiteIdentity | undefined {
  const root = matches.find((m) => m?.id === 'root')
  const data = root?.loaderData as { site?: SiteIdentity } | undefined
  return data?.site
}

export function absoluteUrl(site: Pick<SiteIdentity, 'baseUrl'>, path: string): string {
  return `${site.baseUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}

export type SeoInput = {
  matches: ReadonlyArray<MatchLike>
  /** The page's own title; the business name is appended ('Packages | <business name>'). */
  title: string
  /** Use the title as is, without the business name (the home page puts the name first itself). */
  titleIsComplete?: boolean
  description: string
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

export function seo(input: SeoInput): MetaDescriptor[] {
  const site = siteFromMatches(input.matches)
  const businessName = site?.businessName ?? ''
  const title = input.titleIsComplete || !businessName ? input.title : `${input.title} | ${businessName}`
  const tags: MetaDescriptor[] = [{ title }, { name: 'description', content: input.description }]
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' })
  if (!site) return tags

  // The page's language is the one of the URL it was matched at.
  const locale = localeFromPath(input.matches.at(-1)?.pathname ?? '/')
  const url = absoluteUrl(site, localizePath(input.path, locale))
  tags.push({ tagName: 'link', rel: 'canonical', href: url })
  if (!input.noindex) {
    for (const { code } of LOCALES) {
      tags.push({ tagName: 'link', rel: 'alternate', hrefLang: code, href: absoluteUrl(site, localizePath(input.path, code)) })
    }
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(site, input.path) })
  }
  tags.push(
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: businessName },
    { property: 'og:locale', content: localeConfig(locale).ogLocale },
    ...LOCALES.filter((l) => l.code !== locale).map((l) => ({ property: 'og:locale:alternate', content: l.ogLocale })),
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
  )
  if (input.image) {
    const picture = input.photo ?? input.image
    const imageUrl = absoluteUrl(site, picture.src)
    const alt = input.photo?.alt ?? metaTranslator(locale, input.matches)(input.image.alt)
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
