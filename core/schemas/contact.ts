import { z } from 'zod'
import { THEMES, type Theme } from '../themes.ts'
import { calendarDateField, emailField, optionalChoice, optionalText } from './fields.ts'

/**
 * POST /api/contact (spec §3 "Contact inquiry", §5, D2). The spec leaves the
 * messages to the browser's defaults; the server needs its own, so they are here.
 */

export const CONTACT_NAME_MESSAGE = 'Please enter your name'
export const CONTACT_MESSAGE_MESSAGE = 'Please enter a message'
export const VISIT_DATE_MESSAGE = 'Please enter a valid date'

export const GROUP_SIZE_OPTIONS = ['1', '2', '3', '4', '5+'] as const
export type GroupSizeOption = (typeof GROUP_SIZE_OPTIONS)[number]

export const CONTACT_PACKAGE_OPTIONS: ReadonlyArray<{ value: Theme; label: string }> = [
  { value: 'homemaker', label: 'The Joetsu Homemaker' },
  { value: 'hobbyist', label: 'The Joetsu Hobbyist' },
  { value: 'kiddo', label: 'The Joetsu Kiddo' },
  { value: 'explorer', label: 'The Joetsu Explorer (Mix & Match)' },
  { value: 'custom', label: 'Custom' },
]

/** The label a guest chose from, for a stored package value; an unknown value shows as stored. */
export function contactPackageLabel(value: string): string {
  return CONTACT_PACKAGE_OPTIONS.find((o) => o.value === value)?.label ?? value
}

/** The itinerary cards link to /contact?package=<card key> (D2). */
const CARD_KEYS: Record<string, Theme> = {
  mom: 'homemaker',
  dad: 'hobbyist',
  kid: 'kiddo',
  'mix-match': 'explorer',
}

/**
 * The select's initial value for /contact?package=… (D2): card keys map to their
 * option, option values map to themselves, anything else leaves it empty ('').
 * Case and surrounding spaces are forgiven; links get retyped by hand.
 */
export function contactPackageFromQuery(q: string | null): Theme | '' {
  if (q === null) return ''
  const key = q.trim().toLowerCase()
  if (Object.hasOwn(CARD_KEYS, key)) return CARD_KEYS[key] ?? ''
  return (THEMES as readonly string[]).includes(key) ? (key as Theme) : ''
}

export const contactInquirySchema = z.object({
  name: z
    .string({ error: CONTACT_NAME_MESSAGE })
    .trim()
    .min(1, CONTACT_NAME_MESSAGE)
    .max(100, 'Name must be at most 100 characters'),
  email: emailField(),
  phone: optionalText(30, 'Phone number must be at most 30 characters'),
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
    .max(5000, 'Message must be at most 5000 characters'),
  /** Honeypot: a hidden field people leave empty. */
  website: z.string().optional(),
})

export type ContactInquiryInput = z.input<typeof contactInquirySchema>
export type ContactInquiry = z.output<typeof contactInquirySchema>
