import { describePaidBy } from '../../../../core/ledger.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'

/**
 * What covers a booking's price, way by way, as its ledger holds it (docs/decisions/0075):
 * 'card ¥9,850 + voucher ¥5,000 + promo SPRING-10 ¥1,650', or what is still to pay. The list,
 * its cards and the booking's dialog say it the same way as the CSV.
 */
export function PaidBy({ booking }: { booking: Pick<AdminBooking, 'paidBy' | 'due'> }) {
  return <p className="text-xs text-slate-700">Paid by: {describePaidBy(booking.paidBy, booking.due)}</p>
}
