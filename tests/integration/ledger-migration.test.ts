import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'
import { MIGRATIONS_FOLDER } from '../../server/paths.ts'
import * as schema from '../../server/db/schema.ts'
import { bookings, vouchers } from '../../server/db/schema.ts'
import { seedDatabase } from '../../server/db/seed.ts'
import { withMoney } from '../../server/services/ledger.ts'
import { cardAndCash } from '../../core/ledger.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'

/**
 * The ledger's migration (drizzle/0021_ledger.sql, docs/decisions/0067) on a database in every
 * state the columns before it could hold: each booking's figures from its new rows equal what the
 * old columns said (its total, promo and voucher parts, the money it held), every voucher's
 * balance agrees with its rows, and the books add up.
 */

/** The migrations before the ledger: the database as the last release left it. */
function migrationsBeforeLedger(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-migrations-'))
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
  const journalFile = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((e) => e.tag === '0021_ledger')
  journal.entries = journal.entries.slice(0, at)
  fs.writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}

const NOW = '2030-05-01T03:00:00Z'

/** Each state as the old columns held it, and the money it held by the old rule (paid or marked paid: its total, less refunds). */
type OldBooking = {
  ref: string
  status: string
  total: number
  discount?: number
  promo?: string
  voucher?: { code: string; amount: number; returned?: number | null }
  paidAt?: boolean
  refunded?: number
  intent?: string
  provider?: string
  reason?: string
  hold?: string
  payments?: { id: string; kind: 'charge' | 'refund'; amount: number; status: string; intent?: string }[]
}

const STATES: OldBooking[] = [
  { ref: 'CARDPAID0001', status: 'paid', total: 14_300, paidAt: true, intent: 'pi_a', payments: [{ id: 'pi_a', kind: 'charge', amount: 14_300, status: 'succeeded' }] },
  { ref: 'BYHAND000001', status: 'paid', total: 14_300, paidAt: true },
  { ref: 'VOUCHERCARD1', status: 'paid', total: 6_500, voucher: { code: 'V1', amount: 10_000, returned: 0 }, paidAt: true, intent: 'pi_c', payments: [{ id: 'pi_c', kind: 'charge', amount: 6_500, status: 'succeeded' }] },
  { ref: 'PROMOCARD001', status: 'paid', total: 12_870, discount: 1_430, promo: 'SPRING', paidAt: true, intent: 'pi_d', payments: [{ id: 'pi_d', kind: 'charge', amount: 12_870, status: 'succeeded' }] },
  {
    ref: 'CANCELINTIME',
    status: 'cancelled',
    total: 14_300,
    paidAt: true,
    refunded: 14_300,
    intent: 'pi_e',
    reason: 'cancelled by the guest',
    payments: [
      { id: 'pi_e', kind: 'charge', amount: 14_300, status: 'succeeded' },
      { id: 're_e', kind: 'refund', amount: 14_300, status: 'succeeded', intent: 'pi_e' },
    ],
  },
  { ref: 'CANCELLATE01', status: 'cancelled', total: 14_300, paidAt: true, intent: 'pi_f', reason: 'cancelled by the guest', payments: [{ id: 'pi_f', kind: 'charge', amount: 14_300, status: 'succeeded' }] },
  {
    ref: 'MOVEDCHEAPER',
    status: 'paid',
    total: 14_300,
    paidAt: true,
    intent: 'pi_g',
    payments: [
      { id: 'pi_g', kind: 'charge', amount: 22_000, status: 'succeeded' },
      { id: 're_g', kind: 'refund', amount: 7_700, status: 'succeeded', intent: 'extra:pi_g' },
    ],
  },
  {
    ref: 'MOVEDDEARER1',
    status: 'paid',
    total: 22_000,
    paidAt: true,
    intent: 'pi_h',
    payments: [
      { id: 'pi_h', kind: 'charge', amount: 14_300, status: 'succeeded' },
      { id: 'pi_h_change', kind: 'charge', amount: 7_700, status: 'succeeded' },
    ],
  },
  { ref: 'LAPSEDHOLD01', status: 'pending', total: 14_300, hold: '2030-04-30T00:00:00Z' },
  { ref: 'SWEPTVOUCHER', status: 'cancelled', total: 10_300, voucher: { code: 'V2', amount: 4_000, returned: null }, reason: 'payment not completed in time' },
  {
    ref: 'PAIDTWICE001',
    status: 'paid',
    total: 14_300,
    paidAt: true,
    intent: 'pi_k1',
    payments: [
      { id: 'pi_k1', kind: 'charge', amount: 14_300, status: 'succeeded' },
      { id: 'pi_k2', kind: 'charge', amount: 14_300, status: 'succeeded' },
      { id: 're_k2', kind: 'refund', amount: 14_300, status: 'succeeded', intent: 'extra:pi_k2' },
    ],
  },
  {
    ref: 'STRIPEREFUND',
    status: 'cancelled',
    total: 14_300,
    paidAt: true,
    refunded: 14_300,
    intent: 'pi_l',
    reason: 'cancelled by the guide',
    payments: [
      { id: 'pi_l', kind: 'charge', amount: 14_300, status: 'succeeded' },
      { id: 'ch_l', kind: 'refund', amount: 14_300, status: 'charge-refunded-14300' },
    ],
  },
  { ref: 'ZEROTOTAL001', status: 'paid', total: 0, paidAt: true, provider: 'none' },
  { ref: 'ALLVOUCHER01', status: 'paid', total: 0, voucher: { code: 'V3', amount: 14_300, returned: 0 }, paidAt: true, provider: 'none' },
  {
    ref: 'VOUCHERBACK1',
    status: 'cancelled',
    total: 6_500,
    voucher: { code: 'V4', amount: 10_000, returned: 10_000 },
    paidAt: true,
    refunded: 6_500,
    intent: 'pi_o',
    reason: 'cancelled by the guest',
    payments: [
      { id: 'pi_o', kind: 'charge', amount: 6_500, status: 'succeeded' },
      { id: 're_o', kind: 'refund', amount: 6_500, status: 'succeeded', intent: 'pi_o' },
    ],
  },
  {
    ref: 'LATESLOTGONE',
    status: 'cancelled',
    total: 14_300,
    refunded: 14_300,
    intent: 'pi_p',
    reason: 'the slot was booked by someone else before the payment arrived',
    payments: [
      { id: 'pi_p', kind: 'charge', amount: 14_300, status: 'succeeded' },
      { id: 're_p', kind: 'refund', amount: 14_300, status: 'succeeded', intent: 'pi_p' },
    ],
  },
]

/** The vouchers: value, balance left after the bookings above, and what was refunded of their sale. */
const VOUCHERS = [
  { code: 'V1', amount: 20_000, balance: 10_000, refunded: 0 },
  { code: 'V2', amount: 10_000, balance: 10_000, refunded: 0 },
  { code: 'V3', amount: 14_300, balance: 0, refunded: 0 },
  { code: 'V4', amount: 10_000, balance: 10_000, refunded: 0 },
  { code: 'V5', amount: 15_000, balance: 15_000, refunded: 15_000 },
]

describe('the ledger built from the columns before it (drizzle/0021_ledger.sql)', () => {
  it('gives every booking the figures its old columns said, and books that add up', async () => {
    const client = new PGlite()
    const db = drizzle(client, { schema }) as unknown as Db
    try {
      await migrate(db as never, { migrationsFolder: migrationsBeforeLedger() })
      await seedDatabase(db)
      const run = (text: string, params: unknown[] = []) => client.query(text, params)
      for (const [i, v] of VOUCHERS.entries()) {
        await run(
          `insert into vouchers (code, token, amount, balance, status, buyer_name, buyer_email, valid_until, payment_intent_id, paid_at, amount_refunded, cancelled_at)
           values ($1, $2, $3, $4, $5, 'Mei', 'mei@example.com', '2030-10-31', $6, $7, $8, $9)`,
          [v.code, `token-${i}`, v.amount, v.balance, v.refunded ? 'refunded' : 'active', `pi_voucher_${i}`, '2030-04-01T00:00:00Z', v.refunded, v.refunded ? '2030-04-10T00:00:00Z' : null],
        )
      }
      for (const [i, b] of STATES.entries()) {
        const voucherId = b.voucher ? ((await run('select id from vouchers where code = $1', [b.voucher.code])).rows[0] as { id: number }).id : null
        const inserted = await run(
          `insert into bookings (reference, name, email, phone, number_of_people, tour_package_id, tour_date, tour_time, status, total_price, discount, promo_code,
             voucher_id, voucher_amount, paid_at, amount_refunded, payment_intent_id, payment_provider, cancellation_reason, cancelled_at, hold_expires_at, created_at, updated_at)
           values ($1, 'Guest', 'guest@example.com', '+81 90 0000 0000', 2, 1, $2, 'morning', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, '2030-04-20T00:00:00Z', '2030-04-21T00:00:00Z')
           returning id`,
          [
            b.ref,
            `2030-06-${String(1 + (i % 28)).padStart(2, '0')}`,
            b.status,
            b.total,
            b.discount ?? 0,
            b.promo ?? null,
            voucherId,
            b.voucher?.amount ?? 0,
            b.paidAt ? '2030-04-20T01:00:00Z' : null,
            b.refunded ?? 0,
            b.intent ?? null,
            b.provider ?? (b.intent ? 'stripe' : null),
            b.reason ?? null,
            b.status === 'cancelled' ? '2030-04-22T00:00:00Z' : null,
            b.hold ?? null,
          ],
        )
        const id = (inserted.rows[0] as { id: number }).id
        if (b.voucher && b.voucher.returned !== null) await run('insert into voucher_redemptions (booking_id, voucher_id, amount, returned) values ($1, $2, $3, $4)', [id, voucherId, b.voucher.amount, b.voucher.returned ?? 0])
        for (const p of b.payments ?? []) {
          const detail = p.intent ? JSON.stringify({ intentId: p.intent, reason: 'test' }) : 'Reported by Stripe (charge.refunded)'
          await run('insert into payments (booking_id, provider, provider_id, kind, amount, status, detail) values ($1, $2, $3, $4, $5, $6, $7)', [id, 'stripe', p.id, p.kind, p.amount, p.status, detail])
        }
      }

      await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER })

      const migrated = await withMoney(db, await db.select().from(bookings))
      for (const b of STATES) {
        const booking = migrated.find((m) => m.reference === b.ref)!
        const heldBefore = Math.max(0, (b.paidAt || b.status === 'paid' ? b.total : 0) - (b.refunded ?? 0))
        expect({ ref: b.ref, status: booking.status, totalPrice: booking.totalPrice, discount: booking.discount, promoCode: booking.promoCode, voucherAmount: booking.voucherAmount, held: cardAndCash(booking.money) }).toEqual({
          ref: b.ref,
          status: b.status,
          totalPrice: b.total,
          discount: b.discount ?? 0,
          promoCode: b.promo ?? null,
          voucherAmount: b.voucher?.amount ?? 0,
          held: heldBefore,
        })
      }
      // A move to a cheaper tour and a second payment are refunds the provider made: the ledger has them too.
      expect(migrated.find((m) => m.reference === 'MOVEDCHEAPER')!.money).toMatchObject({ received: 22_000, refunded: 7_700 })
      expect(migrated.find((m) => m.reference === 'PAIDTWICE001')!.money).toMatchObject({ received: 28_600, refunded: 14_300 })
      // A late cancellation kept its money as the fee; one cancelled in time kept nothing.
      expect(migrated.find((m) => m.reference === 'CANCELLATE01')!.money).toMatchObject({ fee: 14_300, due: 0 })
      expect(migrated.find((m) => m.reference === 'CANCELINTIME')!.money).toMatchObject({ fee: 0, due: 0 })

      const sales = (await db.execute(sql`select voucher_id, sum(amount)::int as net from money_movements where kind = 'voucher-sale' group by voucher_id order by voucher_id`)) as unknown as { rows: { net: number }[] }
      expect(sales.rows.map((r) => r.net)).toEqual(VOUCHERS.map((v) => v.amount - v.refunded))
      expect((await db.select().from(vouchers)).map((v) => v.balance)).toEqual(VOUCHERS.map((v) => v.balance))
      expect(await ledgerInvariantProblems(db, new Date(NOW))).toEqual([])
      // The rows are only ever added to.
      await expect(db.execute(sql`update money_movements set amount = amount + 1`)).rejects.toThrow()
      await expect(db.execute(sql`delete from money_movements`)).rejects.toThrow()
    } finally {
      await client.close()
    }
  })
})
