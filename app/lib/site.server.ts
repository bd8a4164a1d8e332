import { parseEnv, siteIdentityFromEnv } from '../../server/for-app.server.ts'
import type { SiteIdentity } from '../../core/site.ts'

let cached: SiteIdentity | undefined

/**
 * The business identity for page loaders. Loaders also run at build time (prerendering),
 * where the Express context does not exist, so they read the same validated environment.
 */
export function siteIdentity(): SiteIdentity {
  if (!cached) {
    const env = parseEnv(process.env)
    cached = siteIdentityFromEnv(env, env.BASE_URL ?? `http://localhost:${env.PORT}`)
  }
  return cached
}
