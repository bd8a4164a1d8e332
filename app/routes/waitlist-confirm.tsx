import { clsx } from 'clsx'
import { useState } from 'react'
import { Link, useFetcher } from 'react-router'
import type { Route } from './+types/waitlist-confirm'
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
import { handleConfirmAction, loadConfirmPage } from '../components/waitlist/waitlist-page.server.ts'
import type { ConfirmOutcome } from '../components/waitlist/types.ts'

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${metaTranslator(localeFromPath(location.pathname), matches)('waitlist.confirm.title')} | Joetsu Local Tours` },
  // The token in the URL is the address's secret: never indexed, never sent as a Referer.
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = () => PRIVATE_FORM_PAGE_HEADERS

export const handle = contentPageHandle

/**
 * /waitlist/confirm/{token} (docs/decisions/0070): the link of the one e-mail an address gets
 * before it waits. Opening it changes nothing (mail programs and virus scanners open every
 * link); the button posts to the action, with or without JavaScript.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadConfirmPage(request, context, params.token)
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return handleConfirmAction(request, context, params.token)
}

export default function WaitlistConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const path = useLocalePath()
  const fetcher = useFetcher<ConfirmOutcome>()
  const posted = actionData as ConfirmOutcome | undefined
  const [outcome, setOutcome] = useState<ConfirmOutcome | undefined>(posted)
  useFetcherAnswer(fetcher, setOutcome)
  const { address, mailsPerDay } = loaderData
  const confirmed = outcome?.kind === 'confirmed' || loaderData.confirmed || address?.confirmed === true
  const missing = outcome?.kind === 'missing' || (!confirmed && !address)

  return (
    <main id="main">
      <PageBanner eyebrow={t('waitlist.join.eyebrow')} title={t('waitlist.confirm.title')} />
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:py-14">
        {missing ? (
          <div className="rounded-xl border border-slate-400 bg-white p-5">
            <h2 className="text-lg font-bold text-brand-900">{t('waitlist.confirmMissing.title')}</h2>
            <p className="mt-2 text-slate-800">{t('waitlist.confirmMissing.text')}</p>
            <Link to={path('/booking')} className={clsx(buttonVariants({ variant: 'secondary' }), 'mt-4')}>
              {t('waitlist.backToCalendar')}
            </Link>
          </div>
        ) : confirmed ? (
          <div role="status" className="rounded-xl border border-field-600 bg-white p-5">
            <h2 className="text-lg font-bold text-field-600">{t('waitlist.confirmed.title')}</h2>
            <p className="mt-2 text-slate-800">{t('waitlist.confirmed.text')}</p>
            <Link to={path('/booking')} className={clsx(buttonVariants({ variant: 'secondary' }), 'mt-4')}>
              {t('waitlist.backToCalendar')}
            </Link>
          </div>
        ) : address ? (
          <form
            method="post"
            className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
            onSubmit={(event) => {
              event.preventDefault()
              void fetcher.submit({ [VIA_SCRIPT_FIELD]: VIA_SCRIPT }, { method: 'post' })
            }}
          >
            <h2 className="text-xl font-bold text-brand-900">{t('waitlist.confirm.question')}</h2>
            {address.entries.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5 text-slate-800">
                {address.entries.map((entry) => (
                  <li key={`${entry.tourDate}-${entry.tourTime}`}>
                    {t('waitlist.confirm.entry', {
                      date: formatLongDate(entry.tourDate, locale),
                      slot: t(SLOT_MESSAGE_IDS[entry.tourTime]),
                      tour: entry.packageName,
                      count: entry.numberOfPeople,
                    })}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-800">{t('waitlist.confirm.none')}</p>
            )}
            <p className="text-slate-800">{t('waitlist.confirm.lead', { count: mailsPerDay })}</p>
            <button type="submit" className={buttonVariants()} disabled={fetcher.state !== 'idle'}>
              {t('waitlist.confirm.submit')}
            </button>
          </form>
        ) : null}
      </div>
    </main>
  )
}
