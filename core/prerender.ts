import { LOCALES, localizePath } from './i18n/locales.ts'

/**
 * The contract between the build, the pages and the server about pages rendered at build
 * time (docs/decisions/0022): which they are, and the mark they carry where a response's
 * Content Security Policy nonce would go (the server removes it at start-up and names those
 * pages' inline scripts by hash instead).
 */
export const PRERENDERED_PATHS = LOCALES.flatMap(({ code }) =>
  ['/about', '/explore', '/how-it-works', '/tokyo-2h-joetsu-day-trip'].map((path) => localizePath(path, code)),
)

export const PRERENDER_NONCE_PLACEHOLDER = '__CSP_NONCE__'
