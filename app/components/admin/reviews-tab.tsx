import { useState } from 'react'
import type { AdminReview, AsJson } from '../../../server/for-app.ts'
import { matchesText } from '../../../core/booking-search.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { REVIEW_LIMITS } from '../../../core/reviews.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { api, failToast, formatDateTime, serverFieldErrors, successToast } from './api.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'

export type ReviewRow = AsJson<AdminReview>

const STATE_LABEL: Record<string, MessageId> = { new: 'adminInbox.reviews.stateNew', approved: 'adminInbox.reviews.stateApproved', hidden: 'adminInbox.reviews.stateHidden' }

/**
 * Guests' reviews (issue 21 point 3, docs/decisions/0063): new first (the tab's badge counts
 * them), then newest. Nothing is public until approved; hide takes one off the site; the reply
 * is public, under the review. A change through the JSON API runs the dashboard's loaders again
 * (app/routes/admin/layout.tsx): the list follows.
 */
export function ReviewsTab({ reviews, search }: { reviews: ReviewRow[] | null; search: string }) {
  const t = useT()
  const shown = (reviews ?? []).filter((r) => matchesText([r.title, r.text, r.displayName, r.guestName ?? '', r.source ?? '', r.country ?? ''], search))
  return (
    <section aria-labelledby="reviews-heading" className="grid gap-4">
      <h2 id="reviews-heading" className="text-lg font-semibold text-slate-900">
        {t('adminInbox.reviews.title')}
      </h2>
      <ExternalReviewForm />
      {reviews === null ? (
        <p className="text-slate-700">{t('adminInbox.reviews.loading')}</p>
      ) : shown.length === 0 ? (
        <EmptyState>{t(search ? 'adminInbox.reviews.emptySearch' : 'adminInbox.reviews.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label={t('adminInbox.reviews.title')}>
          {shown.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ReviewItem({ review: r }: { review: ReviewRow }) {
  const [reply, setReply] = useState(r.reply ?? '')
  const [busy, setBusy] = useState(false)
  const t = useT()
  const locale = useLocale()
  async function moderate(change: { status?: 'approved' | 'hidden'; reply?: string }, done: string) {
    setBusy(true)
    try {
      await api('PATCH', `/api/admin/reviews/${r.id}`, change)
      successToast(done)
    } catch (error) {
      failToast(t('adminInbox.reviews.updateFailed'), error)
    } finally {
      setBusy(false)
    }
  }
  const who = r.guestName ? t('adminInbox.reviews.guestsReview', { name: r.guestName }) : t('adminInbox.reviews.reviewBy', { name: r.displayName })
  return (
    <li className={`rounded-lg border bg-white p-4 ${r.status === 'new' ? 'border-blossom-600' : 'border-slate-200'}`}>
      <article aria-labelledby={`review-${r.id}-title`}>
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`review-${r.id}-title`} className="font-semibold text-slate-900">
            {r.title}
          </h3>
          <Badge tone={r.status === 'new' ? 'new' : 'neutral'}>{STATE_LABEL[r.status] ? t(STATE_LABEL[r.status]!) : r.status}</Badge>
          <span className="text-xs text-slate-600">{formatDateTime(r.updatedAt, locale)}</span>
        </div>
        <p className="text-sm text-slate-700">
          {[
            t('adminInbox.reviews.stars', { rating: r.rating }),
            r.country ? t('adminInbox.reviews.shownAsFrom', { name: r.displayName, country: r.country }) : t('adminInbox.reviews.shownAs', { name: r.displayName }),
            r.source
              ? t('adminInbox.reviews.fromSource', { source: r.source })
              : r.guestName
                ? t('adminInbox.reviews.verifiedOf', { guest: r.guestName, reference: r.bookingReference ?? '' })
                : t('adminInbox.reviews.verified'),
            r.packageName
              ? t('adminInbox.reviews.tourOfPackage', { date: formatLongDate(r.tourDate, locale), package: r.packageName })
              : t('adminInbox.reviews.tourOf', { date: formatLongDate(r.tourDate, locale) }),
          ].join(' · ')}
        </p>
        <p className="mt-2 whitespace-pre-wrap text-slate-900">{r.text}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {r.status !== 'approved' ? (
            <Button variant="brand" size="sm" disabled={busy} onClick={() => moderate({ status: 'approved' }, t('adminInbox.reviews.published'))} aria-label={t('adminInbox.reviews.approveLabel', { review: who })}>
              {t('adminInbox.reviews.approve')}
            </Button>
          ) : null}
          {r.status !== 'hidden' ? (
            <Button variant="plain" size="sm" disabled={busy} onClick={() => moderate({ status: 'hidden' }, t('adminInbox.reviews.hidden'))} aria-label={t('adminInbox.reviews.hideLabel', { review: who })}>
              {t('adminInbox.reviews.hide')}
            </Button>
          ) : null}
        </div>
        <form
          className="mt-3 grid gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            void moderate({ reply }, t(reply.trim() === '' ? 'adminInbox.reviews.replyRemoved' : 'adminInbox.reviews.replySaved'))
          }}
        >
          <Field name={`reply-${r.id}`} label={t('adminInbox.reviews.replyLabel', { review: who })} hint={t('adminInbox.reviews.replyHint')}>
            <Textarea rows={3} maxLength={REVIEW_LIMITS.text.max} value={reply} onChange={(e) => setReply(e.target.value)} />
          </Field>
          <div>
            <Button type="submit" size="sm" variant="plain" disabled={busy || reply === (r.reply ?? '')}>
              {t('adminInbox.reviews.saveReply')}
            </Button>
          </div>
        </form>
      </article>
    </li>
  )
}

const EXTERNAL_FIELDS = [
  { name: 'source', label: 'adminInbox.reviews.fieldSource', max: 60 },
  { name: 'sourceUrl', label: 'adminInbox.reviews.fieldSourceUrl', max: 500, type: 'url' },
  { name: 'reviewDate', label: 'adminInbox.reviews.fieldReviewDate', type: 'date' },
  { name: 'title', label: 'adminInbox.reviews.fieldTitle', max: REVIEW_LIMITS.title.max },
  { name: 'displayName', label: 'adminInbox.reviews.fieldDisplayName', max: REVIEW_LIMITS.displayName.max },
  { name: 'country', label: 'adminInbox.reviews.fieldCountry', max: REVIEW_LIMITS.country.max },
] as const satisfies readonly { name: string; label: MessageId; max?: number; type?: string }[]

/** A review a guest left on another site (issue 21 point 4): public at once, labelled with its source. */
function ExternalReviewForm() {
  const [open, setOpen] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const t = useT()
  if (!open) {
    return (
      <div>
        <Button size="sm" variant="plain" onClick={() => setOpen(true)}>
          {t('adminInbox.reviews.addExternal')}
        </Button>
      </div>
    )
  }
  async function submit(form: HTMLFormElement) {
    setBusy(true)
    try {
      await api('POST', '/api/admin/reviews', Object.fromEntries(new FormData(form)))
      successToast(t('adminInbox.reviews.added'))
      setErrors({})
      setOpen(false)
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminInbox.reviews.addFailed'), error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
      aria-label={t('adminInbox.reviews.addExternal')}
      onSubmit={(event) => {
        event.preventDefault()
        void submit(event.currentTarget)
      }}
    >
      {EXTERNAL_FIELDS.map((f) => (
        <Field key={f.name} name={f.name} label={t(f.label)} error={errors[f.name]}>
          <Input type={'type' in f ? f.type : 'text'} maxLength={'max' in f ? f.max : undefined} />
        </Field>
      ))}
      <Field name="rating" label={t('adminInbox.reviews.fieldStars')} error={errors.rating}>
        <Select defaultValue="5">
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {t('adminInbox.reviews.starsOption', { stars: n })}
            </option>
          ))}
        </Select>
      </Field>
      <Field name="text" label={t('adminInbox.reviews.fieldText')} error={errors.text} className="sm:col-span-2">
        <Textarea rows={4} maxLength={REVIEW_LIMITS.text.max} />
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" variant="brand" disabled={busy}>
          {t('adminInbox.reviews.add')}
        </Button>
        <Button type="button" size="sm" variant="plain" onClick={() => setOpen(false)}>
          {t('admin.common.cancel')}
        </Button>
      </div>
    </form>
  )
}
