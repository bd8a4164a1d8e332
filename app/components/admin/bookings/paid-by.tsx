import type { PaidByPart } from '../../../../core/ledger.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import { formatYen } from '../../../../core/money.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'

const WAY_IDS: Record<PaidByPart['way'], MessageId> = {
  card: 'adminBookings.paidBy.card',
  cash: 'adminBookings.paidBy.cash',
  voucher: 'adminBookings.paidBy.voucher',
  promo: 'adminBookings.paidBy.promo',
  reseller: 'adminBookings.paidBy.reseller',
  commission: 'adminBookings.paidBy.commission',
}

/**
 * What covers a booking's price, way by way, as its ledger holds it (docs/decisions/0075):
 * 'card ¥9,850 + voucher ¥5,000 + promo SPRING-10 ¥1,650', or what is still to pay. The list,
 * its cards and the booking's dialog say it the same way as the CSV (core/ledger.ts describePaidBy),
 * in the admin's language (docs/decisions/0086).
 */
export function PaidBy({ booking }: { booking: Pick<AdminBooking, 'paidBy' | 'due'> }) {
  const t = useT()
  const locale = useLocale()
  const paid = booking.paidBy.map((p) => `${t(WAY_IDS[p.way])}${p.promoCode ? ` ${p.promoCode}` : ''} ${formatYen(p.yen, locale)}`).join(' + ')
  const toPay = booking.due > 0 ? t('adminBookings.paidBy.toPay', { amount: formatYen(booking.due, locale) }) : ''
  return <p className="text-xs text-slate-700">{t('adminBookings.paidBy.label', { ways: [paid, toPay].filter(Boolean).join(t('adminBookings.paidBy.separator')) || t('adminBookings.paidBy.nothing') })}</p>
}
