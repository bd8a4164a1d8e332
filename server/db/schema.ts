/**
 * The one database schema (the product description's entities, as docs/decisions/ settles them),
 * its tables kept by domain in the `*-schema.ts` files beside this one (docs/decisions/0084). Rules
 * the database can hold live there as constraints: the application checks first for a friendly
 * message, the constraint is the guarantee. Money is integer yen; tour dates are SQL dates in
 * Japan's calendar; instants are timestamptz (UTC).
 *
 * This module stays the one that names them all: drizzle-kit (drizzle.config.ts) and every
 * `import * as schema` (the client, the schema check, the transfer) read a single module, and the
 * rest of the server imports its tables from here.
 */
export * from './people-schema.ts'
export * from './media-schema.ts'
export * from './catalogue-schema.ts'
export * from './resellers-schema.ts'
export * from './bookings-schema.ts'
export * from './slot-claims-schema.ts'
export * from './channels-schema.ts'
export * from './money-schema.ts'
export * from './vouchers-schema.ts'
export * from './promo-codes-schema.ts'
export * from './messages-schema.ts'
export * from './reviews-schema.ts'
export * from './waitlist-schema.ts'
export * from './rate-limits-schema.ts'
export * from './tax-documents-schema.ts'
