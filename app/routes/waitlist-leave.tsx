import { useState } from 'react'
import { useFetcher } from 'react-router'
import type { Route } from './+types/waitlist-leave'
import { formatLongDate } from '../../core/dates.ts'
import { SLOT_MESSAGE_IDS } from '../../core/slots.ts'
import { useLocale, useT } from '../i18n/i18n.tsx'
import { PRIVATE_FORM_PAGE_HEADERS } from '../lib/private-page.ts'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../lib/form-post.ts'
import { useFetcherAnswer } from '../lib/use-fetcher-answer.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { PageBanner } from '../components/site/page-banner.tsx'
import { ButtonForm, WaitlistNotice, waitlistPageMeta } from '../components/waitlist/page-parts.tsx'
import { handleLeaveAction, loadLeavePage } from '../components/waitlist/waitlist-page.server.ts'
import type { LeaveOutcome } from '../components/waitlist/types.ts'

// The token in the URL is the entry's secret: never indexed, never sent as a Referer.
export const meta: Route.MetaFunction = waitlistPageMeta('waitlist.leave.title')

export const headers: Route.HeadersFunction = () => PRIVATE_FORM_PAGE_HEADERS

export const handle = contentPageHandle

/**
 * /waitlist/{token} (docs/decisions/0057): the removal link of a waitlist
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
  const fetcher = useFetcher<LeaveOutcome>()
  const [left, setLeft] = useState(loaderData.removed)
  useFetcherAnswer(fetcher, () => setLeft(true))
  const { entry } = loaderData

  return (
    <main id="main">
      <PageBanner eyebrow={t('waitlist.join.eyebrow')} title={t('waitlist.leave.title')} />
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:py-14">
        {left ? (
          <WaitlistNotice tone="done" title={t('waitlist.left.title')} text={t('waitlist.left.text')} />
        ) : entry ? (
          <ButtonForm
            question={t('waitlist.leave.question')}
            submit={t('waitlist.leave.submit')}
            pending={fetcher.state !== 'idle'}
            onPost={() => void fetcher.submit({ [VIA_SCRIPT_FIELD]: VIA_SCRIPT }, { method: 'post' })}
          >
            <p className="text-slate-800">
              {t('waitlist.leave.text', {
                date: formatLongDate(entry.tourDate, locale),
                slot: t(SLOT_MESSAGE_IDS[entry.tourTime]),
                tour: entry.packageName,
                count: entry.numberOfPeople,
              })}
            </p>
          </ButtonForm>
        ) : (
          <WaitlistNotice tone="plain" title={t('waitlist.missing.title')} text={t('waitlist.missing.text')} />
        )}
      </div>
    </main>
  )
}
