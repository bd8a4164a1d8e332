import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import type { VoucherState } from '../../../core/vouchers.ts'
import type { AdminVoucher } from '../../../server/for-app.ts'
import { formatDateTime } from './email-and-time.ts'
import { ConfirmedRowAction } from './admin-form.tsx'
import { toast } from '../ui/use-toast.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { useAttentionText } from './attention.ts'
import { ScrollBox } from '../ui/scroll-box.tsx'
import { Badge } from '../ui/badge.tsx'
import { ColumnHeads } from '../ui/column-heads.tsx'

const STATES: Record<VoucherState, { label: MessageId; tone: 'pending' | 'paid' | 'confirmed' | 'cancelled' | 'neutral' }> = {
  'awaiting-payment': { label: 'adminMoney.vouchers.stateAwaitingPayment', tone: 'pending' },
  active: { label: 'adminMoney.vouchers.stateActive', tone: 'paid' },
  'used-up': { label: 'adminMoney.vouchers.stateUsedUp', tone: 'confirmed' },
  expired: { label: 'adminMoney.vouchers.stateExpired', tone: 'neutral' },
  cancelled: { label: 'adminMoney.vouchers.stateCancelled', tone: 'cancelled' },
  refunded: { label: 'adminMoney.vouchers.stateRefunded', tone: 'cancelled' },
}

/**
 * Gift vouchers (docs/decisions/0065): every voucher with its balance, the
 * bookings that spent from it, its buyer and recipient and last day. A paid voucher nobody has
 * used can be cancelled and refunded in full through the payment provider; a partly used one can
 * be cancelled (its code stops working) without a refund. The list comes with the page (the
 * Vouchers route's loader, docs/decisions/0088); a cancel is the route's action.
 */
export function VouchersTab({ vouchers }: { vouchers: AdminVoucher[] }) {
  const t = useT()
  const locale = useLocale()
  const attentionText = useAttentionText()
  return (
    <section aria-labelledby="vouchers-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="vouchers-heading" className="text-lg font-semibold text-slate-900">
        {t('adminMoney.vouchers.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t('adminMoney.vouchers.intro')}
      </p>
      {vouchers.length === 0 ? (
        <p className="text-sm text-slate-600">{t('adminMoney.vouchers.empty')}</p>
      ) : (
        <ScrollBox label={t('adminMoney.vouchers.tableLabel')}>
          <table className="w-full text-left text-sm">
            <ColumnHeads
              labels={[
                t('adminMoney.vouchers.code'),
                t('adminMoney.vouchers.amount'),
                t('adminMoney.vouchers.balance'),
                t('adminMoney.vouchers.uses'),
                t('adminMoney.vouchers.buyer'),
                t('adminMoney.vouchers.recipient'),
                t('adminMoney.vouchers.validUntil'),
                t('adminMoney.vouchers.status'),
                <span className="sr-only">{t('admin.common.actions')}</span>,
              ]}
            />
            <tbody>
              {vouchers.map((v) => (
                <tr key={v.id} className="border-b border-slate-100 align-top">
                  <th scope="row" className="whitespace-nowrap px-2 py-2 font-mono font-semibold">
                    {v.maskedCode}
                    {v.attentionReason ? <p className="mt-1 max-w-56 whitespace-normal font-sans text-xs font-normal text-red-800">{attentionText(v)}</p> : null}
                  </th>
                  <td className="px-2 py-2">{formatYen(v.amount, locale)}</td>
                  <td className="px-2 py-2">{formatYen(v.balance, locale)}</td>
                  <td className="px-2 py-2">
                    {v.uses.length === 0 ? (
                      t('admin.common.none')
                    ) : (
                      <ul>
                        {v.uses.map((u) => (
                          <li key={u.reference} className="whitespace-nowrap">
                            <span className="font-mono">{u.reference}</span> {formatYen(u.amount, locale)}
                            {u.returned > 0 ? t('adminMoney.vouchers.returned', { amount: formatYen(u.returned, locale) }) : ''}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="px-2 py-2">
                    <span className="break-words">{v.buyerName}</span>
                    <span className="block break-all text-xs text-slate-600">{v.buyerEmail}</span>
                    <span className="block text-xs text-slate-600">{formatDateTime(v.paidAt ?? v.createdAt, locale)}</span>
                  </td>
                  <td className="px-2 py-2 break-words">{v.recipientName ?? '—'}</td>
                  <td className="whitespace-nowrap px-2 py-2">{v.validUntil ? formatLongDate(v.validUntil, locale) : '—'}</td>
                  <td className="px-2 py-2">
                    <Badge tone={STATES[v.state].tone}>{t(STATES[v.state].label)}</Badge>
                    {v.amountRefunded > 0 ? <span className="mt-1 block text-xs text-slate-600">{t('adminMoney.vouchers.amountRefunded', { amount: formatYen(v.amountRefunded, locale) })}</span> : null}
                  </td>
                  <td className="px-2 py-2">
                    <VoucherCancel voucher={v} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  )
}


type CancelAnswer = { voucher: AdminVoucher; refund: { amount: number; status: string } }

/** A voucher's cancel, through the route's action: with its refund when nobody has spent from it, as the guide's exception past its last day. */
function VoucherCancel({ voucher: v }: { voucher: AdminVoucher }) {
  const t = useT()
  const locale = useLocale()
  const answer = {
    failTitle: t('adminMoney.vouchers.cancelFailed'),
    onSaved: (result: CancelAnswer) => {
      // Cancelled, but the provider refused the refund: said as a failure, with what the guide does now,
      // in the dashboard's language (the provider's own words are on the voucher's attention line).
      if (result.refund.status === 'failed') toast({ title: t('adminMoney.vouchers.refundFailed'), description: t('adminMoney.vouchers.refundInProvider'), variant: 'destructive' })
      else if (result.refund.amount > 0) toast({ title: t('adminMoney.vouchers.refunded'), description: t('adminMoney.vouchers.refundedDescription', { amount: formatYen(result.refund.amount, locale), buyer: v.buyerName }) })
      else toast({ title: t('adminMoney.vouchers.cancelled'), description: t('adminMoney.vouchers.cancelledDescription', { code: v.maskedCode }) })
    },
  }
  if (v.state !== 'active' && v.state !== 'expired') return null
  // The terms refund no expired balance (the legal page): a refund is the guide's exception, said before and recorded.
  const exception = v.balance === v.amount && v.state === 'expired'
  const refund = v.balance === v.amount
  return (
    <ConfirmedRowAction<CancelAnswer>
      intent="cancel"
      rowId={v.id}
      fields={{ refund: String(refund), ...(exception ? { exception: 'true' } : {}) }}
      trigger={{
        label: t(exception ? 'adminMoney.vouchers.refundException' : refund ? 'adminMoney.vouchers.cancelRefund' : 'adminMoney.vouchers.cancel'),
        size: 'sm',
        variant: 'danger',
        'aria-label': t(exception ? 'adminMoney.vouchers.refundExceptionLabel' : refund ? 'adminMoney.vouchers.cancelRefundLabel' : 'adminMoney.vouchers.cancelLabel', { code: v.maskedCode }),
      }}
      title={t(exception ? 'adminMoney.vouchers.refundExceptionTitle' : refund ? 'adminMoney.vouchers.cancelRefundTitle' : 'adminMoney.vouchers.cancelTitle')}
      description={
        exception
          ? t('adminMoney.vouchers.refundExceptionDescription', { date: formatLongDate(v.validUntil!, locale), amount: formatYen(v.amount, locale), buyer: v.buyerName })
          : refund
            ? t('adminMoney.vouchers.cancelRefundDescription', { amount: formatYen(v.amount, locale), buyer: v.buyerName })
            : t('adminMoney.vouchers.cancelDescription', { balance: formatYen(v.balance, locale) })
      }
      confirmLabel={t(exception ? 'adminMoney.vouchers.refundException' : refund ? 'adminMoney.vouchers.cancelRefund' : 'adminMoney.vouchers.cancelConfirm')}
      {...answer}
    />
  )
}
