/** The trip page's receipt form and its answers (docs/decisions/0080). */
export const RECEIPT_INTENT = 'receipt'

export type ReceiptOutcome =
  | { kind: 'issued'; intent: typeof RECEIPT_INTENT; point: number; number: string; url: string }
  | { kind: 'refused'; intent: typeof RECEIPT_INTENT; point: number | null; message: string; errors: Record<string, string> }

/** Where an issued document's PDF is downloaded, by the booking's reference (GET /api/bookings/:reference/receipts/:number). */
export const receiptUrl = (reference: string, number: string) => `/api/bookings/${encodeURIComponent(reference)}/receipts/${encodeURIComponent(number)}`
