/** The /gift page's action answers (docs/decisions/0043): the page's script acts on them in place. */
export type GiftOutcome =
  | { kind: 'created'; token: string }
  | { kind: 'refused'; message: string; errors?: Record<string, string>; values?: Record<string, string> }

/** The purchase form's fields, in the order the page shows them (its error summary follows it). */
export const GIFT_FIELDS = ['choice', 'amount', 'buyerName', 'buyerEmail', 'recipientName', 'message'] as const
