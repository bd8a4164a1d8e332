import { useEffect, useState } from 'react'
import { Link, useLocation, useRouteLoaderData } from 'react-router'
import { preferredLocale, switchLocalePath, type Locale } from '../../../core/i18n/locales.ts'
import { useLocale } from '../../i18n/i18n.tsx'
import { rememberLocaleChoice, rememberedLocaleChoice } from '../../i18n/locale-choice.ts'
import type { LanguageSuggestion as Suggestion } from '../../i18n/language-suggestion.server.ts'
import { buttonVariants } from '../ui/button.tsx'

/**
 * A small card, in the visitor's own language, offering this page in it when their browser
 * prefers a language we have and the page is in another (docs/decisions/0044). Never a
 * redirect: crawlers and travellers on borrowed devices keep the page they asked for. It
 * appears after hydration, floating, so it shifts nothing on the page.
 */
export function LanguageSuggestion() {
  const pageLocale = useLocale()
  const location = useLocation()
  const suggestions = useRouteLoaderData<{ suggestions: Partial<Record<Locale, Suggestion>> }>('root')?.suggestions
  const [offered, setOffered] = useState<Locale>()

  useEffect(() => {
    const wanted = rememberedLocaleChoice() ?? preferredLocale(navigator.languages)
    setOffered(wanted && wanted !== pageLocale ? wanted : undefined)
  }, [pageLocale])

  const suggestion = offered && suggestions?.[offered]
  if (!offered || !suggestion) return null
  return (
    <aside
      lang={offered}
      aria-label={suggestion.label}
      data-language-suggestion
      className="fixed inset-x-3 bottom-20 z-40 rounded-xl border border-brand-100 bg-white p-4 shadow-xl sm:left-auto sm:right-4 sm:max-w-sm xl:bottom-24 xl:right-6"
    >
      <p className="text-brand-900">{suggestion.text}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={switchLocalePath(location.pathname + location.search + location.hash, offered)}
          hrefLang={offered}
          className={buttonVariants({ size: 'sm' })}
          onClick={() => rememberLocaleChoice(offered)}
        >
          {suggestion.switch}
        </Link>
        <button
          type="button"
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
          onClick={() => {
            rememberLocaleChoice(pageLocale)
            setOffered(undefined)
          }}
        >
          {suggestion.dismiss}
        </button>
      </div>
    </aside>
  )
}
