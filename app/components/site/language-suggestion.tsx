import { Suspense, lazy, useEffect, useState } from 'react'
import { useRouteLoaderData } from 'react-router'
import { preferredLocale, type Locale } from '../../../core/i18n/locales.ts'
import { useLocale } from '../../i18n/i18n.tsx'
import { rememberedLocaleChoice } from '../../i18n/locale-choice.ts'
import type { LanguageSuggestion as Suggestion } from '../../i18n/language-suggestion.server.ts'

// Most visitors read the page's language and are offered nothing: they do not load the card.
const LanguageSuggestionCard = lazy(() => import('./language-suggestion-card.tsx').then((module) => ({ default: module.LanguageSuggestionCard })))

/**
 * A small card, in the visitor's own language, offering this page in it when their browser
 * prefers a language we have and the page is in another (docs/decisions/0044). Never a
 * redirect: crawlers and travellers on borrowed devices keep the page they asked for. It
 * appears after hydration, floating, so it shifts nothing on the page.
 */
export function LanguageSuggestion() {
  const pageLocale = useLocale()
  const suggestions = useRouteLoaderData<{ suggestions: Partial<Record<Locale, Suggestion>> }>('root')?.suggestions
  const [offered, setOffered] = useState<Locale>()

  useEffect(() => {
    const wanted = rememberedLocaleChoice() ?? preferredLocale(navigator.languages)
    setOffered(wanted && wanted !== pageLocale ? wanted : undefined)
  }, [pageLocale])

  const suggestion = offered && suggestions?.[offered]
  if (!offered || !suggestion) return null
  return (
    <Suspense fallback={null}>
      <LanguageSuggestionCard offered={offered} pageLocale={pageLocale} suggestion={suggestion} onDismiss={() => setOffered(undefined)} />
    </Suspense>
  )
}
