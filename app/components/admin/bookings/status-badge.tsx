import { formatYen } from '../../../../core/money.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import type { BookingStatus } from '../../../../core/schemas/booking-status.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { Badge } from '../../ui/badge.tsx'
import { useAttentionText } from '../attention.ts'

/** The four statuses in the admin's language (docs/decisions/0086): the badge, the filter and each row's select. */
export const STATUS_IDS: Record<BookingStatus, MessageId> = {
  pending: 'adminBookings.status.pending',
  confirmed: 'adminBookings.status.confirmed',
  cancelled: 'adminBookings.status.cancelled',
  paid: 'adminBookings.status.paid',
}

export function StatusBadge({ booking }: { booking: AdminBooking }) {
  const t = useT()
  const locale = useLocale()
  const attention = useAttentionText()(booking)
  return (
    <span className="grid justify-items-start gap-1">
      <Badge tone={booking.status}>{t(STATUS_IDS[booking.status])}</Badge>
      {booking.amountRefunded > 0 ? <span className="text-xs text-slate-700">{t('adminBookings.status.refunded', { amount: formatYen(booking.amountRefunded, locale) })}</span> : null}
      {attention ? <span className="text-xs font-semibold text-red-800">⚠ {attention}</span> : null}
    </span>
  )
}
