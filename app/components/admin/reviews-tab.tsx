import { useState } from 'react'
import type { AdminReview, AsJson } from '../../../server/for-app.ts'
import { matchesText } from '../../../core/booking-search.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { REVIEW_LIMITS } from '../../../core/reviews.ts'
import { api, failToast, formatDateTime, serverFieldErrors, successToast } from './api.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'

export type ReviewRow = AsJson<AdminReview>

const STATE_LABEL = { new: 'New', approved: 'Published', hidden: 'Hidden' } as const

/**
 * Guests' reviews (issue 21 point 3, docs/decisions/0063): new first (the tab's badge counts
 * them), then newest. Nothing is public until approved; hide takes one off the site; the reply
 * is public, under the review.
 */
export function ReviewsTab({ reviews, search, reload }: { reviews: ReviewRow[] | null; search: string; reload: () => void }) {
  const shown = (reviews ?? []).filter((r) => matchesText([r.title, r.text, r.displayName, r.guestName ?? '', r.source ?? '', r.country ?? ''], search))
  return (
    <section aria-labelledby="reviews-heading" className="grid gap-4">
      <h2 id="reviews-heading" className="text-lg font-semibold text-slate-900">
        Reviews
      </h2>
      <ExternalReviewForm reload={reload} />
      {reviews === null ? (
        <p className="text-slate-700">Loading reviews…</p>
      ) : shown.length === 0 ? (
        <EmptyState>No reviews{search ? ' match your search' : ' yet'}.</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Reviews">
          {shown.map((r) => (
            <ReviewItem key={r.id} review={r} reload={reload} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ReviewItem({ review: r, reload }: { review: ReviewRow; reload: () => void }) {
  const [reply, setReply] = useState(r.reply ?? '')
  const [busy, setBusy] = useState(false)
  async function moderate(change: { status?: 'approved' | 'hidden'; reply?: string }, done: string) {
    setBusy(true)
    try {
      await api('PATCH', `/api/admin/reviews/${r.id}`, change)
      successToast(done)
      reload()
    } catch (error) {
      failToast('Failed to update the review', error)
    } finally {
      setBusy(false)
    }
  }
  const who = r.guestName ? `${r.guestName}'s review` : `review by ${r.displayName}`
  return (
    <li className={`rounded-lg border bg-white p-4 ${r.status === 'new' ? 'border-blossom-600' : 'border-slate-200'}`}>
      <article aria-labelledby={`review-${r.id}-title`}>
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`review-${r.id}-title`} className="font-semibold text-slate-900">
            {r.title}
          </h3>
          <Badge tone={r.status === 'new' ? 'new' : 'neutral'}>{STATE_LABEL[r.status as keyof typeof STATE_LABEL] ?? r.status}</Badge>
          <span className="text-xs text-slate-600">{formatDateTime(r.updatedAt)}</span>
        </div>
        <p className="text-sm text-slate-700">
          {`${r.rating} of 5 stars · shown as ${r.displayName}${r.country ? `, ${r.country}` : ''} · `}
          {r.source ? `from ${r.source}` : `verified booking${r.guestName ? ` (${r.guestName}, ${r.bookingReference})` : ''}`}
          {` · tour of ${formatLongDate(r.tourDate)}${r.packageName ? `, ${r.packageName}` : ''}`}
        </p>
        <p className="mt-2 whitespace-pre-wrap text-slate-900">{r.text}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {r.status !== 'approved' ? (
            <Button variant="brand" size="sm" disabled={busy} onClick={() => moderate({ status: 'approved' }, 'Review published')} aria-label={`Approve ${who}`}>
              Approve
            </Button>
          ) : null}
          {r.status !== 'hidden' ? (
            <Button variant="plain" size="sm" disabled={busy} onClick={() => moderate({ status: 'hidden' }, 'Review hidden')} aria-label={`Hide ${who}`}>
              Hide
            </Button>
          ) : null}
        </div>
        <form
          className="mt-3 grid gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            void moderate({ reply }, reply.trim() === '' ? 'Reply removed' : 'Reply saved')
          }}
        >
          <Field name={`reply-${r.id}`} label={`Public reply to ${who}`} hint="Shown under the review once it is published. Leave empty for none.">
            <Textarea rows={3} maxLength={REVIEW_LIMITS.text.max} value={reply} onChange={(e) => setReply(e.target.value)} />
          </Field>
          <div>
            <Button type="submit" size="sm" variant="plain" disabled={busy || reply === (r.reply ?? '')}>
              Save reply
            </Button>
          </div>
        </form>
      </article>
    </li>
  )
}

const EXTERNAL_FIELDS = [
  { name: 'source', label: 'Site it is from (e.g. Tripadvisor)', max: 60 },
  { name: 'sourceUrl', label: 'Link to the review (optional)', max: 500, type: 'url' },
  { name: 'reviewDate', label: 'Date of the review', type: 'date' },
  { name: 'title', label: 'Title', max: REVIEW_LIMITS.title.max },
  { name: 'displayName', label: 'Name shown (as on that site)', max: REVIEW_LIMITS.displayName.max },
  { name: 'country', label: 'Country (optional)', max: REVIEW_LIMITS.country.max },
] as const

/** A review a guest left on another site (issue 21 point 4): public at once, labelled with its source. */
function ExternalReviewForm({ reload }: { reload: () => void }) {
  const [open, setOpen] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  if (!open) {
    return (
      <div>
        <Button size="sm" variant="plain" onClick={() => setOpen(true)}>
          Add a review from another site
        </Button>
      </div>
    )
  }
  async function submit(form: HTMLFormElement) {
    setBusy(true)
    try {
      await api('POST', '/api/admin/reviews', Object.fromEntries(new FormData(form)))
      successToast('Review added')
      setErrors({})
      setOpen(false)
      reload()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast('Failed to add the review', error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
      aria-label="Add a review from another site"
      onSubmit={(event) => {
        event.preventDefault()
        void submit(event.currentTarget)
      }}
    >
      {EXTERNAL_FIELDS.map((f) => (
        <Field key={f.name} name={f.name} label={f.label} error={errors[f.name]}>
          <Input type={'type' in f ? f.type : 'text'} maxLength={'max' in f ? f.max : undefined} />
        </Field>
      ))}
      <Field name="rating" label="Stars" error={errors.rating}>
        <Select defaultValue="5">
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n} of 5
            </option>
          ))}
        </Select>
      </Field>
      <Field name="text" label="Review" error={errors.text} className="sm:col-span-2">
        <Textarea rows={4} maxLength={REVIEW_LIMITS.text.max} />
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" variant="brand" disabled={busy}>
          Add review
        </Button>
        <Button type="button" size="sm" variant="plain" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
