import type { Locale } from './locales.ts'

/**
 * Messages as @lingui/message-utils compiles them from ICU MessageFormat (docs/decisions/0046):
 * a plain string, or a list of text pieces and placeholders. A placeholder is `[name]` for a
 * value, or `[name, type, options]`: `plural`/`selectordinal` with a branch per category (and
 * an `offset`) or `select` with a branch per value. The messages use no other formatter (date,
 * number): the test against Lingui's runtime would fail on one.
 */
export type CompiledMessage = string | CompiledPiece[]
type CompiledPiece = string | [name: string, type?: string, options?: unknown]
export type CompiledMessages = Record<string, CompiledMessage>

const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key)
  if (!value) cache.set(key, (value = make()))
  return value
}

/**
 * A whole number as every language of the site writes it: Latin digits, a comma every three
 * ('1,234', '-1,200'), which is what Intl.NumberFormat writes for en, ja, ko, zh-Hant and zh-Hans
 * (the unit test holds the messages to Lingui's output, which uses it, and fails if a language
 * with other digits or grouping is added). Intl is left for other numbers: a browser's first
 * Intl.NumberFormat costs it 15-30 ms (it loads the number data), in the task that hydrates the
 * page, and the booking calendar's "3 slots available" or a price needs none (docs/decisions/0054).
 */
export function formatWholeNumber(value: number): string {
  return (value < 0 ? '-' : '') + String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',')
}

const formatNumber = (locale: Locale, value: number) =>
  Number.isSafeInteger(value) ? formatWholeNumber(value) : memo(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value)

/**
 * A compiled message with its values, as Lingui's own runtime writes it (the unit test checks
 * every message of every language against it). `#` in a plural branch is the number, written
 * in the language's digits and separators; a value left out writes nothing.
 */
export function formatMessage(message: CompiledMessage, locale: Locale, values: Readonly<Record<string, unknown>> = {}): string {
  const write = (pieces: CompiledMessage, count?: number): string => {
    if (!Array.isArray(pieces)) return pieces
    let text = ''
    for (const piece of pieces) {
      if (typeof piece === 'string') {
        text += piece === '#' && count !== undefined ? formatNumber(locale, count) : piece
        continue
      }
      const [name, type, options] = piece
      const value = values[name]
      if (type === 'plural' || type === 'selectordinal') {
        const { offset = 0, ...branches } = options as Record<string, CompiledMessage> & { offset?: number }
        const rules = memo(pluralRules, `${locale}-${type}`, () => new Intl.PluralRules(locale, { type: type === 'plural' ? 'cardinal' : 'ordinal' }))
        const n = Number(value)
        const branch = branches[String(value)] ?? branches[rules.select(n - offset)] ?? branches.other
        text += write(branch ?? '', n - offset)
      } else if (type === 'select') {
        const branches = options as Record<string, CompiledMessage>
        text += write(branches[String(value)] ?? branches.other ?? '')
      } else if (value !== undefined && value !== null) {
        text += String(value)
      }
    }
    return text
  }
  return write(message)
}
