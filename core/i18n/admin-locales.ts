import type { Locale } from './locales.ts'

/**
 * The languages the dashboard speaks (docs/decisions/0086): the guide's own, Japanese, and
 * English. Each admin chooses theirs; until they do, the browser's preference between the two
 * decides, and English when it names neither.
 */
export const ADMIN_LOCALES = ['ja', 'en'] as const satisfies readonly Locale[]

export type AdminLocale = (typeof ADMIN_LOCALES)[number]

export const ADMIN_LOCALE_NAMES: Record<AdminLocale, string> = { ja: '日本語', en: 'English' }

export function isAdminLocale(value: unknown): value is AdminLocale {
  return typeof value === 'string' && (ADMIN_LOCALES as readonly string[]).includes(value)
}

/** The dashboard's message namespaces are named `admin…` ('admin', 'adminBookings'): English and Japanese only. */
export function isAdminNamespace(namespace: string): boolean {
  return /^admin(?![a-z])/.test(namespace)
}

/**
 * The dashboard's namespaces the browser never reads (docs/decisions/0088): the admins' e-mails and
 * the notices the server writes into notifications. The dashboard's loaders leave them out.
 */
export const SERVER_ONLY_ADMIN_NAMESPACES: readonly string[] = ['adminEmail', 'adminNotice']
