import { useState } from 'react'
import type { AsJson, AuditEntry as AuditRow, ErasureBlocker, GuestDataSummary } from '../../../server/for-app.ts'
import { formatYen } from '../../../core/money.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { ApiError, api, failToast, formatDateTime, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { Field, Input } from '../ui/field.tsx'

type Summary = AsJson<GuestDataSummary & { erasureBlockers: ErasureBlocker[] }>
type AuditEntry = AsJson<AuditRow>

const ACTION_LABELS: Record<string, string> = {
  'guest-data.lookup': 'Looked up',
  'guest-data.export': 'Exported',
  'guest-data.erase': 'Erased',
  'guest-data.erase-refused': 'Erasure refused',
  'calendar-feed.replace': 'Made a new calendar link',
}

/**
 * A guest's request about their personal data (APPI): find everything stored for an
 * e-mail address, download it as JSON, erase it. Every action lands in the audit log below.
 */
export function GuestDataPanel() {
  const [email, setEmail] = useState('')
  const [summary, setSummary] = useState<Summary | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const { data: audit, reload: loadAudit } = useAdminData<AuditEntry[]>('/api/admin/audit-log', 'Failed to fetch the audit log', [])

  async function find(event?: React.FormEvent) {
    event?.preventDefault()
    setBusy(true)
    try {
      setSummary(await api<Summary>('GET', `/api/admin/guest-data?email=${encodeURIComponent(email.trim())}`))
      setError(undefined)
    } catch (err) {
      setSummary(null)
      if (err instanceof ApiError && err.status === 400) setError(err.message)
      else failToast('Failed to look up guest data', err)
    } finally {
      setBusy(false)
      void loadAudit()
    }
  }

  const [reviewChoice, setReviewChoice] = useState<'remove' | 'anonymise'>('remove')

  async function erase() {
    if (!summary) return
    try {
      const result = await api<{ bookings: number; messages: number; emails: number; waitlist: number; vouchers: number; reviews: number }>('POST', '/api/admin/guest-data/erase', { email: summary.email, reviews: reviewChoice })
      successToast(
        'Personal data erased',
        `${result.bookings} booking(s), ${result.messages} message(s), ${result.emails} e-mail(s), ${result.waitlist} waitlist entr${result.waitlist === 1 ? 'y' : 'ies'}, ${result.vouchers} gift voucher(s) and ${result.reviews} review(s) anonymised or removed.`,
      )
      await find()
    } catch (err) {
      failToast('Failed to erase guest data', err)
      void loadAudit()
    }
  }

  const exportHref = summary ? `/api/admin/guest-data/export?email=${encodeURIComponent(summary.email)}` : undefined
  const nothingFound = summary && summary.bookings.length + summary.messages.length + summary.emails.length + summary.waitlist.length + summary.vouchers.length === 0

  return (
    <section aria-labelledby="guest-data-title" className="rounded-lg border border-slate-300 bg-white p-4 sm:p-6 lg:col-span-2">
      <h2 id="guest-data-title" className="text-lg font-semibold text-slate-900">
        Guest data requests
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        When a guest asks what we hold about them, or asks us to delete it, look them up by e-mail address. Erasing keeps dates,
        amounts and statuses for the books.
      </p>
      <form onSubmit={find} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="grow">
          <Field id="guest-email" label="Guest e-mail address" error={error}>
            <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </Field>
        </div>
        <Button size="md" variant="brand" type="submit" disabled={busy || email.trim() === ''}>
          {busy ? 'Looking up...' : 'Look Up'}
        </Button>
      </form>

      {summary ? (
        <div className="mt-6 grid gap-4" aria-live="polite">
          {nothingFound ? (
            <p className="text-slate-700">Nothing is stored for {summary.email}.</p>
          ) : (
            <>
              <h3 className="font-semibold text-slate-900">Stored for {summary.email}</h3>
              <div>
                <h4 className="text-sm font-semibold text-slate-800">Bookings ({summary.bookings.length})</h4>
                <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                  {summary.bookings.map((b) => (
                    <li key={b.id}>
                      #{b.reference} · {formatLongDate(b.tourDate)} ({b.tourTime}) · {formatYen(b.totalPrice)} · <Badge>{b.status}</Badge> · {b.name}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h4 className="text-sm font-semibold text-slate-800">Messages ({summary.messages.length})</h4>
                <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                  {summary.messages.map((m) => (
                    <li key={m.id}>
                      {formatDateTime(m.createdAt)} · {m.name}: {m.message.length > 80 ? `${m.message.slice(0, 80)}…` : m.message}
                    </li>
                  ))}
                </ul>
              </div>
              {summary.waitlist.length > 0 ? (
                <div>
                  <h4 className="text-sm font-semibold text-slate-800">Waiting for a slot ({summary.waitlist.length})</h4>
                  <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                    {summary.waitlist.map((w) => (
                      <li key={w.id}>
                        {formatLongDate(w.tourDate)} ({w.tourTime}) · {w.numberOfPeople} {w.numberOfPeople === 1 ? 'guest' : 'guests'} · since {formatDateTime(w.createdAt)} ·{' '}
                        {/* Only a confirmed address is ever told (docs/decisions/0070). */}
                        {w.addressConfirmedAt ? `address confirmed ${formatDateTime(w.addressConfirmedAt)}` : 'address not confirmed'}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {summary.vouchers.length > 0 ? (
                <div>
                  <h4 className="text-sm font-semibold text-slate-800">Gift vouchers bought ({summary.vouchers.length})</h4>
                  <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                    {summary.vouchers.map((v) => (
                      <li key={v.id}>
                        <span className="font-mono">{v.code}</span> · {formatYen(v.amount)} ({formatYen(v.balance)} left) · {v.status}
                        {v.recipientName ? ` · for ${v.recipientName}` : ''}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {summary.reviews.length > 0 ? (
                <div>
                  <h4 className="text-sm font-semibold text-slate-800">Reviews ({summary.reviews.length})</h4>
                  <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                    {summary.reviews.map((r) => (
                      <li key={r.id}>
                        {r.rating} of 5 · {r.title} · shown as {r.displayName} ({r.status})
                      </li>
                    ))}
                  </ul>
                  <fieldset className="mt-2 text-sm text-slate-800">
                    <legend className="font-semibold">On erasure, the reviews are</legend>
                    <label className="mr-4 inline-flex min-h-9 items-center gap-2">
                      <input type="radio" name="review-erasure" checked={reviewChoice === 'remove'} onChange={() => setReviewChoice('remove')} />
                      removed
                    </label>
                    <label className="inline-flex min-h-9 items-center gap-2">
                      <input type="radio" name="review-erasure" checked={reviewChoice === 'anonymise'} onChange={() => setReviewChoice('anonymise')} />
                      kept anonymised (shown as “Anonymised guest”, no country)
                    </label>
                  </fieldset>
                </div>
              ) : null}
              <div>
                <h4 className="text-sm font-semibold text-slate-800">E-mails sent ({summary.emails.length})</h4>
                <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                  {summary.emails.map((m) => (
                    <li key={m.id}>
                      {formatDateTime(m.createdAt)} · {m.subject} ({m.status})
                    </li>
                  ))}
                </ul>
              </div>
              {summary.erasureBlockers.length > 0 ? (
                <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                  <p className="font-semibold">This guest’s data cannot be erased yet:</p>
                  <ul className="mt-1 list-disc pl-5">
                    {summary.erasureBlockers.map((b) => (
                      <li key={b.reference}>
                        #{b.reference} ({formatLongDate(b.tourDate)}): {b.reason}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <div className="flex flex-wrap gap-3">
                <a href={exportHref} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
                  Export as JSON
                </a>
                <ConfirmDialog
                  trigger={
                    <Button size="md" variant="danger" disabled={summary.erasureBlockers.length > 0}>
                      Erase Personal Data
                    </Button>
                  }
                  title="Erase this guest’s personal data?"
                  description={`Names, e-mail addresses, phone numbers and messages of ${summary.email} will be replaced for good. Dates, amounts and statuses stay.`}
                  confirmLabel="Erase"
                  onConfirm={erase}
                />
              </div>
            </>
          )}
        </div>
      ) : null}

      <div className="mt-8">
        <h3 className="font-semibold text-slate-900">Audit log</h3>
        {(audit ?? []).length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">No guest data requests yet.</p>
        ) : (
          <ul className="mt-2 grid gap-1 text-sm text-slate-800">
            {(audit ?? []).slice(0, 50).map((entry) => (
              <li key={entry.id}>
                {formatDateTime(entry.createdAt)} · {entry.actorUsername ?? 'unknown'} · {ACTION_LABELS[entry.action] ?? entry.action} · {entry.subject}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
