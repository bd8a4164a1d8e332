/**
 * The dashboard's save pipeline, as both sides know it (docs/decisions/0088): the hidden field that
 * names which of a tab's forms was sent, and what the tab's route action answers a script with.
 */
export const ADMIN_INTENT_FIELD = 'intent'

/** The header's language choice: an intent every dashboard route's action answers. */
export const LANGUAGE_INTENT = 'language'

/** Which form of the page a refusal belongs to (a tab may show one form per row): the page after a script-free post shows its errors there. */
export const ADMIN_FORM_FIELD = 'formId'

/**
 * A route action's answer: saved (with what the service returned, as JSON; a look-up names its form, for the page a script-free post
 * comes back to), or refused with a message and each field's, in the dashboard's language, naming the form it refused.
 */
export type AdminActionData =
  | { ok: true; formId?: string; result?: unknown }
  /** `typed`: what a script-free form was sent with, which its fields show again beside the errors. */
  | { ok: false; formId: string; message: string; errors: Record<string, string>; typed?: Record<string, string> }
