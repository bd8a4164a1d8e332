import { setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { formatMessage, type CompiledMessage } from '../../core/i18n/format-message.ts'
import { LOCALES } from '../../core/i18n/locales.ts'
import { allSourceMessages } from './catalog.ts'

/**
 * The pages' and e-mails' message formatter writes exactly what Lingui's own runtime writes
 * (docs/decisions/0046), for every message of every language, with every value it names and
 * the counts where the languages' plural rules differ. Lingui stays the reference here.
 */
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 1000, 1234567]

/** Every value a compiled message names, with whether it decides a plural. */
function valueNames(message: CompiledMessage, found = new Map<string, boolean>()): Map<string, boolean> {
  if (!Array.isArray(message)) return found
  for (const piece of message) {
    if (typeof piece === 'string') continue
    const [name, type, options] = piece
    found.set(name, found.get(name) === true || type === 'plural' || type === 'selectordinal')
    if (options && typeof options === 'object') for (const branch of Object.values(options)) valueNames(branch as CompiledMessage, found)
  }
  return found
}

describe.each(LOCALES)('every $code message', ({ code }) => {
  const lingui = setupI18n({ locale: code, messages: { [code]: {} } })
  const source = allSourceMessages()[code]

  it('is written as Lingui writes it, with and without its values', () => {
    let compared = 0
    for (const [id, text] of Object.entries(source)) {
      const compiled = compileMessage(text)
      const names = valueNames(compiled)
      const samples: Record<string, unknown>[] = [{}]
      const words = Object.fromEntries([...names.keys()].map((name) => [name, `‹${name}›`]))
      samples.push(words)
      for (const count of COUNTS) samples.push({ ...words, ...Object.fromEntries([...names].filter(([, plural]) => plural).map(([name]) => [name, count])) })
      for (const values of samples) {
        lingui.load(code, { [id]: compiled })
        expect(formatMessage(compiled, code, values), `${id} ${JSON.stringify(values)}`).toBe(lingui._(id, values))
        compared++
      }
    }
    expect(compared).toBeGreaterThan(Object.keys(source).length * 2)
  })
})

describe('formatMessage', () => {
  it('writes a plural’s number in the language’s digits, picks exact matches first, and ignores a # outside a plural', () => {
    const message = compileMessage('{count, plural, =0 {none} one {# guest} other {# guests}} · #')
    expect(formatMessage(message, 'en', { count: 0 })).toBe('none · #')
    expect(formatMessage(message, 'en', { count: 1 })).toBe('1 guest · #')
    expect(formatMessage(message, 'en', { count: 1200 })).toBe('1,200 guests · #')
  })

  it('picks a select branch by value, else the other one', () => {
    const message = compileMessage('{kind, select, half {Half day} other {Full day}}')
    expect(formatMessage(message, 'en', { kind: 'half' })).toBe('Half day')
    expect(formatMessage(message, 'en', { kind: 'unknown' })).toBe('Full day')
  })
})
