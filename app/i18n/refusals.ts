import { sayRefusal, type Said } from '../../core/i18n/refusal.ts'
import { fieldErrors, type ValidationErrorLike } from '../../core/schemas/field-errors.ts'
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

/** A schema's verdict as a form shows it: each field's first refusal, said in the page's language. */
export function useFieldErrors(): (error: ValidationErrorLike) => Record<string, string> {
  const say = useSayRefusal()
  return (error) => Object.fromEntries(Object.entries(fieldErrors(error)).map(([field, said]) => [field, say(said)]))
}
