import { clsx } from 'clsx'
import { useState } from 'react'
import { Link, useFetcher } from 'react-router'
import type { Route } from './+types/waitlist-leave'
import { formatLongDate } from '../../core/dates.ts'
import { SLOT_MESSAGE_IDS } from '../../core/slots.ts'
import { localeFromPath } from '../../core/i18n/locales.ts'
import { useLocale, useLocalePath, useT } from '../i18n/i18n.tsx'
import { metaTranslator } from '../i18n/translator.ts'
import { PRIVATE_FORM_PAGE_HEADERS } from '../lib/private-page.ts'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../lib/form-post.ts'
import { useFetcherAnswer } from '../lib/use-fetcher-answer.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { PageBanner } from '../components/site/page-banner.tsx'
import { buttonVariants } from '../components/ui/button.tsx'
import { handleLeaveAction, loadLeavePage } from '../components/waitlist/waitlist-page.server.ts'
import type { LeaveOutcome } from '../components/waitlist/types.ts'

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${metaTranslator(localeFromPath(location.pathname), matches)('waitlist.leave.title')} | Joetsu Local Tours` },
  // The token in the URL is the entry's secret: never indexed, never sent as a Referer.
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = () => PRIVATE_FORM_PAGE_HEADERS

export const handle = contentPageHandle

/**
 * /waitlist/{token} (issue 19 point 4, docs/decisions/0057): the removal link of a waitlist
 * e-mail. Opening it changes nothing (a mail program or a virus scanner may open every link);
 * the button posts to the action, with or without JavaScript.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadLeavePage(request, context, params.token)
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return handleLeaveAction(request, context, params.token)
}

export default function WaitlistLeavePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const path = useLocalePath()
  const fetcher = useFetcher<LeaveOutcome>()
  const [left, setLeft] = useState(loaderData.removed)
  useFetcherAnswer(fetcher, () => setLeft(true))
  const { entry } = loaderData

  return (
    <main id="main">
      <PageBanner eyebrow={t('waitlist.join.eyebrow')} title={t('waitlist.leave.title')} />
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:py-14">
        {left ? (
          <div role="status" className="rounded-xl border border-field-600 bg-white p-5">
            <h2 className="text-lg font-bold text-field-600">{t('waitlist.left.title')}</h2>
            <p className="mt-2 text-slate-800">{t('waitlist.left.text')}</p>
            <Link to={path('/booking')} className={clsx(buttonVariants({ variant: 'secondary' }), 'mt-4')}>
              {t('waitlist.backToCalendar')}
            </Link>
          </div>
        ) : entry ? (
          <form
            method="post"
            className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
            onSubmit={(event) => {
              event.preventDefault()
              void fetcher.submit({ [VIA_SCRIPT_FIELD]: VIA_SCRIPT }, { method: 'post' })
            }}
          >
            <h2 className="text-xl font-bold text-brand-900">{t('waitlist.leave.question')}</h2>
            <p className="text-slate-800">
              {t('waitlist.leave.text', {
                date: formatLongDate(entry.tourDate, locale),
                slot: t(SLOT_MESSAGE_IDS[entry.tourTime]),
                tour: entry.packageName,
                count: entry.numberOfPeople,
              })}
            </p>
            <button type="submit" className={buttonVariants()} disabled={fetcher.state !== 'idle'}>
              {t('waitlist.leave.submit')}
            </button>
          </form>
        ) : (
          <div className="rounded-xl border border-slate-400 bg-white p-5">
            <h2 className="text-lg font-bold text-brand-900">{t('waitlist.missing.title')}</h2>
            <p className="mt-2 text-slate-800">{t('waitlist.missing.text')}</p>
            <Link to={path('/booking')} className={clsx(buttonVariants({ variant: 'secondary' }), 'mt-4')}>
              {t('waitlist.backToCalendar')}
            </Link>
          </div>
        )}
      </div>
    </main>
  )
}
