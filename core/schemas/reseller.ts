import './zod-config.ts'
import { z } from 'zod'
import { refusalMessage } from '../i18n/refusal.ts'
import { blankToUndefined, checkbox, wholeNumberField } from './fields.ts'

/** The most a reseller may keep of a price (docs/decisions/0074): beyond it the guide sells at a loss. */
export const COMMISSION_MAX_PERCENT = 50
/** The longest "no bookings within N hours of the tour" a reseller may be given: thirty days. */
export const MIN_LEAD_HOURS_MAX = 720
export const RESELLER_NAME_MAX = 80
export const RESELLER_NOTE_MAX = 500

export const RESELLER_NAME_MESSAGE = refusalMessage('adminErrors.resellerName', { max: RESELLER_NAME_MAX })
export const COMMISSION_MESSAGE = refusalMessage('adminErrors.resellerCommission', { max: COMMISSION_MAX_PERCENT })
export const MIN_LEAD_MESSAGE = refusalMessage('adminErrors.resellerMinLead', { max: MIN_LEAD_HOURS_MAX })
export const TOURS_MESSAGE = 'Choose the tours this reseller may sell, or none for every tour'

/**
 * A reseller as the guide adds or edits it in Dashboard → Channels (docs/decisions/0074): its
 * name, the agreed commission and a note of the terms, and the optional limits on what it may
 * sell (hours before a tour, which tours). The API key is never part of it: the server makes it.
 */
export const resellerInputSchema = z.object({
  name: z.string({ error: RESELLER_NAME_MESSAGE }).trim().min(1, RESELLER_NAME_MESSAGE).max(RESELLER_NAME_MAX, RESELLER_NAME_MESSAGE),
  commissionPercent: wholeNumberField({ min: 0, max: COMMISSION_MAX_PERCENT, minMessage: COMMISSION_MESSAGE, maxMessage: COMMISSION_MESSAGE }),
  note: z.preprocess(blankToUndefined, z.string().trim().max(RESELLER_NOTE_MAX, refusalMessage('adminErrors.resellerNoteTooLong', { max: RESELLER_NOTE_MAX })).optional()).transform((v) => v ?? null),
  minLeadHours: z.preprocess(blankToUndefined, wholeNumberField({ min: 0, max: MIN_LEAD_HOURS_MAX, minMessage: MIN_LEAD_MESSAGE, maxMessage: MIN_LEAD_MESSAGE }).optional()).transform((v) => v ?? 0),
  /** Empty: every tour the site sells. */
  tourPackageIds: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const ids = value ?? []
      const isId = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d{1,10}$/.test(v))) && Number.isSafeInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 2147483647
      if (!Array.isArray(ids) || ids.length > 100 || !ids.every(isId)) {
        ctx.addIssue({ code: 'custom', message: TOURS_MESSAGE })
        return z.NEVER
      }
      return [...new Set(ids.map(Number))].sort((a, b) => a - b)
    }),
  /** A key for the reseller's test system: its bookings are marked test and left out of revenue. */
  testMode: checkbox.default(false),
})

export type ResellerInput = z.output<typeof resellerInputSchema>
