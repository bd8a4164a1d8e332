import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { LOCALE_CODES } from '../../core/i18n/locales.ts'
import { ISSUER_TYPES } from '../../core/invoice-registration.ts'
import type { TaxDocument } from '../../core/tax-document.ts'
import { TAX_DOCUMENT_ISSUERS, TAX_DOCUMENT_KINDS } from '../../core/tax-document.ts'
import { bytea, oneOf, updatedAt } from './columns.ts'

/**
 * What the receipts print about the guide's business (docs/decisions/0080), one row (id 1). A
 * registered qualified invoice issuer has a registration number and tax-inclusive prices.
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: integer('id').primaryKey().default(1),
    registered: boolean('registered').notNull().default(false),
    issuerType: text('issuer_type').notNull().default('sole-proprietor'),
    registrationNumber: text('registration_number'),
    legalName: text('legal_name').notNull().default(''),
    address: text('address').notNull().default(''),
    /** The catalogue's prices include 10 % consumption tax. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tax_settings_single_row_check', sql`${t.id} = 1`),
    check('tax_settings_issuer_type_check', oneOf(t.issuerType, ISSUER_TYPES)),
    check('tax_settings_registered_check', sql`not ${t.registered} or (${t.registrationNumber} is not null and ${t.pricesIncludeTax})`),
    check('tax_settings_registration_number_check', sql`${t.registrationNumber} is null or ${t.registrationNumber} ~ '^T[0-9]{13}$'`),
  ],
)

/**
 * The last number given to a receipt or return invoice, one row (id 1). Taken with
 * `UPDATE … RETURNING` in the transaction that stores the document: the row's lock orders every
 * issue on every instance, and a rolled-back issue gives its number back, so numbers have no gaps.
 */
export const taxDocumentCounter = pgTable(
  'tax_document_counter',
  {
    id: integer('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('tax_document_counter_single_row_check', sql`${t.id} = 1`)],
)

/**
 * Every receipt and return invoice issued (docs/decisions/0080), exactly as issued: its content,
 * its PDF bytes and their SHA-256. Never changed (a trigger refuses an UPDATE but the one that
 * stores the PDF of a row that has none; a correction is a new row naming the one it corrects) and deleted only once `keep_until` has passed, erasure of
 * the guest's data notwithstanding: the law keeps issued invoices seven years. The booking is
 * named by id and reference without a foreign key, so the document outlives whatever happens to it.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull().unique(),
    kind: text('kind').notNull(),
    bookingId: integer('booking_id').notNull(),
    bookingReference: text('booking_reference').notNull(),
    /** The ledger row that closes the money movement it states (core/tax-document-points.ts). */
    pointKey: integer('point_key').notNull(),
    correctsId: integer('corrects_id').references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    recipient: text('recipient'),
    locale: text('locale').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuedBy: text('issued_by').notNull(),
    total: integer('total').notNull(),
    content: jsonb('content').$type<TaxDocument>().notNull(),
    /**
     * The PDF drawn from `content` and its SHA-256, written once just after the number is taken
     * (null until then; the drawing is the same bytes whenever it runs, docs/decisions/0083).
     */
    pdf: bytea('pdf'),
    sha256: text('sha256'),
    keepUntil: date('keep_until', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('tax_documents_kind_check', oneOf(t.kind, TAX_DOCUMENT_KINDS)),
    check('tax_documents_issued_by_check', oneOf(t.issuedBy, TAX_DOCUMENT_ISSUERS)),
    check('tax_documents_locale_check', oneOf(t.locale, LOCALE_CODES)),
    check('tax_documents_number_check', sql`${t.number} > 0`),
    check('tax_documents_pdf_check', sql`(${t.pdf} is null) = (${t.sha256} is null)`),
    // One original per money movement; each document corrected at most once (a chain, newest last).
    uniqueIndex('tax_documents_point_key').on(t.pointKey).where(sql`${t.correctsId} is null`),
    uniqueIndex('tax_documents_corrects_key').on(t.correctsId),
    index('tax_documents_booking_id_idx').on(t.bookingId),
    index('tax_documents_issued_at_idx').on(t.issuedAt),
  ],
)
