import { formatYen } from '../../../../core/money.ts'
import { statusLabel } from '../../../../core/schemas/booking-status.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { Badge } from '../../ui/badge.tsx'

export function StatusBadge({ booking }: { booking: AdminBooking }) {
  return (
    <span className="grid justify-items-start gap-1">
      <Badge tone={booking.status}>{statusLabel(booking.status)}</Badge>
      {booking.amountRefunded > 0 ? <span className="text-xs text-slate-700">Refunded {formatYen(booking.amountRefunded)}</span> : null}
      {booking.attentionReason ? <span className="text-xs font-semibold text-red-800">⚠ {booking.attentionReason}</span> : null}
    </span>
  )
}
