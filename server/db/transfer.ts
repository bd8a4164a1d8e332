import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/**
 * Move every row from one database to another — the embedded database to PostgreSQL,
 * or back — through a JSON document that PostgreSQL itself writes (row_to_json) and
 * reads (json_populate_recordset), so dates, instants and JSON columns survive exactly.
 * Tables are listed parents first, so foreign keys hold while importing; every table of the schema
 * is in the list or in TABLES_NOT_EXPORTED (a test holds it so: a new table is never lost by a move).
 */
export const TABLES_IN_ORDER = [
  'users',
  'sessions',
  'tour_packages',
  'media',
  'meeting_points',
  'trip_settings',
  'contact_messages',
  'weekend_availability',
  'promo_codes',
  'vouchers',
  // Before bookings: a reseller's booking names its reseller (docs/decisions/0074).
  'resellers',
  'bookings',
  'promo_redemptions',
  'money_movements',
  // Before slot_claims: a block's claim names its block (docs/decisions/0077); a block's conflict names a booking.
  'channel_calendars',
  'channel_blocks',
  'slot_claims',
  'notifications',
  'payments',
  'processed_events',
  'outgoing_emails',
  'audit_log',
  'photo_placements',
  'guide_words',
  'calendar_feed',
  'booking_questions',
  'booking_changes',
  'disruptions',
  'disruption_offers',
  'waitlist_addresses',
  'waitlist_entries',
  'review_requests',
  'reviews',
  // A reseller's webhooks and their deliveries, each after what it names (docs/decisions/0081).
  'octo_webhooks',
  'octo_webhook_deliveries',
  // Receipts and return invoices, kept seven years as issued (docs/decisions/0080), with their numbering.
  'tax_settings',
  'tax_document_counter',
  'tax_documents',
] as const

/** Tables an export leaves out on purpose: pictures made again from the photos, and abuse counters that expire. */
export const TABLES_NOT_EXPORTED = ['media_variants', 'rate_limits'] as const

/** Tables whose id is a serial: their sequences must continue after the imported ids. */
const SERIAL_TABLES = new Set(['users', 'tour_packages', 'meeting_points', 'contact_messages', 'weekend_availability', 'bookings', 'notifications', 'payments', 'outgoing_emails', 'audit_log', 'media', 'booking_questions', 'booking_changes', 'disruptions', 'disruption_offers', 'waitlist_addresses', 'waitlist_entries', 'promo_codes', 'vouchers', 'money_movements', 'review_requests', 'reviews', 'channel_calendars', 'channel_blocks', 'octo_webhook_deliveries', 'tax_documents'])

export type DatabaseExport = {
  format: 'joetsu-local-tours-export'
  version: 1
  exportedAt: string
  tables: Record<string, Record<string, unknown>[]>
}

type Rows = { rows: Record<string, unknown>[] }

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as Rows
  return result.rows
}

export async function exportDatabase(db: Db, now = new Date()): Promise<DatabaseExport> {
  // One transaction: a consistent snapshot even while the site keeps taking bookings.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`)
    const tables: DatabaseExport['tables'] = {}
    for (const table of TABLES_IN_ORDER) {
      const rows = await rowsOf(tx as unknown as Db, sql.raw(`select row_to_json(t) as row from "${table}" t`))
      tables[table] = rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row) as Record<string, unknown>)
    }
    return { format: 'joetsu-local-tours-export', version: 1, exportedAt: now.toISOString(), tables }
  })
}

export class ImportRefused extends Error {}

/**
 * Load an export into a migrated database that holds no business data yet (only the
 * seeded catalogue may be there; it is replaced by the exported one). All or nothing.
 */
export async function importDatabase(db: Db, data: DatabaseExport): Promise<Record<string, number>> {
  if (data?.format !== 'joetsu-local-tours-export' || data.version !== 1) throw new ImportRefused('Not an export of this site (unknown format)')
  return db.transaction(async (tx) => {
    for (const table of ['users', 'bookings', 'contact_messages'] as const) {
      const [row] = await rowsOf(tx as unknown as Db, sql.raw(`select count(*)::int as n from "${table}"`))
      if (Number(row?.n) > 0) throw new ImportRefused(`The target database already holds ${table}; import only into a new, empty database`)
    }
    await tx.execute(sql.raw(`truncate ${TABLES_IN_ORDER.map((t) => `"${t}"`).join(', ')} restart identity cascade`))
    const counts: Record<string, number> = {}
    for (const table of TABLES_IN_ORDER) {
      const rows = data.tables[table] ?? []
      counts[table] = rows.length
      if (rows.length === 0) continue
      await tx.execute(sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`)
      if (SERIAL_TABLES.has(table)) {
        await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from "${table}"))`))
      }
    }
    return counts
  })
}
