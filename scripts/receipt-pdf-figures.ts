/**
 * The receipt PDF's figures (docs/decisions/0083): per booking language, the size of a receipt
 * and of a return invoice, the first render's time (it reads and parses the fonts it needs) and
 * the median of the next ones, and what the font packages weigh on disk after `npm ci`.
 *
 *   node --import tsx scripts/receipt-pdf-figures.ts
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { LOCALES } from '../core/i18n/locales.ts'
import type { TaxDocument } from '../core/tax-document.ts'
import { renderTaxDocumentPdf } from '../server/tax-documents/render-pdf.ts'

const RUNS = 10

const RECIPIENT = { en: 'Emily Carter', ja: '山田 太郎', ko: '김민준', 'zh-Hant': '陳大文', 'zh-Hans': '王小明' } as const

function sample(locale: TaxDocument['locale'], kind: TaxDocument['kind']): TaxDocument {
  const returning = kind === 'return-invoice'
  return {
    kind,
    number: returning ? 'R-000043' : 'R-000042',
    correctsNumber: null,
    locale,
    issuedOn: '2026-11-27',
    transactionOn: returning ? '2026-11-27' : '2026-11-20',
    originalTransactionOn: returning ? '2026-11-20' : null,
    issuer: { registered: true, registrationNumber: 'T1234567890123', legalName: '山田 花子', address: '新潟県上越市本城町1-1' },
    recipient: RECIPIENT[locale],
    supply: { bookingReference: 'JLT-7K3P9Q', tourName: 'Takada Castle and the gangi walk', tourOn: '2026-12-05', groupSize: 3 },
    taxable: 19_800,
    tax: 1_800,
    taxRatePercent: 10,
    notTaxable: returning ? 3_960 : 0,
    total: returning ? 15_840 : 19_800,
    ways: [{ way: 'card', yen: returning ? 15_840 : 19_800 }],
  }
}

function folderBytes(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name)
    return sum + (entry.isDirectory() ? folderBytes(full) : fs.statSync(full).size)
  }, 0)
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const ms = (value: number) => `${value.toFixed(0)} ms`

console.log('language  kind            size      first     median')
for (const { code } of LOCALES) {
  for (const kind of ['receipt', 'return-invoice'] as const) {
    const doc = sample(code, kind)
    let started = performance.now()
    const bytes = await renderTaxDocumentPdf(doc)
    const first = performance.now() - started
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      started = performance.now()
      await renderTaxDocumentPdf(doc)
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    console.log(`${code.padEnd(9)} ${kind.padEnd(15)} ${kb(bytes.length).padStart(8)} ${ms(first).padStart(9)} ${ms(times[RUNS >> 1]!).padStart(9)}`)
  }
}

const require = createRequire(import.meta.url)
let fonts = 0
for (const pkg of ['@embedpdf/fonts-jp', '@embedpdf/fonts-kr', '@embedpdf/fonts-tc', '@embedpdf/fonts-sc']) {
  const dir = path.join(path.dirname(require.resolve(pkg)), '..')
  const bytes = folderBytes(dir)
  fonts += bytes
  console.log(`${pkg}: ${(bytes / 1024 / 1024).toFixed(1)} MB on disk`)
}
console.log(`font packages: ${(fonts / 1024 / 1024).toFixed(1)} MB on disk`)
