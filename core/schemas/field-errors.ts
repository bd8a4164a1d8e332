/**
 * Turns a validation failure into what a form shows and what the API answers
 * (400 { message, errors }): the first message for each field, keyed by the
 * field's path ('email', 'items.0.name'). Problems with the payload as a whole
 * (empty path) are keyed FORM_ERROR_KEY.
 *
 * Typed structurally so it accepts any zod 4 error (ZodError or core $ZodError).
 */
export type ValidationIssue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string }
export type ValidationErrorLike = { readonly issues: ReadonlyArray<ValidationIssue> }

export const FORM_ERROR_KEY = '_form'

export function fieldErrors(error: ValidationErrorLike): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? FORM_ERROR_KEY : issue.path.map(String).join('.')
    // First message wins: the schemas order their checks from most to least basic.
    if (!(key in errors)) errors[key] = issue.message
  }
  return errors
}

/** The first message of all, for a toast or a JSON { message } (e.g. 'Booking Failed' with this text). */
export function firstErrorMessage(error: ValidationErrorLike, fallback = 'Please check the form and try again.'): string {
  return error.issues[0]?.message ?? fallback
}
