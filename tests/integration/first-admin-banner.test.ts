import fs from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { logIn, startServerProcess, stopAllServers, stopServer } from './server-process.ts'

/**
 * docs/decisions/0026: the start-up banner and the logs (all of the process's stdout and stderr,
 * at LOG_LEVEL=info) never show a password the operator chose through ADMIN_PASSWORD; a
 * password the server generated is shown exactly once, on the start that created it.
 * Through the real entry (server/main.ts prints the banner); the engine plays no part, so
 * one embedded database is enough.
 */
// A first start on a fresh folder (initdb in a child process, then Vite for the pages) takes
// 10–30 s on a loaded 2-core machine, like the other tests that start the real entry.
const START_TIMEOUT_MS = 120_000

describe('the first admin’s password at start-up', () => {
  const folders: string[] = []
  const freshDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-banner-'))
    folders.push(dir)
    return dir
  }
  // A start is read as soon as the process is ready, at the banner's first line: the banner is one
  // write (server/main.ts), so its password line is there too.
  afterEach(stopAllServers)
  afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

  it('is not printed when it came from ADMIN_PASSWORD', async () => {
    const password = 'operator-chosen-secret-9317'
    const server = await startServerProcess({ DATA_DIR: freshDataDir(), DATABASE_URL: '', LOG_LEVEL: 'info', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: password }, 'main')
    // The account exists with that password, and the banner says where it came from.
    await logIn(server.url, 'owner', password)
    expect(server.output()).toContain('First admin account created: username "owner", password from ADMIN_PASSWORD')
    await stopServer(server.child)
    expect(server.output()).not.toContain(password)
  }, START_TIMEOUT_MS)

  it('is printed once when the server generated it, and never again', async () => {
    const dataDir = freshDataDir()
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }
    const first = await startServerProcess(env, 'main')
    const shown = /First admin account created: username "admin", password "([^"]+)"/.exec(first.output())
    expect(shown, first.output()).not.toBeNull()
    const password = shown![1]!
    await logIn(first.url, 'admin', password)
    await stopServer(first.child)
    expect(first.output().split(password)).toHaveLength(2)

    const second = await startServerProcess(env, 'main')
    await logIn(second.url, 'admin', password)
    await stopServer(second.child)
    expect(second.output()).not.toContain(password)
    expect(second.output()).not.toContain('First admin account created')
  }, 2 * START_TIMEOUT_MS)

  // A busy port on the first start: nothing is created before the port is bound, so the
  // password is not lost with a process that could never serve it.
  it('is kept for the next start when the port was in use, which says so in one line', async () => {
    const busy = net.createServer()
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    const port = (busy.address() as AddressInfo).port
    const dataDir = freshDataDir()
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }
    try {
      const failure = await startServerProcess({ ...env, PORT: String(port) }, 'main').then(
        () => null,
        (error: Error) => error.message,
      )
      expect(failure).toContain(`Port ${port} is in use: set PORT to a free port.`)
      expect(failure).not.toContain('EADDRINUSE')
      expect(failure).not.toContain('First admin account created')
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false)
    } finally {
      busy.close()
    }
    const next = await startServerProcess(env, 'main')
    const shown = /First admin account created: username "admin", password "([^"]+)"/.exec(next.output())
    expect(shown, next.output()).not.toBeNull()
    await logIn(next.url, 'admin', shown![1]!)
  }, 2 * START_TIMEOUT_MS)
})
