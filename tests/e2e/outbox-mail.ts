import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'
import { simpleParser, type ParsedMail } from 'mailparser'

/**
 * The e-mail the outbox job wrote for `to` (DATA_DIR/outbox, docs/decisions/0008), parsed; the
 * one whose subject matches, when the address got several. `dataDir`: a server of its own's.
 */
export async function emailTo(to: string, subject?: RegExp, dataDir = process.env.E2E_DATA_DIR!): Promise<ParsedMail> {
  const folder = path.join(dataDir, 'outbox')
  let found: ParsedMail | undefined
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.eml')) : []
        for (const file of files) {
          const raw = fs.readFileSync(path.join(folder, file), 'utf8')
          if (!raw.includes(to)) continue
          const mail = await simpleParser(raw)
          if (!subject || subject.test(mail.subject ?? '')) found = mail
        }
        return found !== undefined
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  return found!
}
