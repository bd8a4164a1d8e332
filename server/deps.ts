import type { Config } from './config/index.ts'
import type { Database } from './db/client.ts'
import type { Logger } from './logger.ts'
import type { Services } from './services/index.ts'

/**
 * What the HTTP layer is built from: the routers in server/api/ and the page handler take
 * it, server/app.ts assembles them. A module of its own so the routers do not import the
 * app that imports them (docs/decisions/0042).
 */
export type AppDeps = { database: Database; services: Services; config: Config; logger: Logger }
