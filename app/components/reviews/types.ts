/**
 * What the review page's action answers (app/components/reviews/review-page.server.ts): saved;
 * the e-mails stopped; or refused with a message per field (and, for a script-free post, what
 * the guest typed).
 */
export type ReviewOutcome = { kind: 'saved' } | { kind: 'stopped' } | { kind: 'refused'; message: string; errors: Record<string, string>; values?: Record<string, string> }

/** The form's fields, in the order the page shows them. */
export const REVIEW_FIELDS = ['rating', 'title', 'text', 'displayName', 'country'] as const

/** The form's intent that stops the e-mails (the opt-out), rather than saving the review. */
export const STOP_INTENT = 'stop'
