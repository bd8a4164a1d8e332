/**
 * The guide's revenue view (issue 20 point 4, docs/decisions/0058): each month of a year by the
 * month of the tour (Japan dates), with the tours that take place, their guests, and the money of
 * that month's bookings: received, refunded, and what is kept (net), also by tour type.
 *
 * Money counts every booking of the month, a cancelled one included (a late cancellation keeps
 * its money); tours and guests count only bookings that still take place.
 *
 * Discounts (promo codes, docs/decisions/0062) are shown apart: the yen the codes took off the
 * catalogue's price of the tours that take place. They are not money, so net does not move.
 *
 * Gift vouchers (docs/decisions/0065) are money when they are sold, not when they are spent:
 * `voucherSales` and `voucherRefunds` are the vouchers paid (and refunded) in the month, by the
 * Japan date of their payment, apart from the tours. A tour paid with a voucher counts only its
 * card part as received; the voucher part shows as `paidByVoucher`, so money is never counted
 * twice and the tours' net stays the card money of the tours.
 */

export type RevenueInput = {
  tourDate: string
  /** Not cancelled (a lapsed hold counts as cancelled). */
  live: boolean
  /** Paid or confirmed: a tour that will take place, not an unpaid hold. */
  firm: boolean
  people: number
  /** Yen received for the booking, and yen given back. */
  received: number
  refunded: number
  /** Yen a promo code took off the catalogue's price (docs/decisions/0062). */
  discount: number
  /** Yen a gift voucher paid of the booking, less what went back to the voucher (docs/decisions/0065). */
  voucherPaid: number
  tourType: string
}

/** A gift voucher sold: the Japan date it was paid, its amount, and what was refunded of it. */
export type VoucherSaleInput = { paidOn: string; amount: number; refunded: number }

export type RevenueMonth = {
  /** 'yyyy-MM', or 'total' for the year's row. */
  month: string
  tours: number
  guests: number
  received: number
  refunded: number
  net: number
  discounts: number
  /** The voucher part of the tours that take place: paid with vouchers sold earlier, not new money. */
  paidByVoucher: number
  /** Yen of gift vouchers paid in the month, and refunded of them. */
  voucherSales: number
  voucherRefunds: number
  /** Net yen per tour type. */
  byTourType: Record<string, number>
}

const empty = (month: string): RevenueMonth => ({ month, tours: 0, guests: 0, received: 0, refunded: 0, net: 0, discounts: 0, paidByVoucher: 0, voucherSales: 0, voucherRefunds: 0, byTourType: {} })

function add(row: RevenueMonth, item: RevenueInput) {
  if (item.live && item.firm) {
    row.tours += 1
    row.guests += item.people
    row.discounts += item.discount
    row.paidByVoucher += item.voucherPaid
  }
  row.received += item.received
  row.refunded += item.refunded
  row.net += item.received - item.refunded
  row.byTourType[item.tourType] = (row.byTourType[item.tourType] ?? 0) + item.received - item.refunded
}

export function revenueOfYear(year: number, items: RevenueInput[], voucherSales: VoucherSaleInput[] = []): { months: RevenueMonth[]; total: RevenueMonth; tourTypes: string[] } {
  const months = Array.from({ length: 12 }, (_, i) => empty(`${year}-${String(i + 1).padStart(2, '0')}`))
  const total = empty('total')
  const tourTypes = new Set<string>()
  for (const item of items) {
    const row = months.find((m) => item.tourDate.startsWith(`${m.month}-`))
    if (!row) continue
    tourTypes.add(item.tourType)
    add(row, item)
    add(total, item)
  }
  for (const sale of voucherSales) {
    const row = months.find((m) => sale.paidOn.startsWith(`${m.month}-`))
    if (!row) continue
    for (const r of [row, total]) {
      r.voucherSales += sale.amount
      r.voucherRefunds += sale.refunded
    }
  }
  return { months, total, tourTypes: [...tourTypes].sort() }
}
