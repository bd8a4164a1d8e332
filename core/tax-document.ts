import type { Locale } from './i18n/locales.ts'

/**
 * A receipt or a return invoice as issued (docs/decisions/0080): everything printed on it,
 * computed once from the ledger when it is issued, then rendered to PDF and stored unchanged.
 *
 * - `receipt`: money the guest paid for a tour (card, cash, bank transfer, gift voucher). For a
 *   registered issuer it is a simplified qualified invoice (適格簡易請求書), otherwise a plain
 *   receipt (領収書).
 * - `return-invoice`: money given back (適格返還請求書 for a registered issuer, otherwise a plain
 *   refund receipt). A cancellation returns the whole consideration with its tax; the fee kept
 *   compensates lost business and is not subject to consumption tax (不課税).
 */
export type TaxDocumentKind = 'receipt' | 'return-invoice'

export type TaxDocumentPaymentWay = 'card' | 'cash' | 'bank-transfer' | 'voucher'

export type TaxDocument = {
  kind: TaxDocumentKind
  /** Printed number, gapless across both kinds: `R-000042`. */
  number: string
  /** The document this one corrects (a correction is a new document, never an edit). */
  correctsNumber: string | null
  /** The language of the booking: labels in it, with the Japanese legal wording beside them. */
  locale: Locale
  /** When it was issued, and when the money moved, both as Japan's calendar days (YYYY-MM-DD). */
  issuedOn: string
  transactionOn: string
  /**
   * A return invoice only: the day of the sale whose money goes back (the receipt's
   * `transactionOn`), which the law requires beside the day of the refund (docs/decisions/0083).
   * Null on a receipt.
   */
  originalTransactionOn: string | null
  issuer: {
    /** A registered qualified invoice issuer prints the invoice wording and its number. */
    registered: boolean
    /** `T` and 13 digits, when registered. */
    registrationNumber: string | null
    legalName: string
    address: string
  }
  /** The name the guest typed; null prints 上様. */
  recipient: string | null
  /** What was supplied. */
  supply: {
    bookingReference: string
    /** The tour's name in the booking's language. */
    tourName: string
    /** The tour's day, YYYY-MM-DD. */
    tourOn: string
    groupSize: number
  }
  /**
   * The amounts, whole yen. `taxable` is the consideration including 10 % consumption tax (paid
   * for a receipt, returned for a return invoice), `tax` its tax, rounded down once per document;
   * `notTaxable` is a cancellation fee kept (only on a return invoice). `total` is the money that
   * moved: for a receipt `taxable`, for a return invoice `taxable − notTaxable`.
   */
  taxable: number
  tax: number
  taxRatePercent: 10
  notTaxable: number
  total: number
  /** How the money moved: what paid it, or the ways it went back. */
  ways: { way: TaxDocumentPaymentWay; yen: number }[]
}
