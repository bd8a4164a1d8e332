import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { sqlState, UNIQUE_VIOLATION } from '../db/client.ts'
import { bookings, promoCodes, promoRedemptions, type Booking } from '../db/schema.ts'
import { todayInTokyo } from '../../core/dates.ts'
import {
  checkPromo,
  normalisePromoCode,
  PROMO_EMAIL_USED_MESSAGE,
  PROMO_UNKNOWN_MESSAGE,
  PROMO_USED_UP_MESSAGE,
  type PromoCodeView,
  type PromoKind,
  type PromoRule,
  type PromoTourKind,
} from '../../core/promo-codes.ts'
import type { PromoCodeInput } from '../../core/schemas/promo-code.ts'
import { ServiceError } from './service-error.ts'

export const PROMO_CODE_NOT_FOUND_MESSAGE = 'Promo code not found'
export const PROMO_CODE_TAKEN_MESSAGE = 'A promo code with this name already exists'
export const PROMO_MAX_BELOW_USES_MESSAGE = (uses: number) => `This code has been used ${uses} times: total uses cannot be lower`

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
  if (!row) throw new ServiceError('invalid', PROMO_UNKNOWN_MESSAGE, { field: FIELD })
  const check = checkPromo(toRule(row), { today: todayInTokyo(use.now), isHalfDay: use.isHalfDay, guests: use.guests, total: use.total })
  if (!check.ok) throw new ServiceError('invalid', check.message, { field: FIELD })
  if (row.onePerEmail && use.email) {
    const [used] = await reader
      .select({ n: count() })
      .from(promoRedemptions)
      .innerJoin(bookings, eq(bookings.id, promoRedemptions.bookingId))
      .where(and(eq(promoRedemptions.promoCodeId, row.id), sql`lower(${bookings.email}) = ${use.email.trim().toLowerCase()}`))
    if ((used?.n ?? 0) > 0) throw new ServiceError('invalid', PROMO_EMAIL_USED_MESSAGE, { field: FIELD })
  }
  return { promoCodeId: row.id, code: row.code, discount: check.discount }
}

/**
 * Takes one use of the code `input` names for a booking, inside the booking's transaction, or
 * throws a ServiceError on the promoCode field (docs/decisions/0062). The caller must already hold
 * the guest e-mail's advisory lock (bookings.ts takes it for the unpaid-hold limit), so two
 * bookings for one address cannot both pass the one-use-per-address check. The use itself is a
 * conditional UPDATE: of two servers racing for the last use, one updates the row and the other
 * finds nothing to update. A refusal rolls the whole booking back, so nothing is stored.
 */
export async function takePromoUse(tx: Tx, input: string, use: PromoUseOf & { email: string }): Promise<PromoTaken> {
  const applicable = await applicablePromoCode(tx, input, use)
  const [taken] = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(and(eq(promoCodes.id, applicable.promoCodeId), eq(promoCodes.active, true), or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses))))
    .returning({ id: promoCodes.id })
  if (!taken) throw new ServiceError('invalid', PROMO_USED_UP_MESSAGE, { field: FIELD })
  return applicable
}

/** Records which booking holds the use `takePromoUse` took, in the same transaction. */
export async function recordPromoUse(tx: Tx, taken: PromoTaken, bookingId: number): Promise<void> {
  await tx.insert(promoRedemptions).values({ bookingId, promoCodeId: taken.promoCodeId })
}

/**
 * Gives a cancelled booking's use back, inside the cancellation's transaction, when the booking
 * was never paid (a lapsed hold, a cancellation before payment); a paid booking's use stays spent
 * (docs/decisions/0062). Deleting the redemption row first makes it happen once, however many
 * paths cancel the booking.
 */
export async function releasePromoUse(tx: Tx, booking: Pick<Booking, 'id' | 'paidAt' | 'promoCode'>): Promise<void> {
  if (booking.promoCode === null || booking.paidAt !== null) return
  const [released] = await tx.delete(promoRedemptions).where(eq(promoRedemptions.bookingId, booking.id)).returning()
  if (released) await tx.update(promoCodes).set({ uses: sql`${promoCodes.uses} - 1` }).where(eq(promoCodes.id, released.promoCodeId))
}

/** The dashboard's promo codes (issue 20 point 2): list, create, edit and switch off; never deleted, so bookings keep their code's history. */
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
        if (input.maxUses != null && input.maxUses < current.uses) throw new ServiceError('invalid', PROMO_MAX_BELOW_USES_MESSAGE(current.uses), { field: 'maxUses' })
        const [row] = await written(() => tx.update(promoCodes).set({ ...columnsOf(input), updatedAt: deps.now() }).where(eq(promoCodes.id, id)).returning())
        return toView(row!)
      })
    },
  }
}

export type PromoCodeService = ReturnType<typeof createPromoCodeService>
