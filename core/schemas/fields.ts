import './zod-config.ts'
import { z } from 'zod'
import { isCalendarDate } from '../dates.ts'
import { toLocale } from '../i18n/locales.ts'
import { refusalMessage } from '../i18n/refusal.ts'

/**
 * Field builders shared by the schemas in this folder, so that "an e-mail", "a
 * phone number" or "an optional text" mean the same on every form and payload.
 * Forms send '' for an untouched field and JSON clients may send null; optional
 * fields treat both as absent.
 */

/** The schemas' messages are refusals (docs/decisions/0087): a message id and values, written as zod's string. */
export const EMAIL_MESSAGE = refusalMessage('errors.email')
export const EMAIL_MAX = 254 // the longest address SMTP can carry

/** A required e-mail address, trimmed. */
export function emailField(message: string = EMAIL_MESSAGE, requiredMessage: string = message) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX, refusalMessage('errors.emailTooLong', { max: EMAIL_MAX }))
    .pipe(z.email({ error: message }))
}

/**
 * International phone numbers as people type them: '+81 90-1234-5678',
 * '(555) 123-4567', '090.1234.5678'. Digits, spaces, dots, dashes, parentheses and
 * one leading '+'; at least 7 digits so that a row of dashes does not pass.
 */
const PHONE_CHARS = /^\+?[0-9\s().-]+$/
export const PHONE_MAX = 30

export function isPhoneNumber(s: string): boolean {
  return PHONE_CHARS.test(s) && (s.match(/\d/g)?.length ?? 0) >= 7
}

export function phoneField(message: string, minLength: number) {
  return z
    .string({ error: message })
    .trim()
    .min(minLength, message)
    .max(PHONE_MAX, refusalMessage('errors.phoneTooLong', { max: PHONE_MAX }))
    .refine(isSingleLine, refusalMessage('errors.phoneOneLine'))
    .refine(isPhoneNumber, message)
}

/**
 * Control characters (C0, DEL and C1, docs/decisions/0027). A one-line field (a name, a
 * phone number, a username) holds none: CR and LF in a name would forge lines in the
 * plain-text e-mails, TAB and the rest are not text a person types. A multi-line field
 * (special requests, a message) keeps LF, CR and TAB and refuses the others.
 */
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const CONTROL_BUT_LINE_BREAKS_AND_TABS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

export function isSingleLine(s: string): boolean {
  return !ANY_CONTROL.test(s)
}

export function hasOnlyTextControls(s: string): boolean {
  return !CONTROL_BUT_LINE_BREAKS_AND_TABS.test(s)
}

/** '' and null read as "not given". */
export function blankToUndefined(v: unknown): unknown {
  return v === '' || v === null ? undefined : v
}

/**
 * An optional trimmed text; blank (or only spaces) becomes undefined. `lines` says
 * whether it is one line or may hold line breaks, with the message for a control character.
 */
export function optionalText(max: number, tooLongMessage: string, lines: { oneLine: string } | { multiLine: string }) {
  const text =
    'oneLine' in lines
      ? z.string().max(max, tooLongMessage).refine(isSingleLine, lines.oneLine)
      : z.string().max(max, tooLongMessage).refine(hasOnlyTextControls, lines.multiLine)
  return z.preprocess((v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)), text.optional())
}

/**
 * An optional text on an edit form: absent means "keep what is stored", blank
 * means "clear it" (null).
 */
export function clearableText<T extends z.ZodType<string>>(inner: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    inner.nullable().optional(),
  )
}

/**
 * The language a guest wrote in (docs/decisions/0044): the page's, set by its action; an API
 * client may name one. Anything else is English rather than an error.
 */
export const localeField = z
  .unknown()
  .optional()
  .transform(toLocale)

/** An optional choice from a fixed list; '' (nothing selected) becomes undefined. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(blankToUndefined, z.enum(values, { error: message }).optional())
}

/** A real calendar date 'yyyy-MM-dd' (2025-02-30 is refused). */
export function calendarDateField(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isCalendarDate, invalidMessage)
}

/**
 * A checkbox: JSON sends booleans, an HTML form sends 'on' when ticked and nothing
 * when not. Absent means the default given by the schema that uses it.
 */
export const checkbox = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off'])], { error: 'Must be true or false' })
  .transform((v) => v === true || v === 'true' || v === 'on')

/**
 * A box the person must tick to go on (consent to the policy, to publishing a review): true from
 * JSON, 'on' or 'true' from a form. Anything else is refused with the one message, and so is
 * absence, which is what a form sends for an unticked box: a missing field is a no, never a yes
 * (docs/decisions/0050, 0073). Not `checkbox.optional().refine(...)`: zod skips an optional
 * field's checks when the key is absent, so a request without the field passed.
 */
export function requiredTick(message: string) {
  return z
    .union([z.boolean(), z.string()], { error: message })
    .transform((v) => v === true || v === 'true' || v === 'on')
    .pipe(z.literal(true, { error: message }))
}

/**
 * The largest serial id PostgreSQL's integer (int4) holds. An id or count a client
 * sends is bounded by it (or less) before it reaches a query, where a larger number
 * fails as "out of range for type integer": a 500 instead of a 400.
 */
export const ID_MAX = 2_147_483_647

/**
 * A whole number from a number or a decimal numeric string (form fields are
 * strings). '' reads as 0, so it fails the minimum with the minimum's message;
 * strings such as '0x10' or '1e3', which Number() would accept, are refused.
 */
export function wholeNumberField(opts: {
  min: number
  max?: number
  minMessage: string
  maxMessage?: string
  wholeMessage?: string
}) {
  const { min, max, minMessage, maxMessage, wholeMessage = minMessage } = opts
  let n = z.number({ error: minMessage }).int(wholeMessage).min(min, minMessage)
  if (max !== undefined) n = n.max(max, maxMessage ?? `Must be at most ${max}`)
  const fromString = z
    .string()
    .trim()
    .regex(/^[-+]?\d*(\.\d+)?$/, wholeMessage)
    .transform(Number)
  return z.union([z.number(), fromString], { error: minMessage }).pipe(n)
}

/**
 * Options for an object's rule across fields (`superRefine`) so that it runs even when other
 * fields failed: zod skips such a rule after any fatal issue (a missing field, a wrong type, an
 * unknown choice), and a guest would fix the form once only to be shown a second message. It runs
 * when the fields it reads passed themselves, so it never sees their raw, unchecked input.
 */
export function alongsideFieldErrors(...reads: string[]) {
  return {
    when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((issue) => reads.includes(String(issue.path?.[0]))),
  }
}
