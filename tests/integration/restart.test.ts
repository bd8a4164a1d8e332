import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// The real start-up path (server/main.ts) on a PGlite data folder: SIGTERM shuts down
// cleanly and a restart finds every committed row.

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })

async function start(dataDir: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = ''
  // Vitest puts Vite's BASE_URL ('/') in process.env; the server must not inherit it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BASE_URL: '', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-password', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  // Generous: start-up (migrations, Vite in development mode) is slow on a loaded machine.
  const deadline = Date.now() + 150_000
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (res.ok) return { child, output: () => output }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited: ${JSON.stringify(output)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server did not start: ${output}`)
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })

describe('restart on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-restart-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('prints the admin credentials once, shuts down on SIGTERM and keeps every row', async () => {
    const port = await freePort()
    const first = await start(dataDir, port)
    expect(first.output()).toContain(`http://localhost:${port}`)
    expect(first.output()).toContain('username "owner"')

    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'owner-password' }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    expect(await stop(first.child)).toBe(0)

    const second = await start(dataDir, port)
    try {
      expect(second.output()).not.toContain('username "owner"')
      // The session written before the restart is still there.
      const me = await fetch(`http://127.0.0.1:${port}/api/user`, { headers: { cookie } })
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ username: 'owner', isAdmin: true })
    } finally {
      expect(await stop(second.child)).toBe(0)
    }
  }, 400_000)
})
