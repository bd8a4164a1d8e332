import Negotiator from 'negotiator'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'

// English first: a browser that accepts anything ('*', as Node's fetch sends) names no language.
const NEGOTIATED: AdminLocale[] = ['en', 'ja']

/**
 * The dashboard's language for an admin (docs/decisions/0086): the one they chose, else the
 * first of Japanese and English their browser's Accept-Language ranks, else English.
 */
export function adminLocaleFor(chosen: AdminLocale | null, acceptLanguage: string | null): AdminLocale {
  if (chosen) return chosen
  const [preferred] = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).languages(NEGOTIATED)
  return (preferred as AdminLocale | undefined) ?? 'en'
}
