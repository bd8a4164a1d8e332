import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { PRODUCTION_ENTRY, ROOT_DIR } from '../server/paths.ts'

/**
 * The production server of the current build (`npm run build`), started in a child process
 * with a fresh data folder of its own, as `npm run serve` runs it: for the benchmarks and
 * the browser journeys that need a server of their own.
 */
export type ProductionServer = { url: string; pid: number; startMs: number; stop: () => Promise<void> }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** The resident memory of a process, in MB, from /proc. */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  return Math.round(kb / 1024)
}

/** Settings of a server under benchmark load: simulated payments, and abuse limits out of the way. */
export const BENCH_ENV = {
  SIMULATED_PAYMENTS: 'true',
  ADMIN_PASSWORD: 'bench-admin-password',
  RATE_LIMIT_BOOKINGS_PER_HOUR: '1000000',
  RATE_LIMIT_CONTACT_PER_MINUTE: '1000000',
}

export type ProductionServerOptions = {
  /** Names the data folder, for whoever finds it left behind. */
  name: string
  /** Known in advance when the build needs it (BASE_URL of prerendered pages); else a free one. */
  port?: number
  /** Settings on top of production defaults; DATA_DIR defaults to a fresh temporary folder. */
  env?: Record<string, string>
  /** Where the server's standard error goes: the caller's, or nowhere. */
  stderr?: 'inherit' | 'ignore'
  startTimeoutMs?: number
}

export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
  if (!fs.existsSync(PRODUCTION_ENTRY)) throw new Error(`No production build at ${PRODUCTION_ENTRY}: run "npm run build" first`)
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const ownDataDir = options.env?.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), `jlt-${options.name}-`))
  const started = Date.now()
  const child = spawn(process.execPath, [PRODUCTION_ENTRY], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      SESSION_SECRET: `${options.name}-session-secret-long-enough-0123456789`,
      LOG_LEVEL: 'warn',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', options.stderr ?? 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(killer)
    }
    if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true })
  }
  const deadline = started + (options.startTimeoutMs ?? 120_000)
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, pid: child.pid!, startMs: Date.now() - started, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  await stop()
  throw new Error(child.exitCode !== null ? `The ${options.name} server exited with code ${child.exitCode}` : `The ${options.name} server did not answer ${url}/api/health in time`)
}
