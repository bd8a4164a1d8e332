import { sql, type SQL } from 'drizzle-orm'
import { type AnyPgColumn, customType, timestamp } from 'drizzle-orm/pg-core'

/**
 * Column helpers every schema file shares.
 *
 * `oneOf`: `<column> in ('a', 'b', …)` from one of core's lists, so a constraint cannot drift from
 * the rule it guards. The lists are our own constants; a quote in one would be a bug, not data.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  if (values.some((v) => v.includes("'"))) throw new Error(`a quote in a constraint list: ${values.join(', ')}`)
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`
}

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** Binary data as a Node Buffer on both drivers (PGlite answers a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})
