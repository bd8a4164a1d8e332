import { THEMES, type Theme } from './themes.ts'

/**
 * The contact form's choices and the /contact?package= mapping (docs/decisions/0038), without zod, so the
 * browser's /contact page does not download the validation library to draw two selects.
 * core/schemas/contact.ts re-exports all of this beside the schema.
 */

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

/** The itinerary cards link to /contact?package=<card key> (docs/decisions/0038). */
const CARD_KEYS: Record<string, Theme> = {
  mom: 'homemaker',
  dad: 'hobbyist',
  kid: 'kiddo',
  'mix-match': 'explorer',
}

/**
 * The select's initial value for /contact?package=… (docs/decisions/0038): card keys map to their
 * option, option values map to themselves, anything else leaves it empty ('').
 * Case and surrounding spaces are forgiven; links get retyped by hand.
 */
export function contactPackageFromQuery(q: string | null): Theme | '' {
  if (q === null) return ''
  const key = q.trim().toLowerCase()
  if (Object.hasOwn(CARD_KEYS, key)) return CARD_KEYS[key] ?? ''
  return (THEMES as readonly string[]).includes(key) ? (key as Theme) : ''
}
