import './zod-config.ts'
import { z } from 'zod'
import { THEMES } from '../themes.ts'
import { GROUP_SIZE_OPTIONS } from '../contact-options.ts'
import {
  calendarDateField,
  emailField,
  hasOnlyTextControls,
  isSingleLine,
  localeField,
  optionalChoice,
  optionalText,
} from './fields.ts'
import { refusalMessage } from '../i18n/refusal.ts'

/**
 * POST /api/contact (docs/decisions/0010, 0038). The product description leaves the
 * messages to the browser's defaults; the server needs its own, so they are here.
 */

// Refusals: message ids with their values (docs/decisions/0087).
export const CONTACT_NAME_MESSAGE = refusalMessage('errors.contactName')
export const CONTACT_MESSAGE_MESSAGE = refusalMessage('errors.contactMessage')
export const VISIT_DATE_MESSAGE = refusalMessage('errors.visitDate')

export {
  CONTACT_PACKAGE_OPTIONS,
  GROUP_SIZE_OPTIONS,
  type GroupSizeOption,
  contactPackageFromQuery,
  contactPackageLabel,
} from '../contact-options.ts'

export const contactInquirySchema = z.object({
  name: z
    .string({ error: CONTACT_NAME_MESSAGE })
    .trim()
    .min(1, CONTACT_NAME_MESSAGE)
    .max(100, refusalMessage('errors.nameTooLong', { max: 100 }))
    .refine(isSingleLine, refusalMessage('errors.nameOneLine')),
  email: emailField(),
  phone: optionalText(30, refusalMessage('errors.phoneTooLong', { max: 30 }), { oneLine: refusalMessage('errors.phoneOneLine') }),
  visitDate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    calendarDateField(VISIT_DATE_MESSAGE, VISIT_DATE_MESSAGE).optional(),
  ),
  groupSize: optionalChoice(GROUP_SIZE_OPTIONS, refusalMessage('errors.groupSize')),
  package: optionalChoice(THEMES, refusalMessage('errors.contactPackage')),
  message: z
    .string({ error: CONTACT_MESSAGE_MESSAGE })
    .trim()
    .min(1, CONTACT_MESSAGE_MESSAGE)
    .max(5000, refusalMessage('errors.messageTooLong', { max: 5000 }))
    .refine(hasOnlyTextControls, refusalMessage('errors.messageControl')),
  /** Honeypot: a hidden field people leave empty. */
  website: z.string().optional(),
  /** The language the visitor wrote in, so the guide knows which to answer in. */
  locale: localeField,
})

export type ContactInquiryInput = z.input<typeof contactInquirySchema>
export type ContactInquiry = z.output<typeof contactInquirySchema>
