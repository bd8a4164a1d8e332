import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatLongDate } from '../../../../core/dates.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import { BOOKING_STATUSES, type BookingStatus, type PaidBy } from '../../../../core/schemas/booking-status.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { Button, buttonVariants } from '../../ui/button.tsx'
import { AdminForm, ConfirmedRowAction, useAdminSubmit } from '../admin-form.tsx'
import { MarkPaidDialog } from './mark-paid-dialog.tsx'
import { clockText } from './slot-fields.tsx'
import { STATUS_IDS } from './status-badge.tsx'

/** How the money still due was taken, as the status toast adds it (docs/decisions/0080). */
const STATUS_NOW_IDS: Record<PaidBy | 'none', MessageId> = {
  none: 'adminBookings.list.statusNow',
  cash: 'adminBookings.list.statusNowCash',
  'bank-transfer': 'adminBookings.list.statusNowBankTransfer',
}

/**
 * A booking's row actions: its status and delete through the Bookings route's action, move and
 * cancel as links to their dialogs (docs/decisions/0088). With script a status changes as it is chosen; without, the row's
 * form sends it with a Change button (money still due then counts as cash, the dialog's default).
 */
export function RowActions({ booking, moveTo, cancelTo }: { booking: AdminBooking; moveTo: string; cancelTo: string }) {
  const navigate = useNavigate()
  const t = useT()
  const locale = useLocale()
  const hydrated = useHydrated()
  // Only what the money allows (core/booking-transitions.ts); Cancelled opens the refund dialog, so it is always offered.
  const options = BOOKING_STATUSES.filter((s) => booking.allowedStatuses.includes(s) || s === 'cancelled')
  const select = useRef<HTMLSelectElement>(null)
  const [askingHowPaid, setAskingHowPaid] = useState(false)
  // How the money came, for the toast: the saved booking says its status, not the way.
  const paidBy = useRef<PaidBy | undefined>(undefined)
  const status = useAdminSubmit<AdminBooking>({
    successTitle: t('adminBookings.list.statusUpdated'),
    successText: (saved) => t(STATUS_NOW_IDS[paidBy.current ?? 'none'], { id: saved.id, status: t(STATUS_IDS[saved.status]) }),
    failTitle: t('adminBookings.list.statusFailed'),
  })
  const setStatus = (next: BookingStatus, way?: PaidBy) => {
    paidBy.current = way
    return status.submit('status', { id: String(booking.id), status: next, ...(way ? { paidBy: way } : {}) })
  }
  // Paid with money still due: the guide took it, and says how (docs/decisions/0080).
  const choose = (next: BookingStatus) => {
    if (next === booking.status) return
    if (next === 'cancelled') void navigate(cancelTo, { preventScrollReset: true })
    else if (next === 'paid' && booking.due > 0) setAskingHowPaid(true)
    else void setStatus(next)
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <AdminForm intent="status" formId={`status-${booking.id}`} failTitle={t('adminBookings.list.statusFailed')} className="flex items-center gap-2">
        {() => (
          <>
            <input type="hidden" name="id" value={booking.id} />
            <select
              ref={select}
              name="status"
              aria-label={t('adminBookings.row.statusOf', { id: booking.id })}
              className="min-h-9 rounded-md border border-slate-400 bg-white px-2 text-sm text-slate-900 disabled:bg-slate-100"
              value={booking.status}
              disabled={options.length < 2}
              onChange={(e) => choose(e.target.value as BookingStatus)}
            >
              {options.map((s) => (
                <option key={s} value={s}>
                  {t(STATUS_IDS[s])}
                </option>
              ))}
            </select>
            {hydrated || options.length < 2 ? null : (
              <Button size="sm" variant="plain" type="submit" aria-label={t('adminBookings.row.changeLabel', { id: booking.id })}>
                {t('adminBookings.row.change')}
              </Button>
            )}
          </>
        )}
      </AdminForm>
      {booking.status !== 'cancelled' ? (
        <>
          <Link to={moveTo} preventScrollReset className={buttonVariants({ size: 'sm', variant: 'plain' })} aria-label={t('adminBookings.row.moveLabel', { id: booking.id })}>
            {t('adminBookings.row.move')}
          </Link>
          <Link to={cancelTo} preventScrollReset className={buttonVariants({ size: 'sm', variant: 'plain' })} aria-label={t('adminBookings.row.cancelLabel', { id: booking.id })}>
            {t('adminBookings.row.cancel')}
          </Link>
        </>
      ) : null}
      <ConfirmedRowAction
        intent="delete"
        rowId={booking.id}
        trigger={{ label: t('adminBookings.row.delete'), size: 'sm', variant: 'danger', 'aria-label': t('adminBookings.row.deleteLabel', { id: booking.id }) }}
        title={t('adminBookings.row.deleteTitle', { id: booking.id })}
        description={t('adminBookings.row.deleteText', { name: booking.name, date: formatLongDate(booking.tourDate, locale), time: clockText(booking.timeText, locale) })}
        confirmLabel={t('adminBookings.row.deleteConfirm')}
        successTitle={t('adminBookings.list.deleted')}
        successText={t('adminBookings.list.deletedText', { id: booking.id })}
        failTitle={t('adminBookings.list.deleteFailed')}
      />
      {askingHowPaid ? <MarkPaidDialog booking={booking} returnFocus={select} onClose={() => setAskingHowPaid(false)} onConfirm={(way) => setStatus('paid', way)} /> : null}
    </div>
  )
}
