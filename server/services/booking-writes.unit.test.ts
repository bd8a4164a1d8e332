import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * One place writes a booking's status and its money (docs/decisions/0067): the lifecycle's writer
 * (booking-lifecycle.ts) writes the bookings table, and the ledger (ledger.ts) writes the money
 * rows and the vouchers' balances they move. Everything else loads, asks the lifecycle, and acts
 * on the answer. This test reads the source of the server and the pages and keeps it so.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const SOURCES = ['server', 'app', 'scripts']

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const files = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => ({ file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }))

/** The files in which `pattern` occurs. */
const writers = (pattern: RegExp) => files.filter(({ text }) => pattern.test(text)).map(({ file }) => file)

describe('who writes a booking and its money (docs/decisions/0067)', () => {
  it('only the lifecycle inserts, updates or deletes bookings (and the reminder job marks a reminder sent, the checkout records a consent)', () => {
    expect(writers(/\.(insert|delete)\(\s*bookings\s*\)/)).toEqual(['server/services/booking-lifecycle.ts'])
    expect(writers(/\.update\(\s*bookings\s*\)/).sort()).toEqual(['server/services/booking-consent.ts', 'server/services/booking-lifecycle.ts', 'server/services/mail-outbox.ts'])
    // Each of the two others writes once, and only its own columns: the reminder job its
    // once-only mark, the checkout the guest's consent (docs/decisions/0073); nothing of the
    // status or the money.
    const onlyWrite = (file: string) => {
      const text = files.find((f) => f.file === file)!.text
      expect(text.split(/\.update\(\s*bookings\s*\)/).length, file).toBe(2)
      return text.slice(text.indexOf('.update(bookings)')).match(/\.set\(\{([^}]*)\}\)/)![1]!.trim()
    }
    expect(onlyWrite('server/services/mail-outbox.ts')).toBe('reminderSentAt: now()')
    expect(onlyWrite('server/services/booking-consent.ts')).toBe('policyAcceptedAt: now, policyVersion: POLICY_VERSION')
  })

  it('only the ledger adds money rows and moves a voucher’s balance', () => {
    expect(writers(/\.insert\(\s*moneyMovements\s*\)/)).toEqual(['server/services/ledger.ts'])
    expect(writers(/balance:\s*sql`/)).toEqual(['server/services/ledger.ts'])
  })

  it('nothing else calls the lifecycle’s pure decision: every service goes through its writer', () => {
    expect(writers(/\bdecide\(/).filter((f) => !f.startsWith('server/services/booking-lifecycle.ts'))).toEqual([])
  })
})
