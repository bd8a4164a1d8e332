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

/** The reseller a booking came through (docs/decisions/0074); null: the site's guest or the guide. */
export type ResellerOf = { id: number; name: string; test: boolean } | null

export type TourInput = {
  tourDate: CalendarDate
  reseller: ResellerOf
  /** Not cancelled (a lapsed hold counts as cancelled). */
  live: boolean
  /** Paid or confirmed: a tour that will take place, not an unpaid hold. */
  firm: boolean
  people: number
  /** Yen a promo code took off its price, and a gift voucher paid of it (docs/decisions/0062, 0065). */
  discount: number
  voucherPaid: number
}

/** One ledger row: the Japan date it happened, the tour type of its booking (null: a voucher's sale) and the reseller it came through. */
export type MovementInput = { on: CalendarDate; kind: MovementKind; amount: number; transition: Transition; tourType: string | null; reseller: ResellerOf }

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

/**
 * One channel's money in a month (docs/decisions/0076). For a reseller: `gross` the price it sold at,
 * `commission` what it keeps, `net` what it owes the guide (gross − commission). For the site:
 * card and cash kept (`gross` and `net` alike, no commission).
 */
export type ChannelMonth = { month: string; gross: number; commission: number; net: number }

export type ChannelRevenue = {
  /** 'site', or 'reseller-<id>'. */
  channel: string
  resellerId: number | null
  name: string
  months: ChannelMonth[]
  total: ChannelMonth
}

export const SITE_CHANNEL_NAME = 'Site (card and cash)'

/** The year a revenue view or its CSV asks for ('2026'), or null for anything else: a year of 2000 to 2100. */
export function revenueYear(raw: unknown): number | null {
  const year = typeof raw === 'string' && /^\d{4}$/.test(raw) ? Number(raw) : NaN
  return year >= 2000 && year <= 2100 ? year : null
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

function channelOf(channels: Map<string, ChannelRevenue>, year: number, key: string, resellerId: number | null, name: string): ChannelRevenue {
  let channel = channels.get(key)
  if (!channel) {
    channel = { channel: key, resellerId, name, months: monthsOf(year).map(emptyChannel), total: emptyChannel('total') }
    channels.set(key, channel)
  }
  return channel
}

const emptyChannel = (month: string): ChannelMonth => ({ month, gross: 0, commission: 0, net: 0 })
const monthsOf = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)

/** What a movement adds to its channel's month: card and cash to the site, a reseller's net and commission to it; nothing else is a channel's money. */
function addToChannel(figures: ChannelMonth, m: MovementInput) {
  if (m.kind === 'card' || m.kind === 'cash' || m.kind === 'reseller') {
    figures.gross += m.amount
    figures.net += m.amount
  } else if (m.kind === 'commission') {
    figures.gross += m.amount
    figures.commission += m.amount
  }
}

export function revenueOfYear(year: number, tours: TourInput[], movements: MovementInput[], tourTypes: string[] = []): { months: RevenueMonth[]; total: RevenueMonth; tourTypes: string[]; channels: ChannelRevenue[] } {
  const months = monthsOf(year).map(empty)
  const total = empty('total')
  const monthIndex = (date: CalendarDate) => months.findIndex((m) => date.startsWith(`${m.month}-`))
  const types = new Set(tourTypes)
  const channels = new Map<string, ChannelRevenue>()
  // The site is always a channel: the guest's bookings and the guide's own.
  channelOf(channels, year, 'site', null, SITE_CHANNEL_NAME)
  for (const tour of tours) {
    const i = monthIndex(tour.tourDate)
    if (i < 0 || tour.reseller?.test) continue
    addTour(months[i]!, tour)
    addTour(total, tour)
  }
  for (const m of movements) {
    const i = monthIndex(m.on)
    if (i < 0 || m.reseller?.test) continue
    if (m.kind === 'card' || m.kind === 'cash') types.add(m.tourType ?? 'Custom Tour')
    addMovement(months[i]!, m)
    addMovement(total, m)
    // Card and cash are the site's money whoever sold the booking: a receivable is not money received.
    const channel =
      m.kind === 'card' || m.kind === 'cash'
        ? channelOf(channels, year, 'site', null, SITE_CHANNEL_NAME)
        : (m.kind === 'reseller' || m.kind === 'commission') && m.reseller
          ? channelOf(channels, year, `reseller-${m.reseller.id}`, m.reseller.id, m.reseller.name)
          : null
    if (!channel) continue
    addToChannel(channel.months[i]!, m)
    addToChannel(channel.total, m)
  }
  const [site, ...resellers] = [...channels.values()]
  resellers.sort((a, b) => a.name.localeCompare(b.name) || a.resellerId! - b.resellerId!)
  return { months, total, tourTypes: [...types].sort(), channels: [site!, ...resellers] }
}
