import type { MessageId } from '../../core/i18n/message-id.ts'
import { sayRefusal, type Said } from '../../core/i18n/refusal.ts'
import { fieldErrors, type ValidationErrorLike } from '../../core/schemas/field-errors.ts'
import { ApiError } from '../lib/fetch-json.ts'
import { useLocale, useT } from './i18n.tsx'

/**
 * Refusals in the page's language (docs/decisions/0087): a message id with its values, said with
 * the page's translator (its loader delivers the 'errors' namespace); an English text (what the
 * dashboard's own schemas still say) as it is.
 */
export function useSayRefusal(): (said: Said) => string {
  const t = useT()
  const locale = useLocale()
  return (said) => sayRefusal(t, said, locale)
}

/**
 * A failed call to our API as the guest reads it: the server's refusal (or the network's failure)
 * in the page's language, or `otherwise`, the page's own sentence, when nothing came that a guest
 * should read (a proxy's error page, a mistake in the page itself).
 */
export function useSayFailure(): (error: unknown, otherwise: MessageId) => string {
  const t = useT()
  const say = useSayRefusal()
  return (error, otherwise) => {
    const said = error instanceof ApiError ? error.refusal : null
    return said ? say(said) : t(otherwise)
  }
}

/** A schema's verdict as a form shows it: each field's first refusal, said in the page's language. */
export function useFieldErrors(): (error: ValidationErrorLike) => Record<string, string> {
  const say = useSayRefusal()
  return (error) => Object.fromEntries(Object.entries(fieldErrors(error)).map(([field, said]) => [field, say(said)]))
}
