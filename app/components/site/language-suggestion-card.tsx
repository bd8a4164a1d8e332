import { Link, useLocation } from 'react-router'
import { switchLocalePath, type Locale } from '../../../core/i18n/locales.ts'
import { rememberLocaleChoice } from '../../i18n/locale-choice.ts'
import type { LanguageSuggestion as Suggestion } from '../../i18n/language-suggestion.server.ts'
import { buttonVariants } from '../ui/button.tsx'

/** The suggestion itself, loaded only for a visitor it is offered to (language-suggestion.tsx). */
export function LanguageSuggestionCard({
  offered,
  pageLocale,
  suggestion,
  onDismiss,
}: {
  offered: Locale
  pageLocale: Locale
  suggestion: Suggestion
  onDismiss: () => void
}) {
  const location = useLocation()
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
            onDismiss()
          }}
        >
          {suggestion.dismiss}
        </button>
      </div>
    </aside>
  )
}
