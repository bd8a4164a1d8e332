import { sql } from 'drizzle-orm'
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { HALF_DAY_PARTS } from '../../core/slots.ts'
import { createdAt, oneOf } from './columns.ts'
import { bookings } from './bookings-schema.ts'
import { channelBlocks } from './channels-schema.ts'

/**
 * One group per slot (docs/decisions/0002), held by the primary key: a booking claims one row per half
 * of the day it uses (a full-day tour claims both), so a second claim of the same half —
 * from this server or another — fails with a unique violation. A pending booking's claim
 * carries the hold's expiry; an expired claim counts as free and is removed by the next
 * claim of that half (server/services/slot-claims.ts). A claim is a booking's or an imported
 * calendar's block (docs/decisions/0077), never both; a block's claim never expires and goes
 * with its block.
 */
export const slotClaims = pgTable(
  'slot_claims',
  {
    tourDate: date('tour_date', { mode: 'string' }).notNull(),
    part: text('part').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    channelBlockId: integer('channel_block_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'slot_claims_pkey', columns: [t.tourDate, t.part] }),
    index('slot_claims_booking_id_idx').on(t.bookingId),
    uniqueIndex('slot_claims_channel_block_id_unique').on(t.channelBlockId),
    foreignKey({ name: 'slot_claims_channel_block_fk', columns: [t.channelBlockId, t.tourDate, t.part], foreignColumns: [channelBlocks.id, channelBlocks.tourDate, channelBlocks.part] }).onDelete('cascade'),
    check('slot_claims_part_check', oneOf(t.part, HALF_DAY_PARTS)),
    check('slot_claims_holder_check', sql`(${t.bookingId} is null) <> (${t.channelBlockId} is null)`),
    check('slot_claims_block_expiry_check', sql`${t.channelBlockId} is null or ${t.expiresAt} is null`),
  ],
)
