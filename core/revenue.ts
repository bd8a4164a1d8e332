import type { CalendarDate } from './dates.ts'
import type { MovementKind, Transition } from './ledger.ts'

/**
 * The guide's revenue view (docs/decisions/0058 as amended by 0067): each month of a year.
 *
 * - The work, by the month of the tour (Japan dates): the tours that take place (paid or
 *   confirmed, not cancelled), their guests, the yen promo codes took off them and the part gift
 *   vouchers paid of them (money that came in when the voucher was sold, not new money).
 * - The money, by the month it moved (Japan dates), straight from the ledger (core/ledger.ts):
 *   card and cash received, refunded (a cheaper move's difference included), and what is kept
 *   (net), also by tour type; gift vouchers sold and refunded. A month once past never changes,
 *   and each column matches the payment provider's report of the month.
 */

export type TourInput = {
  tourDate: CalendarDate
  /** Not cancelled (a lapsed hold counts as cancelled). */
  live: boolean
  /** Paid or confirmed: a tour that will take place, not an unpaid hold. */
  firm: boolean
  people: number
  /** Yen a promo code took off its price, and a gift voucher paid of it (docs/decisions/0062, 0065). */
  discount: number
  voucherPaid: number
}

/** One ledger row: the Japan date it happened, and the tour type of its booking (null: a voucher's sale). */
export type MovementInput = { on: CalendarDate; kind: MovementKind; amount: number; transition: Transition; tourType: string | null }

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

function addTour(row: RevenueMonth, tour: TourInput) {
  if (!tour.live || !tour.firm) return
  row.tours += 1
  row.guests += tour.people
  row.discounts += tour.discount
  row.paidByVoucher += tour.voucherPaid
}

function addMovement(row: RevenueMonth, m: MovementInput) {
  if (m.kind === 'voucher-sale') {
    if (m.transition === 'refund-failed') row.voucherRefunds -= m.amount
    else if (m.amount > 0) row.voucherSales += m.amount
    else row.voucherRefunds -= m.amount
    return
  }
  if (m.kind !== 'card' && m.kind !== 'cash') return
  // A refund the provider refused came back to the card: it undoes a refund, it is not new money.
  if (m.transition === 'refund-failed') row.refunded -= m.amount
  else if (m.amount > 0) row.received += m.amount
  else row.refunded -= m.amount
  row.net += m.amount
  const type = m.tourType ?? 'Custom Tour'
  row.byTourType[type] = (row.byTourType[type] ?? 0) + m.amount
}

export function revenueOfYear(year: number, tours: TourInput[], movements: MovementInput[], tourTypes: string[] = []): { months: RevenueMonth[]; total: RevenueMonth; tourTypes: string[] } {
  const months = Array.from({ length: 12 }, (_, i) => empty(`${year}-${String(i + 1).padStart(2, '0')}`))
  const total = empty('total')
  const monthOf = (date: CalendarDate) => months.find((m) => date.startsWith(`${m.month}-`))
  const types = new Set(tourTypes)
  for (const tour of tours) {
    const row = monthOf(tour.tourDate)
    if (!row) continue
    addTour(row, tour)
    addTour(total, tour)
  }
  for (const m of movements) {
    const row = monthOf(m.on)
    if (!row) continue
    if (m.kind === 'card' || m.kind === 'cash') types.add(m.tourType ?? 'Custom Tour')
    addMovement(row, m)
    addMovement(total, m)
  }
  return { months, total, tourTypes: [...types].sort() }
}
