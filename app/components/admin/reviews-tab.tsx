import { useState } from 'react'
import type { AdminReview, AsJson } from '../../../server/for-app.ts'
import { matchesText } from '../../../core/booking-search.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { REVIEW_LIMITS } from '../../../core/reviews.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { formatDateTime } from './email-and-time.ts'
import { AdminForm, RowAction } from './admin-form.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'

export type ReviewRow = AsJson<AdminReview>

const STATE_LABEL: Record<string, MessageId> = { new: 'adminInbox.reviews.stateNew', approved: 'adminInbox.reviews.stateApproved', hidden: 'adminInbox.reviews.stateHidden' }

/**
 * Guests' reviews (docs/decisions/0063): new first (the tab's badge counts
 * them), then newest. Nothing is public until approved; hide takes one off the site; the reply
 * is public, under the review. Every change is a form of the route's action (docs/decisions/0088),
 * after which the page's loaders run again: the list follows.
 */
export function ReviewsTab({ reviews, search }: { reviews: ReviewRow[]; search: string }) {
  const t = useT()
  const shown = reviews.filter((r) => matchesText([r.title, r.text, r.displayName, r.guestName ?? '', r.source ?? '', r.country ?? ''], search))
  return (
    <section aria-labelledby="reviews-heading" className="grid gap-4">
      <h2 id="reviews-heading" className="text-lg font-semibold text-slate-900">
        {t('adminInbox.reviews.title')}
      </h2>
      <ExternalReviewForm />
      {shown.length === 0 ? (
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
  const t = useT()
  const locale = useLocale()
  const failTitle = t('adminInbox.reviews.updateFailed')
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
            <RowAction intent="approve" rowId={r.id} successTitle={t('adminInbox.reviews.published')} failTitle={failTitle} variant="brand" size="sm" aria-label={t('adminInbox.reviews.approveLabel', { review: who })}>
              {t('adminInbox.reviews.approve')}
            </RowAction>
          ) : null}
          {r.status !== 'hidden' ? (
            <RowAction intent="hide" rowId={r.id} successTitle={t('adminInbox.reviews.hidden')} failTitle={failTitle} variant="plain" size="sm" aria-label={t('adminInbox.reviews.hideLabel', { review: who })}>
              {t('adminInbox.reviews.hide')}
            </RowAction>
          ) : null}
        </div>
        <AdminForm<ReviewRow>
          intent="reply"
          formId={`reply-${r.id}`}
          successTitle={(saved) => t(saved.reply ? 'adminInbox.reviews.replySaved' : 'adminInbox.reviews.replyRemoved')}
          failTitle={failTitle}
          className="mt-3 grid gap-2"
        >
          {({ errors, busy }) => (
            <>
              <input type="hidden" name="id" value={r.id} />
              <Field id={`reply-${r.id}`} name="reply" label={t('adminInbox.reviews.replyLabel', { review: who })} hint={t('adminInbox.reviews.replyHint')} error={errors.reply}>
                <Textarea rows={3} maxLength={REVIEW_LIMITS.text.max} value={reply} onChange={(e) => setReply(e.target.value)} />
              </Field>
              <div>
                <Button type="submit" size="sm" variant="plain" disabled={busy || reply === (r.reply ?? '')}>
                  {t('adminInbox.reviews.saveReply')}
                </Button>
              </div>
            </>
          )}
        </AdminForm>
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

/** A review a guest left on another site (docs/decisions/0063): public at once, labelled with its source. */
function ExternalReviewForm() {
  const [open, setOpen] = useState(false)
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
  return (
    <AdminForm
      intent="addExternal"
      successTitle={t('adminInbox.reviews.added')}
      failTitle={t('adminInbox.reviews.addFailed')}
      onSaved={() => setOpen(false)}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
      aria-label={t('adminInbox.reviews.addExternal')}
    >
      {({ errors, busy }) => (
        <>
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
        </>
      )}
    </AdminForm>
  )
}
