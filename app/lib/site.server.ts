import { parseEnv, siteIdentityFromEnv } from '../../server/for-app.server.ts'
import { siteIn, type SiteIdentity } from '../../core/site.ts'
import type { Locale } from '../../core/i18n/locales.ts'

let cached: SiteIdentity | undefined

/**
 * The business identity for page loaders. Loaders also run at build time (prerendering),
 * where the Express context does not exist, so they read the same validated environment.
 */
export function siteIdentity(locale: Locale = 'en'): SiteIdentity {
  if (!cached) {
    const env = parseEnv(process.env)
    cached = siteIdentityFromEnv(env, env.BASE_URL ?? `http://localhost:${env.PORT}`)
  }
  // A page shows the business's words in its own language (docs/decisions/0079).
  return siteIn(cached, locale)
}
