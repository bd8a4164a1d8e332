import { stringify } from 'csv-stringify/sync'
import type { IssuedDocument } from '../services/tax-documents.ts'
import { formatJapanTime, spreadsheetSafe } from './bookings-csv.ts'

const KIND_NAMES: Record<IssuedDocument['kind'], string> = { receipt: 'receipt (領収書)', 'return-invoice': 'return invoice (返還請求書)' }

/**
 * The receipts and return invoices issued in a period (docs/decisions/0080), for the guide's books:
 * one row each, corrections with the number they correct (RFC 4180, CRLF, UTF-8 with a BOM for Excel).
 */
export function taxDocumentsCsv(documents: readonly IssuedDocument[]): string {
  return (
    '\uFEFF' +
    stringify(
      documents.map((d) => [
        d.number,
        KIND_NAMES[d.kind],
        formatJapanTime(d.issuedAt.toISOString()),
        d.bookingReference,
        spreadsheetSafe(d.recipient ?? '上様'),
        d.taxable,
        d.tax,
        d.notTaxable,
        d.total,
        d.corrects ?? '',
        d.correctedBy ?? '',
        d.issuedBy,
      ]),
      {
        header: true,
        columns: ['number', 'kind', 'issued (Japan time)', 'booking', 'made out to', 'consideration incl. 10 % tax', 'consumption tax', 'cancellation fee kept (not taxable)', 'money moved', 'corrects', 'corrected by', 'issued by'],
        record_delimiter: 'windows',
      },
    )
  )
}
