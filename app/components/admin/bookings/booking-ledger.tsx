import { formatYen } from '../../../../core/money.ts'
import { BANK_TRANSFER } from '../../../../core/tax-document-points.ts'
import type { LedgerLine } from '../../../../server/for-app.ts'
import { formatDateTime } from '../api.ts'
import { useAdminData } from '../use-admin-data.ts'

/** What a ledger line is, in the guide's words (docs/decisions/0067): by its account, its direction and what made it. */
function describe(line: LedgerLine): string {
  const source = line.source ? ` (${line.source})` : ''
  const ending = line.transition === 'cancel' || line.transition === 'lapse'
  switch (line.kind) {
    case 'price':
      if (line.transition === 'create' || line.transition === 'migrated') return 'Price of the tour'
      if (line.transition === 'move' || line.transition === 'change-paid') return line.amount > 0 ? 'Price raised by a move' : 'Price lowered by a move'
      if (line.transition === 'revive') return 'Price taken again (booking restored)'
      if (line.transition === 'provider-refund') return 'Price lowered: refunded in the payment provider'
      return line.transition === 'lapse' ? 'Price released: the hold ran out unpaid' : 'Price released by the cancellation'
    case 'cancellation-fee':
      return line.amount > 0 ? 'Kept as the cancellation fee (not subject to consumption tax)' : 'Cancellation fee lowered'
    case 'promo':
      return line.amount > 0 ? `Promo code${source}` : `Promo code’s part released${source}`
    case 'voucher':
      return line.amount > 0 ? `Paid with a gift voucher${source}` : `Given back to the gift voucher${source}`
    case 'card':
      if (line.transition === 'refund-failed') return `Refund refused by the provider: owed to the guest${source}`
      if (line.amount > 0) return `Card payment${source}`
      return ending ? `Card refund of the cancellation${source}` : `Card refund${source}`
    case 'cash':
      // A bank transfer is a cash row its reference names (docs/decisions/0080).
      if (line.amount > 0) return line.source === BANK_TRANSFER ? 'Taken by the guide by bank transfer' : 'Taken by the guide in cash'
      return 'Given back by the guide in cash'
    case 'reseller':
      return line.amount > 0 ? 'Owed by the reseller (its net)' : 'No longer owed by the reseller'
    case 'commission':
      return line.amount > 0 ? 'Kept by the reseller (its commission)' : 'Reseller’s commission released'
    case 'voucher-sale':
      return line.amount > 0 ? 'Gift voucher sold' : 'Gift voucher refunded'
  }
}

/**
 * The booking's money, movement by movement, in time order (docs/decisions/0067): the price and
 * each change of it, what paid it (promo code, voucher, card, cash) and what went back. The
 * figures the dialog and the list show are sums of these lines.
 */
export function BookingLedger({ bookingId }: { bookingId: number }) {
  const { data: lines } = useAdminData<LedgerLine[]>(`/api/admin/bookings/${bookingId}/ledger`, 'Failed to fetch the booking’s money', [])
  return (
    <div>
      <h3 className="text-sm font-semibold">Money</h3>
      {lines === null ? (
        <p className="mt-1 text-sm text-slate-700">Loading the money…</p>
      ) : lines.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No money has moved.</p>
      ) : (
        <table className="mt-1 w-full rounded-md bg-slate-100 text-sm text-slate-900">
          <caption className="sr-only">The booking’s money, oldest first</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Yen</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={i} className="border-t border-slate-200 first:border-t-0">
                <td className="whitespace-nowrap px-3 py-1 align-top text-xs text-slate-700">{formatDateTime(line.at)}</td>
                <td className="px-1 py-1 break-all">{describe(line)}</td>
                <td className="whitespace-nowrap px-3 py-1 text-right tabular-nums">{line.amount > 0 ? formatYen(line.amount) : `−${formatYen(-line.amount)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
