/**
 * The languages the guest side speaks (docs/decisions/0044). Adding one is a line here and its
 * file in each namespace's folder of ./messages (docs/decisions/0085);
 * server/i18n/messages.unit.test.ts says which files are missing and what each one lacks.
 * English keeps today's unprefixed URLs; every other language lives under its prefix.
 */
export const LOCALES = [
  { code: 'en', prefix: '', nativeName: 'English', ogLocale: 'en_US', stripe: 'en' },
  { code: 'ja', prefix: '/ja', nativeName: '日本語', ogLocale: 'ja_JP', stripe: 'ja' },
  { code: 'zh-Hant', prefix: '/zh-hant', nativeName: '繁體中文', ogLocale: 'zh_TW', stripe: 'zh-TW' },
  { code: 'zh-Hans', prefix: '/zh-hans', nativeName: '简体中文', ogLocale: 'zh_CN', stripe: 'zh' },
  { code: 'ko', prefix: '/ko', nativeName: '한국어', ogLocale: 'ko_KR', stripe: 'ko' },
] as const

export type LocaleConfig = (typeof LOCALES)[number]
/** A BCP 47 tag, also the value of <html lang> and of hreflang. */
export type Locale = LocaleConfig['code']

export const DEFAULT_LOCALE: Locale = 'en'

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code)

export function localeConfig(locale: Locale): LocaleConfig {
  return LOCALES.find((l) => l.code === locale) ?? LOCALES[0]
}

/** How the guide's English screens and e-mails name a guest's language: 'English', '한국어 (ko)'. */
export function languageLabel(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? 'English' : `${localeConfig(locale).nativeName} (${locale})`
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value)
}

/** A language as stored or sent (a column, a query, a form field): one of the site's, anything else English. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE
}

/** The prefixed locale a path is in ('/ko/booking' → 'ko'); every other path is English. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1]?.toLowerCase() ?? ''
  const match = LOCALES.find((l) => l.prefix !== '' && l.prefix === `/${first}`)
  return match?.code ?? DEFAULT_LOCALE
}

/** The path without its locale prefix ('/ko/booking' → '/booking', '/ja' → '/'). */
export function stripLocale(pathname: string): string {
  const { prefix } = localeConfig(localeFromPath(pathname))
  if (!prefix) return pathname
  const rest = pathname.slice(prefix.length)
  return rest === '' ? '/' : rest
}

/**
 * An English path in a locale ('/booking' → '/ko/booking'; '/' → '/ko/'). A locale's home keeps
 * its trailing slash so that every home in every language is written one way.
 */
export function localizePath(path: string, locale: Locale): string {
  const { prefix } = localeConfig(locale)
  if (!prefix) return path
  return path === '/' ? `${prefix}/` : `${prefix}${path}`
}

/** The same page in another language ('/ko/booking?x=1', 'ja' → '/ja/booking?x=1'). */
export function switchLocalePath(pathAndSearch: string, locale: Locale): string {
  const [pathname = '/', ...rest] = pathAndSearch.split(/(?=[?#])/)
  return localizePath(stripLocale(pathname), locale) + rest.join('')
}

/** The best locale of an Accept-Language header or navigator.languages, if any matches ours. */
export function preferredLocale(languages: readonly string[]): Locale | undefined {
  for (const raw of languages) {
    const tag = raw.trim().toLowerCase()
    if (!tag) continue
    if (tag.startsWith('zh')) {
      // Script first, then region: Taiwan, Hong Kong and Macau read Traditional characters.
      if (tag.includes('hant') || /-(tw|hk|mo)\b/.test(tag)) return 'zh-Hant'
      return 'zh-Hans'
    }
    const base = tag.split('-')[0]
    const match = LOCALES.find((l) => l.code.toLowerCase() === base)
    if (match) return match.code
  }
  return undefined
}
