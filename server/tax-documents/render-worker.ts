import type { TaxDocument } from '../../core/tax-document.ts'
import { renderTaxDocumentPdf } from './render-pdf.ts'

/**
 * The worker thread's task (server/tax-documents/render-pool.ts): one document to PDF bytes,
 * its fonts loaded once per thread.
 */
export default function render(doc: TaxDocument): Promise<Uint8Array> {
  return renderTaxDocumentPdf(doc)
}
