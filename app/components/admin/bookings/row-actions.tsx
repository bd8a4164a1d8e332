import { useRef, useState } from 'react'
import { formatLongDate } from '../../../../core/dates.ts'
import { BOOKING_STATUSES, type BookingStatus, type PaidBy } from '../../../../core/schemas/booking-status.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { MarkPaidDialog } from './mark-paid-dialog.tsx'
import { clockText } from './slot-fields.tsx'
import { STATUS_IDS } from './status-badge.tsx'

export function RowActions({
  booking,
  onStatus,
  onCancel,
  onMove,
  onDelete,
}: {
  booking: AdminBooking
  onStatus: (s: BookingStatus, paidBy?: PaidBy) => Promise<void>
  onCancel: () => void
  onMove: () => void
  onDelete: () => Promise<void>
  onDetails: () => void
}) {
  const t = useT()
  const locale = useLocale()
  // Only what the money allows (core/booking-transitions.ts); Cancelled opens the refund dialog, so it is always offered.
  const options = BOOKING_STATUSES.filter((s) => booking.allowedStatuses.includes(s) || s === 'cancelled')
  const select = useRef<HTMLSelectElement>(null)
  const [askingHowPaid, setAskingHowPaid] = useState(false)
  // Paid with money still due: the guide took it, and says how (docs/decisions/0080).
  const choose = (s: BookingStatus) => (s === 'paid' && booking.due > 0 ? setAskingHowPaid(true) : void onStatus(s))
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        ref={select}
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
      {booking.status !== 'cancelled' ? (
        <>
          <Button size="sm" variant="plain" onClick={onMove} aria-label={t('adminBookings.row.moveLabel', { id: booking.id })}>
            {t('adminBookings.row.move')}
          </Button>
          <Button size="sm" variant="plain" onClick={onCancel} aria-label={t('adminBookings.row.cancelLabel', { id: booking.id })}>
            {t('adminBookings.row.cancel')}
          </Button>
        </>
      ) : null}
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="danger" aria-label={t('adminBookings.row.deleteLabel', { id: booking.id })}>
            {t('adminBookings.row.delete')}
          </Button>
        }
        title={t('adminBookings.row.deleteTitle', { id: booking.id })}
        description={t('adminBookings.row.deleteText', { name: booking.name, date: formatLongDate(booking.tourDate, locale), time: clockText(booking.timeText, locale) })}
        confirmLabel={t('adminBookings.row.deleteConfirm')}
        onConfirm={onDelete}
      />
      {askingHowPaid ? <MarkPaidDialog booking={booking} returnFocus={select} onClose={() => setAskingHowPaid(false)} onConfirm={(paidBy) => onStatus('paid', paidBy)} /> : null}
    </div>
  )
}

/** The Message column's dialog: special requests and the ways to reply. */
