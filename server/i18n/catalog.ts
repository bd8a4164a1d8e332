import fs from 'node:fs'
import path from 'node:path'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { LOCALES, type Locale } from '../../core/i18n/locales.ts'
import type { MessageId, MessageNamespace } from '../../core/i18n/message-id.ts'
import { formatMessage, type CompiledMessages } from '../../core/i18n/format-message.ts'
import { matchMessage } from '../../core/i18n/message-match.ts'
import { ROOT_DIR } from '../paths.ts'

/**
 * The translations (docs/decisions/0044): one ICU MessageFormat file per locale in
 * core/i18n/messages, read and compiled once, on first use. Pages receive the compiled
 * messages of the namespaces they show through their loaders, so the browser never loads a
 * message compiler; e-mails and the server's own messages are translated here.
 */
const MESSAGES_DIR = path.join(ROOT_DIR, 'core/i18n/messages')

const compiled = new Map<Locale, CompiledMessages>()

function compiledMessages(locale: Locale): CompiledMessages {
  let messages = compiled.get(locale)
  if (!messages) {
    const source = JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), 'utf8')) as Record<string, string>
    messages = Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]))
    compiled.set(locale, messages)
  }
  return messages
}

/** The compiled messages of a locale whose ids start with one of the namespaces ('booking' → 'booking.*'). */
export function messagesFor(locale: Locale, namespaces: readonly MessageNamespace[]): CompiledMessages {
  const prefixes = namespaces.map((ns) => `${ns}.`)
  return Object.fromEntries(Object.entries(compiledMessages(locale)).filter(([id]) => prefixes.some((p) => id.startsWith(p))))
}

/** A message of the server's own text (e-mails, error messages) in one locale. */
export function translate(locale: Locale, id: MessageId, values?: Record<string, unknown>): string {
  // Every locale has every message (server/i18n/messages.unit.test.ts); the id is the last resort.
  const message = compiledMessages(locale)[id]
  return message === undefined ? id : formatMessage(message, locale, values)
}

/** Every locale's messages as written (uncompiled). */
export function allSourceMessages(): Record<Locale, Record<string, string>> {
  return Object.fromEntries(
    LOCALES.map((l) => [l.code, JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, `${l.code}.json`), 'utf8'))]),
  ) as Record<Locale, Record<string, string>>
}

let englishErrors: Record<string, string> | undefined

/** The English texts of the server's messages the guest may see ('errors.*'), as written. */
export function englishErrorMessages(): Record<string, string> {
  englishErrors ??= Object.fromEntries(Object.entries(allSourceMessages().en).filter(([id]) => id.startsWith('errors.')))
  return englishErrors
}

/**
 * A message of the services or schemas (English, the API's language) in the guest's locale;
 * a text no `errors.*` message recognises stays as it is.
 */
export function localizeServerText(locale: Locale, text: string): string {
  if (locale === 'en') return text
  const match = matchMessage(text, englishErrorMessages())
  return match ? translate(locale, match.id as MessageId, match.values) : text
}
