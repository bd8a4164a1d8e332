import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { Attention } from '../../core/admin-notices.ts'
import { LOCALE_CODES } from '../../core/i18n/locales.ts'
import { VOUCHER_AMOUNT_CEILING, VOUCHER_STATUSES, VOUCHER_TEXT_LIMITS } from '../../core/vouchers.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'

/**
 * Gift vouchers (docs/decisions/0065). A row is made when a visitor starts a
 * purchase ('pending', unusable); the provider's word that its intent succeeded for the exact
 * amount makes it 'active' once, by a conditional UPDATE, and starts its validity. Bookings spend
 * the balance with a conditional UPDATE too; the check keeps it between 0 and the amount, so no
 * race can overspend. 'Used up' and 'expired' are read from the balance and the date. The code
 * is what the recipient types; the token is the printable page's secret, a different value, so a
 * code read off a voucher does not open its buyer's details. Erasure blanks the names, the
 * address and the message and keeps the money record.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    token: text('token').notNull().unique(),
    amount: integer('amount').notNull(),
    /**
     * What is left to spend: its amount less what bookings took and plus what they gave back, as
     * its ledger rows say (docs/decisions/0067). Written only with those rows
     * (server/services/ledger.ts), by a conditional UPDATE, so no race can overspend it.
     */
    balance: integer('balance').notNull(),
    currency: text('currency').notNull().default('JPY'),
    status: text('status').notNull().default('pending'),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    recipientName: text('recipient_name'),
    message: text('message'),
    /** The language the buyer used: their e-mail and the voucher page are written in it. */
    locale: text('locale').notNull().default('en'),
    /** The last day it can be used, in Japan's calendar; set when it is paid. */
    validUntil: date('valid_until', { mode: 'string' }),
    paymentProvider: text('payment_provider'),
    paymentIntentId: text('payment_intent_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why the guide must look at it (a payment that did not match, a refund that failed), as a booking's (bookings-schema.ts). */
    attention: jsonb('attention').$type<Attention>(),
    attentionReason: text('attention_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  },
  (t) => [
    index('vouchers_buyer_email_idx').on(sql`lower(${t.buyerEmail})`),
    check('vouchers_status_check', oneOf(t.status, VOUCHER_STATUSES)),
    check('vouchers_amount_check', sql`${t.amount} between 1 and ${sql.raw(String(VOUCHER_AMOUNT_CEILING))}`),
    check('vouchers_balance_check', sql`${t.balance} between 0 and ${t.amount}`),
    check('vouchers_paid_check', sql`${t.status} = 'pending' or (${t.paidAt} is not null and ${t.validUntil} is not null)`),
    check('vouchers_currency_check', sql`${t.currency} = 'JPY'`),
    check('vouchers_locale_check', oneOf(t.locale, LOCALE_CODES)),
    check('vouchers_buyer_name_check', sql`length(${t.buyerName}) <= ${sql.raw(String(VOUCHER_TEXT_LIMITS.name))}`),
    check('vouchers_recipient_name_check', sql`${t.recipientName} is null or length(${t.recipientName}) <= ${sql.raw(String(VOUCHER_TEXT_LIMITS.name))}`),
    check('vouchers_message_check', sql`${t.message} is null or length(${t.message}) <= ${sql.raw(String(VOUCHER_TEXT_LIMITS.message))}`),
  ],
)

export type Voucher = typeof vouchers.$inferSelect
