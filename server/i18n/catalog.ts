import fs from 'node:fs'
import path from 'node:path'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { LOCALES, type Locale } from '../../core/i18n/locales.ts'
import { isAdminLocale, isAdminNamespace, SERVER_ONLY_ADMIN_NAMESPACES, type AdminLocale } from '../../core/i18n/admin-locales.ts'
import type { MessageId, MessageNamespace } from '../../core/i18n/message-id.ts'
import { formatMessage, type CompiledMessages } from '../../core/i18n/format-message.ts'
import { ROOT_DIR } from '../paths.ts'

/**
 * The translations (docs/decisions/0044): one ICU MessageFormat file per namespace and locale,
 * core/i18n/messages/<namespace>/<locale>.json (docs/decisions/0085), each read and compiled on
 * first use. Pages receive the compiled messages of the namespaces they show through their
 * loaders, so the browser never loads a message compiler and the server compiles only what is
 * asked for; e-mails and the server's own messages are translated here.
 */
const MESSAGES_DIR = path.join(ROOT_DIR, 'core/i18n/messages')

let namespaceFolders: ReadonlySet<string> | undefined

/** The namespaces, as the folders of core/i18n/messages name them: no second list to keep. */
function messageNamespaces(): ReadonlySet<string> {
  namespaceFolders ??= new Set(
    fs
      .readdirSync(MESSAGES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort(),
  )
  return namespaceFolders
}

function sourceMessages(locale: Locale, namespace: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, namespace, `${locale}.json`), 'utf8')) as Record<string, string>
}

const compiled = new Map<`${Locale}/${string}`, CompiledMessages>()

function compiledMessages(locale: Locale, namespace: string): CompiledMessages {
  let messages = compiled.get(`${locale}/${namespace}`)
  if (!messages) {
    messages = Object.fromEntries(Object.entries(sourceMessages(locale, namespace)).map(([id, message]) => [id, compileMessage(message)]))
    compiled.set(`${locale}/${namespace}`, messages)
  }
  return messages
}

/** The compiled messages of a locale in the namespaces asked for ('booking' → 'booking.*'), and no others. */
export function messagesFor(locale: Locale, namespaces: readonly MessageNamespace[]): CompiledMessages {
  return Object.assign({}, ...namespaces.map((namespace) => compiledMessages(locale, namespace))) as CompiledMessages
}

/** A message of the server's own text (e-mails, error messages) in one locale. */
export function translate(locale: Locale, id: MessageId, values?: Record<string, unknown>): string {
  // Every locale has every message (server/i18n/messages.unit.test.ts); the id is the last resort.
  const namespace = id.slice(0, id.indexOf('.'))
  const message = messageNamespaces().has(namespace) ? compiledMessages(locale, namespace)[id] : undefined
  return message === undefined ? id : formatMessage(message, locale, values)
}

/**
 * The namespaces a locale has: every guest namespace, and the dashboard's (`admin*`) only in
 * the dashboard's languages (docs/decisions/0086).
 */
export function namespacesOf(locale: Locale): string[] {
  return [...messageNamespaces()].filter((namespace) => !isAdminNamespace(namespace) || isAdminLocale(locale))
}

/** Every locale's messages as written (uncompiled), all its namespaces in one record per locale. */
export function allSourceMessages(): Record<Locale, Record<string, string>> {
  return Object.fromEntries(
    LOCALES.map((l) => [l.code, Object.assign({}, ...namespacesOf(l.code).map((namespace) => sourceMessages(l.code, namespace)))]),
  ) as Record<Locale, Record<string, string>>
}

/**
 * The dashboard's words in an admin's language: every `admin*` namespace the browser reads
 * (docs/decisions/0086), not the e-mails' and notices' the server alone writes (0088).
 */
export function adminMessages(locale: AdminLocale): CompiledMessages {
  const shown = namespacesOf(locale).filter((namespace) => isAdminNamespace(namespace) && !SERVER_ONLY_ADMIN_NAMESPACES.includes(namespace))
  return messagesFor(locale, shown as MessageNamespace[])
}
