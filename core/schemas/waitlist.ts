import './zod-config.ts'
import { z } from 'zod'
import { refusalMessage } from '../i18n/refusal.ts'
import { MAX_GROUP, MAX_GROUP_MESSAGE, MIN_GROUP, MIN_GROUP_MESSAGE, WHOLE_GROUP_MESSAGE } from '../pricing.ts'
import { PACKAGE_MESSAGE, tourDateField, tourTimeField } from './booking.ts'
import { ID_MAX, emailField, localeField, wholeNumberField } from './fields.ts'

/**
 * POST /api/waitlist and the waitlist page's form (docs/decisions/0057): a
 * taken slot, the visitor's e-mail address, group size and tour. Whether the slot is taken and
 * the tour fits it is the service's check (it needs the clock and the database).
 */
export const waitlistRequestSchema = z.object({
  email: emailField(),
  tourDate: tourDateField,
  tourTime: tourTimeField,
  numberOfPeople: wholeNumberField({
    min: MIN_GROUP,
    max: MAX_GROUP,
    minMessage: MIN_GROUP_MESSAGE,
    maxMessage: MAX_GROUP_MESSAGE,
    wholeMessage: WHOLE_GROUP_MESSAGE,
  }),
  tourPackageId: wholeNumberField({ min: 1, max: ID_MAX, minMessage: PACKAGE_MESSAGE, maxMessage: PACKAGE_MESSAGE }),
  /** Honeypot, as on the booking form: people leave it empty. */
  website: z.string().optional(),
  /** The page's language: the e-mails are written in it. */
  locale: localeField,
})

export type WaitlistRequestInput = z.input<typeof waitlistRequestSchema>
export type WaitlistRequest = z.output<typeof waitlistRequestSchema>

/** The service's refusals (docs/decisions/0087), and the English of those the tests compare (server/i18n/refusals.unit.test.ts holds each pair equal). */
export const WAITLIST_SLOT_FREE = refusalMessage('errors.waitlistSlotFree')
export const WAITLIST_NOT_BOOKABLE = refusalMessage('errors.waitlistNotBookable')
export const WAITLIST_RATE = refusalMessage('errors.waitlistRate')
export const WAITLIST_SLOT_FREE_MESSAGE = 'This time slot is free: you can book it now'
export const WAITLIST_NOT_BOOKABLE_MESSAGE = 'This time slot cannot be booked, so there is nothing to wait for'
export const WAITLIST_RATE_MESSAGE = 'Too many requests. Please wait a while and try again.'
export const WAITLIST_HONEYPOT_MESSAGE = refusalMessage('errors.waitlistHoneypot')
export const WAITLIST_NOT_FOUND_MESSAGE = 'This waitlist entry does not exist or was already removed'
export const WAITLIST_CONFIRM_MISSING_MESSAGE = 'This confirmation link has expired or does not exist'
