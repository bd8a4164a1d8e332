import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { sqlState, UNIQUE_VIOLATION } from '../db/client.ts'
import { bookings, promoCodes, promoRedemptions } from '../db/schema.ts'
import { todayInTokyo } from '../../core/dates.ts'
import {
  checkPromo,
  normalisePromoCode,
  PROMO_EMAIL_USED,
  PROMO_UNKNOWN,
  PROMO_USED_UP,
  type PromoCodeView,
  type PromoKind,
  type PromoRule,
  type PromoTourKind,
} from '../../core/promo-codes.ts'
import type { PromoCodeInput } from '../../core/schemas/promo-code.ts'
import { ServiceError } from './service-error.ts'
import { refusal } from '../../core/i18n/refusal.ts'

const PROMO_CODE_NOT_FOUND_MESSAGE = refusal('adminErrors.promoNotFound')
const PROMO_CODE_TAKEN_MESSAGE = refusal('adminErrors.promoTaken')

/** The form field a code's refusal belongs to: the booking form shows it there. */
const FIELD = 'promoCode'

type Row = typeof promoCodes.$inferSelect

const toRule = (r: Row): PromoRule => ({
  kind: r.kind as PromoKind,
  value: r.value,
  validFrom: r.validFrom,
  validTo: r.validTo,
  maxUses: r.maxUses,
  uses: r.uses,
  onePerEmail: r.onePerEmail,
  tourKind: r.tourKind as PromoTourKind | null,
  minGroup: r.minGroup,
  active: r.active,
})

const toView = (r: Row): PromoCodeView => ({ id: r.id, code: r.code, ...toRule(r), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })

const columnsOf = (input: PromoCodeInput) => ({
  code: input.code,
  kind: input.kind,
  value: input.value,
  validFrom: input.validFrom ?? null,
  validTo: input.validTo ?? null,
  maxUses: input.maxUses ?? null,
  onePerEmail: input.onePerEmail,
  tourKind: input.tourKind ?? null,
  minGroup: input.minGroup ?? null,
  active: input.active,
})

/** What a booking takes from a code: the code's id and name, and the yen off. */
export type PromoTaken = { promoCodeId: number; code: string; discount: number }

/** The booking a code is checked against; without an e-mail address the one-per-address limit is not checked. */
type PromoUseOf = { email?: string; isHalfDay: boolean; guests: number; total: number; now: Date }

/**
 * The code `input` names if it applies to `use`, and its discount; a ServiceError on the promoCode
 * field if not. Takes nothing: the booking form's summary asks this (GET /api/promo-codes/check).
 */
export async function applicablePromoCode(reader: Db | Tx, input: string, use: PromoUseOf): Promise<PromoTaken> {
  const code = normalisePromoCode(input)
  const [row] = code ? await reader.select().from(promoCodes).where(eq(promoCodes.code, code)) : []
  if (!row) throw new ServiceError('invalid', PROMO_UNKNOWN, { field: FIELD })
  const check = checkPromo(toRule(row), { today: todayInTokyo(use.now), isHalfDay: use.isHalfDay, guests: use.guests, total: use.total })
  if (!check.ok) throw new ServiceError('invalid', check.message, { field: FIELD })
  if (row.onePerEmail && use.email) {
    const [used] = await reader
      .select({ n: count() })
      .from(promoRedemptions)
      .innerJoin(bookings, eq(bookings.id, promoRedemptions.bookingId))
      .where(and(eq(promoRedemptions.promoCodeId, row.id), sql`lower(${bookings.email}) = ${use.email.trim().toLowerCase()}`))
    if ((used?.n ?? 0) > 0) throw new ServiceError('invalid', PROMO_EMAIL_USED, { field: FIELD })
  }
  return { promoCodeId: row.id, code: row.code, discount: check.discount }
}

/**
 * The code `input` names, checked for a new booking inside its transaction, or a ServiceError on
 * the promoCode field (docs/decisions/0062). The use itself is taken with the booking by the
 * lifecycle (server/services/booking-lifecycle.ts), one conditional UPDATE: of two servers racing
 * for the last use, one updates the row and the other finds nothing to update, and the booking
 * rolls back. The caller must already hold the guest e-mail's advisory lock (bookings.ts takes it
 * for the unpaid-hold limit), so two bookings for one address cannot both pass the
 * one-use-per-address check.
 */
export async function takePromoUse(tx: Tx, input: string, use: PromoUseOf & { email: string }): Promise<PromoTaken> {
  const applicable = await applicablePromoCode(tx, input, use)
  const [code] = await tx.select({ uses: promoCodes.uses, maxUses: promoCodes.maxUses }).from(promoCodes).where(eq(promoCodes.id, applicable.promoCodeId)).for('update')
  if (code && code.maxUses !== null && code.uses >= code.maxUses) throw new ServiceError('invalid', PROMO_USED_UP, { field: FIELD })
  return applicable
}

/** The dashboard's promo codes (docs/decisions/0062): list, create, edit and switch off; never deleted, so bookings keep their code's history. */
export function createPromoCodeService(deps: { db: Db; now: () => Date }) {
  const { db } = deps

  async function written<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION) throw new ServiceError('conflict', PROMO_CODE_TAKEN_MESSAGE, { field: 'code' })
      throw error
    }
  }

  return {
    async list(): Promise<PromoCodeView[]> {
      return (await db.select().from(promoCodes).orderBy(asc(promoCodes.code))).map(toView)
    },

    async create(input: PromoCodeInput): Promise<PromoCodeView> {
      const now = deps.now()
      const [row] = await written(() => db.insert(promoCodes).values({ ...columnsOf(input), createdAt: now, updatedAt: now }).returning())
      return toView(row!)
    },

    /**
     * Edits a code, its use counter excepted. A use limit below the uses already taken is refused
     * (the row is locked, so a booking taking a use meanwhile waits for the edit).
     */
    async update(id: number, input: PromoCodeInput): Promise<PromoCodeView> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update')
        if (!current) throw new ServiceError('not-found', PROMO_CODE_NOT_FOUND_MESSAGE)
        if (input.maxUses != null && input.maxUses < current.uses) throw new ServiceError('invalid', refusal('adminErrors.promoMaxBelowUses', { uses: current.uses }), { field: 'maxUses' })
        const [row] = await written(() => tx.update(promoCodes).set({ ...columnsOf(input), updatedAt: deps.now() }).where(eq(promoCodes.id, id)).returning())
        return toView(row!)
      })
    },
  }
}

export type PromoCodeService = ReturnType<typeof createPromoCodeService>
