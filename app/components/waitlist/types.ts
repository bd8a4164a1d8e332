/**
 * What the waitlist page's action answers (app/components/waitlist/waitlist-page.server.ts):
 * joined; the slot is free after all (book it instead); or refused with a message per field
 * (and, for a script-free post, what the visitor typed).
 */
export type JoinOutcome = { kind: 'joined' } | { kind: 'free'; message: string } | { kind: 'refused'; message: string; errors: Record<string, string>; values?: Record<string, string> }

/** What the removal page's action answers a script. */
export type LeaveOutcome = { kind: 'removed' | 'missing' }

/** What the confirmation page's action answers a script (docs/decisions/0070). */
export type ConfirmOutcome = { kind: 'confirmed' | 'missing' }
