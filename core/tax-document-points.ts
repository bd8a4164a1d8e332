import { cardAndCash, moneyOf, type Movement } from './ledger.ts'
import type { TaxDocumentKind, TaxDocumentPaymentWay } from './tax-document.ts'

/**
 * Where a booking's ledger calls for a receipt or a return invoice (docs/decisions/0080), and
 * what each says: derived from the ledger every time, so a document always equals the money that
 * moved.
 *
 * The ledger is read as groups: the rows one transition wrote together (same transition, same
 * instant, one after the other). A decision that names two (a revival inside a payment) is two
 * groups, which is harmless: the first leaves money to pay and calls for nothing. After each group the booking holds some of the guest's money (card less what a
 * refused refund owes back, cash, gift voucher), and a cancellation's fee is part of it. What the
 * documents so far state as the consideration for the tour (receipts less returns) should be that
 * money less the fee:
 * - more, and nothing left to pay: a receipt for the difference (a voucher part redeemed while
 *   the card part was still to come is in the receipt that settles the booking);
 * - less: a return invoice. A cancellation undoes the supply: the whole consideration comes back
 *   with its tax, and the fee kept (compensation for lost business, 不課税) is listed apart;
 *   what went back to the guest is the consideration less the fee.
 * Promo codes are discounts, not payments: they lower the consideration and appear on no document.
 */

/** A ledger row as stored: with its id (a group's last id names its document point) and instant. */
export type LedgerRow = Movement & { id: number; at: Date }

export type DocumentPoint = {
  /** The id of the group's last ledger row: stable for as long as the ledger exists. */
  key: number
  kind: TaxDocumentKind
  /** When the money moved. */
  at: Date
  taxable: number
  tax: number
  notTaxable: number
  total: number
  ways: { way: TaxDocumentPaymentWay; yen: number }[]
}

/**
 * The consumption tax inside a tax-inclusive amount at 10 %: 10/110 of it, fractions of a yen
 * rounded down, once per document (the rounding the National Tax Agency allows: once per invoice
 * and tax rate). 0 when the prices include no consumption tax.
 */
export function taxIncludedIn(yen: number, pricesIncludeTax: boolean): number {
  return pricesIncludeTax ? Math.floor((yen * 10) / 110) : 0
}

type Ways = Record<TaxDocumentPaymentWay, number>

function waysHeld(rows: readonly LedgerRow[]): Ways {
  const m = moneyOf(rows)
  // Cash taken by bank transfer is marked by its reference (docs/decisions/0080).
  const transfer = rows.filter((r) => r.kind === 'cash' && r.reference === BANK_TRANSFER).reduce((sum, r) => sum + r.amount, 0)
  return { card: m.card - m.owedBack, cash: m.cash - transfer, 'bank-transfer': transfer, voucher: m.voucher }
}

/** The reference of a `cash` row the guide took by bank transfer rather than in hand. */
export const BANK_TRANSFER = 'bank-transfer'

const WAY_ORDER: readonly TaxDocumentPaymentWay[] = ['card', 'cash', 'bank-transfer', 'voucher']

function groups(rows: readonly LedgerRow[]): LedgerRow[][] {
  const out: LedgerRow[][] = []
  for (const row of rows) {
    const last = out.at(-1)?.at(-1)
    if (last && last.transition === row.transition && last.at.getTime() === row.at.getTime()) out.at(-1)!.push(row)
    else out.push([row])
  }
  return out
}

/** Every document point of a booking's ledger, oldest first. `rows` in the ledger's order. */
export function documentPoints(rows: readonly LedgerRow[], pricesIncludeTax: boolean): DocumentPoint[] {
  const points: DocumentPoint[] = []
  let stated = 0
  let feeStated = 0
  let waysStated: Ways = { card: 0, cash: 0, 'bank-transfer': 0, voucher: 0 }
  let upTo = 0
  for (const group of groups(rows)) {
    upTo += group.length
    const seen = rows.slice(0, upTo)
    const m = moneyOf(seen)
    const held = cardAndCash(m) + m.voucher
    const consideration = held - m.fee
    const last = group.at(-1)!
    const ways = waysHeld(seen)
    const moved = (sign: 1 | -1) =>
      WAY_ORDER.map((way) => ({ way, yen: sign * (ways[way] - waysStated[way]) })).filter((w) => w.yen > 0)
    if (consideration > stated && m.due <= 0) {
      const taxable = consideration - stated
      points.push({ key: last.id, kind: 'receipt', at: last.at, taxable, tax: taxIncludedIn(taxable, pricesIncludeTax), notTaxable: 0, total: taxable, ways: moved(1) })
    } else if (consideration < stated) {
      const taxable = stated - consideration
      const notTaxable = m.fee - feeStated
      points.push({ key: last.id, kind: 'return-invoice', at: last.at, taxable, tax: taxIncludedIn(taxable, pricesIncludeTax), notTaxable, total: taxable - notTaxable, ways: moved(-1) })
    } else continue
    stated = consideration
    feeStated = m.fee
    waysStated = ways
  }
  return points
}
