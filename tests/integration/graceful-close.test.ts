import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { gracefulClose } from '../../server/http/graceful-close.ts'

// server/http/graceful-close.ts on real sockets, with the keep-alive client the site's
// visitors use (fetch): requests in flight when closing starts are answered in full, and
// closing returns as soon as they are, not after the 65 s keep-alive timeout.

let server: http.Server | undefined
afterEach(() => {
  server?.closeAllConnections()
  server?.close()
})

it('answers the requests in flight, streamed or not, then closes without waiting for keep-alive connections', async () => {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  server = http.createServer((req, res) => {
    if (req.url === '/stream') {
      // Headers (keep-alive) already sent when closing starts.
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('first half, ')
      void released.then(() => res.end('second half'))
    } else if (req.url === '/slow') void released.then(() => res.end('slow answer'))
    else res.end('quick answer')
  })
  server.keepAliveTimeout = 65_000
  const close = gracefulClose(server)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  // An idle keep-alive connection, and two requests in flight.
  expect(await (await fetch(`${url}/quick`)).text()).toBe('quick answer')
  const stream = await fetch(`${url}/stream`)
  const slow = fetch(`${url}/slow`)
  await new Promise((r) => setTimeout(r, 100))

  const closed = close().then(() => 'closed')
  release()
  expect(await stream.text()).toBe('first half, second half')
  const slowResponse = await slow
  expect(slowResponse.headers.get('connection')).toBe('close')
  expect(await slowResponse.text()).toBe('slow answer')
  expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r('still open after 5 s'), 5_000))])).toBe('closed')
  await expect(fetch(`${url}/quick`)).rejects.toThrow()
})
