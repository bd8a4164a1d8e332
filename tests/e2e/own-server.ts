import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/**
 * A production server of the current build with a fresh data folder of its own, for
 * journeys that must not share the main e2e server: a different configuration (Stripe
 * keys), or changes every other spec would see (the price catalogue).
 */
export type OwnServer = { baseURL: string; stop: () => Promise<void> }

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

export async function startOwnServer(name: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `jlt-e2e-${name}-`))
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      SESSION_SECRET: `e2e-${name}-session-secret-long-enough-0123456789`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { baseURL, stop }
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 250))
  }
  await stop()
  throw new Error(`the ${name} server did not start`)
}
