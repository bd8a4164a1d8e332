import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES, testDatabase } from './databases.ts'
import { logIn, postJson, startServerProcess, stopAllServers, stopServer, waitFor } from './server-process.ts'

/**
 * docs/decisions/0026: a guest erased on instance A had .eml copies of their e-mails left in the
 * outbox folder of instance B until B's next daily sweep. Two processes on one PostgreSQL,
 * each with an outbox folder of its own (no SMTP): B writes the guest's e-mails, A erases
 * the guest through Settings' data request, as the dashboard's erasure dialog posts it, and B's
 * folder is clean within a minute.
 */

const GUEST = 'erase.me@example.com'
const dataDirs: string[] = []
afterEach(async () => {
  await stopAllServers()
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** The .eml files of a folder that mention the guest's address (any case). */
function filesNamingGuest(folder: string): string[] {
  if (!fs.existsSync(folder)) return []
  return fs.readdirSync(folder).filter((name) => name.endsWith('.eml') && fs.readFileSync(path.join(folder, name), 'utf8').toLowerCase().includes(GUEST))
}

describe.runIf(ENGINES.includes('postgres'))('erasure with two app instances on PostgreSQL', () => {
  it('removes the guest’s .eml copies from the other instance’s outbox folder within a minute', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    const env = (name: string) => {
      dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `jlt-erase-${name}-`)))
      return { DATABASE_URL: database.url!, DATA_DIR: dataDirs.at(-1)!, SMTP_URL: '', LOG_LEVEL: 'info' }
    }
    const envB = env('b')
    const outboxB = path.join(envB.DATA_DIR, 'outbox')

    // B alone runs first, so B's outbox job writes every e-mail about the guest: an admin
    // who wants e-mail notifications gets one per inquiry, with the guest as Reply-To.
    const b = await startServerProcess(envB)
    const ownerOnB = await logIn(b.url, 'owner', 'owner-password')
    const notified = await postJson(`${b.url}/api/register`, { username: 'guide', password: 'guide-password', email: 'guide@example.org', isAdmin: true, notificationPreference: 'email', notificationsEnabled: true }, { cookie: ownerOnB })
    expect(notified.status, JSON.stringify(notified.json)).toBe(201)
    for (const i of [1, 2]) {
      const sent = await postJson(`${b.url}/api/contact`, { name: 'Erase Me', email: GUEST, message: `Question number ${i} about a tour.`, website: '' })
      expect(sent.status, JSON.stringify(sent.json)).toBe(201)
    }
    await waitFor('B to write both e-mails to its outbox folder', async () => (filesNamingGuest(outboxB).length === 2 ? true : undefined), 60_000)

    // A erases the guest; its own folder holds nothing of theirs.
    const envA = env('a')
    // A serves the pages too: the dashboard's Settings is where the guide erases a guest.
    const a = await startServerProcess(envA, 'main')
    const ownerOnA = await logIn(a.url, 'owner', 'owner-password')
    const res = await fetch(`${a.url}/admin/settings.data`, {
      method: 'POST',
      headers: { cookie: ownerOnA, 'accept-language': 'en' },
      body: new URLSearchParams({ intent: 'eraseGuest', email: GUEST, _via: 'fetcher' }),
    })
    expect(res.status).toBe(200)
    // The action's answer, as React Router's single fetch encodes it for the page's fetcher.
    const { value } = await decodeViaTurboStream(res.body!, globalThis)
    const answer = (value as { data?: unknown }).data ?? value
    expect(answer).toMatchObject({ ok: true, result: { erased: { messages: 2, emails: 2 } } })
    const erasedAt = Date.now()

    // B's minute job removes its copies, with no restart and no daily sweep.
    await waitFor('B to remove the erased guest’s e-mails from its folder', async () => (filesNamingGuest(outboxB).length === 0 ? true : undefined), 75_000)
    expect(Date.now() - erasedAt).toBeLessThan(75_000)
    expect(filesNamingGuest(path.join(envA.DATA_DIR, 'outbox'))).toEqual([])
    // The logs (at info) name the removal by count, never the guest.
    expect(await Promise.all([stopServer(a.child), stopServer(b.child)])).toEqual([0, 0])
    expect(a.output() + b.output()).not.toContain(GUEST)
  }, 240_000)
})
