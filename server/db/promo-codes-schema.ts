import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { GUIDE_GROUP_CEILING } from '../../core/guide-bookings.ts'
import { AMOUNT_MAX, PERCENT_MAX, PROMO_KINDS, PROMO_TOUR_KINDS } from '../../core/promo-codes.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'
import { bookings } from './bookings-schema.ts'

/**
 * Promo codes (docs/decisions/0062). `uses` counts the live holds and paid bookings that took the
 * code; the check keeps it within max_uses, and the service takes a use with one conditional
 * UPDATE inside the booking's transaction, so two servers racing for the last use cannot both win.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    onePerEmail: boolean('one_per_email').notNull().default(false),
    tourKind: text('tour_kind'),
    minGroup: integer('min_group'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('promo_codes_kind_check', oneOf(t.kind, PROMO_KINDS)),
    check(
      'promo_codes_value_check',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and ${sql.raw(String(PERCENT_MAX))}) or (${t.kind} = 'amount' and ${t.value} between 1 and ${sql.raw(String(AMOUNT_MAX))})`,
    ),
    check('promo_codes_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check('promo_codes_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check('promo_codes_dates_check', sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`),
    check('promo_codes_tour_kind_check', sql`${t.tourKind} is null or ${oneOf(t.tourKind, PROMO_TOUR_KINDS)}`),
    check('promo_codes_min_group_check', sql`${t.minGroup} is null or ${t.minGroup} between 1 and ${sql.raw(String(GUIDE_GROUP_CEILING))}`),
  ],
)

/**
 * A booking's use of a promo code: one row while it counts. Released (the row deleted and the
 * code's `uses` given back, in one transaction) when the booking is cancelled before it was paid;
 * a paid booking's use stays spent (docs/decisions/0062). The one-use-per-address limit reads the
 * booking's e-mail, so erasing a booking's personal data leaves nothing here.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('promo_redemptions_promo_code_id_idx').on(t.promoCodeId)],
)
