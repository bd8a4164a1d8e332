import { refusal } from '../../core/i18n/refusal.ts'
import crypto from 'node:crypto'
import { and, asc, eq, gte, inArray, isNull, lt, notExists, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../db/client.ts'
import { bookings, taxDocumentCounter, taxDocuments, taxSettings, tourPackages } from '../db/schema.ts'
import { todayInTokyo, type CalendarDate } from '../../core/dates.ts'
import { localizeTour } from '../../core/i18n/tour-text.ts'
import { toLocale } from '../../core/i18n/locales.ts'
import type { IssuerType } from '../../core/invoice-registration.ts'
import { documentPoints, type DocumentPoint } from '../../core/tax-document-points.ts'
import type { TaxDocument, TaxDocumentIssuer, TaxDocumentKind } from '../../core/tax-document.ts'
import type { TaxSettingsSaved } from '../../core/schemas/tax-documents.ts'
import { renderInWorker } from '../tax-documents/render-pool.ts'
import { ledgerRowsOf } from './ledger.ts'
import { ServiceError } from './service-error.ts'

/**
 * Receipts and return invoices (docs/decisions/0080). What a booking's documents state comes from
 * its ledger (core/tax-document-points.ts); a document is issued when first asked for, numbered
 * without gaps across every instance, rendered once, and stored with its PDF bytes and their
 * hash: every later download gives those bytes. The guest asks from the trip page (once per
 * money movement; asking again gives the same document), the guide from the dashboard, who may
 * also issue a correction under another name: a new document naming the one it corrects.
 */

export type TaxSettings = {
  registered: boolean
  issuerType: IssuerType
  registrationNumber: string | null
  legalName: string
  address: string
  pricesIncludeTax: boolean
}

/** A document as lists show it: never its bytes. */
export type IssuedDocument = {
  number: string
  kind: TaxDocumentKind
  bookingReference: string
  recipient: string | null
  issuedAt: Date
  issuedBy: TaxDocumentIssuer
  total: number
  taxable: number
  tax: number
  notTaxable: number
  corrects: string | null
  correctedBy: string | null
}

/** A money movement of a booking that calls for a document, with the document issued for it (the newest of its corrections). */
export type BookingDocumentPoint = DocumentPoint & { document: IssuedDocument | null }

export const RECEIPTS_UNAVAILABLE_MESSAGE = refusal('errors.receiptsUnavailable')
export const RECEIPT_NOT_FOUND_MESSAGE = refusal('errors.receiptNotFound')
const BOOKING_NOT_FOUND_MESSAGE = refusal('errors.bookingNotFound')
/** 'R-000042': the printed number. */
export const documentNumber = (n: number) => `R-${String(n).padStart(6, '0')}`

function parseDocumentNumber(printed: string): number | null {
  const match = /^R-(\d{6,})$/.exec(printed.trim().toUpperCase())
  return match ? Number(match[1]) : null
}

/**
 * Kept until 31 March of the eighth year after the year of issue: the law keeps invoices seven
 * years from the day after the income tax return's deadline (15 March of the next year).
 */
export function keepUntil(issuedOn: CalendarDate): CalendarDate {
  return `${Number(issuedOn.slice(0, 4)) + 8}-03-31`
}

const ready = (s: TaxSettings) => s.legalName !== '' && s.address !== ''

type Row = typeof taxDocuments.$inferSelect

export function createTaxDocumentService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps

  async function settingsIn(reader: Db | Tx): Promise<TaxSettings> {
    const [row] = await reader.select().from(taxSettings).where(eq(taxSettings.id, 1))
    return {
      registered: row?.registered ?? false,
      issuerType: (row?.issuerType ?? 'sole-proprietor') as IssuerType,
      registrationNumber: row?.registrationNumber ?? null,
      legalName: row?.legalName ?? '',
      address: row?.address ?? '',
      pricesIncludeTax: row?.pricesIncludeTax ?? true,
    }
  }

  /** Each document with the number of the one it corrects and of the one correcting it. */
  async function listed(rows: readonly Row[], reader: Db | Tx = db): Promise<IssuedDocument[]> {
    const ids = rows.map((r) => r.id)
    const related = ids.length === 0 ? [] : await reader.select({ id: taxDocuments.id, number: taxDocuments.number, correctsId: taxDocuments.correctsId }).from(taxDocuments).where(inArray(taxDocuments.correctsId, ids))
    const correctors = new Map(related.map((r) => [r.correctsId!, r.number]))
    const correctedIds = rows.map((r) => r.correctsId).filter((id): id is number => id !== null)
    const corrected = correctedIds.length === 0 ? [] : await reader.select({ id: taxDocuments.id, number: taxDocuments.number }).from(taxDocuments).where(inArray(taxDocuments.id, correctedIds))
    const numbers = new Map(corrected.map((r) => [r.id, r.number]))
    return rows.map((r) => ({
      number: documentNumber(r.number),
      kind: r.kind as TaxDocumentKind,
      bookingReference: r.bookingReference,
      recipient: r.recipient,
      issuedAt: r.issuedAt,
      issuedBy: r.issuedBy as TaxDocumentIssuer,
      total: r.total,
      taxable: r.content.taxable,
      tax: r.content.tax,
      notTaxable: r.content.notTaxable,
      corrects: r.correctsId === null ? null : documentNumber(numbers.get(r.correctsId)!),
      correctedBy: correctors.has(r.id) ? documentNumber(correctors.get(r.id)!) : null,
    }))
  }

  /** The booking a guest's reference names on the site (not a reseller's), never an erased one. */
  async function guestBooking(reader: Db | Tx, reference: string, lock: boolean) {
    const query = reader.select().from(bookings).where(and(eq(bookings.reference, reference.trim()), sql`${bookings.resellerId} is null`, sql`${bookings.anonymizedAt} is null`))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw new ServiceError('not-found', BOOKING_NOT_FOUND_MESSAGE)
    return row
  }

  async function pointsOf(reader: Db | Tx, bookingId: number, settings: TaxSettings): Promise<BookingDocumentPoint[]> {
    const points = documentPoints(await ledgerRowsOf(reader, bookingId), settings.pricesIncludeTax)
    const rows = await reader.select().from(taxDocuments).where(eq(taxDocuments.bookingId, bookingId)).orderBy(asc(taxDocuments.number))
    const documents = await listed(rows, reader)
    return points.map((point) => {
      // The newest of the point's chain: the one no other corrects.
      const mine = rows.map((r, i) => ({ r, d: documents[i]! })).filter(({ r }) => r.pointKey === point.key)
      const newest = mine.find(({ d }) => d.correctedBy === null)
      return { ...point, document: newest?.d ?? null }
    })
  }

  /**
   * Issues the document of one money movement: its number and content, in the caller's
   * transaction. The booking's row lock orders the issues of one booking; the counter's row lock
   * orders all of them, held only for this insert, and a failure gives the number back. The PDF
   * is drawn after the commit (`withPdf`): a number once taken always has its document.
   */
  async function issueIn(
    tx: Tx,
    booking: typeof bookings.$inferSelect,
    point: DocumentPoint,
    recipient: string | null,
    issuedBy: TaxDocumentIssuer,
    corrects: Row | null,
    settings: TaxSettings,
    allPoints: readonly DocumentPoint[],
  ): Promise<Row> {
    const [pkg] = await tx.select().from(tourPackages).where(eq(tourPackages.id, booking.tourPackageId))
    const locale = toLocale(booking.locale)
    const at = now()
    const issuedOn = todayInTokyo(at)
    // A return invoice names the day of the sale it returns: the booking's first receipt before it.
    const sale = allPoints.find((p) => p.kind === 'receipt' && p.key < point.key)
    const content = (number: number): TaxDocument => ({
      kind: point.kind,
      number: documentNumber(number),
      correctsNumber: corrects ? documentNumber(corrects.number) : null,
      locale,
      issuedOn,
      transactionOn: todayInTokyo(point.at),
      originalTransactionOn: point.kind === 'return-invoice' && sale ? todayInTokyo(sale.at) : null,
      issuer: { registered: settings.registered, registrationNumber: settings.registered ? settings.registrationNumber : null, legalName: settings.legalName, address: settings.address },
      recipient,
      supply: { bookingReference: booking.reference, tourName: pkg ? localizeTour(pkg, locale).name : '', tourOn: booking.tourDate, groupSize: booking.numberOfPeople },
      taxable: point.taxable,
      tax: point.tax,
      taxRatePercent: 10,
      notTaxable: point.notTaxable,
      total: point.total,
      ways: point.ways,
    })
    // Last, so the counter's lock is held the shortest time. The row may be missing (a database
    // restored without it): the first issue writes it.
    const [counter] = await tx
      .insert(taxDocumentCounter)
      .values({ id: 1, last: 1 })
      .onConflictDoUpdate({ target: taxDocumentCounter.id, set: { last: sql`${taxDocumentCounter.last} + 1` } })
      .returning({ last: taxDocumentCounter.last })
    const number = counter!.last
    const [row] = await tx
      .insert(taxDocuments)
      .values({
        number,
        kind: point.kind,
        bookingId: booking.id,
        bookingReference: booking.reference,
        pointKey: point.key,
        correctsId: corrects?.id ?? null,
        recipient,
        locale,
        issuedAt: at,
        issuedBy,
        total: point.total,
        content: content(number),
        keepUntil: keepUntil(issuedOn),
      })
      .returning()
    return row!
  }

  /**
   * The document with its PDF: drawn from its content and stored the first time (only a row
   * without one can take it); the drawing gives the same bytes each time, so two instances
   * drawing it at once store the same document.
   */
  async function withPdf(row: Row): Promise<Row & { pdf: Buffer; sha256: string }> {
    if (row.pdf && row.sha256) return { ...row, pdf: row.pdf, sha256: row.sha256 }
    const pdf = Buffer.from(await renderInWorker(row.content))
    const sha256 = crypto.createHash('sha256').update(pdf).digest('hex')
    await db.update(taxDocuments).set({ pdf, sha256 }).where(and(eq(taxDocuments.id, row.id), isNull(taxDocuments.pdf)))
    const [stored] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, row.id))
    return { ...stored!, pdf: stored!.pdf!, sha256: stored!.sha256! }
  }

  async function newestOfPoint(tx: Db | Tx, pointKey: number): Promise<Row | null> {
    const corrector = alias(taxDocuments, 'corrector')
    const [row] = await tx
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.pointKey, pointKey), notExists(tx.select({ one: sql`1` }).from(corrector).where(eq(corrector.correctsId, taxDocuments.id)))))
    return row ?? null
  }

  return {
    settings: () => settingsIn(db),

    async saveSettings(input: TaxSettingsSaved): Promise<TaxSettings> {
      const values = {
        registered: input.registered,
        issuerType: input.issuerType,
        registrationNumber: input.registrationNumber ?? null,
        legalName: input.legalName,
        address: input.address,
        pricesIncludeTax: input.pricesIncludeTax,
        updatedAt: now(),
      }
      await db.insert(taxSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: taxSettings.id, set: values })
      return settingsIn(db)
    },

    /** The trip page's receipts: each money movement that calls for a document, and the document if issued. */
    async forGuest(reference: string): Promise<{ available: boolean; points: BookingDocumentPoint[] }> {
      const settings = await settingsIn(db)
      const booking = await guestBooking(db, reference, false)
      return { available: ready(settings), points: await pointsOf(db, booking.id, settings) }
    },

    /** The dashboard's view of one booking's documents (any booking of the site, erased ones too). */
    async forBooking(bookingId: number): Promise<{ available: boolean; points: BookingDocumentPoint[] }> {
      const settings = await settingsIn(db)
      return { available: ready(settings), points: await pointsOf(db, bookingId, settings) }
    },

    /**
     * The guest asks for the document of one money movement of their booking. Asked again, it is
     * the same document: the name it was issued to stays (the guide issues a correction).
     */
    async issueForGuest(reference: string, pointKey: number, recipient: string | null): Promise<IssuedDocument> {
      const row = await db.transaction(async (tx) => issueOrFind(tx, await guestBooking(tx, reference, true), pointKey, recipient, 'guest'))
      return issued(row)
    },

    /** The guide issues the document of one money movement of any booking of the site (cash and bank transfers too). */
    async issueForGuide(bookingId: number, pointKey: number, recipient: string | null): Promise<IssuedDocument> {
      return db.transaction(async (tx) => {
        const [booking] = await tx.select().from(bookings).where(and(eq(bookings.id, bookingId), sql`${bookings.resellerId} is null`)).for('update')
        if (!booking) throw new ServiceError('not-found', BOOKING_NOT_FOUND_MESSAGE)
        return issueOrFind(tx, booking, pointKey, recipient, 'guide')
      }).then(issued)
    },

    /** The guide corrects an issued document (a new name): a new document naming the one it corrects. */
    async correct(printedNumber: string, recipient: string | null): Promise<IssuedDocument> {
      const number = parseDocumentNumber(printedNumber)
      if (number === null) throw new ServiceError('not-found', RECEIPT_NOT_FOUND_MESSAGE)
      return db.transaction(async (tx) => {
        const [original] = await tx.select().from(taxDocuments).where(eq(taxDocuments.number, number))
        if (!original) throw new ServiceError('not-found', RECEIPT_NOT_FOUND_MESSAGE)
        const [booking] = await tx.select().from(bookings).where(eq(bookings.id, original.bookingId)).for('update')
        const newest = await newestOfPoint(tx, original.pointKey)
        if (newest!.id !== original.id) throw new ServiceError('conflict', refusal('adminErrors.receiptAlreadyCorrected', { original: documentNumber(original.number), newest: documentNumber(newest!.number) }))
        if (!booking) throw new ServiceError('conflict', refusal('adminErrors.receiptBookingGone'))
        const settings = await settingsIn(tx)
        if (!ready(settings)) throw new ServiceError('conflict', RECEIPTS_UNAVAILABLE_MESSAGE)
        const points = documentPoints(await ledgerRowsOf(tx, booking.id), settings.pricesIncludeTax)
        const point = points.find((p) => p.key === original.pointKey)
        if (!point) throw new ServiceError('conflict', refusal('adminErrors.receiptMoneyChanged'))
        return issueIn(tx, booking, point, recipient, 'guide', original, settings, points)
      }).then(issued)
    },

    /** An issued document's bytes, exactly as issued, for the booking it belongs to. */
    async pdfForGuest(reference: string, printedNumber: string): Promise<{ number: string; pdf: Buffer }> {
      const number = parseDocumentNumber(printedNumber)
      const booking = await guestBooking(db, reference, false)
      const [row] = number === null ? [] : await db.select().from(taxDocuments).where(and(eq(taxDocuments.number, number), eq(taxDocuments.bookingId, booking.id)))
      if (!row) throw new ServiceError('not-found', RECEIPT_NOT_FOUND_MESSAGE)
      return { number: documentNumber(row.number), pdf: (await withPdf(row)).pdf }
    },

    /** Any issued document's bytes, for the guide. */
    async pdf(printedNumber: string): Promise<{ number: string; pdf: Buffer }> {
      const number = parseDocumentNumber(printedNumber)
      const [row] = number === null ? [] : await db.select().from(taxDocuments).where(eq(taxDocuments.number, number))
      if (!row) throw new ServiceError('not-found', RECEIPT_NOT_FOUND_MESSAGE)
      return { number: documentNumber(row.number), pdf: (await withPdf(row)).pdf }
    },

    /** Every document issued in a period of Japan days, oldest first: the guide's books. */
    async issuedBetween(from: CalendarDate, to: CalendarDate): Promise<IssuedDocument[]> {
      const rows = await db
        .select()
        .from(taxDocuments)
        .where(and(gte(taxDocuments.issuedAt, sql`(${from}::date)::timestamp at time zone 'Asia/Tokyo'`), lt(taxDocuments.issuedAt, sql`((${to}::date) + 1)::timestamp at time zone 'Asia/Tokyo'`)))
        .orderBy(asc(taxDocuments.number))
      return listed(rows)
    },

    /**
     * The retention sweep: documents past their keeping period go, a correction before what it
     * corrects. The database's own date decides, as in the trigger that guards the table.
     */
    async purgeExpired(): Promise<number> {
      let removed = 0
      for (;;) {
        const corrector = alias(taxDocuments, 'corrector')
        const gone = await db
          .delete(taxDocuments)
          .where(and(lt(taxDocuments.keepUntil, sql`current_date`), notExists(db.select({ one: sql`1` }).from(corrector).where(eq(corrector.correctsId, taxDocuments.id)))))
          .returning({ id: taxDocuments.id })
        if (gone.length === 0) return removed
        removed += gone.length
      }
    },
  }

  /** An issued document, its PDF drawn and stored before anyone is told its number. */
  async function issued(row: Row): Promise<IssuedDocument> {
    await withPdf(row)
    return (await listed([row]))[0]!
  }

  async function issueOrFind(tx: Tx, booking: typeof bookings.$inferSelect, pointKey: number, recipient: string | null, issuedBy: TaxDocumentIssuer): Promise<Row> {
    const settings = await settingsIn(tx)
    if (!ready(settings)) throw new ServiceError('conflict', RECEIPTS_UNAVAILABLE_MESSAGE)
    const points = documentPoints(await ledgerRowsOf(tx, booking.id), settings.pricesIncludeTax)
    const point = points.find((p) => p.key === pointKey)
    if (!point) throw new ServiceError('not-found', RECEIPT_NOT_FOUND_MESSAGE)
    return (await newestOfPoint(tx, point.key)) ?? issueIn(tx, booking, point, recipient, issuedBy, null, settings, points)
  }
}

export type TaxDocumentService = ReturnType<typeof createTaxDocumentService>
