import fs from 'node:fs'
import path from 'node:path'
import type { SiteIdentity, SiteWords } from '../core/site.ts'
import type { Locale } from '../core/i18n/locales.ts'
import { wordVariable } from './config/env.ts'

/**
 * Prerendered pages (core/prerender.ts) carry the business identity and BASE_URL
 * that were set when `npm run build` ran: contact details, canonical and Open Graph URLs.
 * The build records that identity beside its output, and the production server compares
 * it with its own settings at start-up, so a build made with other settings (or none)
 * is reported by the variables to fix instead of quietly showing the wrong business.
 */
export const BUILD_IDENTITY_FILE = 'site-identity.json'

/** The environment variable behind each field, for a message the operator can act on. */
const VARIABLE_OF: Record<string, string> = {
  businessName: 'BUSINESS_NAME',
  guideName: 'GUIDE_NAME',
  email: 'BUSINESS_EMAIL',
  whatsappNumber: 'WHATSAPP_NUMBER',
  socialUrl: 'SOCIAL_URL',
  socialLabel: 'SOCIAL_LABEL',
  city: 'BUSINESS_CITY',
  baseUrl: 'BASE_URL',
  'seller.name': 'SELLER_NAME',
  'seller.manager': 'SELLER_MANAGER',
  'seller.address': 'SELLER_ADDRESS',
  'seller.phone': 'SELLER_PHONE',
}

function flatten(identity: SiteIdentity): Record<string, string | null> {
  const { seller, inLanguages, ...rest } = identity
  const flat: Record<string, string | null> = { ...rest, baseUrl: rest.baseUrl.replace(/\/$/, '') }
  for (const [key, value] of Object.entries(seller)) flat[`seller.${key}`] = value
  // Each language's own words (docs/decisions/0079), under the variable that gives them.
  for (const [locale, words] of Object.entries(inLanguages) as [Locale, SiteWords][]) {
    if (locale === 'en') continue
    for (const [field, value] of Object.entries(words) as [keyof SiteWords, string][]) flat[wordVariable(field, locale)] = value
  }
  return flat
}

export function writeBuildIdentity(buildDir: string, identity: SiteIdentity): void {
  fs.mkdirSync(buildDir, { recursive: true })
  fs.writeFileSync(path.join(buildDir, BUILD_IDENTITY_FILE), `${JSON.stringify(flatten(identity), null, 2)}\n`)
}

/**
 * The variables whose value differs between the build and this server, or null when they
 * agree. A build without the record (made before it existed) counts as differing in all.
 */
export function buildIdentityMismatch(buildDir: string, identity: SiteIdentity): string[] | null {
  const file = path.join(buildDir, BUILD_IDENTITY_FILE)
  const current = flatten(identity)
  let built: Record<string, unknown> = {}
  try {
    built = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
  } catch {
    // No readable record: every field is unknown, so every variable is reported.
  }
  const differing = Object.keys(current).filter((key) => built[key] !== current[key])
  return differing.length === 0 ? null : differing.map((key) => VARIABLE_OF[key] ?? key)
}
