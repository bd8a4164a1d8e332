import { useState } from 'react'
import { useFetcher } from 'react-router'
import type { Route } from './+types/review-write'
import { formatLongDate } from '../../core/dates.ts'
import { EDIT_DAYS, REVIEW_LIMITS } from '../../core/reviews.ts'
import { localeFromPath } from '../../core/i18n/locales.ts'
import { useLocale, useT } from '../i18n/i18n.tsx'
import { metaTranslator } from '../i18n/translator.ts'
import { PRIVATE_FORM_PAGE_HEADERS } from '../lib/private-page.ts'
import { retryAfterOf, VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../lib/form-post.ts'
import { useFetcherAnswer } from '../lib/use-fetcher-answer.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { PageBanner } from '../components/site/page-banner.tsx'
import { Field, Input, Textarea } from '../components/ui/field.tsx'
import { buttonVariants } from '../components/ui/button.tsx'
import { GuestFormCard } from '../components/forms/guest-form-card.tsx'
import { handleReviewAction, loadReviewPage } from '../components/reviews/review-page.server.ts'
import { STOP_INTENT, type ReviewOutcome } from '../components/reviews/types.ts'

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${metaTranslator(localeFromPath(location.pathname), matches)('review.page.title')} | Joetsu Local Tours` },
  // The token in the URL is the booking's secret: never indexed, never sent as a Referer.
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({ ...PRIVATE_FORM_PAGE_HEADERS, ...retryAfterOf(actionHeaders) })

export const handle = contentPageHandle

/**
 * /review/{token} (docs/decisions/0063): the private link of a review request.
 * One review per booking, changed through the same link for 14 days; the form works with or
 * without JavaScript. The e-mail's opt-out link (?stop=1) shows a button; opening it changes nothing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadReviewPage(request, context, params.token)
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return handleReviewAction(request, context, params.token)
}

export default function ReviewWritePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const fetcher = useFetcher<ReviewOutcome>()
  const [outcome, setOutcome] = useState<ReviewOutcome | undefined>(actionData as ReviewOutcome | undefined)
  useFetcherAnswer(fetcher, setOutcome)
  const { view } = loaderData
  const saved = loaderData.saved || outcome?.kind === 'saved'
  const stopped = loaderData.stopped || outcome?.kind === 'stopped' || view?.optedOut === true
  const submit = (form: FormData) => {
    form.set(VIA_SCRIPT_FIELD, VIA_SCRIPT)
    void fetcher.submit(form, { method: 'post' })
  }

  return (
    <main id="main">
      <PageBanner eyebrow={t('review.page.eyebrow')} title={t('review.page.title')}>
        {view ? <p>{t('review.page.lead', { tour: view.packageName, date: formatLongDate(view.tourDate, locale) })}</p> : null}
      </PageBanner>
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:py-14">
        {!view ? (
          <div className="rounded-xl border border-slate-400 bg-white p-5">
            <h2 className="text-lg font-bold text-brand-900">{t('review.missing.title')}</h2>
            <p className="mt-2 text-slate-800">{t('review.missing.text')}</p>
          </div>
        ) : saved ? (
          <div role="status" className="rounded-xl border border-field-600 bg-white p-5">
            <h2 className="text-lg font-bold text-field-600">{t('review.thanks.title')}</h2>
            <p className="mt-2 text-slate-800">{t('review.thanks.text', { days: EDIT_DAYS })}</p>
          </div>
        ) : view.editable ? (
          <ReviewForm view={view} refused={outcome?.kind === 'refused' ? outcome : null} pending={fetcher.state !== 'idle'} onSubmit={submit} />
        ) : (
          <div className="rounded-xl border border-slate-400 bg-white p-5">
            <h2 className="text-lg font-bold text-brand-900">{t('review.closed.title')}</h2>
            <p className="mt-2 text-slate-800">{t('review.closed.text', { days: EDIT_DAYS })}</p>
          </div>
        )}
        {view && !view.review && !saved ? (
          stopped ? (
            <p role="status" className="text-slate-800">
              {t('review.stopped.text')}
            </p>
          ) : (
            <form
              method="post"
              id="stop"
              className={loaderData.stop ? 'order-first grid gap-3 rounded-2xl border-2 border-brand-800 bg-brand-50 p-5' : 'grid gap-3 rounded-2xl border border-slate-200 bg-white p-5'}
              onSubmit={(event) => {
                event.preventDefault()
                submit(new FormData(event.currentTarget))
              }}
            >
              <h2 className="text-lg font-bold text-brand-900">{t('review.stop.title')}</h2>
              <p className="text-slate-800">{t('review.stop.text')}</p>
              <input type="hidden" name="intent" value={STOP_INTENT} />
              <button type="submit" className={buttonVariants({ variant: 'secondary' })} disabled={fetcher.state !== 'idle'}>
                {t('review.stop.submit')}
              </button>
            </form>
          )
        ) : null}
      </div>
    </main>
  )
}

type View = NonNullable<Route.ComponentProps['loaderData']['view']>

/** A text field with its limits, and how many characters are used as the guest types. */
function CountedField({ name, label, error, initial, min, max, multiLine }: { name: string; label: string; error?: string; initial: string; min: number; max: number; multiLine?: boolean }) {
  const t = useT()
  const [count, setCount] = useState(Array.from(initial).length)
  const hint = t('review.form.counter', { count, min, max })
  const onChange = (event: { currentTarget: { value: string } }) => setCount(Array.from(event.currentTarget.value).length)
  return (
    <Field tone="public" name={name} label={label} hint={hint} error={error}>
      {multiLine ? <Textarea rows={7} required maxLength={max} defaultValue={initial} onChange={onChange} /> : <Input required maxLength={max} defaultValue={initial} onChange={onChange} />}
    </Field>
  )
}

function ReviewForm({
  view,
  refused,
  pending,
  onSubmit,
}: {
  view: View
  refused: Extract<ReviewOutcome, { kind: 'refused' }> | null
  pending: boolean
  onSubmit: (form: FormData) => void
}) {
  const t = useT()
  const errors = refused?.errors ?? {}
  const typed = refused?.values ?? {}
  const stored = view.review
  const value = (name: 'title' | 'text' | 'displayName' | 'country', fallback: string) => typed[name] ?? stored?.[name] ?? fallback
  const rating = typed.rating ?? (stored ? String(stored.rating) : '')
  const fieldError = (name: string) => errors[name]
  const formError = refused && Object.keys(errors).length === 0 ? refused.message : null
  return (
    <GuestFormCard
      titleId="review-form-title"
      title={stored ? t('review.form.editTitle') : t('review.form.title')}
      lead={stored ? t(stored.status === 'approved' ? 'review.status.approved' : 'review.status.waiting') : t('review.form.lead', { days: EDIT_DAYS })}
      onSubmit={onSubmit}
    >
      <fieldset aria-describedby={errors.rating ? 'rating-error' : undefined} aria-invalid={errors.rating ? true : undefined}>
        <legend className="font-semibold text-brand-900">{t('review.form.rating')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((n) => (
            <label key={n} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-400 px-3 has-checked:border-brand-800 has-checked:bg-brand-50">
              <input type="radio" name="rating" value={n} required defaultChecked={rating === String(n)} className="size-5 accent-brand-800" />
              <span aria-hidden="true" className="text-blossom-600">
                {'★'.repeat(n)}
              </span>
              <span className="text-slate-900">{t('review.form.stars', { count: n })}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="rating-error" className="mt-1.5 text-sm font-semibold text-red-800">
            {fieldError('rating')}
          </p>
        ) : null}
      </fieldset>
      <CountedField name="title" label={t('review.form.titleField')} error={fieldError('title')} initial={value('title', '')} {...REVIEW_LIMITS.title} />
      <CountedField name="text" label={t('review.form.text')} error={fieldError('text')} initial={value('text', '')} multiLine {...REVIEW_LIMITS.text} />
      <CountedField name="displayName" label={t('review.form.displayName')} error={fieldError('displayName')} initial={value('displayName', view.defaultName)} {...REVIEW_LIMITS.displayName} />
      <Field tone="public" name="country" label={t('review.form.country')} error={fieldError('country')}>
        <Input maxLength={REVIEW_LIMITS.country.max} autoComplete="country-name" defaultValue={value('country', '') ?? ''} />
      </Field>
      <div className="grid gap-1.5">
        <label className="flex items-start gap-3 text-slate-900">
          <input
            type="checkbox"
            name="consent"
            required
            defaultChecked={stored !== null}
            className="mt-1 size-5 accent-brand-800"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'consent-error' : undefined}
          />
          <span>{t('review.form.consent')}</span>
        </label>
        {errors.consent ? (
          <p id="consent-error" className="text-sm font-semibold text-red-800">
            {fieldError('consent')}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p role="alert" className="font-semibold text-red-800">
          {formError}
        </p>
      ) : null}
      {refused && !formError ? (
        <p role="alert" className="font-semibold text-red-800">
          {t('review.form.fix')}
        </p>
      ) : null}
      <button type="submit" className={buttonVariants()} disabled={pending}>
        {pending ? t('review.form.sending') : stored ? t('review.form.update') : t('review.form.submit')}
      </button>
    </GuestFormCard>
  )
}
