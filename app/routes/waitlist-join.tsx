import { useState } from 'react'
import { useFetcher } from 'react-router'
import type { Route } from './+types/waitlist-join'
import { formatLongDate } from '../../core/dates.ts'
import { MAX_GROUP } from '../../core/pricing.ts'
import { useLocale, useLocalePath, useT } from '../i18n/i18n.tsx'
import { PRIVATE_FORM_PAGE_HEADERS } from '../lib/private-page.ts'
import { retryAfterOf, VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../lib/form-post.ts'
import { useFetcherAnswer } from '../lib/use-fetcher-answer.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { PageBanner } from '../components/site/page-banner.tsx'
import { ChosenSlotTime } from '../components/site/your-time.tsx'
import { GuestFormCard } from '../components/forms/guest-form-card.tsx'
import { PrivacyLine } from '../components/forms/privacy-line.tsx'
import { Field, Input, Select } from '../components/ui/field.tsx'
import { buttonVariants } from '../components/ui/button.tsx'
import { handleJoinAction, loadJoinPage } from '../components/waitlist/waitlist-page.server.ts'
import { WaitlistNotice, waitlistPageMeta } from '../components/waitlist/page-parts.tsx'
import type { JoinOutcome } from '../components/waitlist/types.ts'

// One page per slot and day, reached from the booking page: nothing for a search engine.
export const meta: Route.MetaFunction = waitlistPageMeta('waitlist.join.title')

/** A refused script-free post echoes what the visitor typed: kept out of caches, like /booking. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({ ...PRIVATE_FORM_PAGE_HEADERS, ...retryAfterOf(actionHeaders) })

/** Scripts after the first paint, like the booking page's (docs/decisions/0047): the form works without them. */
export const handle = contentPageHandle

/**
 * /booking/waitlist?date=…&tourTime=… (docs/decisions/0057): "tell me if this
 * slot frees up", reached from a taken slot on the booking page. Its own route, so its code is
 * fetched only by the visitors who open it, never with the booking calendar.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadJoinPage(request, context)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleJoinAction(request, context)
}

export default function WaitlistJoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const path = useLocalePath()
  const { date, tourTime, slot, packages } = loaderData
  const fetcher = useFetcher<JoinOutcome>()
  const posted = actionData as JoinOutcome | undefined
  const [outcome, setOutcome] = useState<JoinOutcome | undefined>(posted)
  useFetcherAnswer(fetcher, setOutcome)
  const joined = loaderData.joined || outcome?.kind === 'joined'
  const free = loaderData.state === 'free' || outcome?.kind === 'free'
  const bookingLink = date && tourTime ? path(`/booking?date=${date}&tourTime=${tourTime}`) : path('/booking')

  return (
    <main id="main">
      <PageBanner eyebrow={t('waitlist.join.eyebrow')} title={t('waitlist.join.title')}>
        <p>{t('waitlist.join.lead')}</p>
      </PageBanner>
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:py-14">
        {date && tourTime && slot ? (
          <div className="rounded-2xl border-2 border-brand-800 bg-brand-50 p-5">
            <h2 className="text-lg font-bold text-brand-900">{t('waitlist.join.slotHeading')}</h2>
            <p className="mt-2 text-slate-800">{formatLongDate(date, locale)}</p>
            <p className="text-slate-800">
              <ChosenSlotTime tourTime={tourTime} startTime={slot.startTime} startsAt={slot.startsAt} />
            </p>
          </div>
        ) : null}

        {joined ? (
          <WaitlistNotice tone="done" title={t('waitlist.joined.title')} text={t('waitlist.joined.text', { hours: loaderData.confirmHours })} />
        ) : free ? (
          <WaitlistNotice tone="done" title={t('waitlist.free.title')} text={t('waitlist.free.text')} action={{ to: bookingLink, label: t('waitlist.free.book') }} />
        ) : loaderData.state === 'not-bookable' || !date || !tourTime ? (
          <WaitlistNotice tone="plain" title={t('waitlist.notBookable.title')} text={t('waitlist.notBookable.text')} />
        ) : (
          <JoinForm
            date={date}
            tourTime={tourTime}
            packages={packages}
            refused={outcome?.kind === 'refused' ? outcome : null}
            pending={fetcher.state !== 'idle'}
            onSubmit={(form) => {
              form.set(VIA_SCRIPT_FIELD, VIA_SCRIPT)
              void fetcher.submit(form, { method: 'post' })
            }}
          />
        )}
      </div>
    </main>
  )
}

function JoinForm({
  date,
  tourTime,
  packages,
  refused,
  pending,
  onSubmit,
}: {
  date: string
  tourTime: string
  packages: { id: number; name: string; maxGroupSize: number }[]
  refused: Extract<JoinOutcome, { kind: 'refused' }> | null
  pending: boolean
  onSubmit: (form: FormData) => void
}) {
  const t = useT()
  const errors = refused?.errors ?? {}
  const values = refused?.values ?? {}
  const maxGroup = Math.min(MAX_GROUP, Math.max(1, ...packages.map((p) => p.maxGroupSize)))
  const fieldError = (name: string) => errors[name]
  // What does not belong to a field of this form (the slot, the rate limit, the honeypot).
  const formError = refused && !errors.email && !errors.numberOfPeople && !errors.tourPackageId ? refused.message : null
  return (
    <GuestFormCard titleId="waitlist-form-title" title={t('waitlist.form.title')} lead={t('waitlist.form.text')} onSubmit={onSubmit}>
      <input type="hidden" name="tourDate" value={date} />
      <input type="hidden" name="tourTime" value={tourTime} />
      <Field tone="public" name="email" label={t('waitlist.form.email')} error={fieldError('email')}>
        <Input type="email" required autoComplete="email" maxLength={254} defaultValue={values.email ?? ''} />
      </Field>
      <Field tone="public" name="numberOfPeople" label={t('waitlist.form.people')} error={fieldError('numberOfPeople')}>
        <Select defaultValue={values.numberOfPeople ?? '2'}>
          {Array.from({ length: maxGroup }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {t('waitlist.form.peopleOption', { count: n })}
            </option>
          ))}
        </Select>
      </Field>
      <Field tone="public" name="tourPackageId" label={t('waitlist.form.tour')} error={fieldError('tourPackageId')}>
        <Select defaultValue={values.tourPackageId ?? String(packages[0]?.id ?? '')}>
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </Field>
      {formError ? (
        <p role="alert" className="font-semibold text-red-800">
          {formError}
        </p>
      ) : null}
      <PrivacyLine />
      <button type="submit" className={buttonVariants()} disabled={pending}>
        {pending ? t('waitlist.form.sending') : t('waitlist.form.submit')}
      </button>
    </GuestFormCard>
  )
}
