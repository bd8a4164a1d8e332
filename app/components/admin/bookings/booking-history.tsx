import { describeMove } from '../../../../core/booking-changes.ts'
import type { BookingChangeView } from '../../../../server/for-app.ts'
import { formatDateTime } from '../api.ts'
import { useAdminData } from '../use-admin-data.ts'

const MOVED_BY = { guest: 'the guest', guide: 'the guide', disruption: 'the guest, after a disruption' } as const

/** A booking's moves in its dialog (docs/decisions/0055): what changed, who moved it, when, and whether the guest was told. */
export function BookingHistory({ bookingId }: { bookingId: number }) {
  const { data: changes } = useAdminData<BookingChangeView[]>(`/api/admin/bookings/${bookingId}/changes`, 'Failed to fetch the booking’s history', [])
  return (
    <div>
      <h3 className="text-sm font-semibold">History</h3>
      {changes === null ? (
        <p className="mt-1 text-sm text-slate-700">Loading the history…</p>
      ) : changes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">Never moved.</p>
      ) : (
        <ol className="mt-1 grid gap-1 rounded-md bg-slate-100 p-3 text-sm text-slate-900">
          {changes.map((c) => (
            <li key={c.at + describeMove(c.from, c.to)}>
              {formatDateTime(c.at)}: moved {describeMove(c.from, c.to)} by {c.by ?? MOVED_BY[c.actor]}
              {c.guestTold ? '; the guest was told' : '; the guest was not e-mailed'}.
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
