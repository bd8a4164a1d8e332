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
  tourType: string
}

export type RevenueMonth = {
  /** 'yyyy-MM', or 'total' for the year's row. */
  month: string
  tours: number
  guests: number
  received: number
  refunded: number
  net: number
  discounts: number
  /** Net yen per tour type. */
  byTourType: Record<string, number>
}

const empty = (month: string): RevenueMonth => ({ month, tours: 0, guests: 0, received: 0, refunded: 0, net: 0, discounts: 0, byTourType: {} })

function add(row: RevenueMonth, item: RevenueInput) {
  if (item.live && item.firm) {
    row.tours += 1
    row.guests += item.people
    row.discounts += item.discount
  }
  row.received += item.received
  row.refunded += item.refunded
  row.net += item.received - item.refunded
  row.byTourType[item.tourType] = (row.byTourType[item.tourType] ?? 0) + item.received - item.refunded
}

export function revenueOfYear(year: number, items: RevenueInput[]): { months: RevenueMonth[]; total: RevenueMonth; tourTypes: string[] } {
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
  return { months, total, tourTypes: [...tourTypes].sort() }
}
