import http from 'node:http'
import type { Config } from './config/index.ts'
import { openDatabase, migrateDatabase } from './db/client.ts'
import { seedDatabase } from './db/seed.ts'
import { createLogger } from './logger.ts'
import { createServices, systemClock } from './services/index.ts'
import { createApp } from './app.ts'
import { createPageHandler } from './pages.ts'
import { startJobs } from './jobs.ts'
import { gracefulClose } from './http/graceful-close.ts'

/**
 * Start the site: database (migrated and seeded), services, background jobs, then HTTP.
 * stop() stops accepting connections, lets requests in flight finish, stops the jobs and
 * closes the database, so no write is lost. `pages: false` serves the API alone (the
 * reliability tests run several of these without building the pages).
 */
export async function startServer(config: Config, options: { pages?: boolean } = {}) {
  const logger = createLogger(config.env.LOG_LEVEL)
  const dbOptions = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.env.DATABASE_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: config.env.DATABASE_CONNECT_TIMEOUT_MS,
  }
  const database = await openDatabase(dbOptions)
  await migrateDatabase(database, dbOptions)
  await seedDatabase(database.db)

  const services = createServices({ database, config, logger, clock: systemClock })
  const admin = await services.users.bootstrapAdmin({ username: config.env.ADMIN_USERNAME, password: config.env.ADMIN_PASSWORD })

  const deps = { database, services, config, logger }
  const pages = options.pages === false ? null : await createPageHandler(deps)
  const { listener } = createApp(deps, pages ? { pages: pages.router, staticFiles: pages.staticFiles } : {})
  const jobs = startJobs(services.jobs, logger)

  const server = http.createServer(listener)
  server.keepAliveTimeout = 65_000
  const closeServer = gracefulClose(server)
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  logger.info({ port, database: database.kind, payments: config.paymentMode }, 'server started')

  return {
    port,
    admin,
    databaseKind: database.kind,
    async stop(reason = 'stop') {
      logger.info({ reason }, 'shutting down')
      await closeServer()
      await jobs.stop()
      await pages?.close()
      await database.close()
      logger.info('stopped')
    },
  }
}
