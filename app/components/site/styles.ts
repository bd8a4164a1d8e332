/** Shared class lists for links styled as buttons (kept here so every page matches). */
const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2.5 text-base font-semibold transition-colors focus-visible:outline-offset-4'

export const buttonStyles = {
  /** Blossom on white: the main call to action. */
  primary: `${base} bg-blossom-600 text-white hover:bg-blossom-700`,
  /** Outlined, on light backgrounds. */
  secondary: `${base} border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50`,
  /** White, on dark (brand) backgrounds. */
  light: `${base} bg-white text-brand-900 hover:bg-brand-50`,
  /** Outlined, on dark backgrounds. */
  outlineLight: `${base} border-2 border-white text-white hover:bg-white/10`,
} as const

export const linkStyle = 'font-semibold text-brand-700 underline decoration-2 underline-offset-2 hover:text-blossom-700'

export const sectionHeading = 'text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl'
