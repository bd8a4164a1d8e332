import { formatYen, isYenAmount } from './money.ts'

/**
 * The money ledger (docs/decisions/0067): every movement of money for a booking, and every gift
 * voucher sold or refunded, is one row with a signed amount of whole yen. Rows are only ever
 * added; what a booking costs, what paid it and what went back are sums of its rows, so they can
 * never disagree with each other or with what the payment provider did.
 *
 * Two sides of a booking's account:
 * - what the guest owes: `price` (the tour's price: set when booked, changed by a move or by the
 *   guide, released by a cancellation) and `cancellation-fee` (what a cancellation keeps);
 * - what covers it: `promo` (a promo code's part), `voucher` (a gift voucher's part: + redeemed,
 *   − given back), `card` (+ charged, − refunded) and `cash` (money the guide took outside the
 *   card flow, cash on the day or a bank transfer: + taken, − given back), and for a reseller's
 *   booking (docs/decisions/0074) `reseller` (the net the reseller owes the guide: receivable) and
 *   `commission` (the part of the price the reseller keeps).
 * A settled booking owes nothing: the two sides are equal (`due` is 0).
 *
 * `voucher-sale` rows belong to a voucher, not a booking: its sale (+) and its refund (−).
 */

export const MOVEMENT_KINDS = ['price', 'cancellation-fee', 'promo', 'voucher', 'card', 'cash', 'reseller', 'commission', 'voucher-sale'] as const
export type MovementKind = (typeof MOVEMENT_KINDS)[number]

/**
 * The lifecycle's transition that wrote a row (core/booking-lifecycle.ts): the ledger says why
 * each yen moved. `cancel` and `lapse` end a booking and `revive` brings it back: their rows are
 * left out of what the tour cost (`tour`), so a cancelled booking still shows its price.
 */
export const TRANSITIONS = [
  'create',
  'lapse',
  'pay',
  'pay-refused',
  'settle',
  'confirm',
  'extend',
  'move',
  'change-paid',
  'change-refused',
  'cancel',
  'revive',
  'mark-paid',
  'refund-failed',
  'provider-refund',
  'voucher-sold',
  'voucher-refunded',
  'migrated',
] as const
export type Transition = (typeof TRANSITIONS)[number]

const ENDING: ReadonlySet<Transition> = new Set(['cancel', 'lapse', 'revive'])

export type Movement = {
  kind: MovementKind
  /** Signed whole yen, never 0. */
  amount: number
  transition: Transition
  /** The voucher whose balance a `voucher` row moves, or which a `voucher-sale` row sold. */
  voucherId: number | null
  /** The payment intent a `card` row charged, or refunds. */
  intentId: string | null
  /** What names the movement outside: a refund's idempotency key, a promo code, a change's id. */
  reference: string | null
}

/** A booking's money, read from its rows. Every figure is whole yen. */
export type BookingMoney = {
  /** What the tour costs, before promo code and voucher: a cancellation does not change it. */
  price: number
  /** The promo code's part of the price, and its code. */
  discount: number
  promoCode: string | null
  /** The gift voucher's part of the price, and which voucher paid it. */
  voucherPaid: number
  voucherId: number | null
  /** What is left for the card (or cash): the product description's total price. */
  toPay: number
  /** Held now, after every refund and give-back. */
  card: number
  cash: number
  voucher: number
  promo: number
  /** A reseller's booking (docs/decisions/0074): the net it owes the guide, and its commission. */
  reseller: number
  commission: number
  /** What the guest owes now (the price, or a cancellation's fee) and what covers it. */
  owed: number
  covered: number
  /** owed − covered: what is still to pay (never below 0 once the books are right). */
  due: number
  /**
   * Card money a refund was meant to give back but the provider refused, until it is refunded in
   * the provider's dashboard (its report settles it): held, but the guest's, so it covers nothing
   * and no later refund counts on it.
   */
  owedBack: number
  /** What a cancellation kept: not subject to consumption tax. */
  fee: number
  /** Card and cash taken, and given back (positive), over the booking's whole life. */
  received: number
  refunded: number
  /** Voucher yen given back to the voucher over the booking's life (positive). */
  voucherReturned: number
}

export const NO_MONEY: BookingMoney = {
  price: 0,
  discount: 0,
  promoCode: null,
  voucherPaid: 0,
  voucherId: null,
  toPay: 0,
  card: 0,
  cash: 0,
  voucher: 0,
  promo: 0,
  reseller: 0,
  commission: 0,
  owed: 0,
  covered: 0,
  due: 0,
  owedBack: 0,
  fee: 0,
  received: 0,
  refunded: 0,
  voucherReturned: 0,
}

/** Card and cash the booking holds and may give back: what was taken, less refunds, less what a refused refund owes. */
export const cardAndCash = (m: Pick<BookingMoney, 'card' | 'cash' | 'owedBack'>) => m.card + m.cash - m.owedBack

/** One way a booking's price is covered now, as the dashboard and the CSV say it. */
export type PaidByPart = { way: 'card' | 'cash' | 'voucher' | 'promo' | 'reseller' | 'commission'; yen: number; promoCode?: string }

/**
 * What covers the booking's price now, each way with its yen, from the ledger's sums
 * (docs/decisions/0075): the card (less what a refused refund owes back), cash, the gift voucher
 * and the promo code, and for a reseller's booking what the reseller owes and keeps (docs/decisions/0074).
 * Ways that cover nothing are left out.
 */
export function paidByParts(m: Pick<BookingMoney, 'card' | 'cash' | 'voucher' | 'promo' | 'reseller' | 'commission' | 'owedBack' | 'promoCode'>): PaidByPart[] {
  const parts: PaidByPart[] = [
    { way: 'card', yen: m.card - m.owedBack },
    { way: 'cash', yen: m.cash },
    { way: 'voucher', yen: m.voucher },
    { way: 'promo', yen: m.promo, ...(m.promoCode ? { promoCode: m.promoCode } : {}) },
    { way: 'reseller', yen: m.reseller },
    { way: 'commission', yen: m.commission },
  ]
  return parts.filter((part) => part.yen > 0)
}

/**
 * The parts in one line, with what is still due: 'card ¥9,850 + voucher ¥5,000 + promo SPRING
 * ¥1,650', 'voucher ¥5,000; ¥11,500 to pay', or '¥14,300 to pay'. Never a subtotal the ledger
 * does not hold.
 */
export function describePaidBy(parts: readonly PaidByPart[], due: number): string {
  const paid = parts.map((p) => `${p.way}${p.promoCode ? ` ${p.promoCode}` : ''} ${formatYen(p.yen)}`).join(' + ')
  const toPay = due > 0 ? `${formatYen(due)} to pay` : ''
  return [paid, toPay].filter(Boolean).join('; ') || 'nothing'
}

/**
 * What a card or cash row does to the money taken, given back and owed back: a refund the provider
 * refused is not refunded after all and is owed to the guest; a refund made in the provider's
 * dashboard settles what such a refusal owed first.
 */
function takeMoneyRow(counts: { received: number; refunded: number; owedBack: number }, row: Movement) {
  if (row.transition === 'refund-failed') {
    counts.refunded -= row.amount
    counts.owedBack += row.amount
  } else if (row.amount > 0) counts.received += row.amount
  else {
    counts.refunded -= row.amount
    if (row.transition === 'provider-refund') counts.owedBack = Math.max(0, counts.owedBack + row.amount)
  }
}

/** Folds a booking's rows, oldest first, into its figures. */
export function moneyOf(rows: readonly Movement[]): BookingMoney {
  const m = { ...NO_MONEY }
  let tourPrice = 0
  let tourDiscount = 0
  let tourVoucher = 0
  for (const row of rows) {
    const tour = !ENDING.has(row.transition)
    switch (row.kind) {
      case 'price':
        m.owed += row.amount
        if (tour) tourPrice += row.amount
        break
      case 'cancellation-fee':
        m.owed += row.amount
        m.fee += row.amount
        break
      case 'promo':
        m.promo += row.amount
        if (tour) tourDiscount += row.amount
        if (row.amount > 0 && row.reference) m.promoCode = row.reference
        break
      case 'voucher':
        m.voucher += row.amount
        if (tour) tourVoucher += row.amount
        if (row.amount < 0) m.voucherReturned -= row.amount
        m.voucherId ??= row.voucherId
        break
      case 'card':
      case 'cash':
        m[row.kind] += row.amount
        takeMoneyRow(m, row)
        break
      case 'reseller':
      case 'commission':
        m[row.kind] += row.amount
        break
      case 'voucher-sale':
        break
    }
  }
  m.price = tourPrice
  m.discount = tourDiscount
  m.voucherPaid = tourVoucher
  m.toPay = tourPrice - tourDiscount - tourVoucher
  m.covered = m.promo + m.voucher + m.card + m.cash + m.reseller + m.commission - m.owedBack
  m.due = m.owed - m.covered
  return m
}

/** Whether the ledger holds the charge of this intent already: each is recorded once (docs/decisions/0015). */
export function chargeRecorded(rows: readonly Movement[], intentId: string): boolean {
  return rows.some((r) => r.kind === 'card' && r.intentId === intentId && r.amount > 0 && r.transition !== 'refund-failed')
}

/**
 * What each payment intent charged, what was refunded on it, and what a refused refund still owes
 * on it, in the order they were first charged.
 */
export function cardByIntent(rows: readonly Movement[]): { intentId: string; charged: number; refunded: number; owedBack: number }[] {
  const byIntent = new Map<string, { intentId: string; charged: number; refunded: number; owedBack: number }>()
  for (const row of rows) {
    if (row.kind !== 'card' || row.intentId === null) continue
    const entry = byIntent.get(row.intentId) ?? { intentId: row.intentId, charged: 0, refunded: 0, owedBack: 0 }
    const counts = { received: entry.charged, refunded: entry.refunded, owedBack: entry.owedBack }
    takeMoneyRow(counts, row)
    byIntent.set(row.intentId, { intentId: row.intentId, charged: counts.received, refunded: counts.refunded, owedBack: counts.owedBack })
  }
  return [...byIntent.values()]
}

/**
 * Shares `amount` of card money out over the intents that hold it, newest first (the last money
 * in goes back first), never more than an intent still holds. The rest (if the card holds less)
 * is returned as `left`.
 */
export function allocateCardRefund(rows: readonly Movement[], amount: number): { parts: { intentId: string; amount: number }[]; left: number } {
  let left = amount
  const parts: { intentId: string; amount: number }[] = []
  for (const intent of cardByIntent(rows).reverse()) {
    const part = Math.min(left, intent.charged - intent.refunded - intent.owedBack)
    if (part <= 0) continue
    parts.push({ intentId: intent.intentId, amount: part })
    left -= part
    if (left === 0) break
  }
  return { parts, left }
}

/** The net yen each voucher gave a booking (redeemed less given back), by voucher. */
export function voucherNetByVoucher(rows: readonly Movement[]): Map<number, number> {
  const byVoucher = new Map<number, number>()
  for (const row of rows) {
    if (row.kind !== 'voucher' || row.voucherId === null) continue
    byVoucher.set(row.voucherId, (byVoucher.get(row.voucherId) ?? 0) + row.amount)
  }
  return byVoucher
}

/**
 * What must hold for a booking's rows and its status at every moment (docs/decisions/0067). An
 * empty list means the books are right; each entry says what is wrong. The property test of the
 * lifecycle and the race tests on the database check every booking with this.
 */
export function ledgerProblems(status: string, rows: readonly Movement[]): string[] {
  const problems: string[] = []
  for (const row of rows) {
    if (!Number.isSafeInteger(row.amount) || row.amount === 0) problems.push(`a ${row.kind} row of ${row.amount} yen`)
    if (row.kind === 'voucher-sale') problems.push('a voucher sale on a booking')
    if ((row.kind === 'voucher') !== (row.voucherId !== null)) problems.push(`a ${row.kind} row ${row.voucherId === null ? 'without' : 'with'} a voucher`)
    if (row.kind === 'card' && row.intentId === null) problems.push('a card row without its payment intent')
  }
  const m = moneyOf(rows)
  for (const [name, value] of Object.entries({ price: m.price, fee: m.fee, promo: m.promo, voucher: m.voucher, card: m.card, cash: m.cash, reseller: m.reseller, commission: m.commission, owed: m.owed })) {
    if (!isYenAmount(value)) problems.push(`${name} is ${value}`)
  }
  for (const intent of cardByIntent(rows)) {
    if (intent.refunded > intent.charged) problems.push(`${intent.refunded} yen refunded on ${intent.intentId}, which took ${intent.charged}`)
  }
  for (const [voucherId, net] of voucherNetByVoucher(rows)) {
    if (net < 0) problems.push(`voucher ${voucherId} got back ${-net} yen more than it paid`)
  }
  switch (status) {
    case 'paid':
      if (m.due !== 0) problems.push(`paid, but ${m.due} yen is due`)
      break
    case 'pending':
      if (m.card + m.cash - m.owedBack !== 0) problems.push(`pending, but ${m.card + m.cash - m.owedBack} yen was received`)
      if (m.due < 0) problems.push(`pending, but covered ${-m.due} yen beyond its price`)
      break
    case 'confirmed':
      if (m.due < 0) problems.push(`confirmed, but covered ${-m.due} yen beyond its price`)
      break
    case 'cancelled':
      if (m.owed !== m.fee) problems.push(`cancelled, but still owes ${m.owed - m.fee} yen of its price`)
      if (m.due !== 0) problems.push(`cancelled, but its fee is ${m.due > 0 ? 'not covered' : 'covered twice'} by ${Math.abs(m.due)} yen`)
      break
    default:
      problems.push(`unknown status ${status}`)
  }
  return problems
}

/**
 * The reseller's commission on a price (docs/decisions/0074): the agreed percentage, rounded down
 * to whole yen, so the guide's net (price − commission) is never less than the agreement gives.
 */
export function commissionOf(price: number, percent: number): number {
  return Math.floor((price * percent) / 100)
}
