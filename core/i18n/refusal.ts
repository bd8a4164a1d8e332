import type adminErrors from './messages/adminErrors/en.json'
import type errors from './messages/errors/en.json'
import { formatLongDate, type CalendarDate } from '../dates.ts'
import { formatYen } from '../money.ts'
import type { Locale } from './locales.ts'
import type { MessageId } from './message-id.ts'

/**
 * What a service or a shared schema refuses with (docs/decisions/0087): a message id of the
 * catalogue and its values, never English text. The reader says it in its own language: a page
 * with `t(id, values)`, the JSON API and the logs in English (server/i18n/refusals.ts).
 */
export type ErrorMessageId = keyof typeof errors | AdminErrorMessageId
/**
 * The dashboard's own refusals (a user, a promo code, a setting): in English and Japanese only
 * (decision 0086); a guest's page never meets them, and any other language reads their English.
 */
export type AdminErrorMessageId = keyof typeof adminErrors

/**
 * A value of a refusal. A date, an amount of yen or a count is passed raw and formatted by the
 * reader in its language: '2026-12-05' is 'Saturday, December 5, 2026' in English and
 * '2026年12月5日土曜日' in Japanese. Things the dashboard names in its own words (a photo's places)
 * are passed as their message ids and listed in the reader's language. A plain string (a
 * question's name as the guide wrote it) is written as it is.
 */
export type RefusalValue = string | number | { date: CalendarDate } | { yen: number } | { names: MessageId[] }
export type RefusalValues = Record<string, RefusalValue>

export type Refusal = { id: ErrorMessageId; values?: RefusalValues }

/**
 * What a refusal may be: a refusal, or an English text no catalogue holds, which only an API client
 * meets (docs/decisions/0087 lists them). A page shows such a text as it is.
 */
export type Said = Refusal | string

export function refusal(id: ErrorMessageId, values?: RefusalValues): Refusal {
  return values === undefined ? { id } : { id, values }
}

/** A calendar date as a refusal's value, written in the reader's language. */
export const dateValue = (date: CalendarDate) => ({ date })
/** An amount of yen as a refusal's value, written in the reader's language. */
export const yenValue = (yen: number) => ({ yen })
/** Things named by the catalogue as a refusal's value: each said and listed in the reader's language. */
export const namesValue = (names: MessageId[]) => ({ names })

/**
 * How a language lists names that may hold commas of their own ('Home slide 3: Cherry blossoms;
 * About: the banner'): the ideographic comma where the language has one.
 */
const LIST_SEPARATOR: Record<Locale, string> = { en: '; ', ja: '、', 'zh-Hant': '、', 'zh-Hans': '、', ko: '; ' }

export function listOfNames(names: string[], locale: Locale): string {
  return names.join(LIST_SEPARATOR[locale])
}

/**
 * zod carries one string per issue: a schema's message is a refusal written as this string,
 * made and read only here (`refusalMessage`, `readRefusal`). A text that is not one (zod's own
 * message for an input no form sends) reads as itself.
 */
const PREFIX = 'refusal:'

export function refusalMessage(id: ErrorMessageId, values?: RefusalValues): string {
  return PREFIX + JSON.stringify(refusal(id, values))
}

export function readRefusal(message: string): Said {
  if (!message.startsWith(PREFIX)) return message
  try {
    const parsed = JSON.parse(message.slice(PREFIX.length)) as Refusal
    return typeof parsed?.id === 'string' ? parsed : message
  } catch {
    return message
  }
}

/**
 * The request header by which our own pages ask the JSON API for a refusal's ids (`refusal`,
 * `refusals` beside `message` and `errors`); without it the API answers its English alone.
 */
export const REFUSAL_IDS_HEADER = 'x-refusal-ids'

export function isRefusal(said: unknown): said is Refusal {
  return typeof said === 'object' && said !== null && typeof (said as { id?: unknown }).id === 'string'
}

/**
 * A refusal's values written for a reader of `locale`: dates in its long form, yen as it writes
 * money, names through `say` (the reader's translator) in its list.
 */
export function refusalValues(said: Refusal, locale: Locale, say: (id: MessageId) => string): Record<string, string | number> {
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(said.values ?? {})) values[name] = valueFor(value, locale, say)
  return values
}

function valueFor(value: RefusalValue, locale: Locale, say: (id: MessageId) => string): string | number {
  if (typeof value !== 'object') return value
  if ('date' in value) return formatLongDate(value.date, locale)
  if ('yen' in value) return formatYen(value.yen, locale)
  return listOfNames(value.names.map((id) => say(id)), locale)
}

/**
 * A refusal in a page's language, through its translator (which holds the 'errors' namespace). A
 * string is read first: a schema's message (a rule's `message`) is a refusal written as one.
 */
export function sayRefusal(t: (id: MessageId, values?: Record<string, string | number>) => string, said: Said, locale: Locale): string {
  const read = typeof said === 'string' ? readRefusal(said) : said
  return typeof read === 'string' ? read : t(read.id, refusalValues(read, locale, (id) => t(id)))
}
