import { useRef, useState } from 'react'
import { formatLongDate } from '../../../../core/dates.ts'
import { BOOKING_STATUSES, statusLabel, type BookingStatus, type PaidBy } from '../../../../core/schemas/booking-status.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { MarkPaidDialog } from './mark-paid-dialog.tsx'

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
        aria-label={`Status of booking #${booking.id}`}
        className="min-h-9 rounded-md border border-slate-400 bg-white px-2 text-sm text-slate-900 disabled:bg-slate-100"
        value={booking.status}
        disabled={options.length < 2}
        onChange={(e) => choose(e.target.value as BookingStatus)}
      >
        {options.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
      {booking.status !== 'cancelled' ? (
        <>
          <Button size="sm" variant="plain" onClick={onMove} aria-label={`Move booking #${booking.id}`}>
            Move
          </Button>
          <Button size="sm" variant="plain" onClick={onCancel} aria-label={`Cancel booking #${booking.id}`}>
            Cancel
          </Button>
        </>
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
      {askingHowPaid ? <MarkPaidDialog booking={booking} returnFocus={select} onClose={() => setAskingHowPaid(false)} onConfirm={(paidBy) => onStatus('paid', paidBy)} /> : null}
    </div>
  )
}

/** The Message column's dialog: special requests and the ways to reply. */
