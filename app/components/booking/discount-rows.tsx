import { formatYen } from '../../../core/money.ts'
import { useT } from '../../i18n/i18n.tsx'
import type { PublicBooking } from './types.ts'

/**
 * A promo code's and a gift voucher's parts of a booking's price (docs/decisions/0062, 0065), as
 * rows of the checkout's and the trip page's lists: the catalogue's price, then the code and the
 * yen it took off, then what the voucher paid. The total the lists show after them is what the
 * guest pays by card. Nothing without either.
 */
export function DiscountRows({ booking }: { booking: Pick<PublicBooking, 'totalPrice' | 'discount' | 'promoCode' | 'voucherAmount'> }) {
  const t = useT()
  const promo = booking.discount > 0 && booking.promoCode ? booking.promoCode : null
  if (!promo && booking.voucherAmount === 0) return null
  return (
    <>
      <dt className="font-semibold text-slate-600">{t('checkout.row.cataloguePrice')}</dt>
      <dd className="text-slate-900">{formatYen(booking.totalPrice + booking.discount + booking.voucherAmount)}</dd>
      {promo ? (
        <>
          <dt className="font-semibold text-slate-600">{t('checkout.row.promoCode', { code: promo })}</dt>
          <dd className="text-slate-900">−{formatYen(booking.discount)}</dd>
        </>
      ) : null}
      {booking.voucherAmount > 0 ? (
        <>
          <dt className="font-semibold text-slate-600">{t('checkout.row.voucher')}</dt>
          <dd className="text-slate-900">−{formatYen(booking.voucherAmount)}</dd>
        </>
      ) : null}
    </>
  )
}
