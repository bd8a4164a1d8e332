/**
 * What modules of app/ that run only on the server (`*.server.ts`, app/entry.server.tsx) may
 * call in the server (docs/decisions/0042): the environment, read while prerendering when
 * there is no load context, and the page handler's error helpers. The import check
 * (.dependency-cruiser.cjs) keeps every module the browser may load away from this file.
 */
export { parseEnv, siteIdentityFromEnv } from './config/env.ts'
export { isDatabaseUnavailable, loggableError, RETRY_AFTER_SECONDS } from './http/errors.ts'
export { failureOf, type Failure } from './http/service-failure.ts'
export { ServiceError } from './services/service-error.ts'
export { parseId } from './api/ids.ts'
export { sessionTokenIn } from './http/cookies.ts'
export { messagesFor, translate } from './i18n/catalog.ts'
export { englishText, refusalText } from './i18n/refusals.ts'
export { adminLocaleFor } from './i18n/admin-locale.ts'
export { adminMessages } from './i18n/catalog.ts'
