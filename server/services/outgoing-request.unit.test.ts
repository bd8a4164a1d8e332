import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { isPublicAddress, postJson } from './outgoing-request.ts'

describe('outgoing requests to addresses another party chose (docs/decisions/0081)', () => {
  it('counts only public unicast addresses as public', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) expect(isPublicAddress(address), address).toBe(true)
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fe80::1', 'fc00::1', '::ffff:127.0.0.1', '100.64.0.1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  it('refuses a private address unless allowed, by literal and by name, before anything is sent', async () => {
    let received = 0
    const server = http.createServer((_req, res) => {
      received++
      res.writeHead(204).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    try {
      const options = { timeoutMs: 2000, userAgent: 'test', allowPrivate: false }
      await expect(postJson(`http://127.0.0.1:${port}/h`, '{}', {}, options)).rejects.toThrow(/private address/)
      await expect(postJson(`http://localhost:${port}/h`, '{}', {}, options)).rejects.toThrow(/private address/)
      expect(received).toBe(0)
      expect(await postJson(`http://127.0.0.1:${port}/h`, '{}', {}, { ...options, allowPrivate: true })).toEqual({ status: 204 })
      expect(received).toBe(1)
    } finally {
      server.close()
    }
  })

  it('gives up on a receiver that does not answer within the time limit', async () => {
    const server = http.createServer(() => {})
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    try {
      const started = Date.now()
      await expect(postJson(`http://127.0.0.1:${port}/h`, '{}', {}, { timeoutMs: 300, userAgent: 'test', allowPrivate: true })).rejects.toThrow(/no answer within/)
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
})
