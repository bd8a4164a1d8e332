import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { octoWebhookDeliveries } from '../../server/db/schema.ts'
import { ENGINES, testDatabase } from './databases.ts'
import { resellerInputSchema } from '../../core/schemas/reseller.ts'
import { createResellerService } from '../../server/services/resellers.ts'
import { postJson, startServerProcess, stopAllServers, stopServer, tourPackages, waitFor } from './server-process.ts'
import { startWebhookReceiver, validSignature } from './webhook-receiver.ts'

/**
 * docs/decisions/0081: two app processes on one PostgreSQL both run the webhook job (every five
 * seconds); the changes made through both reach the reseller's webhook once each, whichever
 * instance sends them, because each delivery is leased to one instance by a conditional UPDATE.
 */

const dataDirs: string[] = []
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined
afterEach(async () => {
  await stopAllServers()
  await receiver?.close()
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe.runIf(ENGINES.includes('postgres'))('OCTO webhooks with two app instances on PostgreSQL', () => {
  it('twelve changes made through two instances are each delivered exactly once', async () => {
    const database = await testDatabase('postgres')
    await database.reset()
    receiver = await startWebhookReceiver()
    const env = (name: string) => {
      dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `jlt-hooks-${name}-`)))
      return { DATABASE_URL: database.url!, DATA_DIR: dataDirs.at(-1)!, SMTP_URL: '', OCTO_WEBHOOKS_ALLOW_PRIVATE: 'true', RATE_LIMIT_OCTO_PER_MINUTE: '10000' }
    }
    const [a, b] = await Promise.all([startServerProcess(env('a')), startServerProcess(env('b'))])
    // The reseller as Dashboard → Channels' action makes it, by its service on the instances' database: the key works on both.
    const reseller = await createResellerService({ db: database.db, now: () => new Date() }).create(resellerInputSchema.parse({ name: 'Klook', commissionPercent: 20 }))
    const octo = (server: { url: string }, p: string, body: unknown) => postJson(`${server.url}/octo/v1${p}`, body, { authorization: `Bearer ${reseller.apiKey}` })
    const hook = await octo(b, '/webhooks', { url: receiver.url, event: 'booking_update' })
    expect(hook.status, JSON.stringify(hook.json)).toBe(200)

    const half = (await tourPackages(a.url)).find((p) => p.isHalfDay)!
    const today = todayInTokyo(new Date())
    const dates = weekendDatesBetween(addDays(today, 14), addDays(today, 120)).slice(0, 6)
    expect(dates).toHaveLength(6)
    // Six reservations, each confirmed and then cancelled, alternating between the instances.
    for (const [i, date] of dates.entries()) {
      const [one, other] = i % 2 ? [a, b] : [b, a]
      const held = await octo(one, '/bookings', { productId: String(half.id), optionId: 'half-day', availabilityId: `${date}T09:00:00+09:00`, unitItems: [{ unitId: 'guest' }] })
      expect(held.status, JSON.stringify(held.json)).toBe(200)
      expect((await octo(other, `/bookings/${held.json.uuid}/confirm`, { contact: { fullName: `Guest ${i}` } })).status).toBe(200)
      expect((await octo(one, `/bookings/${held.json.uuid}/cancel`, { reason: 'plans changed' })).status).toBe(200)
    }

    await waitFor('every delivery to be made', async () => {
      const rows = await database.db.select().from(octoWebhookDeliveries)
      return rows.length === 12 && rows.every((r) => r.status === 'delivered') ? rows : undefined
    })
    // Two more runs of each instance's job find nothing left to send.
    await new Promise((resolve) => setTimeout(resolve, 11_000))
    expect(await Promise.all([stopServer(a.child), stopServer(b.child)])).toEqual([0, 0])

    const rows = await database.db.select().from(octoWebhookDeliveries)
    expect(rows.map((r) => r.attempts)).toEqual(Array(12).fill(1))
    expect(receiver.received).toHaveLength(12)
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set(rows.map((r) => r.messageId)))
    for (const r of receiver.received) expect(validSignature(hook.json.secret, r)).toBe(true)
  }, 180_000)
})
