import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useNavigation } from 'react-router'
import type { BookingListChoice, BookingSortKey } from '../../../../core/booking-search.ts'
import { formatLongDate, formatShortDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import { BOOKING_STATUSES } from '../../../../core/schemas/booking-status.ts'
import type { AdminBooking, BookingPage } from '../../../../server/for-app.ts'
import { formatDateTime } from '../email-and-time.ts'
import { AddressChoice } from '../address-choice.tsx'
import { useAddressWith } from '../use-address-with.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { buttonVariants } from '../../ui/button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { Select } from '../../ui/field.tsx'
import { STATUS_IDS, StatusBadge } from './status-badge.tsx'
import { RowActions } from './row-actions.tsx'
import { BookingDialogs } from './booking-dialogs.tsx'
import type { BookingDialog } from './booking-dialogs.server.ts'
import { useDialogAddress } from './dialog-address.ts'
import { PaidBy } from './paid-by.tsx'
import { clockText } from './slot-fields.tsx'
import { useHydrated } from '../../../lib/use-hydrated.ts'

const COLUMNS: { key: BookingSortKey; label: MessageId }[] = [
  { key: 'name', label: 'adminBookings.column.client' },
  { key: 'tourDate', label: 'adminBookings.column.tourDate' },
  { key: 'createdAt', label: 'adminBookings.column.bookingDate' },
  { key: 'tourPackageId', label: 'adminBookings.column.package' },
  { key: 'numberOfPeople', label: 'adminBookings.column.guests' },
  { key: 'totalPrice', label: 'adminBookings.column.price' },
  { key: 'status', label: 'adminBookings.column.status' },
]

/** Debounce the global search so typing on a phone does not load the list per letter. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms)
    return () => window.clearTimeout(t)
  }, [value, ms])
  return debounced
}

/**
 * Tour Bookings: the tasks/tablecn shape: toolbar, sortable columns, row actions. The page of
 * bookings comes with the page, chosen by its address (docs/decisions/0088): the filter, the
 * header's search, the sort and the page are links or address choices, so they work without script.
 */
export function BookingsTab({ bookings: data, choice, search, dialog }: { bookings: BookingPage; choice: BookingListChoice; search: string; dialog: BookingDialog | null }) {
  const t = useT()
  const hydrated = useHydrated()
  const locale = useLocale()
  const navigate = useNavigate()
  const addressWith = useAddressWith()
  const { status, sort, dir, bookingId } = choice
  const page = data.page
  // The dialogs open by the address, which the route's loader reads: links open them, with script or without.
  const dialogAddress = useDialogAddress()

  const go = (changes: Record<string, string | null>) => navigate(addressWith(changes), { replace: true, preventScrollReset: true })
  // The header's search box, a moment after the last key: the list it finds is the address's. Never
  // while another choice is on its way (a sort clicked just after typing): it would be replaced by
  // an address without it; once that one has come, the search follows.
  const typed = useDebounced(search.trim(), 250)
  const idle = useNavigation().state === 'idle'
  const goRef = useRef(go)
  goRef.current = go
  useEffect(() => {
    if (idle && typed !== choice.q) goRef.current({ q: typed || null, page: null })
  }, [idle, typed, choice.q])

  const sortLink = (key: BookingSortKey) => addressWith({ sort: key, dir: sort === key && dir === 'asc' ? 'desc' : 'asc', page: null })
  const exportQuery = new URLSearchParams()
  if (status) exportQuery.set('status', status)
  if (choice.q) exportQuery.set('q', choice.q)
  if (bookingId !== null) exportQuery.set('bookingId', String(bookingId))
  exportQuery.set('sort', sort)
  exportQuery.set('dir', dir)

  const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize))
  const actions = (b: AdminBooking) => <RowActions booking={b} moveTo={dialogAddress({ move: String(b.id) })} cancelTo={dialogAddress({ cancel: String(b.id) })} />

  return (
    <section aria-labelledby="bookings-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="bookings-heading" className="text-lg font-semibold text-slate-900">
          {t('adminBookings.list.title')}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <AddressChoice names={['status', 'page']} className="flex items-end gap-2">
            <div className="grid gap-1">
            <label htmlFor="status-filter" className="text-sm font-medium text-slate-900">
              {t('adminBookings.list.statusFilter')}
            </label>
            <Select id="status-filter" name="status" className="w-44" value={status ?? 'all'} onChange={(e) => go({ status: e.target.value === 'all' ? null : e.target.value, page: null })}>
              <option value="all">{t('adminBookings.list.allStatuses')}</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(STATUS_IDS[s])}
                </option>
              ))}
            </Select>
            </div>
          </AddressChoice>
          <a href={`/api/bookings.csv?${exportQuery}`} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
            {t('adminBookings.list.exportCsv')}
          </a>
          <Link to={dialogAddress({ create: '1' })} preventScrollReset className={buttonVariants({ variant: 'brand', size: 'md' })}>
            {t('adminBookings.list.newBooking')}
          </Link>
        </div>
      </div>

      <p className="text-sm text-slate-700" aria-live="polite">
        {t('adminBookings.list.count', { count: data.total })}
      </p>

      {data.items.length === 0 ? (
        <EmptyState>{bookingId !== null ? t('adminBookings.list.notFound', { id: bookingId }) : t('adminBookings.list.noMatch')}</EmptyState>
      ) : null}

      {data.items.length > 0 ? (
        <>
          {/* Wide screens: the table. */}
          <div className="relative hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t(dir === 'asc' ? 'adminBookings.list.sortedAscending' : 'adminBookings.list.sortedDescending', { column: t(COLUMNS.find((c) => c.key === sort)!.label) })}</caption>
              <thead className="bg-slate-100 text-slate-800">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c.key} scope="col" aria-sort={sort === c.key ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-2 py-1">
                      <Link to={sortLink(c.key)} replace preventScrollReset className="inline-flex min-h-9 items-center gap-1 rounded px-1 font-semibold hover:bg-slate-200">
                        {t(c.label)}
                        <span aria-hidden="true">{sort === c.key ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </Link>
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
                      <Link to={dialogAddress({ details: String(b.id) })} preventScrollReset className={buttonVariants({ variant: 'plain', size: 'sm' })} aria-label={t('adminBookings.list.viewMessageFor', { id: b.id })}>
                        {b.specialRequests ? t('adminBookings.list.view') : t('adminBookings.list.details')}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{actions(b)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* Phones and tablets: one card per booking. */}
          <div className="grid gap-2 lg:hidden">
            {hydrated ? (
              <div className="flex items-center gap-2">
                <label htmlFor="mobile-sort" className="text-sm font-medium">
                  {t('adminBookings.list.sortBy')}
                </label>
                <Select id="mobile-sort" className="w-auto" value={`${sort}:${dir}`} onChange={(e) => {
                  const [key, d] = e.target.value.split(':')
                  go({ sort: key ?? 'tourDate', dir: d ?? 'asc', page: null })
                }}>
                  {COLUMNS.flatMap((c) => [
                    <option key={`${c.key}:asc`} value={`${c.key}:asc`}>{`${t(c.label)} ↑`}</option>,
                    <option key={`${c.key}:desc`} value={`${c.key}:desc`}>{`${t(c.label)} ↓`}</option>,
                  ])}
                </Select>
              </div>
            ) : (
              // Without script the choice follows no select: the table's sort links, as a row of their own.
              <nav aria-label={t('adminBookings.list.sortBy')} className="flex flex-wrap items-center gap-1 text-sm">
                <span className="font-medium">{t('adminBookings.list.sortBy')}</span>
                {COLUMNS.map((c) => (
                  <Link key={c.key} to={sortLink(c.key)} replace preventScrollReset aria-current={sort === c.key ? 'true' : undefined} className="inline-flex min-h-9 items-center gap-1 rounded px-2 font-semibold hover:bg-slate-200">
                    {t(c.label)}
                    <span aria-hidden="true">{sort === c.key ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                  </Link>
                ))}
              </nav>
            )}
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
                      <Link to={dialogAddress({ details: String(b.id) })} preventScrollReset className={buttonVariants({ variant: 'plain', size: 'sm' })}>
                        {t('adminBookings.list.details')}
                        <span className="sr-only">{t('adminBookings.list.detailsOf', { id: b.id })}</span>
                      </Link>
                    </div>
                    <div className="mt-2">{actions(b)}</div>
                  </article>
                </li>
              ))}
            </ul>
          </div>

          {totalPages > 1 ? (
            <nav aria-label={t('adminBookings.list.pages')} className="flex items-center justify-between gap-2">
              <PageLink to={page > 1 ? addressWith('page', String(page - 1)) : null}>{t('adminBookings.list.previous')}</PageLink>
              <span className="text-sm text-slate-700">
                {t('adminBookings.list.pageOf', { page: Math.min(page, totalPages), total: totalPages })}
              </span>
              <PageLink to={page < totalPages ? addressWith('page', String(page + 1)) : null}>{t('adminBookings.list.next')}</PageLink>
            </nav>
          ) : null}
        </>
      ) : null}

      <BookingDialogs dialog={dialog} />
    </section>
  )
}

/** The previous or next page: a link, or the same words greyed out where there is no such page. */
function PageLink({ to, children }: { to: string | null; children: ReactNode }) {
  if (to === null) return <span className={`${buttonVariants({ variant: 'plain', size: 'md' })} pointer-events-none opacity-50`} aria-disabled="true">{children}</span>
  return (
    <Link to={to} preventScrollReset className={buttonVariants({ variant: 'plain', size: 'md' })}>
      {children}
    </Link>
  )
}
