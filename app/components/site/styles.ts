/** Shared class lists for text on every page (buttons live in components/ui/button.tsx). */
export const linkStyle = 'font-semibold text-brand-700 underline decoration-2 underline-offset-2 hover:text-blossom-700'

export const sectionHeading = 'text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl'
