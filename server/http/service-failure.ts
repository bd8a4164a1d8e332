import type { Said } from '../../core/i18n/refusal.ts'
import { invalidInput, isServiceError, type ServiceErrorKind } from '../services/service-error.ts'

/** The one map from a service's kind of refusal to an HTTP status (docs/decisions/0037). */
const STATUS: Record<ServiceErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-declined': 402,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'rate-limited': 429,
  'provider-failed': 502,
}

/** A refusal as a response: the API's error handler and the route actions both build theirs from this. */
export type Failure = {
  status: number
  /** The English the JSON API answers (docs/decisions/0087). */
  message: string
  /** Field → English message, for the API; undefined when none. */
  errors: Record<string, string> | undefined
  /** What was refused, for a page to say in its language (app/lib/refusal.server.ts). */
  refusal: Said
  /** Field → refusal, for a form to show beside its inputs; undefined when none. */
  refusals: Record<string, Said> | undefined
  /** Further body fields beside the message. */
  extra: Record<string, unknown>
  headers: Record<string, string>
}

/** zod's error, by shape: a router's `schema.parse(req.body)` refuses a request with it. */
function isSchemaError(error: unknown): error is Error & { issues: { path: PropertyKey[]; message: string }[] } {
  return error instanceof Error && error.name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues)
}

/**
 * The response a service's refusal (or a schema's) becomes; null for anything else (a bug,
 * the database down), which the caller rethrows or logs.
 */
export function failureOf(error: unknown): Failure | null {
  const refusal = isServiceError(error) ? error : isSchemaError(error) ? invalidInput(error) : null
  if (!refusal) return null
  return {
    status: STATUS[refusal.kind],
    message: refusal.message,
    errors: refusal.errors,
    refusal: refusal.refusal,
    refusals: refusal.refusals,
    extra: refusal.extra,
    headers: refusal.retryAfter ? { 'Retry-After': String(refusal.retryAfter) } : {},
  }
}
