import { readRefusal, type Said } from '../i18n/refusal.ts'

/**
 * Turns a validation failure into what a form shows and what the API answers
 * (400 { message, errors }): the first refusal for each field, keyed by the
 * field's path ('email', 'items.0.name'). Problems with the payload as a whole
 * (empty path) are keyed FORM_ERROR_KEY. The schemas' messages are refusals (a
 * message id and values, docs/decisions/0087): a page says them with `sayRefusal`,
 * the API in English (server/i18n/refusals.ts). zod's own texts read as themselves.
 *
 * Typed structurally so it accepts any zod 4 error (ZodError or core $ZodError).
 */
export type ValidationIssue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string }
export type ValidationErrorLike = { readonly issues: ReadonlyArray<ValidationIssue> }

export const FORM_ERROR_KEY = '_form'

export function fieldErrors(error: ValidationErrorLike): Record<string, Said> {
  const errors: Record<string, Said> = {}
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? FORM_ERROR_KEY : issue.path.map(String).join('.')
    // First message wins: the schemas order their checks from most to least basic.
    if (!(key in errors)) errors[key] = readRefusal(issue.message)
  }
  return errors
}

/** The first refusal of all, for a toast or a JSON { message } (e.g. 'Booking Failed' with this text). */
export function firstErrorMessage(error: ValidationErrorLike, fallback: Said = 'Please check the form and try again.'): Said {
  const first = error.issues[0]
  return first ? readRefusal(first.message) : fallback
}
