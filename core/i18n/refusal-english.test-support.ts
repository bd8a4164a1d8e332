import adminErrors from './messages/adminErrors/en.json'
import adminPhotos from './messages/adminPhotos/en.json'
import errors from './messages/errors/en.json'
import { readRefusal, refusalValues, type Said } from './refusal.ts'

/**
 * A refusal's English for the unit tests of core/ (which may not reach the server's catalogue):
 * the English errors are plain sentences with `{name}` arguments, so a substitution writes them as
 * the server does (server/i18n/refusals.unit.test.ts checks that it does, id by id).
 */
export function englishOf(said: Said): string {
  const read = typeof said === 'string' ? readRefusal(said) : said
  if (typeof read === 'string') return read
  const english: Record<string, string> = { ...errors, ...adminErrors, ...adminPhotos }
  const values = refusalValues(read, 'en', (id) => english[id]!)
  return english[read.id]!.replace(/\{(\w+)\}/g, (_: string, name: string) => String(values[name] ?? ''))
}

/** Each field's refusal in English. */
export function englishOfEach(found: Record<string, Said>): Record<string, string> {
  return Object.fromEntries(Object.entries(found).map(([field, said]) => [field, englishOf(said)]))
}

/** A rule's answer with its `message` in English: `{ ok: false, message }` as the tests compare it. */
export function withEnglishMessage<T>(answer: T): T {
  if (typeof answer !== 'object' || answer === null || typeof (answer as { message?: unknown }).message !== 'string') return answer
  return { ...answer, message: englishOf((answer as unknown as { message: string }).message) }
}
