import { isLocale, type Locale } from '../../core/i18n/locales.ts'

/**
 * The language a visitor last chose, with the switcher or by dismissing a suggestion. It only
 * decides which language the suggestion offers (docs/decisions/0044): a URL always wins.
 */
const COOKIE = 'locale_choice'
const ONE_YEAR = 60 * 60 * 24 * 365

export function rememberLocaleChoice(locale: Locale): void {
  document.cookie = `${COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`
}

export function rememberedLocaleChoice(): Locale | undefined {
  const value = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1)
  return isLocale(value) ? value : undefined
}
