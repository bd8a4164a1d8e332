import './zod-config.ts'
import { z } from 'zod'
import { VOUCHER_AMOUNT_CEILING, VOUCHER_PRESETS, VOUCHER_TEXT_LIMITS, VOUCHER_VALIDITY_MONTHS_MAX } from '../vouchers.ts'
import { refusalMessage, yenValue } from '../i18n/refusal.ts'
import { alongsideFieldErrors, blankToUndefined, emailField, isSingleLine, localeField, optionalText, wholeNumberField } from './fields.ts'

// Refusals: message ids with their values (docs/decisions/0087).
export const VOUCHER_CHOICE_MESSAGE = refusalMessage('errors.voucherChoice')
export const VOUCHER_WHOLE_AMOUNT_MESSAGE = refusalMessage('errors.voucherWholeAmount')
/** The contact form's words, so one translation serves both. */
export const BUYER_NAME_MESSAGE = refusalMessage('errors.contactName')
export const VOUCHER_NAME_TOO_LONG_MESSAGE = refusalMessage('errors.voucherNameTooLong')
export const VOUCHER_MESSAGE_TOO_LONG_MESSAGE = refusalMessage('errors.voucherMessageTooLong')

/**
 * A gift voucher's purchase (POST /api/vouchers and the /gift page's form; docs/decisions/0065):
 * a preset or a custom amount, the buyer, and optionally the recipient and a message. A preset's
 * price and whether a custom amount is within the guide's limits are the service's to decide (it
 * reads the catalogue and the settings); any amount a client sends with a preset is ignored.
 */
export const voucherPurchaseSchema = z
  .object({
    choice: z.enum([...VOUCHER_PRESETS, 'custom'], { error: VOUCHER_CHOICE_MESSAGE }),
    amount: z.preprocess(
      (v) => (typeof v === 'string' ? blankToUndefined(v.replace(/[¥,\s]/g, '')) : blankToUndefined(v)),
      wholeNumberField({ min: 1, max: VOUCHER_AMOUNT_CEILING, minMessage: VOUCHER_WHOLE_AMOUNT_MESSAGE, maxMessage: VOUCHER_WHOLE_AMOUNT_MESSAGE }).optional(),
    ),
    buyerName: z
      .string({ error: BUYER_NAME_MESSAGE })
      .trim()
      .min(1, BUYER_NAME_MESSAGE)
      .max(VOUCHER_TEXT_LIMITS.name, VOUCHER_NAME_TOO_LONG_MESSAGE)
      .refine(isSingleLine, refusalMessage('errors.nameOneLine')),
    buyerEmail: emailField(),
    recipientName: optionalText(VOUCHER_TEXT_LIMITS.name, VOUCHER_NAME_TOO_LONG_MESSAGE, { oneLine: refusalMessage('errors.nameOneLine') }),
    message: optionalText(VOUCHER_TEXT_LIMITS.message, VOUCHER_MESSAGE_TOO_LONG_MESSAGE, { multiLine: refusalMessage('errors.messageControl') }),
    /** Honeypot, as on the booking form: people leave it empty. */
    website: z.string().optional(),
    locale: localeField,
  })
  .superRefine((purchase, ctx) => {
    if (purchase.choice === 'custom' && purchase.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: VOUCHER_WHOLE_AMOUNT_MESSAGE })
  }, alongsideFieldErrors('choice', 'amount'))

export type VoucherPurchaseInput = z.input<typeof voucherPurchaseSchema>
export type VoucherPurchase = z.output<typeof voucherPurchaseSchema>

const VALIDITY_MESSAGE = refusalMessage('adminErrors.voucherValidity', { max: VOUCHER_VALIDITY_MONTHS_MAX })
export const VOUCHER_RULES_MESSAGE = refusalMessage('adminErrors.voucherAmountsOrder')
const CEILING_MESSAGE = refusalMessage('adminErrors.voucherAmountCeiling', { max: yenValue(VOUCHER_AMOUNT_CEILING) })

/** The guide's voucher settings (admin settings tab). */
export const voucherRulesSchema = z
  .object({
    validityMonths: wholeNumberField({ min: 1, max: VOUCHER_VALIDITY_MONTHS_MAX, minMessage: VALIDITY_MESSAGE, maxMessage: VALIDITY_MESSAGE }),
    minAmount: wholeNumberField({ min: 1, max: VOUCHER_AMOUNT_CEILING, minMessage: VOUCHER_WHOLE_AMOUNT_MESSAGE, maxMessage: CEILING_MESSAGE }),
    maxAmount: wholeNumberField({ min: 1, max: VOUCHER_AMOUNT_CEILING, minMessage: VOUCHER_WHOLE_AMOUNT_MESSAGE, maxMessage: CEILING_MESSAGE }),
  })
  .superRefine((rules, ctx) => {
    if (rules.minAmount > rules.maxAmount) ctx.addIssue({ code: 'custom', path: ['minAmount'], message: VOUCHER_RULES_MESSAGE })
  }, alongsideFieldErrors('minAmount', 'maxAmount'))

export type VoucherRules = z.output<typeof voucherRulesSchema>

/** The admin's cancellation of a voucher: refund through the provider (an unused voucher only) or not. */
/**
 * The guide's cancellation of a voucher: with or without a refund; `exception` confirms refunding
 * one past its last day, which the terms say is not refunded (the guide's choice, recorded).
 */
export const voucherCancelSchema = z.object({ refund: z.boolean({ error: 'Say whether to refund' }), exception: z.boolean().optional() })
