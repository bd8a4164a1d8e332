import http from 'node:http'
import type { Config } from './config/index.ts'
import { openDatabase, migrateDatabase } from './db/client.ts'
import { seedDatabase } from './db/seed.ts'
import { createLogger, type Logger } from './logger.ts'
import { createServices, systemClock } from './services/index.ts'
import { createApp } from './app.ts'
import { createPageHandler } from './pages.ts'
import { startJobs } from './jobs.ts'
import { gracefulClose } from './http/graceful-close.ts'
import { closeRenderWorker } from './tax-documents/render-pool.ts'

/** The port is held by another process: main.ts says so in one line. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is in use: set PORT to a free port.`)
  }
}

/** Binds the port, or fails with PortInUseError when another process holds it. */
function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error)
    server.once('error', failed)
    server.listen(port, host, () => {
      server.off('error', failed)
      resolve()
    })
  })
}

/** What the port answers while the site starts: come back in a moment. */
const starting: http.RequestListener = (_req, res) => {
  res.writeHead(503, { 'Retry-After': '5', 'Content-Type': 'text/plain' }).end('Starting: try again in a moment.')
}

/**
 * Start the site: the port first, then the database (migrated and seeded), services, background
 * jobs, and the site on the port.
 * stop() stops accepting connections, lets requests in flight finish, stops the jobs and
 * closes the database, so no write is lost. `pages: false` serves the API alone (the
 * reliability tests run several of these without building the pages).
 */
export async function startServer(config: Config, options: { pages?: boolean } = {}) {
  const logger = createLogger(config.env.LOG_LEVEL)
  // The port first: nothing (the database, the first admin and its one-time password) is
  // created by a start that could never serve it.
  const server = http.createServer(starting)
  server.keepAliveTimeout = 65_000
  await listen(server, config.port, config.host)
  try {
    return await startOn(server, config, logger, options)
  } catch (error) {
    server.close()
    throw error
  }
}

async function startOn(server: http.Server, config: Config, logger: Logger, options: { pages?: boolean }) {
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

  server.off('request', starting)
  server.on('request', listener)
  const closeServer = gracefulClose(server)
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
      // A receipt's PDF being drawn was awaited by its request; the idle worker goes (docs/decisions/0080).
      await closeRenderWorker()
      await database.close()
      logger.info('stopped')
    },
  }
}
