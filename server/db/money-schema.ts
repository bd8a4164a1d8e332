import { sql } from 'drizzle-orm'
import { type AnyPgColumn, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { MOVEMENT_KINDS, TRANSITIONS } from '../../core/ledger.ts'
import { createdAt, oneOf } from './columns.ts'
import { bookings } from './bookings-schema.ts'
import { vouchers } from './vouchers-schema.ts'

/**
 * The ledger (docs/decisions/0067, core/ledger.ts): every movement of money for a booking, and
 * every gift voucher sold or refunded, one row each, with a signed amount of whole yen. Only ever
 * added to: a trigger refuses an UPDATE, and a DELETE that does not follow its booking's deletion
 * (a booking the guide deletes holds no money; its rows net to nothing in every account).
 * A booking's price, what paid it and what went back are sums of its rows; written only by
 * server/services/ledger.ts, for the lifecycle's decisions (core/booking-lifecycle.ts).
 */
export const moneyMovements = pgTable(
  'money_movements',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** The voucher whose balance a `voucher` row moves, or which a `voucher-sale` row sold. */
    voucherId: integer('voucher_id').references(() => vouchers.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    transition: text('transition').notNull(),
    /** The payment intent a card row (or a voucher's sale) charged or refunds. */
    intentId: text('intent_id'),
    /** What names it outside: a refund's idempotency key, a promo code. */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('money_movements_booking_id_idx').on(t.bookingId),
    index('money_movements_voucher_id_idx').on(t.voucherId),
    index('money_movements_created_at_idx').on(t.createdAt),
    check('money_movements_kind_check', oneOf(t.kind, MOVEMENT_KINDS)),
    check('money_movements_transition_check', oneOf(t.transition, TRANSITIONS)),
    check('money_movements_amount_check', sql`${t.amount} <> 0`),
    check('money_movements_owner_check', sql`(${t.kind} = 'voucher-sale') = (${t.bookingId} is null)`),
    check('money_movements_voucher_check', sql`(${t.kind} in ('voucher', 'voucher-sale')) = (${t.voucherId} is not null)`),
    check('money_movements_intent_check', sql`${t.kind} <> 'card' or ${t.intentId} is not null`),
    // One charge per payment intent, whichever way it was reported first (docs/decisions/0015).
    uniqueIndex('money_movements_charge_key').on(t.intentId).where(sql`${t.kind} in ('card', 'voucher-sale') and ${t.amount} > 0 and ${t.transition} <> 'refund-failed'`),
    // One row per refund: its idempotency key (a retried refund is recorded once).
    uniqueIndex('money_movements_reference_key').on(t.kind, t.reference).where(sql`${t.kind} in ('card', 'voucher-sale') and ${t.reference} is not null`),
  ],
)

/**
 * The payment provider's trail of a booking or of a gift voucher's sale (docs/decisions/0065):
 * every intent made, attempt failed, and refund asked for, with the provider's ids. What money
 * moved is the ledger's (money_movements); this is where to look in the provider.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id').references((): AnyPgColumn => vouchers.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_booking_id_idx').on(t.bookingId),
    index('payments_voucher_id_idx').on(t.voucherId),
    check('payments_owner_check', sql`(${t.bookingId} is null) <> (${t.voucherId} is null)`),
    uniqueIndex('payments_provider_kind_key').on(t.provider, t.providerId, t.kind, t.status),
    check('payments_kind_check', sql`${t.kind} in ('intent', 'charge', 'refund')`),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
)

/** Webhook events already handled: a replayed event id changes nothing. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

export type MoneyMovement = typeof moneyMovements.$inferSelect
export type Payment = typeof payments.$inferSelect
