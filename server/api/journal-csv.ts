import { stringify } from 'csv-stringify/sync'
import iconv from 'iconv-lite'
import { journalEntriesOf, type JournalAccount, type JournalEntry, type JournalMovement, type JournalSide, type TaxCategory } from '../../core/journal.ts'
import type { JournalFormat } from '../../core/schemas/journal.ts'
import { spreadsheetSafe } from './bookings-csv.ts'

/**
 * The guide's books as CSV (docs/decisions/0082), in the layout of Money Forward クラウド会計・確定申告's
 * 仕訳帳 import (27 columns, Shift_JIS, yyyy/MM/dd, one 取引No per entry), or as a generic journal
 * in UTF-8 (freee's 仕訳 import maps such columns itself). Account and tax category names are
 * the software's defaults; the accountant checks them against the books' own (the decision lists them).
 */

/** Each account's name in the books, and the sub-account (補助科目) that tells two receivables apart. */
const ACCOUNT_NAMES: Record<JournalAccount, string> = {
  'card-receivable': '売掛金',
  cash: '現金',
  'reseller-receivable': '売掛金',
  sales: '売上高',
  'voucher-advances': '前受金',
  'held-for-guests': '預り金',
  commission: '支払手数料',
  'cancellation-fees': '雑収入',
}

/** The card processor: card money is owed by it until it pays out. */
const CARD_PROCESSOR_SUB_ACCOUNT = 'Stripe'

const TAX_CATEGORY_NAMES: Record<TaxCategory, string> = {
  'taxable-sale-10': '課税売上 10%',
  'sale-return-10': '課税売上-返還等 10%',
  'taxable-purchase-10': '課税仕入 10%',
  'purchase-return-10': '課税仕入-返還等 10%',
  'not-subject': '対象外',
}

function subAccountOf(side: JournalSide, entry: JournalEntry): string {
  if (side.account === 'card-receivable') return CARD_PROCESSOR_SUB_ACCOUNT
  if (side.account === 'reseller-receivable') return entry.counterparty ?? ''
  return ''
}

/** A tax amount only where the category carries tax. */
const taxCell = (side: JournalSide) => (side.taxCategory === 'not-subject' ? '' : side.tax)

/** '2026/11/02': the date both imports document. */
const slashDate = (on: string) => on.replaceAll('-', '/')

/** Money Forward クラウド's 仕訳帳 template, column A to AA, in its order and spelling. */
const MONEYFORWARD_COLUMNS = [
  '取引No',
  '取引日',
  '借方勘定科目',
  '借方補助科目',
  '借方部門',
  '借方取引先',
  '借方税区分',
  '借方インボイス',
  '借方金額(円)',
  '借方税額',
  '貸方勘定科目',
  '貸方補助科目',
  '貸方部門',
  '貸方取引先',
  '貸方税区分',
  '貸方インボイス',
  '貸方金額(円)',
  '貸方税額',
  '摘要',
  '仕訳メモ',
  'タグ',
  'MF仕訳タイプ',
  '決算整理仕訳',
  '作成日時',
  '作成者',
  '最終更新日時',
  '最終更新者',
] as const

function moneyforwardRow(no: number, e: JournalEntry): (string | number)[] {
  const side = (s: JournalSide) => [ACCOUNT_NAMES[s.account], spreadsheetSafe(subAccountOf(s, e)), '', '', TAX_CATEGORY_NAMES[s.taxCategory], '', e.amount, taxCell(s)]
  return [no, slashDate(e.on), ...side(e.debit), ...side(e.credit), spreadsheetSafe(e.description), `ledger row ${e.movementId}`, '', '', '', '', '', '', '']
}

const GENERIC_COLUMNS = [
  'date',
  'entry',
  'debit account',
  'debit sub-account',
  'debit tax category',
  'debit tax',
  'credit account',
  'credit sub-account',
  'credit tax category',
  'credit tax',
  'amount',
  'booking reference',
  'description',
  'ledger row',
] as const

function genericRow(no: number, e: JournalEntry): (string | number)[] {
  const side = (s: JournalSide) => [ACCOUNT_NAMES[s.account], spreadsheetSafe(subAccountOf(s, e)), TAX_CATEGORY_NAMES[s.taxCategory], s.tax]
  return [slashDate(e.on), no, ...side(e.debit), ...side(e.credit), e.amount, spreadsheetSafe(e.reference), spreadsheetSafe(e.description), e.movementId]
}

const LAYOUTS = {
  // Windows' Shift_JIS (cp932), which Excel and MF's Excel template mean by Shift-JIS; a character it
  // lacks (a reseller's name in Korean, an emoji) becomes '?', which the generic layout keeps.
  moneyforward: { columns: MONEYFORWARD_COLUMNS, row: moneyforwardRow, encode: (text: string) => iconv.encode(text, 'cp932'), start: '' },
  // The byte order mark lets a spreadsheet read UTF-8, as the other exports do.
  generic: { columns: GENERIC_COLUMNS, row: genericRow, encode: (text: string) => Buffer.from(text, 'utf8'), start: '\uFEFF' },
} satisfies Record<JournalFormat, unknown>

export const JOURNAL_CONTENT_TYPES: Record<JournalFormat, string> = {
  moneyforward: 'text/csv; charset=Shift_JIS',
  generic: 'text/csv; charset=utf-8',
}

/**
 * The journal of the pages of movements, as encoded chunks (RFC 4180 through csv-stringify, CRLF
 * line ends), entries numbered from 1 in order. The header goes out with the first page, so nothing
 * is sent before the database has answered once.
 */
export async function* journalCsv(format: JournalFormat, pages: AsyncIterable<JournalMovement[]>): AsyncGenerator<Buffer> {
  const layout = LAYOUTS[format]
  let head = layout.start + stringify([[...layout.columns]], { record_delimiter: 'windows' })
  let no = 0
  for await (const page of pages) {
    const rows = page.flatMap(journalEntriesOf).map((entry) => layout.row(++no, entry))
    const text = head + (rows.length > 0 ? stringify(rows, { record_delimiter: 'windows' }) : '')
    head = ''
    if (text) yield layout.encode(text)
  }
  if (head) yield layout.encode(head)
}
