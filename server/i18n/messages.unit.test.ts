import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '../../core/i18n/locales.ts'
import { isAdminLocale, isAdminNamespace } from '../../core/i18n/admin-locales.ts'
import { ROOT_DIR } from '../paths.ts'
import { allSourceMessages } from './catalog.ts'
import { messageArguments } from './message-arguments.ts'

/**
 * The translations stay complete and in use (docs/decisions/0044): a new language's files are
 * checked key by key against English, and no guest-facing component keeps English of its own.
 */
const messages = allSourceMessages()
const english = messages.en

/** The English ids a locale must have: the guest side's in every language, the dashboard's in its two (docs/decisions/0086). */
const englishIdsFor = (code: Locale) => Object.keys(english).filter((id) => isAdminLocale(code) || !isAdminNamespace(id.slice(0, id.indexOf('.'))))

/** The arguments ({name}, {count, plural, …}) and numbered tags (<0>…</0>) a message uses. */
function placeholders(message: string): string[] {
  const args = [...messageArguments(message)].map((name) => `{${name}}`)
  const tags = [...message.matchAll(/<(\d+)>/g)].map((m) => `<${m[1]}>`)
  return [...new Set([...args, ...tags])].sort()
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const MESSAGES_DIR = path.join(ROOT_DIR, 'core/i18n/messages')

describe('the messages files (docs/decisions/0085)', () => {
  const entries = fs.readdirSync(MESSAGES_DIR, { withFileTypes: true })
  const namespaces = entries.filter((e) => e.isDirectory()).map((e) => e.name)

  it('are folders of namespaces, with no file beside them', () => {
    expect(entries.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([])
    expect(namespaces.length).toBeGreaterThan(0)
  })

  it.each(namespaces)('%s holds one file for each of its languages and nothing else', (namespace) => {
    const expected = LOCALES.filter((l) => !isAdminNamespace(namespace) || isAdminLocale(l.code))
      .map((l) => `${l.code}.json`)
      .sort()
    expect(fs.readdirSync(path.join(MESSAGES_DIR, namespace)).sort()).toEqual(expected)
  })

  it.each(namespaces)('%s holds only ids of its own namespace', (namespace) => {
    const astray = LOCALES.flatMap(({ code }) => {
      const file = path.join(MESSAGES_DIR, namespace, `${code}.json`)
      if (!fs.existsSync(file)) return []
      const ids = Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
      return ids.filter((id) => !id.startsWith(`${namespace}.`)).map((id) => `${code}: ${id}`)
    })
    expect(astray).toEqual([])
  })

  it('all make the MessageId type: core/i18n/message-id.ts imports the English file of every namespace', () => {
    const source = fs.readFileSync(path.join(ROOT_DIR, 'core/i18n/message-id.ts'), 'utf8')
    const imported = [...source.matchAll(/from '\.\/messages\/([^/']+)\/en\.json'/g)].map((m) => m[1])
    expect(imported.sort()).toEqual([...namespaces].sort())
  })
})

describe.each(LOCALES.filter((l) => l.code !== 'en'))('the $code messages', ({ code }) => {
  const translated = messages[code]
  const ids = englishIdsFor(code)

  it('have every English key and no other', () => {
    expect(ids.filter((id) => !(id in translated)), 'missing').toEqual([])
    expect(Object.keys(translated).filter((id) => !(id in english)), 'unknown').toEqual([])
  })

  it('use the same arguments and tags as English', () => {
    const differ = ids.filter((id) => id in translated && placeholders(english[id]!).join() !== placeholders(translated[id]!).join())
    expect(differ).toEqual([])
  })

  it('name the places as the glossary does (core/i18n/glossary.json: the names travellers read on signs)', () => {
    const glossary = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'core/i18n/glossary.json'), 'utf8')) as Record<string, Record<string, string>>
    const astray = Object.entries(glossary).flatMap(([term, names]) => {
      const name = names[code]
      if (!name) return [`${term}: no ${code} name in the glossary`]
      const mentions = new RegExp(`\\b${term}\\b`)
      return ids
        .filter((id) => mentions.test(english[id]!) && !translated[id]?.includes(name))
        .map((id) => `${id}: "${term}" should read "${name}"`)
    })
    expect(astray).toEqual([])
  })

  it('are translated, not copied', () => {
    // Messages that are only arguments, numbers or brand names read the same in every language.
    const same = ids.filter((id) => translated[id] === english[id] && /[a-z]{3}/.test(english[id]!.replace(/\{[^}]*\}|WhatsApp|Stripe/g, '')))
    expect(same).toEqual([])
  })
})

describe('the messages read as a writer of their language writes', () => {
  it('Korean never shows a particle for either ending ("을(를)", "이(가)"): the sentence is written around the argument', () => {
    const fallback = /을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|\(으\)로|와\(과\)|과\(와\)/
    expect(Object.entries(messages.ko).filter(([, m]) => fallback.test(m)).map(([id]) => id)).toEqual([])
  })

  it.each(['ja', 'zh-Hans', 'zh-Hant'] as const)('%s uses full-width commas and brackets next to its own script', (code) => {
    // An ASCII comma or bracket touching a CJK character or an argument ("午前, 9:00", "(日本時間)").
    const halfWidth = /[\u3000-\u9fff\uff00-\uffef}][,(]|[,)][\u3000-\u9fff\uff00-\uffef{]|[\u3000-\u9fff}], /
    expect(Object.entries(messages[code]).filter(([, m]) => halfWidth.test(m.replace(/\{[^{}]*,\s*(plural|select|number|date)[^]*$/, ''))).map(([id, m]) => `${id}: ${m}`)).toEqual([])
  })
})

describe('every message', () => {
  it('is valid ICU MessageFormat in every locale', () => {
    const broken = LOCALES.flatMap(({ code }) =>
      Object.entries(messages[code]).flatMap(([id, message]) => {
        try {
          compileMessage(message)
          return []
        } catch (error) {
          return [`${code} ${id}: ${(error as Error).message}`]
        }
      }),
    )
    expect(broken).toEqual([])
  })

  it('is used by the code', () => {
    const code = ['app', 'server', 'core'].flatMap((dir) => sourceFiles(path.join(ROOT_DIR, dir))).map((file) => fs.readFileSync(file, 'utf8'))
    const all = code.join('\n')
    // The server's messages ('errors.*') are used by recognising the services' English texts:
    // server/i18n/server-messages.unit.test.ts proves each one is.
    const unused = Object.keys(english).filter((id) => !id.startsWith('errors.') && !all.includes(`'${id}'`) && !all.includes(`"${id}"`))
    expect(unused).toEqual([])
  })
})

/** Attributes a visitor reads or hears. */
const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description', 'aria-valuetext'])
/** Words that are the same in every language. */
const BRANDS = /^(WhatsApp|Stripe|Instagram|©|·|\W|\d)+$/

function englishLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    // What is hidden from everyone (the forms' honeypot) is read by no guest, and what declares its
    // language (the binding Japanese and English texts of the legal and privacy notices) is meant so.
    const hidden = (a: ts.JsxAttributeLike) => ts.isJsxAttribute(a) && a.name.getText() === 'aria-hidden' && a.initializer?.getText() === '"true"'
    const declaresLanguage = (a: ts.JsxAttributeLike) => ts.isJsxAttribute(a) && a.name.getText() === 'lang'
    if (ts.isJsxElement(node) && node.openingElement.attributes.properties.some((a) => hidden(a) || declaresLanguage(a))) return
    // The English and Japanese texts of those bilingual notices are held in fields and constants
    // named for their language (`en`, `ja`, `contentEn`, `onRequestJa`), rendered inside their lang elements.
    const name = (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) && node.name ? node.name.getText() : ''
    if (/^(en|ja|\w+(En|Ja))$/.test(name)) return
    if (ts.isJsxText(node)) {
      const text = node.getText().trim()
      if (/[A-Za-z]{2}/.test(text) && !BRANDS.test(text)) found.push(text)
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const name = node.name.getText()
      const value = node.initializer.text
      if (VISIBLE_ATTRIBUTES.has(name) && /[A-Za-z]{2}/.test(value) && !BRANDS.test(value)) found.push(`${name}="${value}"`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('guest-facing components', () => {
  // Everything a guest may see: the public routes and the components they use. The dashboard's
  // files have their own check below.
  const guestFiles = [
    ...sourceFiles(path.join(ROOT_DIR, 'app/routes')).filter((f) => !f.includes(`${path.sep}admin${path.sep}`)),
    ...sourceFiles(path.join(ROOT_DIR, 'app/components')).filter((f) => !f.includes(`${path.sep}admin${path.sep}`)),
    path.join(ROOT_DIR, 'app/root.tsx'),
  ].filter((f) => f.endsWith('.tsx'))

  it.each(guestFiles.map((f) => path.relative(ROOT_DIR, f)))('%s shows no English literal', (file) => {
    expect(englishLiterals(path.join(ROOT_DIR, file))).toEqual([])
  })
})

/** A string in code that reads as English words: 'Booking cancelled', 'Failed to fetch', `Booking #${id}`. */
const ENGLISH_STRING = /^[A-Z][a-z]+(?:[ ,.:;!?'’…-][^]*)?$/
/** Strings of that shape that nobody reads: the names of keyboard keys the dashboard listens for. */
const NOT_READ = new Set(['Escape', 'Enter'])
/**
 * Strings the admin sends rather than reads: the drafts of e-mails to the guest (the booking dialog's
 * and the Messages tab's 'Open Email App'), in English as the guest's e-mails were until they follow
 * the guest's language.
 */
const TO_THE_GUEST = new Set(['Your Joetsu tour on', 'Re: Your inquiry about a Joetsu tour', 'Dear'])

/** The strings of a file's code (not its imports, types or object keys) that read as English. */
function englishStrings(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return
    const isKey = node.parent !== undefined && ts.isPropertyAssignment(node.parent) && node.parent.name === node
    const text =
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isKey
        ? node.text
        : ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)
          ? node.text
          : undefined
    if (text !== undefined && ENGLISH_STRING.test(text.trim()) && !NOT_READ.has(text.trim()) && !TO_THE_GUEST.has(text.trim())) found.push(text.trim())
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('dashboard components (docs/decisions/0086)', () => {
  const adminFiles = [...sourceFiles(path.join(ROOT_DIR, 'app/routes/admin')), ...sourceFiles(path.join(ROOT_DIR, 'app/components/admin'))].map((f) =>
    path.relative(ROOT_DIR, f).split(path.sep).join('/'),
  )

  it.each(adminFiles)('%s shows no English of its own', (file) => {
    const full = path.join(ROOT_DIR, file)
    expect([...(file.endsWith('.tsx') ? englishLiterals(full) : []), ...englishStrings(full)]).toEqual([])
  })
})
