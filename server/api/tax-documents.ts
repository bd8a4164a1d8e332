import { Router, type Response } from 'express'
import type { AppDeps } from '../deps.ts'
import { requireAdmin } from '../auth/guard.ts'
import { limitLookups } from '../http/rate-limit.ts'
import { taxDocumentRequestSchema } from '../../core/schemas/tax-documents.ts'
import { bookPeriodSchema } from '../../core/schemas/journal.ts'
import { taxDocumentsCsv } from './tax-documents-csv.ts'

/** A stored PDF as issued: its bytes unchanged, never cached by anyone but the one who asked. */
function sendPdf(res: Response, { number, pdf }: { number: string; pdf: Buffer }) {
  res.set('Cache-Control', 'private, no-store')
  res.set('Content-Disposition', `attachment; filename="${number}.pdf"`)
  res.type('application/pdf').send(pdf)
}

/**
 * Receipts and return invoices (docs/decisions/0080).
 * - The guest, holding the booking's reference: GET /api/bookings/:reference/receipts (the money
 *   movements that call for a document, and those issued), POST it { point, recipient? } to issue
 *   one (201; the same document again if issued already), GET …/receipts/:number for the PDF.
 * - The guide, by the links the dashboard downloads: GET /api/admin/receipts/:number (the PDF);
 *   GET /api/admin/receipts.csv?from=&to= (issued in a period of Japan days). The settings, issuing
 *   and correcting are the dashboard's route actions (docs/decisions/0088): Settings → Receipts
 *   (app/components/admin/settings-actions.server.ts) and the Bookings dialogs' receipts
 *   (app/components/admin/bookings/booking-dialogs-actions.server.ts).
 */
export function taxDocumentsRouter({ services }: AppDeps) {
  const router = Router()
  const { taxDocuments } = services
  const lookups = limitLookups(services.limits)

  router.get('/bookings/:reference/receipts', lookups, async (req, res) => {
    res.set('Cache-Control', 'private, no-store')
    res.json(await taxDocuments.forGuest(String(req.params.reference)))
  })

  router.post('/bookings/:reference/receipts', lookups, async (req, res) => {
    const request = taxDocumentRequestSchema.parse(req.body ?? {})
    res.status(201).json(await taxDocuments.issueForGuest(String(req.params.reference), request.point, request.recipient ?? null))
  })

  router.get('/bookings/:reference/receipts/:number', lookups, async (req, res) => {
    sendPdf(res, await taxDocuments.pdfForGuest(String(req.params.reference), String(req.params.number)))
  })

  router.get('/admin/receipts.csv', requireAdmin, async (req, res) => {
    const { from, to } = bookPeriodSchema.parse(req.query)
    res.set('Content-Type', 'text/csv; charset=utf-8')
    res.set('Content-Disposition', `attachment; filename="receipts-${from}-to-${to}.csv"`)
    res.send(taxDocumentsCsv(await taxDocuments.issuedBetween(from, to)))
  })

  router.get('/admin/receipts/:number', requireAdmin, async (req, res) => {
    sendPdf(res, await taxDocuments.pdf(String(req.params.number)))
  })

  return router
}
