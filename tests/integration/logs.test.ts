import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { createApp } from '../../server/app.ts'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { startTestApp } from './app.ts'

// Issue 9: request logs carry no guest e-mail addresses, phone numbers, passwords or cookies.
describe('request logs', () => {
  it('record method, path and status, and none of the personal data sent', async () => {
    const base = await startTestApp('pglite')
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const logger = pino({ level: 'info' }, sink)
    const { app } = createApp({ database: base.database, services: base.services, config: base.config, logger })
    const server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const email = 'secret.guest@example.com'
      const phone = '+81 90 5555 4444'
      const post = (path: string, body: unknown) => fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      await post('/api/contact', { name: 'Secret Guest', email, phone, message: 'Hello' })
      const date = weekendDatesBetween(addDays(todayInTokyo(new Date()), 10), addDays(todayInTokyo(new Date()), 20))[0]!
      const booking = await post('/api/bookings', { name: 'Secret Guest', email, phone, numberOfPeople: 2, tourPackageId: 1, tourDate: date, tourTime: 'morning' })
      expect(booking.status).toBe(201)
      await post('/api/login', { username: 'nobody', password: 'hunter2-password' })
      await fetch(`${url}/api/admin/guest-data?email=${encodeURIComponent(email)}`, { headers: { cookie: 'jlt_session=abc' } })

      const log = lines.join('')
      expect(log).toContain('"path":"/api/bookings"')
      expect(log).toContain('"status":201')
      for (const secret of [email, 'secret.guest', phone, '5555', 'hunter2', 'jlt_session', 'Secret Guest']) expect(log).not.toContain(secret)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await base.close()
    }
  })
})
