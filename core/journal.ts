import type { CalendarDate } from './dates.ts'
import type { MovementKind, Transition } from './ledger.ts'

/**
 * The guide's books (docs/decisions/0082): every ledger movement (core/ledger.ts) as balanced
 * journal entries for the bookkeeping software, one rule per kind and transition.
 *
 * The sale of a tour is booked when something pays for it, for what it pays: card and cash as they
 * are taken, a gift voucher's part when the voucher pays (its sale was an advance, not a sale), and a
 * reseller's booking at confirmation as the net it owes plus the commission it keeps. What a promo
 * code takes off is never sold, and a price row is what the guest owes, not money: neither books
 * anything. Money given back is a return of the sale (課税売上-返還等), and what a cancellation keeps
 * moves out of taxable sales into a fee that is not subject to consumption tax (不課税).
 */

/** The accounts the export books to; their names in the bookkeeping software are the format's. */
const JOURNAL_ACCOUNTS = ['card-receivable', 'cash', 'reseller-receivable', 'sales', 'voucher-advances', 'held-for-guests', 'commission', 'cancellation-fees'] as const
export type JournalAccount = (typeof JOURNAL_ACCOUNTS)[number]

/** How consumption tax treats one side of an entry. */
export type TaxCategory = 'taxable-sale-10' | 'sale-return-10' | 'taxable-purchase-10' | 'purchase-return-10' | 'not-subject'

const TAX_RATE_PERCENT = 10

/** The consumption tax inside a tax-inclusive amount: 10/110 of it, rounded down. */
export const taxIncluded = (amount: number) => Math.floor((amount * TAX_RATE_PERCENT) / (100 + TAX_RATE_PERCENT))

export type JournalSide = { account: JournalAccount; taxCategory: TaxCategory; tax: number }

export type JournalEntry = {
  /** The Japan day the money moved. */
  on: CalendarDate
  debit: JournalSide
  credit: JournalSide
  /** Positive whole yen, the same on both sides: every entry balances. */
  amount: number
  /** The booking's reference, or the voucher's masked code for a voucher's sale and refund. */
  reference: string
  /** A line for the accountant: what moved and why. */
  description: string
  /** The reseller a receivable is owed by (its name), or null. */
  counterparty: string | null
  /** The ledger row it comes from. */
  movementId: number
}

/** One ledger row with what the journal needs to name it. */
export type JournalMovement = {
  id: number
  on: CalendarDate
  kind: MovementKind
  amount: number
  transition: Transition
  /** The booking's reference, or the voucher's masked code. */
  reference: string
  /** The tour's name; null for a voucher's sale. */
  tour: string | null
  /** The reseller the booking came through, or null. */
  reseller: string | null
  /**
   * For a refund made in the payment provider (`provider-refund`): what a refund the provider
   * refused earlier still owed the guest or buyer just before it (core/ledger.ts `owedBack`), which
   * it settles first. 0 otherwise.
   */
  owedBackBefore: number
}

/** Debit-side sales are a return of the sale; a commission credited back is a return of the purchase; every other account is outside consumption tax. */
function taxCategoryOf(account: JournalAccount, side: 'debit' | 'credit'): TaxCategory {
  if (account === 'sales') return side === 'credit' ? 'taxable-sale-10' : 'sale-return-10'
  if (account === 'commission') return side === 'debit' ? 'taxable-purchase-10' : 'purchase-return-10'
  return 'not-subject'
}

const TAXED: ReadonlySet<TaxCategory> = new Set(['taxable-sale-10', 'sale-return-10', 'taxable-purchase-10', 'purchase-return-10'])

const sideOf = (account: JournalAccount, side: 'debit' | 'credit', amount: number): JournalSide => {
  const taxCategory = taxCategoryOf(account, side)
  return { account, taxCategory, tax: TAXED.has(taxCategory) ? taxIncluded(amount) : 0 }
}

/** An entry for `amount` yen; a negative amount runs the other way. */
function entry(m: JournalMovement, debit: JournalAccount, credit: JournalAccount, amount: number, what: string): JournalEntry {
  const [from, to] = amount > 0 ? [debit, credit] : [credit, debit]
  const yen = Math.abs(amount)
  const about = m.tour ? `${m.reference} ${m.tour}` : m.reference
  return {
    on: m.on,
    debit: sideOf(from, 'debit', yen),
    credit: sideOf(to, 'credit', yen),
    amount: yen,
    reference: m.reference,
    description: `${about}: ${what}${m.reseller ? ` (${m.reseller})` : ''}`,
    counterparty: m.reseller && (from === 'reseller-receivable' || to === 'reseller-receivable') ? m.reseller : null,
    movementId: m.id,
  }
}

/** Card or cash money given back at once, or owed back after a refused refund: held for the guest, never sold. */
const HELD_FOR_GUEST: ReadonlySet<Transition> = new Set(['pay-refused', 'change-refused', 'refund-failed'])

/**
 * Money taken or given back (card, cash, a voucher's sale): `counter` is what it pays for (the sale,
 * or the voucher's advance). A refund made in the provider settles what a refused refund owed first.
 */
function moneyEntries(m: JournalMovement, money: JournalAccount, counter: JournalAccount, taken: string, givenBack: string): JournalEntry[] {
  if (HELD_FOR_GUEST.has(m.transition)) {
    const what = m.transition === 'refund-failed' ? 'refund refused by the provider: owed back' : m.amount > 0 ? 'payment not accepted: given back at once' : 'payment not accepted, given back'
    return [entry(m, money, 'held-for-guests', m.amount, what)]
  }
  if (m.transition === 'provider-refund' && m.amount < 0) {
    const settles = Math.min(-m.amount, m.owedBackBefore)
    const rest = -m.amount - settles
    return [
      ...(settles > 0 ? [entry(m, 'held-for-guests', money, settles, 'refund made in the provider: what a refused refund owed')] : []),
      ...(rest > 0 ? [entry(m, counter, money, rest, 'refund made in the provider')] : []),
    ]
  }
  return [entry(m, money, counter, m.amount, m.amount > 0 ? taken : givenBack)]
}

/** The journal entries of one ledger row: none, one, or two (a provider's refund settling a refused one first). */
export function journalEntriesOf(m: JournalMovement): JournalEntry[] {
  switch (m.kind) {
    case 'card':
      return moneyEntries(m, 'card-receivable', 'sales', 'card payment', 'card refund')
    case 'cash':
      return moneyEntries(m, 'cash', 'sales', 'cash or transfer taken', 'cash or transfer given back')
    case 'voucher-sale':
      return moneyEntries(m, 'card-receivable', 'voucher-advances', 'gift voucher sold (an advance, not a sale)', 'gift voucher refunded')
    case 'voucher':
      return [entry(m, 'voucher-advances', 'sales', m.amount, m.amount > 0 ? 'paid with a gift voucher' : 'given back to the gift voucher')]
    case 'reseller':
      return [entry(m, 'reseller-receivable', 'sales', m.amount, m.amount > 0 ? 'sold by a reseller: its net owed' : 'reseller booking released: its net')]
    case 'commission':
      return [entry(m, 'commission', 'sales', m.amount, m.amount > 0 ? 'sold by a reseller: its commission' : 'reseller booking released: its commission')]
    case 'cancellation-fee':
      return [entry(m, 'sales', 'cancellation-fees', m.amount, m.amount > 0 ? 'cancellation fee kept (not subject to consumption tax)' : 'cancellation fee given back')]
    case 'price':
    case 'promo':
      return []
  }
}

/**
 * What a refused refund still owes, from the money rows (card, or a voucher's sale) of one booking
 * or voucher, oldest first (the rule of core/ledger.ts): a refused refund owes its amount, a refund
 * made in the provider settles it first.
 */
export function owedBackAfter(rows: readonly Pick<JournalMovement, 'amount' | 'transition'>[]): number {
  let owed = 0
  for (const row of rows) {
    if (row.transition === 'refund-failed') owed += row.amount
    else if (row.transition === 'provider-refund' && row.amount < 0) owed = Math.max(0, owed + row.amount)
  }
  return owed
}
