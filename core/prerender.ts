import { LOCALES, localizePath } from './i18n/locales.ts'

/**
 * The contract between the build, the pages and the server about pages rendered at build
 * time (docs/decisions/0022): which they are, and the mark they carry where a response's
 * Content Security Policy nonce would go (the server removes it at start-up and names those
 * pages' inline scripts by hash instead). The pages that show the guide's photos (home, About,
 * Explore, Packages, the Tokyo article) are rendered per request instead (docs/decisions/0048).
 */
export const PRERENDERED_PATHS = LOCALES.flatMap(({ code }) => ['/how-it-works'].map((path) => localizePath(path, code)))

export const PRERENDER_NONCE_PLACEHOLDER = '__CSP_NONCE__'
