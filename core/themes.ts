/**
 * The interest themes of the itineraries (docs/decisions/0038, 0040): the values shared by
 * the contact form's package select and the booking form's optional theme.
 */
export const THEMES = ['homemaker', 'hobbyist', 'kiddo', 'explorer', 'custom'] as const
export type Theme = (typeof THEMES)[number]

/** Short names for the booking form's theme choice (docs/decisions/0040). */
export const THEME_LABELS: Record<Theme, string> = {
  homemaker: 'Homemaker',
  hobbyist: 'Hobbyist',
  kiddo: 'Kiddo',
  explorer: 'Explorer',
  custom: 'Custom',
}

export function isTheme(s: unknown): s is Theme {
  return typeof s === 'string' && (THEMES as readonly string[]).includes(s)
}
