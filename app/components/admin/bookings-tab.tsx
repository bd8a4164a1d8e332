import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { BOOKING_SORT_KEYS, type BookingSortKey, type SortDirection } from '../../../core/booking-search.ts'
import { CANCELLATION_CAUSES, type CancellationCause } from '../../../core/cancellation-policy.ts'
import { formatLongDate, formatShortDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { BOOKING_STATUSES, statusLabel, type BookingStatus } from '../../../core/schemas/booking-status.ts'
import type { AdminBooking, BookingPage } from '../../../server/services/admin-bookings.ts'
import { api, copyEmail, failToast, formatDateTime, mailtoHref, successToast } from './api.ts'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { ConfirmDialog, Modal } from '../ui/dialog.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { Field, Input, Select } from '../ui/field.tsx'
import type { CancellationQuote, RefundOutcome } from '../../../server/services/refunds.ts'

const PAGE_SIZE = 20

const COLUMNS: { key: BookingSortKey; label: string }[] = [
  { key: 'name', label: 'Client' },
  { key: 'tourDate', label: 'Tour Date & Time' },
  { key: 'createdAt', label: 'Booking Date' },
  { key: 'tourPackageId', label: 'Package' },
  { key: 'numberOfPeople', label: 'Guests' },
  { key: 'totalPrice', label: 'Price' },
  { key: 'status', label: 'Status' },
]

const CAUSE_LABELS: Record<CancellationCause, string> = {
  guest: 'The guest cancels',
  'guide-weather': 'Guide cancels: weather',
  'guide-transport': 'Guide cancels: transport',
  'guide-other': 'Guide cancels: other reason',
}

const isStatus = (v: string | null): v is BookingStatus => BOOKING_STATUSES.some((s) => s === v)
const isSortKey = (v: string | null): v is BookingSortKey => BOOKING_SORT_KEYS.some((s) => s === v)

/** Debounce the global search so typing on a phone does not fire a request per letter. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms)
    return () => window.clearTimeout(t)
  }, [value, ms])
  return debounced
}

/** Tour Bookings: the tasks/tablecn shape: toolbar, sortable columns, row actions; filter and sort in the URL. */
export function BookingsTab({ search, bookingId }: { search: string; bookingId: number | null }) {
  const [params, setParams] = useSearchParams()
  const status = isStatus(params.get('status')) ? (params.get('status') as BookingStatus) : null
  const sort: BookingSortKey = isSortKey(params.get('sort')) ? (params.get('sort') as BookingSortKey) : 'tourDate'
  const dir: SortDirection = params.get('dir') === 'desc' ? 'desc' : 'asc'
  const page = Math.max(1, Number(params.get('page')) || 1)
  const q = useDebounced(search, 250)
  const [data, setData] = useState<BookingPage | null>(null)
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null)
  const [details, setDetails] = useState<AdminBooking | null>(null)

  const query = new URLSearchParams()
  if (status) query.set('status', status)
  if (q.trim()) query.set('q', q.trim())
  if (bookingId !== null) query.set('bookingId', String(bookingId))
  query.set('sort', sort)
  query.set('dir', dir)
  const queryString = query.toString()

  const load = useCallback(async () => {
    try {
      setData(await api<BookingPage>('GET', `/api/bookings?${queryString}&page=${page}&pageSize=${PAGE_SIZE}`))
    } catch (error) {
      failToast('Failed to fetch bookings', error)
      setData((d) => d ?? { items: [], total: 0, page: 1, pageSize: PAGE_SIZE })
    }
  }, [queryString, page])
  useEffect(() => void load(), [load])

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k)
      else next.set(k, v)
    }
    setParams(next, { replace: true, preventScrollReset: true })
  }
  const sortBy = (key: BookingSortKey) => update({ sort: key, dir: sort === key && dir === 'asc' ? 'desc' : 'asc', page: null })

  async function setStatus(booking: AdminBooking, next: BookingStatus) {
    if (next === booking.status) return
    if (next === 'cancelled') {
      setCancelling(booking)
      return
    }
    try {
      await api('PATCH', `/api/bookings/${booking.id}/status`, { status: next })
      successToast('Status updated', `Booking #${booking.id} is now ${statusLabel(next)}.`)
    } catch (error) {
      failToast('Failed to update booking status', error)
    }
    await load()
  }

  async function remove(booking: AdminBooking) {
    try {
      await api('DELETE', `/api/bookings/${booking.id}`)
      successToast('Booking deleted', `Booking #${booking.id} was deleted and its slot freed.`)
    } catch (error) {
      failToast('Failed to delete booking', error)
    }
    await load()
  }

  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  const actions = (b: AdminBooking) => <RowActions booking={b} onStatus={(s) => setStatus(b, s)} onCancel={() => setCancelling(b)} onDelete={() => remove(b)} onDetails={() => setDetails(b)} />

  return (
    <section aria-labelledby="bookings-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="bookings-heading" className="text-lg font-semibold text-slate-900">
          Tour Bookings
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor="status-filter" className="text-sm font-medium text-slate-900">
              Status
            </label>
            <Select id="status-filter" className="w-44" value={status ?? 'all'} onChange={(e) => update({ status: e.target.value === 'all' ? null : e.target.value, page: null })}>
              <option value="all">All Statuses</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </Select>
          </div>
          <a href={`/api/bookings.csv?${queryString}`} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
            Export CSV
          </a>
        </div>
      </div>

      <p className="text-sm text-slate-700" aria-live="polite">
        {data ? `${data.total} ${data.total === 1 ? 'booking' : 'bookings'}` : 'Loading bookings…'}
      </p>

      {data && data.items.length === 0 ? (
        <EmptyState>{bookingId !== null ? `Booking #${bookingId} was not found.` : 'No bookings match these filters.'}</EmptyState>
      ) : null}

      {data && data.items.length > 0 ? (
        <>
          {/* Wide screens: the table. */}
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Bookings, sorted by {COLUMNS.find((c) => c.key === sort)?.label} {dir === 'asc' ? 'ascending' : 'descending'}</caption>
              <thead className="bg-slate-100 text-slate-800">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c.key} scope="col" aria-sort={sort === c.key ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-2 py-1">
                      <button type="button" onClick={() => sortBy(c.key)} className="inline-flex min-h-9 items-center gap-1 rounded px-1 font-semibold hover:bg-slate-200">
                        {c.label}
                        <span aria-hidden="true">{sort === c.key ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </button>
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1 font-semibold">
                    Message
                  </th>
                  <th scope="col" className="px-2 py-1 font-semibold">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((b) => (
                  <tr key={b.id} className="border-t border-slate-200 align-top" data-booking-id={b.id}>
                    <td className="px-3 py-2">
                      <p className="font-medium text-slate-900">{b.name}</p>
                      <p className="break-all text-xs text-slate-700">{b.email}</p>
                      <p className="text-xs text-slate-700">{b.phone}</p>
                      <p className="text-xs text-slate-600">#{b.id}</p>
                    </td>
                    <td className="px-3 py-2">
                      <p>{formatShortDate(b.tourDate)}</p>
                      <p className="text-xs text-slate-700">{b.timeText}</p>
                    </td>
                    <td className="px-3 py-2 text-xs">{formatDateTime(b.createdAt)}</td>
                    <td className="px-3 py-2">{b.packageName}</td>
                    <td className="px-3 py-2">{b.numberOfPeople}</td>
                    <td className="px-3 py-2">{formatYen(b.totalPrice)}</td>
                    <td className="px-3 py-2">
                      <StatusBadge booking={b} />
                    </td>
                    <td className="px-3 py-2">
                      <Button size="sm" variant="plain" onClick={() => setDetails(b)} aria-label={`View message for booking #${b.id}`}>
                        {b.specialRequests ? 'View' : 'Details'}
                      </Button>
                    </td>
                    <td className="px-3 py-2">{actions(b)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* Phones and tablets: one card per booking. */}
          <div className="grid gap-2 lg:hidden">
            <div className="flex items-center gap-2">
              <label htmlFor="mobile-sort" className="text-sm font-medium">
                Sort by
              </label>
              <Select id="mobile-sort" className="w-auto" value={`${sort}:${dir}`} onChange={(e) => {
                const [key, d] = e.target.value.split(':')
                update({ sort: key ?? 'tourDate', dir: d ?? 'asc', page: null })
              }}>
                {COLUMNS.flatMap((c) => [
                  <option key={`${c.key}:asc`} value={`${c.key}:asc`}>{`${c.label} ↑`}</option>,
                  <option key={`${c.key}:desc`} value={`${c.key}:desc`}>{`${c.label} ↓`}</option>,
                ])}
              </Select>
            </div>
            <ul className="grid gap-3" aria-label="Bookings">
              {data.items.map((b) => (
                <li key={b.id} className="rounded-lg border border-slate-200 bg-white p-3" data-booking-id={b.id}>
                  <article aria-labelledby={`booking-card-${b.id}`}>
                    <div className="flex items-start justify-between gap-2">
                      <h3 id={`booking-card-${b.id}`} className="font-semibold text-slate-900">
                        {b.name} <span className="text-sm font-normal text-slate-600">#{b.id}</span>
                      </h3>
                      <StatusBadge booking={b} />
                    </div>
                    <p className="text-sm text-slate-900">
                      {formatLongDate(b.tourDate)} · {b.timeText}
                    </p>
                    <p className="text-sm text-slate-700">
                      {b.packageName} · {b.numberOfPeople} {b.numberOfPeople === 1 ? 'guest' : 'guests'} · {formatYen(b.totalPrice)}
                    </p>
                    <p className="break-all text-sm text-slate-700">
                      <a className="underline" href={`tel:${b.phone.replace(/[^\d+]/g, '')}`}>{b.phone}</a> · {b.email}
                    </p>
                    {b.specialRequests ? <p className="mt-1 line-clamp-2 text-sm text-slate-700">“{b.specialRequests}”</p> : null}
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button size="sm" variant="plain" onClick={() => setDetails(b)}>
                        Details<span className="sr-only"> of booking #{b.id}</span>
                      </Button>
                    </div>
                    <div className="mt-2">{actions(b)}</div>
                  </article>
                </li>
              ))}
            </ul>
          </div>

          {totalPages > 1 ? (
            <nav aria-label="Bookings pages" className="flex items-center justify-between gap-2">
              <Button size="md" variant="plain" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
                Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {Math.min(page, totalPages)} of {totalPages}
              </span>
              <Button size="md" variant="plain" disabled={page >= totalPages} onClick={() => update({ page: String(page + 1) })}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}

      {details ? <BookingDetails booking={details} onClose={() => setDetails(null)} /> : null}
      {cancelling ? (
        <CancelDialog
          booking={cancelling}
          onClose={() => setCancelling(null)}
          onDone={async () => {
            setCancelling(null)
            await load()
          }}
        />
      ) : null}
    </section>
  )
}

function StatusBadge({ booking }: { booking: AdminBooking }) {
  return (
    <span className="grid justify-items-start gap-1">
      <Badge tone={booking.status}>{statusLabel(booking.status)}</Badge>
      {booking.amountRefunded > 0 ? <span className="text-xs text-slate-700">Refunded {formatYen(booking.amountRefunded)}</span> : null}
      {booking.attentionReason ? <span className="text-xs font-semibold text-red-800">⚠ {booking.attentionReason}</span> : null}
    </span>
  )
}

function RowActions({
  booking,
  onStatus,
  onCancel,
  onDelete,
}: {
  booking: AdminBooking
  onStatus: (s: BookingStatus) => void
  onCancel: () => void
  onDelete: () => Promise<void>
  onDetails: () => void
}) {
  // Only what the money allows (core/booking-transitions.ts); Cancelled opens the refund dialog, so it is always offered.
  const options = BOOKING_STATUSES.filter((s) => booking.allowedStatuses.includes(s) || s === 'cancelled')
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        aria-label={`Status of booking #${booking.id}`}
        className="min-h-9 rounded-md border border-slate-400 bg-white px-2 text-sm text-slate-900 disabled:bg-slate-100"
        value={booking.status}
        disabled={options.length < 2}
        onChange={(e) => onStatus(e.target.value as BookingStatus)}
      >
        {options.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
      {booking.status !== 'cancelled' ? (
        <Button size="sm" variant="plain" onClick={onCancel} aria-label={`Cancel booking #${booking.id}`}>
          Cancel
        </Button>
      ) : null}
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="danger" aria-label={`Delete booking #${booking.id}`}>
            Delete
          </Button>
        }
        title={`Delete booking #${booking.id}?`}
        description={`${booking.name}'s booking for ${formatLongDate(booking.tourDate)} (${booking.timeText}) will be removed and the slot freed. This cannot be undone.`}
        confirmLabel="Delete Booking"
        onConfirm={onDelete}
      />
    </div>
  )
}

/** The Message column's dialog: special requests and the ways to reply. */
function BookingDetails({ booking, onClose }: { booking: AdminBooking; onClose: () => void }) {
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Booking #${booking.id}: ${booking.name}`}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">Tour</dt>
        <dd>
          {booking.packageName}, {formatLongDate(booking.tourDate)} at {booking.timeText}
        </dd>
        <dt className="font-medium">Guests</dt>
        <dd>{booking.numberOfPeople}</dd>
        <dt className="font-medium">Price</dt>
        <dd>{formatYen(booking.totalPrice)}</dd>
        <dt className="font-medium">Email</dt>
        <dd className="break-all">{booking.email}</dd>
        <dt className="font-medium">Phone</dt>
        <dd>{booking.phone}</dd>
        <dt className="font-medium">Reference</dt>
        <dd className="break-all">{booking.reference}</dd>
        {booking.cancellationReason ? (
          <>
            <dt className="font-medium">Cancelled</dt>
            <dd>{booking.cancellationReason}</dd>
          </>
        ) : null}
      </dl>
      <div>
        <h3 className="text-sm font-semibold">Special requests</h3>
        <p className="mt-1 whitespace-pre-wrap rounded-md bg-slate-100 p-3 text-sm text-slate-900">{booking.specialRequests || 'No special requests.'}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="md" variant="plain" onClick={() => copyEmail(booking.email)}>
          Copy Email
        </Button>
        <a
          href={mailtoHref(booking.email, `Your Joetsu tour on ${formatLongDate(booking.tourDate)} (booking #${booking.id})`, `Dear ${booking.name},\n\n`)}
          className={buttonVariants({ variant: 'brand', size: 'md' })}
        >
          Open Email App
        </a>
      </div>
    </Modal>
  )
}


/** Cancel with the refund of the policy (D18), shown and overridable; issued by the payments service. */
function CancelDialog({ booking, onClose, onDone }: { booking: AdminBooking; onClose: () => void; onDone: () => Promise<void> }) {
  const [cause, setCause] = useState<CancellationCause>('guest')
  const [quote, setQuote] = useState<CancellationQuote | null>(null)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    api<CancellationQuote>('GET', `/api/admin/bookings/${booking.id}/cancellation-quote?cause=${cause}`)
      .then((q) => {
        if (!live) return
        setQuote(q)
        setAmount(String(q.refund.amount))
      })
      .catch((err) => failToast('Failed to update booking status', err))
    return () => {
      live = false
    }
  }, [booking.id, cause])

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const refundAmount = amount.trim() === '' ? undefined : Number(amount)
    if (refundAmount !== undefined && (!Number.isInteger(refundAmount) || refundAmount < 0 || (quote && refundAmount > quote.amountPaid))) {
      setError(`Enter a whole number of yen from 0 to ${formatYen(quote?.amountPaid ?? 0)}`)
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      const result = await api<{ refund?: RefundOutcome }>('POST', `/api/admin/bookings/${booking.id}/cancel`, { cause, refundAmount, reason: reason.trim() || undefined })
      const refund = result.refund
      successToast(
        'Booking cancelled',
        refund && refund.amount > 0 ? (refund.message ?? `Refund of ${formatYen(refund.amount)}: ${refund.status}.`) : `Booking #${booking.id} was cancelled and its slot freed.`,
      )
      await onDone()
    } catch (err) {
      failToast('Failed to update booking status', err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Cancel booking #${booking.id}`} description={`${booking.name}, ${formatLongDate(booking.tourDate)} at ${booking.timeText}`}>
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <Field id="cancel-cause" label="Who is cancelling?">
          <Select value={cause} onChange={(e) => setCause(e.target.value as CancellationCause)}>
            {CANCELLATION_CAUSES.map((c) => (
              <option key={c} value={c}>
                {CAUSE_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="rounded-md bg-slate-100 p-3 text-sm text-slate-900" aria-live="polite">
          {quote ? (
            <>
              <p>
                Paid: <strong>{formatYen(quote.amountPaid)}</strong> · Policy refund: <strong data-testid="policy-refund">{formatYen(quote.refund.amount)}</strong>
              </p>
              {/* Said before anything is cancelled: what cancelling now would do (issue 14). */}
              <p className="mt-1">{quote.preview}</p>
            </>
          ) : (
            'Working out the refund…'
          )}
        </div>
        <Field id="cancel-refund" label="Refund amount (¥)" error={error} hint="The policy's amount; change it to override.">
          <Input inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Field id="cancel-reason" label="Reason (optional)">
          <Input value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            Keep Booking
          </Button>
          <Button size="md" type="submit" variant="danger" disabled={busy || !quote || !quote.canCancel}>
            Cancel Booking
          </Button>
        </div>
      </form>
    </Modal>
  )
}
