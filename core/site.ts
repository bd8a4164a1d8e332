import type { Locale } from './i18n/locales.ts'

/**
 * The business identity (docs/decisions/0017): who the visitor is dealing with. Read once from the
 * environment on the server (server/config/env.ts) and handed to pages through the
 * root loader, so no page ever repeats a name, address or number as a literal.
 */
export type SiteIdentity = {
  businessName: string
  guideName: string
  email: string
  /** International format for display, e.g. '+81 90-0000-0000'. */
  whatsappNumber: string
  socialUrl: string
  socialLabel: string
  city: string
  baseUrl: string
  /** Seller details for the legal page (docs/decisions/0017); null means "disclosed on request". */
  seller: {
    name: string | null
    manager: string | null
    address: string | null
    phone: string | null
  }
  /** The words above as each language says them, where the deployment gives them (docs/decisions/0079). */
  inLanguages: Partial<Record<Locale, SiteWords>>
}

/** What of the identity is words a language may say its own way: names and the city. */
export type SiteWords = Partial<Pick<SiteIdentity, 'businessName' | 'guideName' | 'city'>>

/**
 * The identity as a page or an e-mail in `locale` shows it: the language's own business name,
 * guide's name and city where the deployment gives them, else the English ones (docs/decisions/0079).
 */
export function siteIn(site: SiteIdentity, locale: Locale): SiteIdentity {
  const words = site.inLanguages[locale] ?? {}
  return {
    ...site,
    businessName: words.businessName ?? site.inLanguages.en?.businessName ?? site.businessName,
    guideName: words.guideName ?? site.inLanguages.en?.guideName ?? site.guideName,
    city: words.city ?? site.inLanguages.en?.city ?? site.city,
  }
}

/**
 * The guide's name until the deployment sets GUIDE_NAME. These are English words, so no page or
 * e-mail shows them as a name: `guideNameOr` puts the text's own words in their place.
 */
export const UNNAMED_GUIDE = 'your local guide'

/** The guide's name for a text: the configured one, or `unnamed` (the text's words for "your local guide", "us") until one is set. */
export function guideNameOr(identity: Pick<SiteIdentity, 'guideName'>, unnamed: string): string {
  return identity.guideName === UNNAMED_GUIDE ? unnamed : identity.guideName
}

/** wa.me wants the number as bare digits with the country code. */
export function whatsappLink(identity: Pick<SiteIdentity, 'whatsappNumber'>, message: string): string {
  const digits = identity.whatsappNumber.replace(/\D/g, '')
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`
}

export function mailtoLink(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`
}
