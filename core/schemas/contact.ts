import './zod-config.ts'
import { z } from 'zod'
import { THEMES } from '../themes.ts'
import { GROUP_SIZE_OPTIONS } from '../contact-options.ts'
import {
  calendarDateField,
  controlCharactersMessage,
  emailField,
  hasOnlyTextControls,
  isSingleLine,
  localeField,
  optionalChoice,
  optionalText,
  singleLineMessage,
} from './fields.ts'

/**
 * POST /api/contact (docs/decisions/0010, 0038). The product description leaves the
 * messages to the browser's defaults; the server needs its own, so they are here.
 */

export const CONTACT_NAME_MESSAGE = 'Please enter your name'
export const CONTACT_MESSAGE_MESSAGE = 'Please enter a message'
export const VISIT_DATE_MESSAGE = 'Please enter a valid date'

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
    .max(100, 'Name must be at most 100 characters')
    .refine(isSingleLine, singleLineMessage('Name')),
  email: emailField(),
  phone: optionalText(30, 'Phone number must be at most 30 characters', { oneLine: 'Phone number' }),
  visitDate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    calendarDateField(VISIT_DATE_MESSAGE, VISIT_DATE_MESSAGE).optional(),
  ),
  groupSize: optionalChoice(GROUP_SIZE_OPTIONS, 'Please choose a group size from the list'),
  package: optionalChoice(THEMES, 'Please choose a package from the list'),
  message: z
    .string({ error: CONTACT_MESSAGE_MESSAGE })
    .trim()
    .min(1, CONTACT_MESSAGE_MESSAGE)
    .max(5000, 'Message must be at most 5000 characters')
    .refine(hasOnlyTextControls, controlCharactersMessage('Message')),
  /** Honeypot: a hidden field people leave empty. */
  website: z.string().optional(),
  /** The language the visitor wrote in, so the guide knows which to answer in. */
  locale: localeField,
})

export type ContactInquiryInput = z.input<typeof contactInquirySchema>
export type ContactInquiry = z.output<typeof contactInquirySchema>
