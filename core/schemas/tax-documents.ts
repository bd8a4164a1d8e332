import './zod-config.ts'
import { z } from 'zod'
import { ISSUER_TYPES, normaliseRegistrationNumber, registrationNumberProblem } from '../invoice-registration.ts'
import { refusalMessage } from '../i18n/refusal.ts'
import { alongsideFieldErrors, isSingleLine, optionalText } from './fields.ts'

export const RECIPIENT_MAX = 100
export const RECIPIENT_TOO_LONG_MESSAGE = refusalMessage('errors.receiptRecipientTooLong', { max: RECIPIENT_MAX })
export const RECEIPT_CHOICE_MESSAGE = refusalMessage('errors.receiptChoice')

/**
 * A receipt or return invoice asked for (docs/decisions/0080): which money movement (its point's
 * key, core/tax-document-points.ts) and the name to print, optional (上様 when left empty).
 */
export const taxDocumentRequestSchema = z.object({
  point: z.coerce.number({ error: RECEIPT_CHOICE_MESSAGE }).int(RECEIPT_CHOICE_MESSAGE).positive(RECEIPT_CHOICE_MESSAGE),
  recipient: optionalText(RECIPIENT_MAX, RECIPIENT_TOO_LONG_MESSAGE, { oneLine: refusalMessage('errors.receiptRecipientOneLine') }),
})
export type TaxDocumentRequest = z.output<typeof taxDocumentRequestSchema>

/** The guide's correction: the same, where the name is what changes. */
export const taxDocumentCorrectionSchema = z.object({
  recipient: optionalText(RECIPIENT_MAX, RECIPIENT_TOO_LONG_MESSAGE, { oneLine: refusalMessage('errors.receiptRecipientOneLine') }),
})

const LEGAL_NAME_MESSAGE = refusalMessage('adminErrors.receiptLegalName')
const ADDRESS_MESSAGE = refusalMessage('adminErrors.receiptAddress')
const LEGAL_NAME_MAX = 200
const ADDRESS_MAX = 300

/** Dashboard → Settings → Receipts. */
export const taxSettingsSchema = z
  .object({
    registered: z.boolean({ error: refusalMessage('adminErrors.receiptRegistered') }),
    issuerType: z.enum(ISSUER_TYPES, { error: refusalMessage('adminErrors.receiptIssuerType') }),
    registrationNumber: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : normaliseRegistrationNumber(v)) : v === null ? undefined : v),
      z.string().optional(),
    ),
    legalName: z
      .string({ error: LEGAL_NAME_MESSAGE })
      .trim()
      .min(1, LEGAL_NAME_MESSAGE)
      .max(LEGAL_NAME_MAX, refusalMessage('adminErrors.receiptLegalNameTooLong', { max: LEGAL_NAME_MAX }))
      .refine(isSingleLine, refusalMessage('adminErrors.receiptLegalNameOneLine')),
    address: z
      .string({ error: ADDRESS_MESSAGE })
      .trim()
      .min(1, ADDRESS_MESSAGE)
      .max(ADDRESS_MAX, refusalMessage('adminErrors.receiptAddressTooLong', { max: ADDRESS_MAX }))
      .refine(isSingleLine, refusalMessage('adminErrors.receiptAddressOneLine')),
    pricesIncludeTax: z.boolean({ error: refusalMessage('adminErrors.receiptPricesIncludeTax') }),
  })
  .superRefine((s, ctx) => {
    if (s.registrationNumber !== undefined) {
      const problem = registrationNumberProblem(s.registrationNumber, s.issuerType)
      if (problem) ctx.addIssue({ code: 'custom', path: ['registrationNumber'], message: refusalMessage(problem) })
    } else if (s.registered) ctx.addIssue({ code: 'custom', path: ['registrationNumber'], message: refusalMessage('adminErrors.registrationNumberRequired') })
    if (s.registered && !s.pricesIncludeTax) ctx.addIssue({ code: 'custom', path: ['pricesIncludeTax'], message: refusalMessage('adminErrors.registeredTaxInclusive') })
  }, alongsideFieldErrors('registered', 'issuerType', 'registrationNumber', 'pricesIncludeTax'))

export type TaxSettingsInput = z.input<typeof taxSettingsSchema>
export type TaxSettingsSaved = z.output<typeof taxSettingsSchema>
