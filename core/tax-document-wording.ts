import type { TaxDocument, TaxDocumentPaymentWay } from './tax-document.ts'

/**
 * The Japanese printed on every receipt and return invoice, beside the guest's language
 * (docs/decisions/0083). It is the wording of Japan's consumption tax law and of the customs
 * around it, not a translation: it lives here once, and the `receipt.*` messages of the five
 * catalogues carry only the guest's reading of it.
 *
 * What the National Tax Agency requires, and where it is printed:
 * - 適格簡易請求書 (a registered issuer's receipt): the issuer's name and registration number, the
 *   day of the transaction, what was supplied, the amount per tax rate, and the tax or the rate
 *   (both are printed).
 * - 適格返還請求書 (a registered issuer's refund): the issuer's name and registration number, the
 *   day of the refund and the day of the sale it returns, what that sale supplied, the amount
 *   returned per tax rate, and its tax or the rate (both are printed).
 */
export const JA = {
  title: {
    receipt: { registered: '領収書（適格簡易請求書）', unregistered: '領収書' },
    'return-invoice': { registered: '適格返還請求書', unregistered: '返還請求書' },
  },
  number: '番号',
  issuedOn: '発行日',
  corrects: (number: string) => `${number} の訂正`,
  recipientLabel: '宛名',
  /** Customary when the guest gives no name. */
  recipientUnnamed: '上様',
  honorific: '様',
  amountReceived: '領収金額',
  amountReturned: '返金額',
  receivedWithThanks: '上記の金額を正に領収いたしました。',
  supplyLabel: '但し',
  supply: (tourName: string, tourOn: string, groupSize: number, bookingReference: string) =>
    `${tourName}（${japaneseDate(tourOn)}、${groupSize}名様、予約番号 ${bookingReference}）代として`,
  transactionOn: { receipt: '取引年月日', 'return-invoice': '返還年月日' },
  originalTransactionOn: '返還の基となった取引の年月日',
  taxable: { receipt: '10%対象（税込）', 'return-invoice': '返還する対価の額 10%対象（税込）' },
  tax: '内消費税',
  taxRate: '適用税率',
  rounding: '消費税額は書類ごとに1円未満切り捨て',
  notTaxable: 'キャンセル料（不課税）',
  ways: { receipt: 'お支払方法', 'return-invoice': '返金方法' },
  way: { card: 'クレジットカード', cash: '現金', 'bank-transfer': '銀行振込', voucher: 'ギフト券' } satisfies Record<TaxDocumentPaymentWay, string>,
  issuer: '発行者',
  registrationNumber: '登録番号',
} as const

/** The document's Japanese title: the invoice wording only for a registered issuer. */
export function japaneseTitle(doc: Pick<TaxDocument, 'kind' | 'issuer'>): string {
  return JA.title[doc.kind][doc.issuer.registered ? 'registered' : 'unregistered']
}

/** The recipient as the document names them: '<name> 様', or 上様 when the guest gave none. */
export function japaneseRecipient(recipient: string | null): string {
  const name = recipient?.trim()
  return name ? `${name} ${JA.honorific}` : JA.recipientUnnamed
}

/** '2026年11月27日': the way a Japanese document writes a calendar day (YYYY-MM-DD). */
export function japaneseDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) throw new RangeError(`Not a calendar date: ${date}`)
  return `${match[1]}年${Number(match[2])}月${Number(match[3])}日`
}
