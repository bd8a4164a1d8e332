import { clsx } from 'clsx'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { LOCALES, localeConfig, switchLocalePath } from '../../../core/i18n/locales.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { rememberLocaleChoice } from '../../i18n/locale-choice.ts'
import { GlobeIcon } from './icons.tsx'

type Placement = 'header' | 'menu' | 'footer'

/**
 * Links to the same page, with the same query (so the same booking step), in every language.
 * Each names its language in that language, marked with lang and hreflang. In the header the
 * list folds into a disclosure that works before the page hydrates.
 */
export function LanguageSwitcher({ placement }: { placement: Placement }) {
  const t = useT()
  const current = useLocale()
  const location = useLocation()
  const here = location.pathname + location.search + location.hash
  const details = useRef<HTMLDetailsElement>(null)

  // A choice made in the header's disclosure closes it.
  useEffect(() => {
    if (details.current) details.current.open = false
  }, [location.key])

  const list = (
    <ul className={clsx(placement === 'header' ? 'py-1' : 'mt-2 flex flex-wrap gap-x-1 gap-y-1')}>
      {LOCALES.map(({ code, nativeName }) => (
        <li key={code}>
          <Link
            to={switchLocalePath(here, code)}
            lang={code}
            hrefLang={code}
            aria-current={code === current ? 'true' : undefined}
            onClick={() => rememberLocaleChoice(code)}
            className={clsx(
              'inline-flex min-h-11 items-center rounded-md px-3 py-2',
              placement === 'header' && 'w-full text-ink hover:bg-brand-50',
              placement === 'menu' && 'text-ink hover:bg-brand-50',
              placement === 'footer' && 'text-brand-100 hover:text-white hover:underline',
              code === current && 'font-semibold underline decoration-2 underline-offset-4',
            )}
          >
            {nativeName}
          </Link>
        </li>
      ))}
    </ul>
  )

  if (placement !== 'header') {
    return (
      <nav aria-label={t('common.language.choose')} className={placement === 'footer' ? 'mt-4 text-sm' : 'mt-4 border-t border-brand-100 pt-3'}>
        <p className={placement === 'footer' ? 'font-semibold text-white' : 'px-3 text-sm font-semibold text-slate-700'}>
          <GlobeIcon className="mr-1 inline size-4 align-[-2px]" />
          {t('common.language.choose')}
        </p>
        {list}
      </nav>
    )
  }
  return (
    <details ref={details} className="relative">
      <summary
        className="flex min-h-10 cursor-pointer list-none items-center gap-1 rounded-md px-2 py-2 text-[0.95rem] font-medium text-ink hover:text-blossom-700 [&::-webkit-details-marker]:hidden"
        aria-label={`${t('common.language.choose')}: ${localeConfig(current).nativeName}`}
      >
        <GlobeIcon className="size-5" />
        <span lang={current}>{localeConfig(current).nativeName}</span>
      </summary>
      <nav aria-label={t('common.language.choose')} className="absolute right-0 z-50 mt-2 min-w-40 rounded-lg border border-brand-100 bg-white shadow-lg">
        {list}
      </nav>
    </details>
  )
}
