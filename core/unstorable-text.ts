import { refusalMessage } from './i18n/refusal.ts'

// Text PostgreSQL cannot store: U+0000 in text, an unpaired surrogate in json. No form a
// person fills in sends either; any way in (the API, a page's form post) refuses them with
// this message rather than fail at the database with a 500.

export const UNSTORABLE_TEXT_MESSAGE = refusalMessage('errors.unstorableText')

/** U+0000, or half of a surrogate pair: neither is text a person typed, and PostgreSQL refuses both (text, json). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Whether a parsed body or query holds such a character in any string, key or value (iterative: a deeply nested body cannot overflow the stack). */
export function containsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (UNSTORABLE.test(next)) return true
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (UNSTORABLE.test(key)) return true
        pending.push(inner)
      }
    }
  }
  return false
}
