import PDFDocument from 'pdfkit'
import type { Locale } from '../../core/i18n/locales.ts'
import type { MessageId, MessageValues } from '../../core/i18n/message-id.ts'
import { formatShortDate } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import type { TaxDocument, TaxDocumentPaymentWay } from '../../core/tax-document.ts'
import { JA, japaneseDate, japaneseRecipient, japaneseTitle } from '../../core/tax-document-wording.ts'
import { translate } from '../i18n/catalog.ts'
import { facesFor, loadFace, textRuns, type FontFace } from './fonts.ts'

/**
 * A receipt or a return invoice as a one-page A4 PDF (docs/decisions/0083): every label in the
 * booking's language with the Japanese legal wording beside it, the fonts embedded as subsets of
 * the glyphs used (their text stays extractable). No database, no network, and the same document
 * always gives the same bytes: the PDF's creation date is the day of issue, and its ID is a hash
 * of its metadata, which holds the number.
 */
export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: 'A4',
    // The layout places everything itself on one page: no bottom margin to break a page on.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    lang: doc.locale,
    displayTitle: true,
    info: {
      Title: `${japaneseTitle(doc)} ${doc.number}`,
      Author: doc.issuer.legalName,
      Subject: doc.supply.bookingReference,
      // Midnight in Japan of the day of issue: fixed by the document, never the clock.
      CreationDate: new Date(`${doc.issuedOn}T00:00:00+09:00`),
    },
  })
  const chunks: Uint8Array[] = []
  pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve)
    pdf.on('error', reject)
  })
  new Layout(pdf, doc).draw()
  pdf.end()
  await ended
  return Buffer.concat(chunks)
}

const MARGIN = 50
const PAGE_WIDTH = 595.28
const WIDTH = PAGE_WIDTH - 2 * MARGIN
const INK = '#1f2933'
const MUTED = '#616e7c'
const RULE = '#cbd2d9'
const ACCENT = '#8a3b12'
const SHADE = '#f3f4f6'

const WAY_MESSAGE: Record<TaxDocumentPaymentWay, MessageId> = {
  card: 'receipt.way.card',
  cash: 'receipt.way.cash',
  'bank-transfer': 'receipt.way.bankTransfer',
  voucher: 'receipt.way.voucher',
}

type Align = 'left' | 'right'

class Layout {
  private readonly locale: Locale
  /** Faces for the guest's language (and what the guest typed), and for the Japanese wording. */
  private readonly guestFaces: FontFace[]
  private readonly japaneseFaces = facesFor('ja')
  private y = MARGIN
  private readonly registered = new Set<FontFace>()

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly doc: TaxDocument,
  ) {
    this.locale = doc.locale
    this.guestFaces = facesFor(doc.locale)
  }

  /** The PDF set to a face, registered on first use: a document embeds only the faces it draws with. */
  private font(face: FontFace, size: number): PDFKit.PDFDocument {
    if (!this.registered.has(face)) {
      // pdfkit takes a parsed fontkit font as well as bytes (it checks for `layout`), which lets one
      // parse serve every document; its types list only bytes and paths.
      this.pdf.registerFont(face, loadFace(face) as unknown as Uint8Array)
      this.registered.add(face)
    }
    return this.pdf.font(face).fontSize(size)
  }

  private t(id: MessageId, values?: MessageValues): string {
    return translate(this.locale, id, values)
  }

  /** A calendar day as the guest reads it; Japanese guests read the Japanese form. */
  private date(day: string): string {
    return this.locale === 'ja' ? japaneseDate(day) : formatShortDate(day, this.locale)
  }

  draw(): void {
    const { doc } = this
    const returning = doc.kind === 'return-invoice'
    this.header()
    this.recipient()
    this.amountBox(returning ? this.t('receipt.amountReturned') : this.t('receipt.amountReceived'), returning ? JA.amountReturned : JA.amountReceived)
    if (!returning) this.pair(this.t('receipt.receivedWithThanks'), JA.receivedWithThanks, { size: 9, gap: 2 })
    this.supply()
    this.y += 10
    this.row(returning ? this.t('receipt.refundedOn') : this.t('receipt.paidOn'), JA.transactionOn[doc.kind], this.date(doc.transactionOn))
    if (returning && doc.originalTransactionOn) {
      this.row(this.t('receipt.originalPaidOn'), JA.originalTransactionOn, this.date(doc.originalTransactionOn))
    }
    this.row(returning ? this.t('receipt.taxableReturned') : this.t('receipt.taxable'), JA.taxable[doc.kind], formatYen(doc.taxable))
    this.row(this.t('receipt.tax'), JA.tax, formatYen(doc.tax))
    this.row(this.t('receipt.taxRate'), JA.taxRate, `${doc.taxRatePercent}%`)
    if (returning && doc.notTaxable > 0) this.row(this.t('receipt.notTaxable'), JA.notTaxable, formatYen(-doc.notTaxable))
    if (returning) this.row(this.t('receipt.amountReturned'), JA.amountReturned, formatYen(doc.total), { strong: true })
    this.y += 6
    this.pair(this.t('receipt.rounding'), JA.rounding, { size: 8, gap: 1, color: MUTED })
    this.y += 12
    this.heading(returning ? this.t('receipt.refundedBy') : this.t('receipt.paidBy'), JA.ways[doc.kind])
    for (const { way, yen } of doc.ways) this.row(this.t(WAY_MESSAGE[way]), JA.way[way], formatYen(yen))
    this.issuer()
  }

  private header(): void {
    const { doc } = this
    const japanese = japaneseTitle(doc)
    // A Japanese guest reads the legal title itself, once.
    const title = this.locale === 'ja' ? japanese : this.t(doc.kind === 'receipt' ? 'receipt.title.receipt' : 'receipt.title.returnInvoice')
    this.line(title, this.guestFaces, MARGIN, this.y, WIDTH * 0.6, 22, INK)
    if (japanese !== title) this.line(japanese, this.japaneseFaces, MARGIN, this.y + 30, WIDTH * 0.6, 13, MUTED)
    const right = MARGIN + WIDTH * 0.55
    const rightWidth = WIDTH * 0.45
    this.labelled(right, this.y + 2, rightWidth, this.t('receipt.number'), JA.number, doc.number)
    this.labelled(right, this.y + 30, rightWidth, this.t('receipt.issuedOn'), JA.issuedOn, this.date(doc.issuedOn))
    this.y += 58
    if (doc.correctsNumber) {
      this.pairInline(this.t('receipt.corrects', { number: doc.correctsNumber }), JA.corrects(doc.correctsNumber), 10, ACCENT)
      this.y += 6
    }
    this.rule(this.y, INK, 1.2)
    this.y += 14
  }

  private recipient(): void {
    this.pairInline(this.t('receipt.recipient'), JA.recipientLabel, 8, MUTED)
    this.y += 4
    const name = japaneseRecipient(this.doc.recipient)
    // A long name is set smaller to stay on its line.
    const size = Math.min(18, (18 * WIDTH * 0.7) / this.width(name, this.guestFaces, 18))
    this.line(name, this.guestFaces, MARGIN, this.y + (18 - size) / 2, WIDTH * 0.7, size, INK)
    this.y += 26
    this.rule(this.y, INK, 0.8, WIDTH * 0.7)
    this.y += 12
  }

  private amountBox(label: string, japanese: string): void {
    const height = 50
    this.pdf.save().rect(MARGIN, this.y, WIDTH, height).fill(SHADE).restore()
    this.line(label, this.guestFaces, MARGIN + 14, this.y + 12, WIDTH * 0.45, 11, INK)
    if (japanese !== label) this.line(japanese, this.japaneseFaces, MARGIN + 14, this.y + 29, WIDTH * 0.45, 9, MUTED)
    this.line(formatYen(this.doc.total), this.guestFaces, MARGIN + WIDTH * 0.45, this.y + 10, WIDTH * 0.55 - 14, 26, INK, 'right')
    this.y += height + 8
  }

  private supply(): void {
    const { supply } = this.doc
    this.y += 8
    this.pairInline(this.t('receipt.supplyLabel'), JA.supplyLabel, 8, MUTED)
    this.y += 3
    const guest = this.t('receipt.supply', {
      tour: supply.tourName,
      date: this.date(supply.tourOn),
      count: supply.groupSize,
      reference: supply.bookingReference,
    })
    const japanese = JA.supply(supply.tourName, supply.tourOn, supply.groupSize, supply.bookingReference)
    this.pair(guest, japanese, { size: 11, gap: 3 })
  }

  /**
   * A line of the table: the guest's label with the Japanese one after it (beneath it when both
   * do not fit on one line), the value on the right.
   */
  private row(label: string, japanese: string, value: string, { strong = false } = {}): void {
    const top = this.y + 5
    const labelWidth = WIDTH * 0.7
    const size = strong ? 11.5 : 10
    const japaneseSize = 8
    const gap = 8
    const guestWidth = this.width(label, this.guestFaces, size)
    let bottom: number
    if (japanese === label || guestWidth + gap + this.width(japanese, this.japaneseFaces, japaneseSize) <= labelWidth) {
      this.line(label, this.guestFaces, MARGIN, top, guestWidth, size, INK)
      if (japanese !== label) {
        this.line(japanese, this.japaneseFaces, MARGIN + guestWidth + gap, top + (size - japaneseSize) * 0.8, labelWidth, japaneseSize, MUTED)
      }
      bottom = top + size * 1.25
    } else {
      bottom = this.paragraph(label, this.guestFaces, MARGIN, top, labelWidth, size, INK)
      bottom = this.paragraph(japanese, this.japaneseFaces, MARGIN, bottom, labelWidth, japaneseSize, MUTED)
    }
    this.line(value, this.guestFaces, MARGIN + labelWidth, top - 1, WIDTH - labelWidth, strong ? 13 : 11, INK, 'right')
    this.y = bottom + 4
    this.rule(this.y, RULE, 0.5)
  }

  private heading(label: string, japanese: string): void {
    this.pairInline(label, japanese, 10, INK)
    this.y += 2
    this.rule(this.y, INK, 0.8)
  }

  private issuer(): void {
    const { issuer } = this.doc
    const top = 842 - MARGIN - (issuer.registered ? 92 : 74)
    this.y = Math.max(this.y + 14, top)
    this.rule(this.y, INK, 0.8)
    this.y += 10
    this.pairInline(this.t('receipt.issuer'), JA.issuer, 8, MUTED)
    this.y += 4
    this.y = this.paragraph(issuer.legalName, this.japaneseFaces, MARGIN, this.y, WIDTH, 12, INK) + 3
    this.y = this.paragraph(issuer.address, this.japaneseFaces, MARGIN, this.y, WIDTH, 9, INK) + 6
    if (issuer.registered && issuer.registrationNumber) {
      const label = this.t('receipt.registrationNumber')
      this.pairInline(label === JA.registrationNumber ? label : `${label} ${JA.registrationNumber}`, '', 8, MUTED)
      this.line(issuer.registrationNumber, this.guestFaces, MARGIN, this.y + 2, WIDTH, 11, INK)
    }
  }

  /** A label and value on the right of the header: the label's two languages on one line. */
  private labelled(x: number, y: number, width: number, label: string, japanese: string, value: string): void {
    this.line(label === japanese ? label : `${label} / ${japanese}`, this.guestFaces, x, y, width, 8, MUTED, 'right')
    this.line(value, this.guestFaces, x, y + 11, width, 11, INK, 'right')
  }

  /** The guest's text, then the Japanese beneath it when they differ, as wrapped paragraphs. */
  private pair(guest: string, japanese: string, { size, gap, color = INK }: { size: number; gap: number; color?: string }): void {
    this.y = this.paragraph(guest, this.guestFaces, MARGIN, this.y, WIDTH, size, color) + gap
    if (japanese !== guest) this.y = this.paragraph(japanese, this.japaneseFaces, MARGIN, this.y, WIDTH, size - 1, MUTED) + gap
  }

  /** A short label in both languages on one line: 'Issued to / 宛名'. */
  private pairInline(guest: string, japanese: string, size: number, color: string): void {
    const text = japanese === '' || japanese === guest ? guest : `${guest} / ${japanese}`
    this.y = this.paragraph(text, this.guestFaces, MARGIN, this.y, WIDTH, size, color)
  }

  private rule(y: number, color: string, width: number, length = WIDTH): void {
    this.pdf.save().moveTo(MARGIN, y).lineTo(MARGIN + length, y).lineWidth(width).strokeColor(color).stroke().restore()
  }

  private width(text: string, faces: FontFace[], size: number): number {
    return textRuns(text, faces).reduce((sum, run) => sum + this.font(run.face, size).widthOfString(run.text), 0)
  }

  /** One line that never wraps, each run in the face that has its characters. */
  private line(text: string, faces: FontFace[], x: number, y: number, width: number, size: number, color: string, align: Align = 'left'): void {
    const runs = textRuns(text, faces)
    const widths = runs.map((run) => this.font(run.face, size).widthOfString(run.text))
    const total = widths.reduce((a, b) => a + b, 0)
    let cursor = align === 'right' ? x + width - total : x
    runs.forEach((run, i) => {
      this.font(run.face, size).fillColor(color).text(run.text, cursor, y, { lineBreak: false })
      cursor += widths[i]!
    })
  }

  /** A paragraph wrapped to `width`, each run in the face that has its characters; returns its bottom. */
  private paragraph(text: string, faces: FontFace[], x: number, y: number, width: number, size: number, color: string): number {
    const runs = textRuns(text, faces)
    runs.forEach((run, i) => {
      this.font(run.face, size).fillColor(color)
      const options = { width, continued: i < runs.length - 1, lineGap: size * 0.25 }
      if (i === 0) this.pdf.text(run.text, x, y, options)
      else this.pdf.text(run.text, options)
    })
    return this.pdf.y
  }
}
