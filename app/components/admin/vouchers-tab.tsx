import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import type { VoucherState } from '../../../core/vouchers.ts'
import type { AdminVoucher } from '../../../server/for-app.ts'
import { api, failToast, formatDateTime, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { ScrollBox } from '../ui/scroll-box.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'

const STATES: Record<VoucherState, { label: string; tone: 'pending' | 'paid' | 'confirmed' | 'cancelled' | 'neutral' }> = {
  'awaiting-payment': { label: 'Awaiting payment', tone: 'pending' },
  active: { label: 'Active', tone: 'paid' },
  'used-up': { label: 'Used up', tone: 'confirmed' },
  expired: { label: 'Expired', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'cancelled' },
  refunded: { label: 'Refunded', tone: 'cancelled' },
}

/**
 * Gift vouchers (issue 20 point 3, docs/decisions/0065): every voucher with its balance, the
 * bookings that spent from it, its buyer and recipient and last day. A paid voucher nobody has
 * used can be cancelled and refunded in full through the payment provider; a partly used one can
 * be cancelled (its code stops working) without a refund.
 */
export function VouchersTab() {
  const { data, reload } = useAdminData<{ vouchers: AdminVoucher[] } | null>('/api/admin/vouchers', 'Failed to load the vouchers', null)

  async function cancel(voucher: AdminVoucher, refund: boolean, exception = false) {
    try {
      const result = await api<{ voucher: AdminVoucher; refund: { amount: number; status: string; message?: string } }>('POST', `/api/admin/vouchers/${voucher.id}/cancel`, { refund, ...(exception ? { exception } : {}) })
      if (result.refund.status === 'failed') failToast('Voucher cancelled, but the refund failed', new Error(result.refund.message ?? 'Refund it in the payment provider.'))
      else successToast(refund ? 'Voucher refunded' : 'Voucher cancelled', refund ? `${formatYen(result.refund.amount)} goes back to ${voucher.buyerName}'s card.` : `${voucher.maskedCode} no longer works.`)
    } catch (err) {
      failToast('Failed to cancel the voucher', err)
    }
    await reload()
  }

  const vouchers = data?.vouchers ?? []
  return (
    <section aria-labelledby="vouchers-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="vouchers-heading" className="text-lg font-semibold text-slate-900">
        Gift vouchers
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Visitors buy vouchers on the Gift vouchers page; the code pays all or part of a booking and keeps any balance until its last day. An unused voucher can be refunded; a partly used one can only be cancelled. The validity and the amounts visitors may choose are in Settings.
      </p>
      {data === null ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : vouchers.length === 0 ? (
        <p className="text-sm text-slate-600">No vouchers sold yet.</p>
      ) : (
        <ScrollBox label="Gift vouchers table">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">Code</th>
                <th scope="col" className="px-2 py-2">Amount</th>
                <th scope="col" className="px-2 py-2">Balance</th>
                <th scope="col" className="px-2 py-2">Uses</th>
                <th scope="col" className="px-2 py-2">Buyer</th>
                <th scope="col" className="px-2 py-2">Recipient</th>
                <th scope="col" className="px-2 py-2">Valid until</th>
                <th scope="col" className="px-2 py-2">Status</th>
                <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {vouchers.map((v) => (
                <tr key={v.id} className="border-b border-slate-100 align-top">
                  <th scope="row" className="whitespace-nowrap px-2 py-2 font-mono font-semibold">
                    {v.maskedCode}
                    {v.attentionReason ? <p className="mt-1 max-w-56 whitespace-normal font-sans text-xs font-normal text-red-800">{v.attentionReason}</p> : null}
                  </th>
                  <td className="px-2 py-2">{formatYen(v.amount)}</td>
                  <td className="px-2 py-2">{formatYen(v.balance)}</td>
                  <td className="px-2 py-2">
                    {v.uses.length === 0 ? (
                      'None'
                    ) : (
                      <ul>
                        {v.uses.map((u) => (
                          <li key={u.reference} className="whitespace-nowrap">
                            <span className="font-mono">{u.reference}</span> {formatYen(u.amount)}
                            {u.returned > 0 ? ` (${formatYen(u.returned)} back)` : ''}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="px-2 py-2">
                    <span className="break-words">{v.buyerName}</span>
                    <span className="block break-all text-xs text-slate-600">{v.buyerEmail}</span>
                    <span className="block text-xs text-slate-600">{formatDateTime(v.paidAt ?? v.createdAt)}</span>
                  </td>
                  <td className="px-2 py-2 break-words">{v.recipientName ?? '—'}</td>
                  <td className="whitespace-nowrap px-2 py-2">{v.validUntil ? formatLongDate(v.validUntil) : '—'}</td>
                  <td className="px-2 py-2">
                    <Badge tone={STATES[v.state].tone}>{STATES[v.state].label}</Badge>
                    {v.amountRefunded > 0 ? <span className="mt-1 block text-xs text-slate-600">{formatYen(v.amountRefunded)} refunded</span> : null}
                  </td>
                  <td className="px-2 py-2">
                    {v.state === 'active' || v.state === 'expired' ? (
                      v.balance === v.amount && v.state === 'expired' ? (
                        // The terms refund no expired balance (the legal page): a refund is the guide's exception, said before and recorded.
                        <ConfirmDialog
                          trigger={
                            <Button size="sm" variant="danger" aria-label={`Refund ${v.maskedCode} as an exception`}>
                              Refund as an exception
                            </Button>
                          }
                          title="Refund an expired voucher as an exception?"
                          description={`It expired on ${formatLongDate(v.validUntil!)}, and the terms say an expired balance is not refunded. Refund ${formatYen(v.amount)} to ${v.buyerName}'s card anyway? The exception is recorded.`}
                          confirmLabel="Refund as an exception"
                          onConfirm={() => cancel(v, true, true)}
                        />
                      ) : v.balance === v.amount ? (
                        <ConfirmDialog
                          trigger={
                            <Button size="sm" variant="danger" aria-label={`Cancel and refund ${v.maskedCode}`}>
                              Cancel and refund
                            </Button>
                          }
                          title="Cancel and refund this voucher?"
                          description={`Its code stops working at once, and ${formatYen(v.amount)} goes back to ${v.buyerName}'s card.`}
                          confirmLabel="Cancel and refund"
                          onConfirm={() => cancel(v, true)}
                        />
                      ) : (
                        <ConfirmDialog
                          trigger={
                            <Button size="sm" variant="danger" aria-label={`Cancel ${v.maskedCode}`}>
                              Cancel
                            </Button>
                          }
                          title="Cancel this voucher without a refund?"
                          description={`It has been used for a booking. Its code stops working at once; the ${formatYen(v.balance)} left is not refunded automatically.`}
                          confirmLabel="Cancel voucher"
                          onConfirm={() => cancel(v, false)}
                        />
                      )
                    ) : null}
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
