import { loadConfig, ConfigError, type Config } from './config/index.ts'
import { PortInUseError, startServer } from './start.ts'

/**
 * `npm run dev` / `npm run serve`: validate the configuration (naming any bad variable),
 * start the site, print where it runs, and shut down in order on SIGTERM/SIGINT.
 */
async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const server = await startServer(config)
  const localUrl = `http://localhost:${server.port}`
  const banner = [
    '',
    `  ${config.site.businessName} is running at ${localUrl}`,
    `  Database: ${server.databaseKind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Payments: ${config.paymentMode === 'stripe' ? 'Stripe' : 'simulated (test mode: no real payment)'}`,
    `  E-mail:   ${config.env.SMTP_URL ? 'SMTP (SMTP_URL)' : `written to ${config.dataDir}/outbox`}`,
    `  Admin:    ${localUrl}/admin/login`,
  ]
  // A password is printed only when the server made it up, once: one chosen through
  // ADMIN_PASSWORD is already known to the operator and must not reach the logs.
  if (server.admin?.generated) {
    banner.push(`  First admin account created: username "${server.admin.username}", password "${server.admin.password}"`, '  (random password, shown only this once: note it down)')
  } else if (server.admin) {
    banner.push(`  First admin account created: username "${server.admin.username}", password from ADMIN_PASSWORD`)
  }
  // One write: no other output (Vite's, a log line) lands inside it, and whoever reads the
  // process's output has the whole banner, password line included, once it sees any of it.
  console.log(`${banner.join('\n')}\n`)

  // In development Vite installs a SIGTERM handler that exits at once, before the database
  // is closed; server.stop() closes Vite itself, in order, so it replaces that handler.
  process.removeAllListeners('SIGTERM')
  process.removeAllListeners('SIGINT')
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    const force = setTimeout(() => {
      console.error('shutdown took too long; exiting')
      process.exit(1)
    }, 15_000)
    force.unref()
    await server.stop(signal)
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error) => {
  // A busy port is the operator's to fix, not a crash: one line, no stack.
  console.error(error instanceof PortInUseError ? error.message : error)
  process.exit(1)
})
