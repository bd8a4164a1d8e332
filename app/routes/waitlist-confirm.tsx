import { useState } from 'react'
import { useFetcher } from 'react-router'
import type { Route } from './+types/waitlist-confirm'
import { formatLongDate } from '../../core/dates.ts'
import { SLOT_MESSAGE_IDS } from '../../core/slots.ts'
import { useLocale, useT } from '../i18n/i18n.tsx'
import { PRIVATE_FORM_PAGE_HEADERS } from '../lib/private-page.ts'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../lib/form-post.ts'
import { useFetcherAnswer } from '../lib/use-fetcher-answer.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { PageBanner } from '../components/site/page-banner.tsx'
import { ButtonForm, WaitlistNotice, waitlistPageMeta } from '../components/waitlist/page-parts.tsx'
import { handleConfirmAction, loadConfirmPage } from '../components/waitlist/waitlist-page.server.ts'
import type { ConfirmOutcome } from '../components/waitlist/types.ts'

// The token in the URL is the address's secret: never indexed, never sent as a Referer.
export const meta: Route.MetaFunction = waitlistPageMeta('waitlist.confirm.title')

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
          <WaitlistNotice tone="plain" title={t('waitlist.confirmMissing.title')} text={t('waitlist.confirmMissing.text')} />
        ) : confirmed ? (
          <WaitlistNotice tone="done" title={t('waitlist.confirmed.title')} text={t('waitlist.confirmed.text')} />
        ) : address ? (
          <ButtonForm
            question={t('waitlist.confirm.question')}
            submit={t('waitlist.confirm.submit')}
            pending={fetcher.state !== 'idle'}
            onPost={() => void fetcher.submit({ [VIA_SCRIPT_FIELD]: VIA_SCRIPT }, { method: 'post' })}
          >
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
          </ButtonForm>
        ) : null}
      </div>
    </main>
  )
}
