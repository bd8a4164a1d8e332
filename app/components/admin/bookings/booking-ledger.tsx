import type { MessageId } from '../../../../core/i18n/message-id.ts'
import { formatYen } from '../../../../core/money.ts'
import { BANK_TRANSFER } from '../../../../core/tax-document-points.ts'
import type { LedgerLine } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import type { Translate } from '../../../i18n/translator.ts'
import { formatDateTime } from '../email-and-time.ts'

/** What a ledger line is, as a message id (docs/decisions/0067): by its account, its direction and what made it. */
function lineId(line: LedgerLine): MessageId {
  const ending = line.transition === 'cancel' || line.transition === 'lapse'
  switch (line.kind) {
    case 'price':
      if (line.transition === 'create' || line.transition === 'migrated') return 'adminBookings.ledger.price'
      if (line.transition === 'move' || line.transition === 'change-paid') return line.amount > 0 ? 'adminBookings.ledger.priceRaised' : 'adminBookings.ledger.priceLowered'
      if (line.transition === 'revive') return 'adminBookings.ledger.priceRevived'
      if (line.transition === 'provider-refund') return 'adminBookings.ledger.priceProviderRefund'
      return line.transition === 'lapse' ? 'adminBookings.ledger.priceLapsed' : 'adminBookings.ledger.priceCancelled'
    case 'cancellation-fee':
      return line.amount > 0 ? 'adminBookings.ledger.cancellationFee' : 'adminBookings.ledger.cancellationFeeLowered'
    case 'promo':
      return line.amount > 0 ? 'adminBookings.ledger.promo' : 'adminBookings.ledger.promoReleased'
    case 'voucher':
      return line.amount > 0 ? 'adminBookings.ledger.voucher' : 'adminBookings.ledger.voucherBack'
    case 'card':
      if (line.transition === 'refund-failed') return 'adminBookings.ledger.refundRefused'
      if (line.amount > 0) return 'adminBookings.ledger.card'
      return ending ? 'adminBookings.ledger.cardRefundCancellation' : 'adminBookings.ledger.cardRefund'
    case 'cash':
      // A bank transfer is a cash row its reference names (docs/decisions/0080).
      if (line.amount > 0) return line.source === BANK_TRANSFER ? 'adminBookings.ledger.bankTransfer' : 'adminBookings.ledger.cash'
      return 'adminBookings.ledger.cashBack'
    case 'reseller':
      return line.amount > 0 ? 'adminBookings.ledger.reseller' : 'adminBookings.ledger.resellerReleased'
    case 'commission':
      return line.amount > 0 ? 'adminBookings.ledger.commission' : 'adminBookings.ledger.commissionReleased'
    case 'voucher-sale':
      return line.amount > 0 ? 'adminBookings.ledger.voucherSold' : 'adminBookings.ledger.voucherRefunded'
  }
}

/** The line in the admin's words, with what made it (a promo code, a payment's id) when the row names it. */
function describe(line: LedgerLine, t: Translate): string {
  const what = t(lineId(line))
  // The price, fee and cash rows never named their source; the others add it in brackets.
  const namesSource = line.source && (line.kind === 'promo' || line.kind === 'voucher' || line.kind === 'card')
  return namesSource ? t('adminBookings.ledger.withSource', { what, source: line.source ?? '' }) : what
}

/**
 * The booking's money, movement by movement, in time order (docs/decisions/0067): the price and
 * each change of it, what paid it (promo code, voucher, card, cash) and what went back. The
 * figures the dialog and the list show are sums of these lines. They come with the page (docs/decisions/0088).
 */
export function BookingLedger({ lines }: { lines: LedgerLine[] }) {
  const t = useT()
  const locale = useLocale()
  return (
    <div>
      <h3 className="text-sm font-semibold">{t('adminBookings.ledger.title')}</h3>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('adminBookings.ledger.empty')}</p>
      ) : (
        <table className="mt-1 w-full rounded-md bg-slate-100 text-sm text-slate-900">
          <caption className="sr-only">{t('adminBookings.ledger.caption')}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('adminBookings.ledger.when')}</th>
              <th scope="col">{t('adminBookings.ledger.what')}</th>
              <th scope="col">{t('adminBookings.ledger.yen')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={i} className="border-t border-slate-200 first:border-t-0">
                <td className="whitespace-nowrap px-3 py-1 align-top text-xs text-slate-700">{formatDateTime(line.at, locale)}</td>
                <td className="px-1 py-1 break-all">{describe(line, t)}</td>
                <td className="whitespace-nowrap px-3 py-1 text-right tabular-nums">{line.amount > 0 ? formatYen(line.amount, locale) : `−${formatYen(-line.amount, locale)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
