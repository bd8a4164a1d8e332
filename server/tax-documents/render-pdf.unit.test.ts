import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '../../core/i18n/locales.ts'
import type { TaxDocument } from '../../core/tax-document.ts'
import { pdfBlankGlyphs, pdfLowestBaseline, pdfText } from '../../tests/support/pdf-text.ts'
import { translate } from '../i18n/catalog.ts'
import { renderTaxDocumentPdf } from './render-pdf.ts'

/** Text as pdf.js extracts it, without the line breaks and spaces a layout puts between runs. */
async function textOf(doc: TaxDocument): Promise<string> {
  return (await pdfText(await renderTaxDocumentPdf(doc))).replace(/\s+/g, '')
}

const squeeze = (text: string) => text.replace(/\s+/g, '')
const label = (locale: Locale, id: Parameters<typeof translate>[1], values?: Record<string, unknown>) => squeeze(translate(locale, id, values))

const registeredIssuer = {
  registered: true,
  registrationNumber: 'T1234567890123',
  legalName: '山田 花子（上越ローカルツアーズ）',
  address: '〒943-0835 新潟県上越市本城町1-1',
}

function receipt(locale: Locale, overrides: Partial<TaxDocument> = {}): TaxDocument {
  return {
    kind: 'receipt',
    number: 'R-000042',
    correctsNumber: null,
    locale,
    issuedOn: '2026-11-27',
    transactionOn: '2026-11-20',
    originalTransactionOn: null,
    issuer: registeredIssuer,
    recipient: null,
    supply: { bookingReference: 'JLT-7K3P9Q', tourName: 'Takada Castle walk', tourOn: '2026-12-05', groupSize: 3 },
    taxable: 19_800,
    tax: 1_800,
    taxRatePercent: 10,
    notTaxable: 0,
    total: 19_800,
    ways: [
      { way: 'card', yen: 16_800 },
      { way: 'voucher', yen: 3_000 },
    ],
    ...overrides,
  }
}

function returnInvoice(locale: Locale, overrides: Partial<TaxDocument> = {}): TaxDocument {
  return receipt(locale, {
    kind: 'return-invoice',
    number: 'R-000043',
    transactionOn: '2026-11-27',
    originalTransactionOn: '2026-11-20',
    notTaxable: 3_960,
    total: 15_840,
    ways: [{ way: 'card', yen: 15_840 }],
    ...overrides,
  })
}

// Each test renders and reads back a PDF or more (tens of milliseconds each, more on a busy machine).
describe.each(LOCALES.map((l) => l.code))('a %s document', { timeout: 30_000 }, (locale) => {
  it('of a registered issuer is a simplified qualified invoice with every item the law asks for', async () => {
    const text = await textOf(receipt(locale))
    for (const id of ['receipt.title.receipt', 'receipt.amountReceived', 'receipt.paidOn', 'receipt.taxable', 'receipt.tax', 'receipt.taxRate', 'receipt.rounding', 'receipt.way.card', 'receipt.way.voucher', 'receipt.issuer'] as const) {
      expect(text).toContain(label(locale, id))
    }
    for (const japanese of ['領収書（適格簡易請求書）', '取引年月日', '10%対象（税込）', '内消費税', '適用税率', '消費税額は書類ごとに1円未満切り捨て', 'お支払方法', 'クレジットカード', 'ギフト券', '発行者', '登録番号', '宛名', '但し']) {
      expect(text).toContain(japanese)
    }
    expect(text).toContain('T1234567890123')
    expect(text).toContain(squeeze(registeredIssuer.legalName))
    expect(text).toContain(squeeze(registeredIssuer.address))
    expect(text).toContain('R-000042')
    expect(text).toContain('¥19,800')
    expect(text).toContain('¥1,800')
    expect(text).toContain('¥16,800')
    expect(text).toContain('¥3,000')
    expect(text).toContain('10%')
    // What was supplied, in the guest's language and in Japanese.
    expect(text).toContain('TakadaCastlewalk（2026年12月5日、3名様、予約番号JLT-7K3P9Q）代として')
    expect(text).toContain('JLT-7K3P9Q')
    // No name given: 上様.
    expect(text).toContain('上様')
    expect(text).not.toContain('返還')
  })

  it('of an unregistered issuer is a plain receipt: no invoice wording, no registration number', async () => {
    const text = await textOf(receipt(locale, { issuer: { ...registeredIssuer, registered: false, registrationNumber: null } }))
    expect(text).toContain('領収書')
    expect(text).not.toContain('適格')
    expect(text).not.toContain('登録番号')
    expect(text).not.toContain(label(locale, 'receipt.registrationNumber'))
    expect(text).not.toContain('T1234567890123')
    expect(text).toContain('¥19,800')
    expect(text).toContain('内消費税')
  })

  it('of a refund is a return invoice: the consideration returned with its tax, the fee kept not taxed, the money returned', async () => {
    const text = await textOf(returnInvoice(locale, { recipient: 'Anna Müller' }))
    for (const id of ['receipt.title.returnInvoice', 'receipt.refundedOn', 'receipt.originalPaidOn', 'receipt.taxableReturned', 'receipt.notTaxable', 'receipt.amountReturned', 'receipt.refundedBy'] as const) {
      expect(text).toContain(label(locale, id))
    }
    for (const japanese of ['適格返還請求書', '返還年月日', '返還の基となった取引の年月日', '返還する対価の額10%対象（税込）', 'キャンセル料（不課税）', '返金額', '返金方法', '内消費税', '登録番号']) {
      expect(text).toContain(japanese)
    }
    expect(text).toContain('¥19,800')
    expect(text).toContain('¥1,800')
    expect(text).toContain('-¥3,960')
    expect(text).toContain('¥15,840')
    expect(text).toContain('AnnaMüller様')
    expect(text).not.toContain('上様')
  })

  it('that corrects another says which', async () => {
    const text = await textOf(receipt(locale, { number: 'R-000044', correctsNumber: 'R-000012' }))
    expect(text).toContain(label(locale, 'receipt.corrects', { number: 'R-000012' }))
    expect(text).toContain('R-000012の訂正')
  })
})

describe('the receipt PDF', () => {
  it('is the same bytes for the same document, and other bytes for another number', async () => {
    const first = await renderTaxDocumentPdf(returnInvoice('ko', { recipient: '김민준' }))
    const second = await renderTaxDocumentPdf(returnInvoice('ko', { recipient: '김민준' }))
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true)
    const renumbered = await renderTaxDocumentPdf(returnInvoice('ko', { recipient: '김민준', number: 'R-000099' }))
    expect(Buffer.from(renumbered).equals(Buffer.from(first))).toBe(false)
  })

  it('writes a recipient name as typed, in any of the scripts, whatever the booking language', async () => {
    for (const name of ['김민준', '陳大文', '王小明', 'José Álvarez', '山田 太郎']) {
      for (const locale of ['en', 'ja', 'ko'] as const) {
        expect(await textOf(receipt(locale, { recipient: name }))).toContain(`${squeeze(name)}様`)
      }
    }
  }, 60_000)

  it('draws every character it prints: the embedded font subsets keep their glyphs', async () => {
    for (const locale of LOCALES.map((l) => l.code)) {
      const bytes = await renderTaxDocumentPdf(returnInvoice(locale, { recipient: '김민준 陳大文 José', correctsNumber: 'R-000012' }))
      expect(await pdfBlankGlyphs(bytes)).toBe('')
    }
  }, 60_000)

  it('is one page, A4 portrait, and small, even with long texts and every way of paying', async () => {
    const bytes = await renderTaxDocumentPdf(
      returnInvoice('zh-Hant', {
        correctsNumber: 'R-000012',
        recipient: 'Maximilian Alexander von Hohenberg-Wittelsbach und Sachsen-Coburg 陳大文',
        supply: { bookingReference: 'JLT-7K3P9Q', tourName: '高田城百萬石的雁木街道、春日山城跡與林泉寺：上杉謙信的足跡，以及直江津港的海鮮早市與高田世界館的老電影院一日導覽', tourOn: '2026-12-05', groupSize: 8 },
        issuer: { ...registeredIssuer, legalName: '山田 花子（屋号：上越ローカルツアーズ 城下町ガイドと雁木の町歩き案内所）', address: '〒943-0835 新潟県上越市本城町1-1 高田城下町ビル 3階 301号室（上越妙高駅から車で15分、高田駅から徒歩20分）' },
        ways: [
          { way: 'card', yen: 5_000 },
          { way: 'cash', yen: 3_000 },
          { way: 'bank-transfer', yen: 4_840 },
          { way: 'voucher', yen: 3_000 },
        ],
      }),
    )
    const text = await pdfText(bytes)
    expect(text).not.toContain('\f')
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/)
    expect(bytes.length).toBeLessThan(200_000)
    // Clear of the strip a printer cannot print on (about 5 mm).
    expect(await pdfLowestBaseline(bytes)).toBeGreaterThan(20)
  })
})
