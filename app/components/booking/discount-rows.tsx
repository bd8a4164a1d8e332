import { formatYen } from '../../../core/money.ts'
import { useT } from '../../i18n/i18n.tsx'
import type { PublicBooking } from './types.ts'

/**
 * A promo code's part of a booking's price (docs/decisions/0062), as rows of the checkout's and
 * the trip page's lists: the catalogue's price, then the code and the yen it took off. The total
 * the lists show after them is what the guest pays. Nothing without a discount.
 */
export function DiscountRows({ booking }: { booking: Pick<PublicBooking, 'totalPrice' | 'discount' | 'promoCode'> }) {
  const t = useT()
  if (booking.discount === 0 || !booking.promoCode) return null
  return (
    <>
      <dt className="font-semibold text-slate-600">{t('checkout.row.cataloguePrice')}</dt>
      <dd className="text-slate-900">{formatYen(booking.totalPrice + booking.discount)}</dd>
      <dt className="font-semibold text-slate-600">{t('checkout.row.promoCode', { code: booking.promoCode })}</dt>
      <dd className="text-slate-900">−{formatYen(booking.discount)}</dd>
    </>
  )
}
