import { readRefusal, type Said } from '../../core/i18n/refusal.ts'
import { fieldErrors, type ValidationErrorLike } from '../../core/schemas/field-errors.ts'
import { englishText } from '../i18n/refusals.ts'

/**
 * What a service refuses, said in the service's own words: a kind, never an HTTP status.
 * The HTTP layer turns a kind into a status in one place, server/http/service-failure.ts
 * (docs/decisions/0037).
 */
export type ServiceErrorKind =
  /** The request itself is wrong: a field, a range, a filled honeypot. */
  | 'invalid'
  /** Nobody is logged in where someone must be. */
  | 'unauthenticated'
  /** The card was refused. */
  | 'payment-declined'
  | 'not-found'
  /** The request clashes with what is stored: the slot is taken, the booking already paid, the last admin. */
  | 'conflict'
  /** It was there and has run out: a hold that expired. */
  | 'gone'
  /** The request's body is larger than the service takes (an upload over its limit). */
  | 'too-large'
  /** Too many attempts; `retryAfter` says when to try again. */
  | 'rate-limited'
  /** A provider we depend on (card payments, SMTP) failed. */
  | 'provider-failed'

export type ServiceErrorDetails = {
  /** The form field the refusal belongs to: the form shows it there. */
  field?: string
  /** A refusal per field, when a schema refused a whole form. */
  errors?: Record<string, Said>
  /** Seconds until the client may try again (rate-limited). */
  retryAfter?: number
  /** Facts the client gets beside the message (e.g. what blocks an erasure). */
  extra?: Record<string, unknown>
}

/**
 * The route bundle (React Router's build) holds its own copy of this module while the
 * services it calls come from the server's, so `instanceof` fails across the two: errors
 * are recognised by this brand in the global symbol registry instead (isServiceError).
 */
const BRAND: unique symbol = Symbol.for('tour-booking.service-error')

/**
 * A refusal (docs/decisions/0087): what is refused is a message id with its values (`refusal`,
 * `refusals`), which a page says in its guest's language; `message` and `errors` are its English,
 * which the JSON API answers and the logs keep. An English text in place of a refusal is what the
 * dashboard's services still say (0087 lists them).
 */
export class ServiceError extends Error {
  readonly [BRAND] = true
  override readonly name = 'ServiceError'
  readonly refusal: Said
  /** Field → refusal; undefined when the refusal is about the request as a whole. */
  readonly refusals: Record<string, Said> | undefined
  /** Field → English message. */
  readonly errors: Record<string, string> | undefined
  readonly retryAfter: number | undefined
  readonly extra: Record<string, unknown>

  constructor(
    readonly kind: ServiceErrorKind,
    said: Said,
    details: ServiceErrorDetails = {},
  ) {
    super(englishText(said))
    // A schema's message used as a service's refusal is read back into one.
    const read = (text: Said) => (typeof text === 'string' ? readRefusal(text) : text)
    this.refusal = read(said)
    const fields = details.errors ?? (details.field ? { [details.field]: said } : undefined)
    this.refusals = fields && Object.fromEntries(Object.entries(fields).map(([field, fieldSaid]) => [field, read(fieldSaid)]))
    this.errors = this.refusals && Object.fromEntries(Object.entries(this.refusals).map(([field, fieldSaid]) => [field, englishText(fieldSaid)]))
    this.retryAfter = details.retryAfter
    this.extra = details.extra ?? {}
  }
}

/** The one test for a service error, true for either bundle's copy of the class. */
export function isServiceError(error: unknown): error is ServiceError {
  return typeof error === 'object' && error !== null && (error as { [BRAND]?: unknown })[BRAND] === true
}

/** A schema's verdict on a form or payload: 'invalid', first refusal first, every field's refusal kept. */
export function invalidInput(error: ValidationErrorLike, fallback: Said = 'Invalid request'): ServiceError {
  const errors = fieldErrors(error)
  return new ServiceError('invalid', Object.values(errors)[0] ?? fallback, { errors })
}
