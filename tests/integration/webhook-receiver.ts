import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a reseller's webhook received. */
export type Received = { headers: http.IncomingHttpHeaders; body: string; json: { webhook: { id: string }; booking: { uuid: string; status: string; contact: { fullName: string | null } } } }

/**
 * A reseller's webhook receiver on 127.0.0.1 (docs/decisions/0081): it keeps what it receives and
 * answers `status()` (204 unless the test says otherwise).
 */
export async function startWebhookReceiver() {
  const received: Received[] = []
  let answer = 204
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      received.push({ headers: req.headers, body, json: JSON.parse(body) })
      res.writeHead(answer).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/octo-hooks`,
    received,
    answerWith(status: number) {
      answer = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Whether a delivery carries the Standard Webhooks signature of its body with `secret`, computed
 * here with node:crypto, independently of the library that signed it.
 */
export function validSignature(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id'])
  const timestamp = String(r.headers['webhook-timestamp'])
  const expected = crypto.createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${timestamp}.${r.body}`).digest('base64')
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${expected}`)
}
