import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { BOOKING_SORT_KEYS, type BookingSortKey, type SortDirection } from '../../../../core/booking-search.ts'
import { formatLongDate, formatShortDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import { BOOKING_STATUSES, type BookingStatus, type PaidBy as PaidByWay } from '../../../../core/schemas/booking-status.ts'
import type { AdminBooking, BookingPage } from '../../../../server/for-app.ts'
import { api, useFailToast, formatDateTime, successToast } from '../api.ts'
import { useAdminData } from '../use-admin-data.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { Button, buttonVariants } from '../../ui/button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { Select } from '../../ui/field.tsx'
import { STATUS_IDS, StatusBadge } from './status-badge.tsx'
import { RowActions } from './row-actions.tsx'
import { BookingDetails } from './details-dialog.tsx'
import { CancelDialog } from './cancel-dialog.tsx'
import { MoveDialog } from './move-dialog.tsx'
import { CreateBookingDialog } from './create-booking-dialog.tsx'
import { PaidBy } from './paid-by.tsx'
import { clockText } from './slot-fields.tsx'

const PAGE_SIZE = 20
const NO_BOOKINGS: BookingPage = { items: [], total: 0, page: 1, pageSize: PAGE_SIZE }

const COLUMNS: { key: BookingSortKey; label: MessageId }[] = [
  { key: 'name', label: 'adminBookings.column.client' },
  { key: 'tourDate', label: 'adminBookings.column.tourDate' },
  { key: 'createdAt', label: 'adminBookings.column.bookingDate' },
  { key: 'tourPackageId', label: 'adminBookings.column.package' },
  { key: 'numberOfPeople', label: 'adminBookings.column.guests' },
  { key: 'totalPrice', label: 'adminBookings.column.price' },
  { key: 'status', label: 'adminBookings.column.status' },
]

/** How the money still due was taken, as the status toast adds it (docs/decisions/0080). */
const STATUS_NOW_IDS: Record<PaidByWay | 'none', MessageId> = {
  none: 'adminBookings.list.statusNow',
  cash: 'adminBookings.list.statusNowCash',
  'bank-transfer': 'adminBookings.list.statusNowBankTransfer',
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
  const failToast = useFailToast()
  const t = useT()
  const locale = useLocale()
  const [params, setParams] = useSearchParams()
  const status = isStatus(params.get('status')) ? (params.get('status') as BookingStatus) : null
  const sort: BookingSortKey = isSortKey(params.get('sort')) ? (params.get('sort') as BookingSortKey) : 'tourDate'
  const dir: SortDirection = params.get('dir') === 'desc' ? 'desc' : 'asc'
  const page = Math.max(1, Number(params.get('page')) || 1)
  const q = useDebounced(search, 250)
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null)
  const [details, setDetails] = useState<AdminBooking | null>(null)
  const [moving, setMoving] = useState<AdminBooking | null>(null)
  const [creating, setCreating] = useState(false)

  const query = new URLSearchParams()
  if (status) query.set('status', status)
  if (q.trim()) query.set('q', q.trim())
  if (bookingId !== null) query.set('bookingId', String(bookingId))
  query.set('sort', sort)
  query.set('dir', dir)
  const queryString = query.toString()

  const { data, reload: load } = useAdminData<BookingPage>(`/api/bookings?${queryString}&page=${page}&pageSize=${PAGE_SIZE}`, t('adminBookings.list.fetchFailed'), NO_BOOKINGS)

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k)
      else next.set(k, v)
    }
    setParams(next, { replace: true, preventScrollReset: true })
  }
  const sortBy = (key: BookingSortKey) => update({ sort: key, dir: sort === key && dir === 'asc' ? 'desc' : 'asc', page: null })

  async function setStatus(booking: AdminBooking, next: BookingStatus, paidBy?: PaidByWay) {
    if (next === booking.status) return
    if (next === 'cancelled') {
      setCancelling(booking)
      return
    }
    try {
      await api('PATCH', `/api/bookings/${booking.id}/status`, { status: next, ...(paidBy ? { paidBy } : {}) })
      successToast(t('adminBookings.list.statusUpdated'), t(STATUS_NOW_IDS[paidBy ?? 'none'], { id: booking.id, status: t(STATUS_IDS[next]) }))
    } catch (error) {
      failToast(t('adminBookings.list.statusFailed'), error)
    }
    await load()
  }

  async function remove(booking: AdminBooking) {
    try {
      await api('DELETE', `/api/bookings/${booking.id}`)
      successToast(t('adminBookings.list.deleted'), t('adminBookings.list.deletedText', { id: booking.id }))
    } catch (error) {
      failToast(t('adminBookings.list.deleteFailed'), error)
    }
    await load()
  }

  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  const actions = (b: AdminBooking) => <RowActions booking={b} onStatus={(s, paidBy) => setStatus(b, s, paidBy)} onCancel={() => setCancelling(b)} onMove={() => setMoving(b)} onDelete={() => remove(b)} onDetails={() => setDetails(b)} />

  return (
    <section aria-labelledby="bookings-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="bookings-heading" className="text-lg font-semibold text-slate-900">
          {t('adminBookings.list.title')}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor="status-filter" className="text-sm font-medium text-slate-900">
              {t('adminBookings.list.statusFilter')}
            </label>
            <Select id="status-filter" className="w-44" value={status ?? 'all'} onChange={(e) => update({ status: e.target.value === 'all' ? null : e.target.value, page: null })}>
              <option value="all">{t('adminBookings.list.allStatuses')}</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(STATUS_IDS[s])}
                </option>
              ))}
            </Select>
          </div>
          <a href={`/api/bookings.csv?${queryString}`} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
            {t('adminBookings.list.exportCsv')}
          </a>
          <Button size="md" variant="brand" onClick={() => setCreating(true)}>
            {t('adminBookings.list.newBooking')}
          </Button>
        </div>
      </div>

      <p className="text-sm text-slate-700" aria-live="polite">
        {data ? t('adminBookings.list.count', { count: data.total }) : t('adminBookings.list.loading')}
      </p>

      {data && data.items.length === 0 ? (
        <EmptyState>{bookingId !== null ? t('adminBookings.list.notFound', { id: bookingId }) : t('adminBookings.list.noMatch')}</EmptyState>
      ) : null}

      {data && data.items.length > 0 ? (
        <>
          {/* Wide screens: the table. */}
          <div className="relative hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t(dir === 'asc' ? 'adminBookings.list.sortedAscending' : 'adminBookings.list.sortedDescending', { column: t(COLUMNS.find((c) => c.key === sort)!.label) })}</caption>
              <thead className="bg-slate-100 text-slate-800">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c.key} scope="col" aria-sort={sort === c.key ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-2 py-1">
                      <button type="button" onClick={() => sortBy(c.key)} className="inline-flex min-h-9 items-center gap-1 rounded px-1 font-semibold hover:bg-slate-200">
                        {t(c.label)}
                        <span aria-hidden="true">{sort === c.key ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </button>
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1 font-semibold">
                    {t('adminBookings.list.message')}
                  </th>
                  <th scope="col" className="px-2 py-1 font-semibold">
                    {t('adminBookings.list.actions')}
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
                      <p>{formatShortDate(b.tourDate, locale)}</p>
                      <p className="text-xs text-slate-700">{clockText(b.timeText, locale)}</p>
                    </td>
                    <td className="px-3 py-2 text-xs">{formatDateTime(b.createdAt, locale)}</td>
                    <td className="px-3 py-2">{b.packageName}</td>
                    <td className="px-3 py-2">{b.numberOfPeople}</td>
                    <td className="px-3 py-2">
                      <p>{formatYen(b.totalPrice, locale)}</p>
                      {/* Every way that paid it, from the ledger: a card amount never reads as the whole (docs/decisions/0075). */}
                      <PaidBy booking={b} />
                    </td>
                    <td className="px-3 py-2">
                      <StatusBadge booking={b} />
                    </td>
                    <td className="px-3 py-2">
                      <Button size="sm" variant="plain" onClick={() => setDetails(b)} aria-label={t('adminBookings.list.viewMessageFor', { id: b.id })}>
                        {b.specialRequests ? t('adminBookings.list.view') : t('adminBookings.list.details')}
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
                {t('adminBookings.list.sortBy')}
              </label>
              <Select id="mobile-sort" className="w-auto" value={`${sort}:${dir}`} onChange={(e) => {
                const [key, d] = e.target.value.split(':')
                update({ sort: key ?? 'tourDate', dir: d ?? 'asc', page: null })
              }}>
                {COLUMNS.flatMap((c) => [
                  <option key={`${c.key}:asc`} value={`${c.key}:asc`}>{`${t(c.label)} ↑`}</option>,
                  <option key={`${c.key}:desc`} value={`${c.key}:desc`}>{`${t(c.label)} ↓`}</option>,
                ])}
              </Select>
            </div>
            <ul className="grid gap-3" aria-label={t('adminBookings.list.cards')}>
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
                      {formatLongDate(b.tourDate, locale)} · {clockText(b.timeText, locale)}
                    </p>
                    <p className="text-sm text-slate-700">
                      {b.packageName} · {t('adminBookings.list.guestCount', { count: b.numberOfPeople })} · {formatYen(b.totalPrice, locale)}
                    </p>
                    <PaidBy booking={b} />
                    <p className="break-all text-sm text-slate-700">
                      {/* A booking the guide made may have no phone (docs/decisions/0059): no empty link. */}
                      {b.phone ? (
                        <>
                          <a className="underline" href={`tel:${b.phone.replace(/[^\d+]/g, '')}`}>{b.phone}</a> ·{' '}
                        </>
                      ) : null}
                      {b.email}
                    </p>
                    {b.specialRequests ? <p className="mt-1 line-clamp-2 text-sm text-slate-700">“{b.specialRequests}”</p> : null}
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button size="sm" variant="plain" onClick={() => setDetails(b)}>
                        {t('adminBookings.list.details')}
                        <span className="sr-only">{t('adminBookings.list.detailsOf', { id: b.id })}</span>
                      </Button>
                    </div>
                    <div className="mt-2">{actions(b)}</div>
                  </article>
                </li>
              ))}
            </ul>
          </div>

          {totalPages > 1 ? (
            <nav aria-label={t('adminBookings.list.pages')} className="flex items-center justify-between gap-2">
              <Button size="md" variant="plain" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
                {t('adminBookings.list.previous')}
              </Button>
              <span className="text-sm text-slate-700">
                {t('adminBookings.list.pageOf', { page: Math.min(page, totalPages), total: totalPages })}
              </span>
              <Button size="md" variant="plain" disabled={page >= totalPages} onClick={() => update({ page: String(page + 1) })}>
                {t('adminBookings.list.next')}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}

      {details ? (
        <BookingDetails
          booking={details}
          onClose={() => setDetails(null)}
          onMove={() => {
            setDetails(null)
            setMoving(details)
          }}
        />
      ) : null}
      {moving ? (
        <MoveDialog
          booking={moving}
          onClose={() => setMoving(null)}
          onDone={async () => {
            setMoving(null)
            await load()
          }}
        />
      ) : null}
      {creating ? <CreateBookingDialog prefill={{}} onClose={() => setCreating(false)} onDone={() => void load()} /> : null}
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
