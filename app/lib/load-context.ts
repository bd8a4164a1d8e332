import type { Config } from '../../server/for-app.ts'
import type { Services } from '../../server/for-app.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'

/**
 * What Express hands every loader and action (`loadContext` in server/pages.ts, passed to
 * React Router's request handler as getLoadContext). Loaders call services directly; they
 * never call our own API over HTTP. Absent while prerendering at build time, so prerendered
 * routes must not use it.
 */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services
    config: Config
    cspNonce: string
    /** The signed-in user, if any (resolved from the session cookie by Express), with the dashboard's language they chose. */
    user: { id: number; username: string; isAdmin: boolean; language: AdminLocale | null } | null
    /**
     * Called by app/entry.server.tsx handleError when a loader or action failed because the
     * database is unavailable: Express then answers 503 with Retry-After instead of 500
     * (server/http/errors.ts pageDatabaseUnavailable), for documents and `.data` requests alike.
     */
    databaseUnavailable: () => void
    /** The client's address as Express sees it (TRUST_PROXY): rate limits that actions apply. */
    clientAddress: string
  }
}

export {}
