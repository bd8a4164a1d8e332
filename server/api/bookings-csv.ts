import { stringify } from 'csv-stringify/sync'
import { isPhoneNumber } from '../../core/schemas/fields.ts'
import { isTourTime, slotLabel } from '../../core/slots.ts'
import { BUSINESS_TIME_ZONE } from '../../core/dates.ts'
import type { AdminBooking } from '../services/admin-bookings.ts'
import { answerColumns } from './answers-csv.ts'
import { describeMove } from '../../core/booking-changes.ts'
import { describePaidBy } from '../../core/ledger.ts'
import type { RevenueMonth } from '../../core/revenue.ts'
import type { BookingChangeView } from '../services/booking-moves.ts'

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets
 * a leading apostrophe, so a guest's name like '=HYPERLINK(…)' stays text. A phone number
 * as the booking form accepts it ('+81 90-1234-5678': '+', a digit, then only digits,
 * spaces, dots, dashes and parentheses) is left alone: it can call no function and
 * reference no cell, and the guide reads it as typed.
 */
export function spreadsheetSafe(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text)) return text
  if (/^\+\d/.test(text) && isPhoneNumber(text)) return text
  return `'${text}`
}

/** '2025-06-07 09:30' in Japan, as the dashboard shows times: a spreadsheet reads it as a date and time. */
const japanTime = new Intl.DateTimeFormat('sv-SE', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false })
export function formatJapanTime(iso: string): string {
  const instant = new Date(iso)
  return Number.isNaN(instant.getTime()) ? iso : japanTime.format(instant)
}

const COLUMNS: [header: string, value: (b: AdminBooking) => string | number][] = [
  ['id', (b) => b.id],
  ['reference', (b) => b.reference],
  ['name', (b) => b.name],
  ['email', (b) => b.email],
  ['phone', (b) => b.phone],
  ['tourDate', (b) => b.tourDate],
  ['slot', (b) => (isTourTime(b.tourTime) ? slotLabel(b.tourTime) : b.tourTime)],
  ['tourTime', (b) => b.timeText],
  ['package', (b) => b.packageName],
  ['numberOfPeople', (b) => b.numberOfPeople],
  ['totalPrice', (b) => b.totalPrice],
  // A custom price's note and the admin who made the booking in the dashboard (docs/decisions/0059).
  ['priceNote', (b) => b.priceNote ?? ''],
  // A promo code's part (docs/decisions/0062): totalPrice is what the guest pays, after the discount.
  ['promoCode', (b) => b.promoCode ?? ''],
  ['discount', (b) => b.discount],
  // A gift voucher's part (docs/decisions/0065): totalPrice is what the card pays, after it.
  ['voucherAmount', (b) => b.voucherAmount],
  // Every way that covers the price, in one cell, so a card amount never reads as the whole (docs/decisions/0075).
  ['paidBy', (b) => describePaidBy(b.paidBy, b.due)],
  ['amountRefunded', (b) => b.amountRefunded],
  // From the ledger (docs/decisions/0067): the tour's price before promo code and voucher, the card and cash held, and a cancellation's fee.
  ['tourPrice', (b) => b.tourPrice],
  ['amountPaid', (b) => b.amountPaid],
  ['cancellationFee', (b) => b.cancellationFee],
  ['status', (b) => b.status],
  ['specialRequests', (b) => b.specialRequests ?? ''],
  ['meeting', (b) => b.meeting],
  ['language', (b) => b.language],
  ['arrangedBy', (b) => b.arrangedBy ?? ''],
  ['createdAt (Japan time)', (b) => formatJapanTime(b.createdAt)],
]

/** Who moved a booking, as the history column names them. */
const MOVED_BY = { guest: 'guest', guide: 'guide', disruption: 'guest after a disruption' } as const

/** A booking's moves, oldest first, in one cell: what changed, who moved it and when (docs/decisions/0055). */
const changesColumn = (changes: Map<number, BookingChangeView[]>): [string, (b: AdminBooking) => string] => [
  'changes',
  (b) => (changes.get(b.id) ?? []).map((c) => `${describeMove(c.from, c.to)} (${c.by ?? MOVED_BY[c.actor]}, ${formatJapanTime(c.at)})`).join('; '),
]

/**
 * The admin's CSV export (RFC 4180 through csv-stringify, CRLF line ends): the booking, its
 * history of moves, then one column per booking question answered.
 */
export function bookingsCsv(items: AdminBooking[], changes: Map<number, BookingChangeView[]>): string {
  const columns = [...COLUMNS, changesColumn(changes), ...answerColumns(items)]
  return stringify(
    items.map((b) => columns.map(([, value]) => {
      const v = value(b)
      return typeof v === 'string' ? spreadsheetSafe(v) : v
    })),
    { header: true, columns: columns.map(([header]) => spreadsheetSafe(header)), record_delimiter: 'windows' },
  )
}

/** The revenue view as a spreadsheet: a row per month and the year's total, net yen per tour type last. */
export function revenueCsv(revenue: { months: RevenueMonth[]; total: RevenueMonth; tourTypes: string[] }): string {
  const rows = [...revenue.months, revenue.total].map((m) => [m.month, m.tours, m.guests, m.received, m.refunded, m.net, m.discounts, m.paidByVoucher, m.voucherSales, m.voucherRefunds, ...revenue.tourTypes.map((t) => m.byTourType[t] ?? 0)])
  return stringify(rows, {
    header: true,
    columns: ['month', 'tours (tour date)', 'guests (tour date)', 'received (month moved)', 'refunded (month moved)', 'net (month moved)', 'discounts (promo codes; tour date)', 'paid by voucher (not new money; tour date)', 'voucher sales (month paid)', 'voucher refunds (month refunded)', ...revenue.tourTypes.map((t) => spreadsheetSafe(`net: ${t}`))],
    record_delimiter: 'windows',
  })
}
