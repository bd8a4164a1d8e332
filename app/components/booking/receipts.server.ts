import { data, redirect, type AppLoadContext } from 'react-router'
import { failureOf } from '../../../server/for-app.server.ts'
import { taxDocumentRequestSchema } from '../../../core/schemas/tax-documents.ts'
import { requestLocale } from '../../i18n/messages.server.ts'
import { VIA_SCRIPT_FIELD, sentByScript } from '../../lib/form-post.ts'
import { localizedRefusal } from '../../lib/refusal.server.ts'
import { receiptUrl, RECEIPT_INTENT, type ReceiptOutcome } from './receipts.ts'

/** The trip page's receipts (docs/decisions/0080): each money movement that calls for one, and whether the guide has set receipts up. */
export async function receiptsOf(context: AppLoadContext, reference: string) {
  const { available, points } = await context.services.taxDocuments.forGuest(reference)
  return {
    available,
    points: points.map((p) => ({ key: p.key, kind: p.kind, at: p.at.toISOString(), total: p.total, document: p.document && { number: p.document.number, recipient: p.document.recipient } })),
  }
}

/**
 * The trip page's receipt form: the same service call as POST /api/bookings/:reference/receipts.
 * The page's script gets the document's number and link (and starts the download); a script-free
 * post is redirected to the PDF itself, which the browser downloads while staying on the page.
 */
export async function handleReceiptAction(form: FormData, context: AppLoadContext, request: Request, reference: string) {
  const byScript = sentByScript(form)
  const body: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string' && key !== VIA_SCRIPT_FIELD && key !== 'intent') body[key] = value
  try {
    const asked = taxDocumentRequestSchema.parse(body)
    const issued = await context.services.taxDocuments.issueForGuest(reference, asked.point, asked.recipient ?? null)
    const url = receiptUrl(reference, issued.number)
    if (byScript) return data<ReceiptOutcome>({ kind: 'issued', intent: RECEIPT_INTENT, point: asked.point, number: issued.number, url }, { status: 201 })
    return redirect(url, 303)
  } catch (error) {
    const failure = failureOf(error)
    if (!failure) throw error
    const { message, errors } = localizedRefusal(failure, requestLocale(request))
    return data<ReceiptOutcome>({ kind: 'refused', intent: RECEIPT_INTENT, point: Number(body.point) || null, message, errors }, { status: failure.status, headers: failure.headers })
  }
}
